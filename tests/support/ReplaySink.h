// SPDX-License-Identifier: GPL-3.0-or-later
// An independent replay of the decoded events, for checking ProfileBuilder's
// figures: a decoder sink with its own block map (std::map), its own record
// after each event, its own size buckets, its own peak and its own block
// lives, sharing nothing with the builder but the decoder.
#pragma once

#include "model/memdecoder/MemprofEvents.h"
#include "model/memprofile/Profile.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <tuple>
#include <utility>
#include <vector>

namespace memprof::test {

using Key = std::tuple<std::uint64_t, std::uint64_t, std::uint64_t>; // addr, line, traceno

inline Key keyOf(const Location& loc)
{
    switch (loc.source) {
    case SourceKind::Lua:
        return {loc.addr, loc.line, 0};
    case SourceKind::C:
        return {loc.addr, 0, 0};
    case SourceKind::Trace:
        return {0, 0, loc.traceno};
    case SourceKind::Internal:
        break;
    }
    return {0, 0, 0};
}

// A profile location's key, as keyOf gives it for the event.
inline Key keyOf(const LocationInfo& l)
{
    return {l.addr, l.source == SourceKind::Internal ? 0 : l.line, l.traceno};
}

// Live rows by key: bytes, blocks.
using HeldByKey = std::map<Key, std::pair<std::uint64_t, std::uint64_t>>;
inline HeldByKey grouped(const Profile& p, const std::vector<HeldRow>& rows)
{
    HeldByKey byKey;
    for (const auto& row : rows) {
        auto& entry = byKey[keyOf(p.locations[row.location])];
        entry.first += row.heldBytes;
        entry.second += row.blockCount;
    }
    return byKey;
}

// The power-of-two bucket of a size, by counting: 0 -> 0, 1 -> 1, 2..3 -> 2...
inline std::size_t sizeBucket(std::uint64_t size)
{
    std::size_t bucket = 0;
    while (bucket < 64 && size >= (std::uint64_t{1} << bucket))
        ++bucket;
    return bucket;
}

struct ReplaySink {
    struct Block {
        std::uint64_t size;
        Key key;
        std::uint64_t placedAt = 0; // the event that allocated it (1-based)
    };
    std::map<std::uint64_t, Block> blocks;
    std::uint64_t liveBytes = 0;
    std::uint64_t allocatedBytes = 0;
    // After each event (index 0 = event 1).
    std::vector<std::uint64_t> liveAfter;
    std::vector<std::uint64_t> allocatedAfter;
    std::map<std::size_t, std::pair<std::uint64_t, std::uint64_t>> sizes; // bucket -> count, bytes
    // The same for one location, when `followed` is set.
    bool following = false;
    Key followed{};
    std::uint64_t followedLive = 0;
    std::uint64_t followedAllocated = 0;
    std::vector<std::uint64_t> followedLiveAfter;
    std::map<std::size_t, std::pair<std::uint64_t, std::uint64_t>> followedSizes;
    // The peak of the live bytes, and the blocks live there by location.
    std::uint64_t eventIndex = 0;
    std::uint64_t peakBytes = 0;
    std::uint64_t peakIndex = 0;
    std::uint64_t snapshotAt = 0; // second pass: the peak found by the first
    std::map<Key, std::pair<std::uint64_t, std::uint64_t>> atPeak; // bytes, blocks
    // Each block's life by the location that placed it: from its event to
    // the one that released it (lifetimes: the released blocks' only), for
    // the blocks placed by the events lifeFirst..lifeLast.
    std::map<Key, std::uint64_t> lifetimes;
    std::uint64_t lifeFirst = 1;
    std::uint64_t lifeLast = ~std::uint64_t{0};
    bool counted(const Block& block) const { return block.placedAt >= lifeFirst && block.placedAt <= lifeLast; }
    // Each location's live bytes and blocks now, and the first state with
    // its most bytes.
    std::map<Key, std::pair<std::uint64_t, std::uint64_t>> heldNow, mostHeld;

    // The lives of the released blocks and of those still live, to event `end`.
    std::map<Key, std::uint64_t> lifetimesTo(std::uint64_t end) const
    {
        std::map<Key, std::uint64_t> all = lifetimes;
        for (const auto& [addr, block] : blocks)
            if (counted(block))
                all[block.key] += end - block.placedAt;
        return all;
    }

    void lfunc(const LfuncSymbol&) {}
    void cfunc(const CfuncSymbol&) {}
    void trace(const TraceSymbol&) {}
    void symtabEnd() {}
    void release(std::uint64_t addr)
    {
        if (auto it = blocks.find(addr); it != blocks.end()) {
            liveBytes -= it->second.size;
            if (counted(it->second))
                lifetimes[it->second.key] += eventIndex + 1 - it->second.placedAt;
            heldNow[it->second.key].first -= it->second.size;
            heldNow[it->second.key].second -= 1;
            if (following && it->second.key == followed)
                followedLive -= it->second.size;
            blocks.erase(it);
        }
    }
    void allocate(std::uint64_t addr, std::uint64_t size, const Key& key)
    {
        release(addr);
        blocks[addr] = {size, key, eventIndex + 1};
        liveBytes += size;
        auto& held = heldNow[key];
        held.first += size;
        held.second += 1;
        if (held.first > mostHeld[key].first)
            mostHeld[key] = held;
        allocatedBytes += size;
        auto& bucket = sizes[sizeBucket(size)];
        bucket.first += 1;
        bucket.second += size;
        if (following && key == followed) {
            followedLive += size;
            followedAllocated += size;
            auto& own = followedSizes[sizeBucket(size)];
            own.first += 1;
            own.second += size;
        }
    }
    void after()
    {
        liveAfter.push_back(liveBytes);
        allocatedAfter.push_back(allocatedBytes);
        followedLiveAfter.push_back(followedLive);
        ++eventIndex;
        if (liveBytes > peakBytes) {
            peakBytes = liveBytes;
            peakIndex = eventIndex;
        }
        if (eventIndex == snapshotAt) {
            for (const auto& [addr, block] : blocks) {
                atPeak[block.key].first += block.size;
                atPeak[block.key].second += 1;
            }
        }
    }
    void alloc(const AllocEvent& e)
    {
        allocate(e.naddr, e.nsize, keyOf(e.loc));
        after();
    }
    void realloc(const ReallocEvent& e)
    {
        release(e.oaddr);
        allocate(e.naddr, e.nsize, keyOf(e.loc));
        after();
    }
    void free(const FreeEvent& e)
    {
        release(e.oaddr);
        after();
    }
};

} // namespace memprof::test
