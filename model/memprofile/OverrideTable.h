// SPDX-License-Identifier: GPL-3.0-or-later
// The Overrides of one event kind (realloc or free) while decoding: per
// (row location, primary location) pair the bytes and blocks its events
// released (docs/FORMAT.md#aggregation).
//
// A real dump has hundreds of thousands of pairs, but a few thousand take
// most of the events. The sums gather in a direct-mapped cache of recent
// pairs small enough for the CPU's cache; the pairs pushed out add their
// partial sums to the big table in batches, whose random memory accesses
// overlap (an eviction at a time stalled on each: 23% of the decode).
#pragma once

#include "model/memprofile/Profile.h"
#include "model/support/FlatU64Map.h"
#include "model/support/SaturatingMath.h"

#include <cstdint>
#include <vector>

namespace memprof {

class OverrideTable {
public:
    // The sums of one pair. Which byte sum overflowed (SaturatingMath.h:
    // only those are marked) rides in the two top bits of the block count's
    // word, as the OverflowedSum bits kAllocatedOverflowed and
    // kFreedOverflowed: these sums fill the decoder's hottest cache, a flag
    // beside them would widen every entry, and no dump holds 2^62 events.
    struct Sums {
        static constexpr int kFlagShift = 62;
        static constexpr std::uint64_t kBlockMask = (std::uint64_t{1} << kFlagShift) - 1;

        std::uint64_t allocatedBytes = 0; // new sizes given by the row's reallocs
        std::uint64_t freedBytes = 0; // recorded sizes of the blocks released
        std::uint64_t blocksAndOverflow = 0;

        std::uint64_t blockCount() const { return blocksAndOverflow & kBlockMask; }
        std::uint8_t overflowed() const { return static_cast<std::uint8_t>(blocksAndOverflow >> kFlagShift); }

        // One event's block: the decoder's path, no flags to merge.
        void addBlock(std::uint64_t allocated, std::uint64_t freed)
        {
            addBytes(allocated, freed);
            ++blocksAndOverflow;
        }

        void add(const Sums& other)
        {
            addBytes(other.allocatedBytes, other.freedBytes);
            blocksAndOverflow = ((blocksAndOverflow | other.blocksAndOverflow) & ~kBlockMask) |
                                ((blocksAndOverflow + other.blocksAndOverflow) & kBlockMask);
        }

    private:
        void addBytes(std::uint64_t allocated, std::uint64_t freed)
        {
            if (addSaturating(allocatedBytes, allocated)) [[unlikely]]
                blocksAndOverflow |= std::uint64_t{kAllocatedOverflowed} << kFlagShift;
            if (addSaturating(freedBytes, freed)) [[unlikely]]
                blocksAndOverflow |= std::uint64_t{kFreedOverflowed} << kFlagShift;
        }
    };

    static std::uint64_t keyOf(LocationId row, LocationId primary) { return std::uint64_t{row} << 32 | primary; }
    static LocationId rowOf(std::uint64_t key) { return static_cast<LocationId>(key >> 32); }
    static LocationId primaryOf(std::uint64_t key) { return static_cast<LocationId>(key); }

    void add(std::uint64_t key, std::uint64_t allocatedBytes, std::uint64_t freedBytes)
    {
        Recent& recent = recent_[slotOf(key)];
        if (recent.key != key) {
            evict(recent);
            recent.key = key;
        }
        recent.sums.addBlock(allocatedBytes, freedBytes);
    }

    // Adds sums counted elsewhere (the table then counts from them on).
    void addSums(std::uint64_t key, const Sums& sums)
    {
        evicted_.push_back({key, sums});
        if (evicted_.size() == kEvictedBatch)
            flushEvicted();
    }

    // Empties the table, keeping its memory.
    void clear()
    {
        for (Recent& recent : recent_)
            recent.sums = {};
        evicted_.clear();
        table_.clear();
    }

    // Every pair with its sums, in no particular order.
    template <class Visit>
    void forEach(Visit visit)
    {
        for (Recent& recent : recent_)
            evict(recent);
        flushEvicted();
        table_.forEach(visit);
    }

private:
    // An entry that never held a pair counts no blocks and is never written back,
    // whatever its key: the empty cache needs no marker.
    struct Recent {
        std::uint64_t key = 0;
        Sums sums;
    };
    static constexpr int kRecentBits = 12;
    static constexpr std::size_t kEvictedBatch = 1024;

    static std::size_t slotOf(std::uint64_t key)
    {
        return static_cast<std::size_t>((key * 0x9e3779b97f4a7c15ull) >> (64 - kRecentBits));
    }

    void evict(Recent& recent)
    {
        if (recent.sums.blocksAndOverflow == 0)
            return;
        evicted_.push_back(recent);
        recent.sums = {};
        if (evicted_.size() == kEvictedBatch)
            flushEvicted();
    }

    // Adds the pushed-out sums to the big table in one tight loop that
    // fetches the slots a few pairs ahead, so the cache misses overlap
    // instead of stalling one event each.
    void flushEvicted()
    {
        constexpr std::size_t kAhead = 8;
        const std::size_t n = evicted_.size();
        for (std::size_t i = 0; i < n && i < kAhead; ++i)
            table_.prefetch(evicted_[i].key);
        for (std::size_t i = 0; i < n; ++i) {
            if (i + kAhead < n)
                table_.prefetch(evicted_[i + kAhead].key);
            table_.tryEmplace(evicted_[i].key, {}).first->add(evicted_[i].sums);
        }
        evicted_.clear();
    }

    // On the heap: the builder that holds two tables may live on a stack.
    std::vector<Recent> recent_ = std::vector<Recent>(std::size_t{1} << kRecentBits);
    std::vector<Recent> evicted_ = reservedBatch();
    FlatU64Map<Sums> table_;

    static std::vector<Recent> reservedBatch()
    {
        std::vector<Recent> batch;
        batch.reserve(kEvictedBatch);
        return batch;
    }
};

} // namespace memprof
