// SPDX-License-Identifier: GPL-3.0-or-later
// A recording of several running Tarantools at once
// (record/ClusterRecording.h) off the GUI thread: each instance's phase and
// transfer reported by its index, one outcome per instance at the end.
// stopRecording() stops them all (the dumps still come back); cancel()
// ends the transfers too. Destroying the job cancels it and waits: every
// profiler started is stopped first.
#pragma once

#include "model/record/ClusterRecording.h"
#include "model/services/DecodeJob.h"
#include "model/services/InstanceRecordingJob.h" // AttachPhase's metatype

#include <atomic>
#include <vector>

namespace memprof::services {

class ClusterRecordingJob : public DecodeJob {
    Q_OBJECT
public:
    explicit ClusterRecordingJob(std::vector<record::AttachSettings> instances, QObject* parent = nullptr);
    ~ClusterRecordingJob() override;

    void start();
    void stopRecording() { stopRecording_ = true; }
    const std::vector<record::AttachSettings>& instances() const { return instances_; }

signals:
    void phaseChanged(int instance, memprof::record::AttachPhase phase);
    void transferred(int instance, qint64 bytes, qint64 total);
    void instanceFinished(int instance, const memprof::record::AttachOutcome& outcome);
    void finished(const memprof::record::ClusterOutcome& outcome);

private:
    std::vector<record::AttachSettings> instances_;
    std::atomic<bool> stopRecording_ = false;
};

} // namespace memprof::services

Q_DECLARE_METATYPE(memprof::record::ClusterOutcome)
