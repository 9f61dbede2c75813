// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/services/ProfileLoadJob.h"

#include "model/profile/ProfileLoader.h"

#include <QFile>

namespace memprof::services {

ProfileLoadJob::ProfileLoadJob(QString path, QObject* parent)
    : ProfileLoadJob(std::move(path), EventWindow{}, parent)
{
}

ProfileLoadJob::ProfileLoadJob(QString path, EventWindow window, QObject* parent)
    : DecodeJob(parent)
    , path_(std::move(path))
    , window_(window)
{
    qRegisterMetaType<ProfilePtr>();
}

ProfileLoadJob::~ProfileLoadJob()
{
    stopWorker();
}

void ProfileLoadJob::start()
{
    const std::string path = QFile::encodeName(path_).toStdString();
    startWorker(QStringLiteral("memprof loader"), QThread::InheritPriority, [this, path, window = window_](DecodeControl& control) {
        control.progress = [this](std::uint64_t bytesRead, std::uint64_t totalBytes) {
            emit progress(bytesRead, totalBytes);
        };
        emit finished(std::make_shared<const Profile>(loadProfile(path, control, nullptr, window)));
    });
}

} // namespace memprof::services
