// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/services/ProfilePairLoadJob.h"

namespace memprof::services {

namespace {

// The status of a dump of the other profiler than the pair's.
DecodeStatus otherProfiler(DecodeStatus status, DumpKind expected)
{
    status.end = DecodeEnd::Failed;
    status.error = {DecodeErrorKind::OtherProfiler, 0,
                    expected == DumpKind::Memprof
                        ? "sysprof samples ('ljp') follow the symbol table, not memprof events ('ljm')"
                        : "memprof events ('ljm') follow the symbol table, not sysprof samples ('ljp')"};
    return status;
}

} // namespace

ProfilePairLoadJob::ProfilePairLoadJob(ProfilePtr base, QString basePath, QString newPath, QObject* parent)
    : QObject(parent)
    , kind_(DumpKind::Memprof)
    , paths_{std::move(basePath), std::move(newPath)}
    , profiles_{std::move(base), nullptr}
    , baseGiven_(profiles_[Base] != nullptr)
{
}

ProfilePairLoadJob::ProfilePairLoadJob(SysprofPtr base, QString basePath, QString newPath, QObject* parent)
    : QObject(parent)
    , kind_(DumpKind::Sysprof)
    , paths_{std::move(basePath), std::move(newPath)}
    , sysprofs_{std::move(base), nullptr}
    , baseGiven_(sysprofs_[Base] != nullptr)
{
}

ProfilePairLoadJob::ProfilePairLoadJob(Windows windows, QObject* parent)
    : QObject(parent)
    , kind_(DumpKind::Memprof)
    , paths_(windows.paths)
    , windows_(std::move(windows))
{
    for (Side side : {Base, New})
        if (windows_->windows[side] == EventWindow{})
            profiles_[side] = windows_->wholes[side];
    baseGiven_ = profiles_[Base] != nullptr;
}

ProfilePairLoadJob::~ProfilePairLoadJob() = default; // the side jobs cancel and wait

void ProfilePairLoadJob::start()
{
    for (Side side : {Base, New})
        if (!profiles_[side] && !sysprofs_[side])
            startSide(side);
}

void ProfilePairLoadJob::startSide(Side side)
{
    auto& job = jobs_[side];
    if (windows_)
        job = std::make_unique<ProfileLoadJob>(paths_[side], windows_->windows[side], windows_->wholes[side],
                                               windows_->indexSlots[side]);
    else
        job = std::make_unique<ProfileLoadJob>(paths_[side]);
    connect(job.get(), &ProfileLoadJob::progress, this, [this, side](quint64 bytesRead, quint64 totalBytes) {
        bytesRead_[side] = bytesRead;
        totalBytes_[side] = totalBytes;
        reportProgress();
    });
    connect(job.get(), &ProfileLoadJob::finished, this, [this, side](ProfilePtr profile) {
        if (kind_ != DumpKind::Memprof && profile->status.end != DecodeEnd::Failed &&
            profile->status.end != DecodeEnd::Cancelled) {
            onSideEnded(side, otherProfiler(profile->status, kind_));
            return;
        }
        profiles_[side] = profile;
        onSideEnded(side, profile->status);
    });
    connect(job.get(), &ProfileLoadJob::sysprofFinished, this, [this, side](SysprofPtr profile) {
        if (kind_ != DumpKind::Sysprof) {
            onSideEnded(side, otherProfiler(profile->status, kind_));
            return;
        }
        sysprofs_[side] = profile;
        onSideEnded(side, profile->status);
    });
    job->start();
}

void ProfilePairLoadJob::reportProgress()
{
    // One bar for both dumps: their bytes together, once both sizes are
    // known (a side not read has none).
    if (baseGiven_ || !jobs_[New] || (totalBytes_[Base] > 0 && totalBytes_[New] > 0))
        emit progress(bytesRead_[Base] + bytesRead_[New], totalBytes_[Base] + totalBytes_[New]);
}

void ProfilePairLoadJob::onSideEnded(Side side, const DecodeStatus& status)
{
    // A side stopped because the other failed may still deliver its
    // (cancelled) result, queued before its job was deleted: the pair has
    // ended, and says so once.
    if (!jobs_[side])
        return;
    jobs_[side].reset();
    if (status.end == DecodeEnd::Failed || status.end == DecodeEnd::Cancelled) {
        for (auto& job : jobs_)
            job.reset();
        emit stopped(paths_[side], status);
        return;
    }
    if (profiles_[Base] && profiles_[New])
        emit loaded(profiles_[Base], profiles_[New]);
    else if (sysprofs_[Base] && sysprofs_[New])
        emit sysprofLoaded(sysprofs_[Base], sysprofs_[New]);
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
