// SPDX-License-Identifier: GPL-3.0-or-later
// Decodes a dump (memprof, or sysprof: told by its content) on a worker thread: progress by bytes read, cancellation
// through the decoder's atomic stop flag, and the finished Profile (a value,
// shared read-only) handed back by a queued signal. One job, one load. With
// an event window it counts only that stretch of the run (a page's re-count
// when the user chooses a window): from the dump's window index when its
// slot holds one, else after building it with one whole decode.
#pragma once

#include "model/profile/Profile.h"
#include "model/services/DecodeJob.h"
#include "model/sysprofile/SysprofLoader.h"
#include "model/sysprofile/SysprofProfile.h"
#include "model/services/WindowIndexSlot.h"

#include <QString>

#include <memory>

namespace memprof::services {

using ProfilePtr = std::shared_ptr<const Profile>;
using SysprofPtr = std::shared_ptr<const SysprofProfile>;

class ProfileLoadJob : public DecodeJob {
    Q_OBJECT
public:
    explicit ProfileLoadJob(QString path, QObject* parent = nullptr);
    ProfileLoadJob(QString path, EventWindow window, QObject* parent = nullptr);
    // A window of the run that gave `whole`, counted with the index in
    // `indexSlot` (built there first when it is empty).
    ProfileLoadJob(QString path, EventWindow window, ProfilePtr whole, std::shared_ptr<WindowIndexSlot> indexSlot,
                   QObject* parent = nullptr);
    // Runs of fewer events count a window with one whole decode: on them it
    // is faster than the index's replays (a 400 K-event dump: 0.06 s
    // against 0.27 s, bench/README.md). Tests set 0 to reach the index.
    static constexpr std::uint64_t kIndexedRunEvents = 2'000'000;
    void setIndexedRunEvents(std::uint64_t eventCount) { indexedRunEvents_ = eventCount; }
    // Cancels a running load and waits for the worker to stop.
    ~ProfileLoadJob() override;

    const QString& path() const { return path_; }
    EventWindow window() const { return window_; }
    void start();

signals:
    // Emitted on the worker thread, delivered queued: bytes consumed, total.
    void progress(quint64 bytesRead, quint64 totalBytes);
    // Every load ends here: complete, truncated, cancelled or failed (see
    // profile->status). Delivered queued to receivers on the GUI thread.
    void finished(memprof::services::ProfilePtr profile);
    // Instead of finished(), when the dump turns out to be a sysprof (CPU)
    // profile: the kind is told by the content, on the worker thread.
    void sysprofFinished(memprof::services::SysprofPtr profile);

private:
    QString path_;
    EventWindow window_;
    ProfilePtr whole_;
    std::shared_ptr<WindowIndexSlot> indexSlot_;
    std::uint64_t indexedRunEvents_ = kIndexedRunEvents;
};

} // namespace memprof::services

Q_DECLARE_METATYPE(memprof::services::ProfilePtr)
Q_DECLARE_METATYPE(memprof::services::SysprofPtr)
