// SPDX-License-Identifier: GPL-3.0-or-later
// Per source line of a chunk: the bytes allocated there and the bytes still
// held at the end, for the source pane's gutter. A trace counts at the line
// where its recording started (the only line memprof knows for it).
#pragma once

#include "model/memprofile/Profile.h"

#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>

namespace memprof::itemmodels {

struct LineCost {
    std::uint64_t allocatedBytes = 0; // new sizes of allocs and reallocs
    std::uint64_t heldBytes = 0; // live at the end (accurate)
    std::uint8_t overflowed = 0; // OverflowedSum bits: allocated, live

    ByteSum allocated() const { return {allocatedBytes, (overflowed & kAllocatedOverflowed) != 0}; }
    ByteSum held() const { return {heldBytes, (overflowed & kLiveOverflowed) != 0}; }
};

class ChunkLineCosts {
public:
    using Lines = std::map<std::uint64_t, LineCost>; // line -> cost

    ChunkLineCosts() = default;
    explicit ChunkLineCosts(const Profile& profile);

    // The lines of the chunk with this raw chunk name; empty if none.
    const Lines& linesOf(const std::string& chunkname) const;

private:
    std::unordered_map<std::string, Lines> byChunk_;
};

} // namespace memprof::itemmodels
