// SPDX-License-Identifier: GPL-3.0-or-later
// Reads one location's own history (its live bytes over the run, its
// allocation sizes) from the dump again on a worker thread, at low priority:
// the selected location's curve in the charts. One job, one pass; cancel()
// stops it early.
#pragma once

#include "model/memprofile/LocationHistory.h"
#include "model/services/DecodeJob.h"

#include <QString>

#include <memory>

namespace memprof::services {

using LocationHistoryPtr = std::shared_ptr<const LocationHistory>;

class LocationHistoryJob : public DecodeJob {
    Q_OBJECT
public:
    // The sizes count the events of `window` (LocationHistory::window).
    LocationHistoryJob(QString path, LocationId location, RunRange window, QObject* parent = nullptr);
    // Cancels a running pass and waits for the worker to stop.
    ~LocationHistoryJob() override;

    LocationId location() const { return location_; }
    void start();

signals:
    // Every pass ends here (see history->status), delivered queued.
    void finished(memprof::services::LocationHistoryPtr history);

private:
    QString path_;
    LocationId location_;
    RunRange window_;
};

} // namespace memprof::services

Q_DECLARE_METATYPE(memprof::services::LocationHistoryPtr)
