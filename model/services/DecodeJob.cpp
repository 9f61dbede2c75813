// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/services/DecodeJob.h"

namespace memprof::services {

DecodeJob::DecodeJob(QObject* parent) : QObject(parent)
{}

void DecodeJob::startWorker(const QString& threadName, QThread::Priority priority,
                            std::function<void(DecodeControl&)> work)
{
    Q_ASSERT(!thread_);
    thread_ = QThread::create([this, work = std::move(work)] {
        DecodeControl control;
        control.stop = &stop_;
        work(control);
    });
    thread_->setParent(this);
    thread_->setObjectName(threadName);
    thread_->start(priority);
}

void DecodeJob::stopWorker()
{
    if (thread_) {
        cancel();
        thread_->wait();
    }
}

void DecodeJob::cancel()
{
    stop_.store(true, std::memory_order_relaxed);
}

bool DecodeJob::isRunning() const
{
    return thread_ && thread_->isRunning();
}

} // namespace memprof::services
