// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/services/WindowPairCountJob.h"

namespace memprof::services {

WindowPairCountJob::WindowPairCountJob(Windows windows, QObject* parent) : PairJob(parent), windows_(std::move(windows))
{
    for (Side side : {Base, New})
        if (windows_.windows[side] == RunRange{})
            profiles_[side] = windows_.wholes[side];
    setBaseGiven(profiles_[Base] != nullptr);
}

WindowPairCountJob::~WindowPairCountJob() = default;

void WindowPairCountJob::start()
{
    for (Side side : {Base, New}) {
        if (profiles_[side])
            continue;
        auto* job = setSide(side, std::make_unique<WindowCountJob>(windows_.paths[side], windows_.windows[side],
                                                                   windows_.wholes[side], windows_.indexSlots[side]));
        connect(job, &WindowCountJob::finished, this,
                [this, side](ProfilePtr profile) { onSideCounted(side, std::move(profile)); });
        job->start();
    }
}

void WindowPairCountJob::onSideCounted(Side side, ProfilePtr profile)
{
    if (!endSide(side))
        return;
    if (profile->status.end == DecodeEnd::Failed || profile->status.end == DecodeEnd::Cancelled) {
        stopSides();
        emit stopped(windows_.paths[side], profile->status);
        return;
    }
    profiles_[side] = std::move(profile);
    if (profiles_[Base] && profiles_[New])
        emit loaded(profiles_[Base], profiles_[New]);
}

} // namespace memprof::services
