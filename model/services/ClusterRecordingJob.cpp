// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/services/ClusterRecordingJob.h"

namespace memprof::services {

ClusterRecordingJob::ClusterRecordingJob(std::vector<record::AttachSettings> instances, QObject* parent)
    : DecodeJob(parent), instances_(std::move(instances))
{
    qRegisterMetaType<record::AttachPhase>();
    qRegisterMetaType<record::AttachOutcome>();
    qRegisterMetaType<record::ClusterOutcome>();
}

ClusterRecordingJob::~ClusterRecordingJob()
{
    stopWorker();
}

void ClusterRecordingJob::start()
{
    startWorker(QStringLiteral("memprof cluster"), QThread::NormalPriority, [this](DecodeControl& control) {
        record::ClusterCallbacks callbacks;
        callbacks.phase = [this](std::size_t instance, record::AttachPhase phase) {
            emit phaseChanged(static_cast<int>(instance), phase);
        };
        callbacks.transferred = [this](std::size_t instance, std::uint64_t bytes, std::uint64_t total) {
            emit transferred(static_cast<int>(instance), static_cast<qint64>(bytes), static_cast<qint64>(total));
        };
        callbacks.finished = [this](std::size_t instance, const record::AttachOutcome& outcome) {
            emit instanceFinished(static_cast<int>(instance), outcome);
        };
        emit finished(record::recordCluster(instances_, stopRecording_, *control.stop, callbacks));
    });
}

} // namespace memprof::services
