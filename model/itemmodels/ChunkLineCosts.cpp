// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/itemmodels/ChunkLineCosts.h"

namespace memprof::itemmodels {

// A line's sums saturate like every byte sum, and say when they did
// (SaturatingMath.h): a hostile dump must not wrap them to small numbers.
ChunkLineCosts::ChunkLineCosts(const Profile& profile)
{
    auto costOf = [&](LocationId id) -> LineCost* {
        const LocationInfo& loc = profile.locations[id];
        if (loc.function == kNoFunction || loc.sourceLine == 0)
            return nullptr;
        const FunctionInfo& fn = profile.functions[static_cast<std::size_t>(loc.function)];
        return &byChunk_[fn.chunkname][loc.sourceLine];
    };
    for (const auto* rows : {&profile.allocations, &profile.reallocations})
        for (const LocationRow& row : *rows)
            if (LineCost* cost = costOf(row.location))
                if (addSaturating(cost->allocatedBytes, row.allocatedBytes) || row.allocated().overflowed)
                    cost->overflowed |= kAllocatedOverflowed;
    for (const HeldRow& live : profile.heldAtEnd)
        if (LineCost* cost = costOf(live.location))
            if (addSaturating(cost->heldBytes, live.heldBytes) || live.overflowed)
                cost->overflowed |= kLiveOverflowed;
}

const ChunkLineCosts::Lines& ChunkLineCosts::linesOf(const std::string& chunkname) const
{
    static const Lines none;
    const auto it = byChunk_.find(chunkname);
    return it == byChunk_.end() ? none : it->second;
}

} // namespace memprof::itemmodels
