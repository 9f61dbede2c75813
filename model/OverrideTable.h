// SPDX-License-Identifier: GPL-3.0-or-later
// The Overrides of one event kind (realloc or free) while decoding: per
// (row location, primary location) pair the bytes and blocks its events
// released (FORMAT.md, "Aggregation").
//
// A real dump has hundreds of thousands of pairs, but a few thousand take
// most of the events. The sums gather in a direct-mapped cache of recent
// pairs small enough for the CPU's cache; a pair pushed out adds its partial
// sums to the big table, which is the only random memory access and one the
// builder can prefetch (prefetchFor tells which slot that will be).
#pragma once

#include "FlatU64Map.h"
#include "Profile.h"

#include <cstdint>
#include <vector>

namespace memprof {

class OverrideTable {
public:
    struct Sums {
        std::uint64_t allocatedBytes = 0; // new sizes given by the row's reallocs
        std::uint64_t freedBytes = 0;     // recorded sizes of the blocks released
        std::uint64_t count = 0;

        void add(const Sums& other)
        {
            allocatedBytes += other.allocatedBytes;
            freedBytes += other.freedBytes;
            count += other.count;
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
        recent.sums.add({allocatedBytes, freedBytes, 1});
    }

    // Fetches what add(key, ...) will touch beyond the recent pairs: the big
    // table's slot of the pair it would push out.
    void prefetchFor(std::uint64_t key) const
    {
        const Recent& recent = recent_[slotOf(key)];
        if (recent.key != key && recent.sums.count > 0)
            table_.prefetch(recent.key);
    }

    // Every pair with its sums, in no particular order.
    template <class Visit>
    void forEach(Visit visit)
    {
        for (Recent& recent : recent_)
            evict(recent);
        table_.forEach(visit);
    }

private:
    // An entry that never held a pair has count 0 and is never written back,
    // whatever its key: the empty cache needs no marker.
    struct Recent {
        std::uint64_t key = 0;
        Sums sums;
    };
    static constexpr int kRecentBits = 12;

    static std::size_t slotOf(std::uint64_t key)
    {
        return static_cast<std::size_t>((key * 0x9e3779b97f4a7c15ull) >> (64 - kRecentBits));
    }

    void evict(Recent& recent)
    {
        if (recent.sums.count == 0)
            return;
        table_.tryEmplace(recent.key, {}).first->add(recent.sums);
        recent.sums = {};
    }

    // On the heap: the builder that holds two tables may live on a stack.
    std::vector<Recent> recent_ = std::vector<Recent>(std::size_t{1} << kRecentBits);
    FlatU64Map<Sums> table_;
};

} // namespace memprof
