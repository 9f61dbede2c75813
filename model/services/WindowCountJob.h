// SPDX-License-Identifier: GPL-3.0-or-later
// Counts an event window of a loaded memprof dump again on a worker thread,
// as a page's re-count does when the user chooses a window: from the dump's
// window index when its slot holds one, else after building it with one
// whole decode (a short run: one whole decode of the window). Progress,
// Cancel and the counted Profile delivered queued, like a load's.
#pragma once

#include "model/dump/RunRange.h"
#include "model/services/DecodeJob.h"
#include "model/services/ProfilePointers.h"
#include "model/services/WindowIndexSlot.h"

#include <QString>

#include <memory>

namespace memprof::services {

class WindowCountJob : public DecodeJob {
    Q_OBJECT
public:
    // A window of the run that gave `whole`, counted with the index in
    // `indexSlot` (built there first when it is empty).
    WindowCountJob(QString path, RunRange window, ProfilePtr whole, std::shared_ptr<WindowIndexSlot> indexSlot,
                   QObject* parent = nullptr);
    // Runs of fewer events count a window with one whole decode: on them it
    // is faster than the index's replays (a 400 K-event dump: 0.06 s
    // against 0.27 s, bench/README.md). Tests set 0 to reach the index.
    static constexpr std::uint64_t kIndexedRunEvents = 2'000'000;
    void setIndexedRunEvents(std::uint64_t eventCount) { indexedRunEvents_ = eventCount; }
    ~WindowCountJob() override;

    const QString& path() const { return path_; }
    RunRange window() const { return window_; }
    void start();

    // The count itself, on the calling thread: what the job's worker runs.
    static Profile count(const std::string& path, RunRange window, const ProfilePtr& whole,
                         const std::shared_ptr<WindowIndexSlot>& indexSlot, DecodeControl& control,
                         std::uint64_t indexedRunEvents = kIndexedRunEvents);

signals:
    void progress(quint64 bytesRead, quint64 totalBytes);
    // Every count ends here: complete, truncated, cancelled or failed (see
    // profile->status).
    void finished(memprof::services::ProfilePtr profile);

private:
    QString path_;
    RunRange window_;
    ProfilePtr whole_;
    std::shared_ptr<WindowIndexSlot> indexSlot_;
    std::uint64_t indexedRunEvents_ = kIndexedRunEvents;
};

} // namespace memprof::services
