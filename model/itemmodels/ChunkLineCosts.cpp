// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/itemmodels/ChunkLineCosts.h"

namespace memprof::itemmodels {

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
                cost->allocatedBytes += row.allocatedBytes;
    for (const HeldRow& live : profile.heldAtEnd)
        if (LineCost* cost = costOf(live.location))
            cost->heldBytes += live.heldBytes;
}

const ChunkLineCosts::Lines& ChunkLineCosts::linesOf(const std::string& chunkname) const
{
    static const Lines none;
    const auto it = byChunk_.find(chunkname);
    return it == byChunk_.end() ? none : it->second;
}

} // namespace memprof::itemmodels
