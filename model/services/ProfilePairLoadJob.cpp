// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/services/ProfilePairLoadJob.h"

namespace memprof::services {

ProfilePairLoadJob::ProfilePairLoadJob(ProfilePtr base, QString basePath, QString newPath, QObject* parent)
    : QObject(parent)
    , paths_{std::move(basePath), std::move(newPath)}
    , profiles_{std::move(base), nullptr}
    , baseGiven_(profiles_[Base] != nullptr)
{
}

ProfilePairLoadJob::~ProfilePairLoadJob() = default; // the side jobs cancel and wait

void ProfilePairLoadJob::start()
{
    for (Side side : {Base, New})
        if (!profiles_[side])
            startSide(side);
}

void ProfilePairLoadJob::startSide(Side side)
{
    auto& job = jobs_[side];
    job = std::make_unique<ProfileLoadJob>(paths_[side]);
    connect(job.get(), &ProfileLoadJob::progress, this, [this, side](quint64 bytesRead, quint64 totalBytes) {
        bytesRead_[side] = bytesRead;
        totalBytes_[side] = totalBytes;
        reportProgress();
    });
    connect(job.get(), &ProfileLoadJob::finished, this,
            [this, side](ProfilePtr profile) { onSideFinished(side, std::move(profile)); });
    // A comparison is of two memory profiles: a CPU profile on either side
    // ends it, with the reason (the dump as a whole is the wrong kind: byte 0).
    connect(job.get(), &ProfileLoadJob::sysprofFinished, this, [this, side](SysprofPtr sysprof) {
        auto failed = std::make_shared<Profile>();
        failed->status = sysprof->status;
        failed->status.end = DecodeEnd::Failed;
        failed->status.error = {DecodeErrorKind::OtherProfiler, 0,
                                "sysprof samples ('ljp') follow the symbol table, not memprof events ('ljm')"};
        onSideFinished(side, std::move(failed));
    });
    job->start();
}

void ProfilePairLoadJob::reportProgress()
{
    // One bar for both dumps: their bytes together, once both sizes are known.
    if (baseGiven_ || (totalBytes_[Base] > 0 && totalBytes_[New] > 0))
        emit progress(bytesRead_[Base] + bytesRead_[New], totalBytes_[Base] + totalBytes_[New]);
}

void ProfilePairLoadJob::onSideFinished(Side side, ProfilePtr profile)
{
    // A side stopped because the other failed may still deliver its
    // (cancelled) result, queued before its job was deleted: the pair has
    // ended, and says so once.
    if (!jobs_[side])
        return;
    jobs_[side].reset();
    const DecodeEnd end = profile->status.end;
    if (end == DecodeEnd::Failed || end == DecodeEnd::Cancelled) {
        for (auto& job : jobs_)
            job.reset();
        emit stopped(paths_[side], std::move(profile));
        return;
    }
    profiles_[side] = std::move(profile);
    if (profiles_[Base] && profiles_[New])
        emit loaded(profiles_[Base], profiles_[New]);
}

void ProfilePairLoadJob::cancel()
{
    for (auto& job : jobs_)
        if (job)
            job->cancel();
}

bool ProfilePairLoadJob::isRunning() const
{
    return (jobs_[Base] && jobs_[Base]->isRunning()) || (jobs_[New] && jobs_[New]->isRunning());
}

} // namespace memprof::services
