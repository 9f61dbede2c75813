// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/memprofile/WindowIndex.h"

#include <algorithm>

namespace memprof {

std::size_t WindowIndex::segmentOf(std::uint64_t index) const
{
    // The last checkpoint with fewer events before it than `index`.
    const auto after =
        std::upper_bound(checkpoints.begin(), checkpoints.end(), index - 1,
                         [](std::uint64_t events, const Checkpoint& c) { return events < c.eventCount; });
    return static_cast<std::size_t>(after - checkpoints.begin()) - 1;
}

void WindowIndex::PackedOverrides::add(std::uint32_t pairNumber, const OverrideTable::Sums& sums)
{
    std::uint8_t buffer[4 * packed::kMaxUlebBytes];
    const bool allocated = sums.allocatedBytes != 0;
    std::uint8_t* out = packed::putUleb(buffer, std::uint64_t{pairNumber - lastPair_} << 1 | (allocated ? 1 : 0));
    if (allocated)
        out = packed::putUleb(out, sums.allocatedBytes);
    out = packed::putUleb(out, sums.freedBytes);
    out = packed::putUleb(out, sums.blocksAndOverflow);
    bytes_.insert(bytes_.end(), buffer, out);
    lastPair_ = pairNumber;
}

void WindowIndex::Records::newChunk()
{
    if (!chunks_.empty())
        chunkUsed_.push_back(used_);
    chunks_.push_back(std::make_unique_for_overwrite<std::uint8_t[]>(kChunkBytes));
    used_ = 0;
}

std::size_t WindowIndex::memoryBytes() const
{
    std::size_t bytes = sizeof(*this) + checkpoints.capacity() * sizeof(Checkpoint) +
                        segments.capacity() * sizeof(Segment) + records.memoryBytes() +
                        rowOfKey.capacity() * (sizeof(LocationKey) + sizeof(LocationId) + 1) +
                        rowOfOwner.capacity() * sizeof(LocationId) + ownerChanges.capacity() * sizeof(OwnerChange) +
                        (pairKeys[0].capacity() + pairKeys[1].capacity()) * sizeof(std::uint64_t);
    for (const Segment& segment : segments) {
        for (const auto& rows : segment.rows)
            bytes += rows.capacity() * sizeof(RowSums);
        for (const auto& overrides : segment.overrides)
            bytes += overrides.memoryBytes();
    }
    return bytes;
}

} // namespace memprof
