// SPDX-License-Identifier: GPL-3.0-or-later
#include "RangeCounter.h"

#include <QWidget>

namespace memprof::views {

RangeCounter::RangeCounter(QWidget* page) : QObject(page), page_(page)
{}

RangeCounter::~RangeCounter() = default; // the running job, a child, cancels and waits

void RangeCounter::setDocument(services::DocumentPtr document)
{
    cancel();
    document_ = std::move(document);
}

bool RangeCounter::count(RunRange range)
{
    cancel();
    if (!document_)
        return false;
    services::ProfileLoadJob* job = document_->countRange(range).release();
    job->setParent(this);
    job_ = job;
    connect(job, &services::ProfileLoadJob::progress, this, [this, job](quint64 bytesRead, quint64 totalBytes) {
        if (job_ == job)
            emit progress(bytesRead, totalBytes);
    });
    // Every count ends in one of these, cancelled ones too: then the job
    // goes (here only, so `job` is valid).
    connect(job, &services::ProfileLoadJob::finished, this, [this, job](services::DocumentPtr counted) {
        if (end(job))
            counted->showOn(page_, document_.get());
        emit ended();
    });
    connect(job, &services::ProfileLoadJob::failed, this, [this, job](const QString& message) {
        if (end(job))
            emit failed(message);
        emit ended();
    });
    connect(job, &services::ProfileLoadJob::cancelled, this, [this, job] {
        if (end(job))
            emit failed({});
        emit ended();
    });
    job->start();
    return true;
}

// Never waits for the worker: it stops at its next block and the job goes.
void RangeCounter::cancel()
{
    if (job_) {
        job_->cancel();
        job_ = nullptr;
    }
}

bool RangeCounter::end(services::ProfileLoadJob* job)
{
    job->deleteLater();
    if (job_ != job)
        return false;
    job_ = nullptr;
    return true;
}

} // namespace memprof::views
