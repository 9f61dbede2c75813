// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/services/LocationHistoryJob.h"

#include <QFile>

namespace memprof::services {

LocationHistoryJob::LocationHistoryJob(QString path, LocationId location, RunRange window, QObject* parent)
    : DecodeJob(parent), path_(std::move(path)), location_(location), window_(window)
{
    qRegisterMetaType<LocationHistoryPtr>();
}

LocationHistoryJob::~LocationHistoryJob()
{
    stopWorker();
}

void LocationHistoryJob::start()
{
    const std::string path = QFile::encodeName(path_).toStdString();
    startWorker(QStringLiteral("memprof history"), QThread::LowPriority,
                [this, path, location = location_, window = window_](DecodeControl& control) {
                    emit finished(std::make_shared<const LocationHistory>(
                        loadLocationHistory(path, location, control, HeapTimeline::kDefaultMaxBuckets, window)));
                });
}

} // namespace memprof::services
