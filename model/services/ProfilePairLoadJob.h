// SPDX-License-Identifier: GPL-3.0-or-later
// Loads the two dumps of a comparison, BASE and NEW, each on its own worker
// (a ProfileLoadJob); BASE may be loaded already. One progress over both
// dumps' bytes together, one Cancel for both. It ends once: with both
// profiles, or with the first side that failed or was cancelled (without
// one side there is nothing to compare, so the other load stops).
#pragma once

#include "model/services/ProfileLoadJob.h"

#include <QObject>

#include <array>
#include <memory>

namespace memprof::services {

class ProfilePairLoadJob : public QObject {
    Q_OBJECT
public:
    enum Side { Base, New };

    // `base` is BASE's profile when it is loaded already, else nullptr.
    ProfilePairLoadJob(ProfilePtr base, QString basePath, QString newPath, QObject* parent = nullptr);
    ~ProfilePairLoadJob() override;

    const QString& path(Side side) const { return paths_[side]; }
    void start();
    void cancel();
    bool isRunning() const;

signals:
    void progress(quint64 bytesRead, quint64 totalBytes);
    // Both dumps read (complete or truncated).
    void loaded(memprof::services::ProfilePtr base, memprof::services::ProfilePtr current);
    // The dump at `path` failed or was cancelled (see profile->status).
    void stopped(const QString& path, memprof::services::ProfilePtr profile);

private:
    void startSide(Side side);
    void onSideFinished(Side side, ProfilePtr profile);
    void reportProgress();

    std::array<QString, 2> paths_;
    std::array<ProfilePtr, 2> profiles_;
    std::array<std::unique_ptr<ProfileLoadJob>, 2> jobs_;
    std::array<quint64, 2> bytesRead_{};
    std::array<quint64, 2> totalBytes_{};
    bool baseGiven_ = false;
};

} // namespace memprof::services
