// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/services/InstanceRecordingJob.h"

namespace memprof::services {

InstanceRecordingJob::InstanceRecordingJob(record::AttachSettings settings, QObject* parent)
    : DecodeJob(parent), settings_(std::move(settings))
{
    qRegisterMetaType<record::AttachPhase>();
    qRegisterMetaType<record::AttachOutcome>();
}

InstanceRecordingJob::~InstanceRecordingJob()
{
    stopWorker();
}

void InstanceRecordingJob::start()
{
    startWorker(QStringLiteral("memprof attach"), QThread::NormalPriority, [this](DecodeControl& control) {
        record::AttachCallbacks callbacks;
        callbacks.phase = [this](record::AttachPhase phase) { emit phaseChanged(phase); };
        callbacks.transferred = [this](std::uint64_t bytes, std::uint64_t total) {
            emit transferred(static_cast<qint64>(bytes), static_cast<qint64>(total));
        };
        emit finished(record::recordOnInstance(settings_, stopRecording_, *control.stop, callbacks));
    });
}

} // namespace memprof::services
