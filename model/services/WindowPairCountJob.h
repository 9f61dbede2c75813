// SPDX-License-Identifier: GPL-3.0-or-later
// Counts an event window of each of two loaded memprof dumps again, as a
// comparison page's re-count does (each side a WindowCountJob with its own
// window index). A side whose window is the whole run is its whole
// profile, not counted. It ends once: with both counts, or with the first
// side that failed or was cancelled.
#pragma once

#include "model/dump/DecodeStatus.h"
#include "model/services/PairJob.h"
#include "model/services/WindowCountJob.h"

#include <array>

namespace memprof::services {

class WindowPairCountJob : public PairJob {
    Q_OBJECT
public:
    // Re-counts `windows` of the dumps at `paths` that gave `wholes`, each
    // with the index in its slot (built there first when it is empty).
    struct Windows {
        std::array<ProfilePtr, 2> wholes;
        std::array<QString, 2> paths;
        std::array<RunRange, 2> windows;
        std::array<std::shared_ptr<WindowIndexSlot>, 2> indexSlots;
    };
    explicit WindowPairCountJob(Windows windows, QObject* parent = nullptr);
    ~WindowPairCountJob() override;

    void start();

signals:
    // Both windows counted (complete or truncated).
    void loaded(memprof::services::ProfilePtr base, memprof::services::ProfilePtr current);
    // The dump at `path` failed or was cancelled.
    void stopped(const QString& path, const memprof::DecodeStatus& status);

private:
    void onSideCounted(Side side, ProfilePtr profile);

    Windows windows_;
    std::array<ProfilePtr, 2> profiles_;
};

} // namespace memprof::services
