// SPDX-License-Identifier: GPL-3.0-or-later
// The decoder's sink that computes the reference parser's aggregates
// (tools/memprof/parse.lua and process.lua; FORMAT.md, "Aggregation") and,
// beside them, the live-block map at the end and the peak of live bytes.
//
// The block map's type is a parameter so the benchmark can measure
// std::unordered_map against absl::flat_hash_map; ProfileBuilder is the one
// the product uses.
#pragma once

#include "Profile.h"
#include "SymbolTable.h"
#include "memprof/Events.h"

#include <absl/container/flat_hash_map.h>

#include <array>
#include <unordered_map>

namespace memprof {

// A live block: allocated during profiling and not freed yet.
struct LiveBlock {
    std::uint64_t size = 0;
    LocationId location = 0;
};

// Optional per-event observer (charts): called after each event is counted.
class EventObserver {
public:
    virtual ~EventObserver() = default;
    // `index` is 1-based; `location` the event's location; `liveBytes` after it.
    virtual void onEvent(std::uint64_t index, EventKind kind, LocationId location, std::int64_t liveDelta,
                         std::uint64_t liveBytes, std::uint64_t allocatedBytes) = 0;
    // Called before onEvent of the same event each time a location's live
    // bytes change (the location that last allocated the block moved or freed).
    virtual void onLiveChange(LocationId location, std::int64_t bytes)
    {
        (void)location;
        (void)bytes;
    }
};

template <class BlockMap>
class BasicProfileBuilder {
public:
    BasicProfileBuilder();

    void setObserver(EventObserver* observer) { observer_ = observer; }

    // Decoder sink interface.
    void lfunc(const LfuncSymbol& s);
    void cfunc(const CfuncSymbol& s);
    void trace(const TraceSymbol& s);
    void symtabEnd();
    void alloc(const AllocEvent& e);
    void realloc(const ReallocEvent& e);
    void free(const FreeEvent& e);

    // Moves the aggregates out; the builder is spent afterwards.
    Profile finish(const DecodeStatus& status);

    const ProfileTotals& totals() const { return totals_; }
    std::size_t liveBlockCount() const { return blocks_.size(); }

private:
    struct LocationKey {
        std::uint64_t addr = 0;
        std::uint64_t line = 0;
        std::uint64_t traceno = 0;
        bool operator==(const LocationKey&) const = default;
        template <typename H>
        friend H AbslHashValue(H h, const LocationKey& k)
        {
            return H::combine(std::move(h), k.addr, k.line, k.traceno);
        }
    };
    struct KindStats {
        std::uint64_t eventCount = 0;
        std::uint64_t allocatedBytes = 0;
        std::uint64_t freedBytes = 0;
    };

    LocationId locate(const Location& loc);
    KindStats& stats(EventKind kind, LocationId id);
    void addOverride(EventKind kind, LocationId row, const LiveBlock& block, std::uint64_t allocatedBytes);
    void placeBlock(std::uint64_t addr, std::uint64_t size, LocationId id);
    void changeLive(LocationId id, std::int64_t bytes, std::int64_t blocks);
    void takePeak();
    void countEvent(EventKind kind, LocationId id, std::int64_t liveDelta, std::uint64_t allocatedBytes);
    std::vector<LocationRow> collectRows(EventKind kind) const;

    SymbolTable symbols_;
    bool inEventStream_ = false;
    std::vector<LocationInfo> locations_;
    absl::flat_hash_map<LocationKey, LocationId> locationIds_;
    // Locations met recently, direct-mapped by a cheap hash of the key: most
    // events find theirs here without hashing the key for locationIds_.
    struct RecentLocation {
        LocationKey key{~0ull, ~0ull, ~0ull}; // no location has this key
        LocationId id = 0;
    };
    std::array<RecentLocation, 256> recentLocations_;
    std::vector<KindStats> kindStats_[3];
    // Per kind (realloc, free) and row location: primary location -> stats.
    // One small map per row keeps a busy row's entries together in cache;
    // one map keyed by (kind, row, primary) spread them over all of it.
    std::vector<absl::flat_hash_map<LocationId, OverrideStats>> overrides_[2];
    BlockMap blocks_;
    // Live at the peak in one pass: the per-location changes since the last
    // peak wait in `pending`; a new peak folds them into `peak`.
    struct LiveChange {
        std::int64_t bytes = 0;
        std::int64_t blocks = 0;
    };
    std::vector<LiveChange> pendingLive_;
    std::vector<LiveChange> peakLive_;
    std::vector<LocationId> pendingLocations_;
    std::vector<std::uint8_t> isPending_;
    ProfileTotals totals_;
    HeapTimeline timeline_;
    SizeHistogram sizeHistogram_;
    EventObserver* observer_ = nullptr;
};

using ProfileBuilder = BasicProfileBuilder<absl::flat_hash_map<std::uint64_t, LiveBlock>>;
using StdProfileBuilder = BasicProfileBuilder<std::unordered_map<std::uint64_t, LiveBlock>>;

extern template class BasicProfileBuilder<absl::flat_hash_map<std::uint64_t, LiveBlock>>;
extern template class BasicProfileBuilder<std::unordered_map<std::uint64_t, LiveBlock>>;

} // namespace memprof
