// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/services/ProfileLoadJob.h"

#include "model/profile/ProfileLoader.h"

#include <QFile>
#include <QThread>

namespace memprof::qt {

ProfileLoadJob::ProfileLoadJob(QString path, QObject* parent)
    : QObject(parent)
    , path_(std::move(path))
{
    qRegisterMetaType<ProfilePtr>();
}

ProfileLoadJob::~ProfileLoadJob()
{
    if (thread_) {
        cancel();
        thread_->wait();
    }
}

void ProfileLoadJob::start()
{
    Q_ASSERT(!thread_);
    const std::string path = QFile::encodeName(path_).toStdString();
    thread_ = QThread::create([this, path] {
        DecodeControl control;
        control.stop = &stop_;
        control.progress = [this](std::uint64_t bytesRead, std::uint64_t totalBytes) {
            emit progress(bytesRead, totalBytes);
        };
        auto profile = std::make_shared<const Profile>(loadProfile(path, control));
        emit finished(std::move(profile));
    });
    thread_->setParent(this);
    thread_->setObjectName(QStringLiteral("memprof loader"));
    thread_->start();
}

void ProfileLoadJob::cancel()
{
    stop_.store(true, std::memory_order_relaxed);
}

bool ProfileLoadJob::isRunning() const
{
    return thread_ && thread_->isRunning();
}

} // namespace memprof::qt
