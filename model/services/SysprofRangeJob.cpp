// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/services/SysprofRangeJob.h"

#include "model/sysprofile/SysprofLoader.h"

#include <QFile>

namespace memprof::services {

SysprofRangeJob::SysprofRangeJob(QString path, RunRange range, QObject* parent)
    : DecodeJob(parent), path_(std::move(path)), range_(range)
{
    qRegisterMetaType<SysprofPtr>();
}

SysprofRangeJob::~SysprofRangeJob()
{
    stopWorker();
}

void SysprofRangeJob::start()
{
    const std::string path = QFile::encodeName(path_).toStdString();
    startWorker(QStringLiteral("sysprof range"), QThread::InheritPriority,
                [this, path, range = range_](DecodeControl& control) {
                    control.progress = [this](std::uint64_t bytesRead, std::uint64_t totalBytes) {
                        emit progress(bytesRead, totalBytes);
                    };
                    emit finished(std::make_shared<const SysprofProfile>(
                        loadSysprof(path, control, viewerSysprofOptions(range))));
                });
}

} // namespace memprof::services
