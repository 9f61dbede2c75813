// SPDX-License-Identifier: GPL-3.0-or-later
// Loads the two dumps of a comparison, BASE and NEW, each on its own worker
// (a ProfileLoadJob); BASE may be loaded already. Or counts an event window
// of each loaded memprof dump again, as a page's re-count does (each side
// with its own window index). One progress over both dumps' bytes together,
// one Cancel for both. It ends once: with both profiles, or with the first
// side that failed or was cancelled (without one side there is nothing to
// compare, so the other load stops). Both dumps are of one profiler,
// memprof or sysprof, as BASE's profile's type says: a dump of the other
// kind stops the pair with why.
#pragma once

#include "model/decoder/DumpKind.h"
#include "model/services/ProfileLoadJob.h"

#include <QObject>

#include <array>
#include <memory>
#include <optional>

namespace memprof::services {

class ProfilePairLoadJob : public QObject {
    Q_OBJECT
public:
    enum Side { Base, New };

    // `base` is BASE's profile when it is loaded already, else a null
    // pointer of the kind compared.
    ProfilePairLoadJob(ProfilePtr base, QString basePath, QString newPath, QObject* parent = nullptr);
    ProfilePairLoadJob(SysprofPtr base, QString basePath, QString newPath, QObject* parent = nullptr);
    // Re-counts `windows` of the dumps at `paths` that gave `wholes`, each
    // with the index in its slot (built there first when it is empty). A
    // side whose window is the whole run is its whole profile, not counted.
    struct Windows {
        std::array<ProfilePtr, 2> wholes;
        std::array<QString, 2> paths;
        std::array<EventWindow, 2> windows;
        std::array<std::shared_ptr<WindowIndexSlot>, 2> indexSlots;
    };
    explicit ProfilePairLoadJob(Windows windows, QObject* parent = nullptr);
    ~ProfilePairLoadJob() override;

    const QString& path(Side side) const { return paths_[side]; }
    void start();
    void cancel();
    bool isRunning() const;

signals:
    void progress(quint64 bytesRead, quint64 totalBytes);
    // Both dumps read (complete or truncated): memprof dumps, or sysprof ones.
    void loaded(memprof::services::ProfilePtr base, memprof::services::ProfilePtr current);
    void sysprofLoaded(memprof::services::SysprofPtr base, memprof::services::SysprofPtr current);
    // The dump at `path` failed, was cancelled or is of the other profiler.
    void stopped(const QString& path, const memprof::DecodeStatus& status);

private:
    void startSide(Side side);
    // A side read: `status` is its profile's, or says it is of the other kind.
    void onSideEnded(Side side, const DecodeStatus& status);
    void reportProgress();

    DumpKind kind_;
    std::array<QString, 2> paths_;
    std::array<ProfilePtr, 2> profiles_;
    std::array<SysprofPtr, 2> sysprofs_;
    std::optional<Windows> windows_; // a re-count, not a load
    std::array<std::unique_ptr<ProfileLoadJob>, 2> jobs_;
    std::array<quint64, 2> bytesRead_{};
    std::array<quint64, 2> totalBytes_{};
    bool baseGiven_ = false;
};

} // namespace memprof::services
