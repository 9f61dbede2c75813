// SPDX-License-Identifier: GPL-3.0-or-later
// A recording on a running Tarantool (record/InstanceRecording.h) on a
// worker thread, so the window stays live through the connection, the
// recording and the transfer. stopRecording() is Stop (the dump still comes
// back); cancel() is Cancel (the transfer ends too). Destroying the job
// cancels it and waits: the profiler on the instance is stopped first.
#pragma once

#include "model/record/InstanceRecording.h"
#include "model/services/DecodeJob.h"

#include <atomic>

namespace memprof::services {

class InstanceRecordingJob : public DecodeJob {
    Q_OBJECT
public:
    explicit InstanceRecordingJob(record::AttachSettings settings, QObject* parent = nullptr);
    ~InstanceRecordingJob() override;

    void start();
    void stopRecording() { stopRecording_ = true; }
    const record::AttachSettings& settings() const { return settings_; }

signals:
    void phaseChanged(memprof::record::AttachPhase phase);
    void transferred(qint64 bytes, qint64 total);
    void finished(const memprof::record::AttachOutcome& outcome);

private:
    record::AttachSettings settings_;
    std::atomic<bool> stopRecording_ = false;
};

} // namespace memprof::services

Q_DECLARE_METATYPE(memprof::record::AttachPhase)
Q_DECLARE_METATYPE(memprof::record::AttachOutcome)
