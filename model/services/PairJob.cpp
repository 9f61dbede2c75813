// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/services/PairJob.h"

namespace memprof::services {

PairJob::PairJob(QObject* parent) : QObject(parent)
{}

PairJob::~PairJob() = default; // the side jobs cancel and wait

void PairJob::onSideProgress(Side side, quint64 bytesRead, quint64 totalBytes)
{
    bytesRead_[side] = bytesRead;
    totalBytes_[side] = totalBytes;
    // One bar for both dumps: their bytes together, once both sizes are
    // known (a side not read has none).
    if (baseGiven_ || !jobs_[New] || (totalBytes_[Base] > 0 && totalBytes_[New] > 0))
        emit progress(bytesRead_[Base] + bytesRead_[New], totalBytes_[Base] + totalBytes_[New]);
}

bool PairJob::endSide(Side side)
{
    if (!jobs_[side])
        return false;
    jobs_[side].reset();
    return true;
}

void PairJob::stopSides()
{
    for (auto& job : jobs_)
        job.reset();
}

void PairJob::cancel()
{
    for (auto& job : jobs_)
        if (job)
            job->cancel();
}

bool PairJob::isRunning() const
{
    return (jobs_[Base] && jobs_[Base]->isRunning()) || (jobs_[New] && jobs_[New]->isRunning());
}

} // namespace memprof::services
