// SPDX-License-Identifier: GPL-3.0-or-later
// What a load shows before it ends, for both kinds of dump: how often a
// snapshot of the counts so far is asked for and who is given it
// (LoadSnapshots), and the decode control that asks for them as the read
// goes (requestingSnapshots).
#pragma once

#include "model/dump/DecodeControl.h"

#include <algorithm>
#include <chrono>
#include <functional>

namespace memprof {

// Every `interval` of reading, or ten times what the last one cost if more
// (the first one after `interval`: a dump read faster shows none),
// `deliver` is given the aggregates `P` of what was counted so far, as a
// dump that ended there gives them but with a Reading status, on a thread
// of the builder's. An interval of 0 takes one after every block read (for
// tests: as many as the blocks, whatever the time).
template <class P>
struct LoadSnapshots {
    std::chrono::milliseconds interval{500};
    std::function<void(P&&)> deliver;
};

// `control` whose progress report also asks `builder` for a snapshot once
// the interval passed: the clock is read once per block read, never per
// event. The builder has requestSnapshot() and lastSnapshotCost(), and
// outlives the decode.
template <class Builder>
DecodeControl requestingSnapshots(const DecodeControl& control, std::chrono::milliseconds interval, Builder& builder)
{
    using Clock = std::chrono::steady_clock;
    DecodeControl timed = control;
    // A followed file reports progress while it waits for more: a snapshot
    // comes only when something was read since the last one.
    timed.progress = [progress = control.progress, interval, &builder, next = Clock::now() + interval,
                      requestedAt = std::uint64_t{0}](std::uint64_t bytesRead, std::uint64_t totalBytes) mutable {
        if (progress)
            progress(bytesRead, totalBytes);
        if (const Clock::time_point now = Clock::now(); now >= next && bytesRead != requestedAt) {
            builder.requestSnapshot();
            requestedAt = bytesRead;
            // A costly snapshot waits longer: at most a tenth of the read
            // goes to them.
            next = interval.count() == 0 ? now
                                         : now + std::max<Clock::duration>(interval, 10 * builder.lastSnapshotCost());
        }
    };
    return timed;
}

} // namespace memprof
