// SPDX-License-Identifier: GPL-3.0-or-later
// The decoder's sink that computes the reference parser's aggregates
// (docs/FORMAT.md#aggregation) and,
// beside them, the live-block map at the end and the peak of live bytes.
//
// The block map's type is a parameter so the benchmark can measure ours
// (LiveBlockMap) against absl::flat_hash_map and std::unordered_map
// (bench/BlockMapAdapters.h); ProfileBuilder is the one the product uses.
#pragma once

#include "model/dump/SymbolTable.h"
#include "model/memdecoder/MemprofEvents.h"
#include "model/memprofile/LiveBlockMap.h"
#include "model/memprofile/LocationKey.h"
#include "model/memprofile/OverrideTable.h"
#include "model/memprofile/Profile.h"
#include "model/memprofile/WindowIndex.h"
#include "model/support/BatchQueue.h"
#include "model/support/BatchWorker.h"
#include "model/support/FlatU64Map.h"
#include "model/support/SaturatingMath.h"
#include "model/support/StreamingStore.h"

#include <absl/container/flat_hash_map.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <exception>
#include <functional>
#include <memory>
#include <thread>
#include <type_traits>
#include <vector>

namespace memprof {

// Optional per-event observer (charts): called after each event is counted,
// on the thread that counts (see Counting).
class EventObserver {
public:
    virtual ~EventObserver() = default;
    // `index` is 1-based; `location` the event's location; `liveBytes` after it.
    virtual void onEvent(std::uint64_t index, EventKind kind, LocationId location, std::int64_t liveDelta,
                         std::uint64_t liveBytes, std::uint64_t allocatedBytes) = 0;
    // Called before onEvent of the same event each time a location's live
    // bytes change (the location that last allocated the block moved or freed):
    // one block placed (`blocks` 1) or released (-1), `windowBlock` when it
    // was allocated in the window (Profile::window). In one event a
    // location's releases come before its placement.
    virtual void onLiveChange(LocationId location, std::int64_t bytes, std::int64_t blocks, bool windowBlock)
    {
        (void)location;
        (void)bytes;
        (void)blocks;
        (void)windowBlock;
    }
};

// Where the events are counted. The decoder and the location look-up run on
// the caller's thread either way; OnThread counts (block map, Overrides,
// peak, charts) on a second thread, batch by batch, in file order: each
// half is about as costly as the other on a large dump.
enum class Counting : int { Inline, OnThread };

template <class BlockMap>
class BasicProfileBuilder {
public:
    explicit BasicProfileBuilder(Counting counting = Counting::Inline);
    ~BasicProfileBuilder();
    BasicProfileBuilder(const BasicProfileBuilder&) = delete;
    BasicProfileBuilder& operator=(const BasicProfileBuilder&) = delete;

    void setObserver(EventObserver* observer) { observer_ = observer; }
    // Counts only the events of `window` (before the first event): see
    // Profile::window for what it changes.
    void setWindow(RunRange window)
    {
        window_ = window;
        countedWindow_ = window;
    }
    // Fills `index` for WindowRecount (before the first event; the whole
    // run only: ignored with a window). `totalBytes`: the dump's size, which
    // sets the segments' length (0: unknown, no index).
    void keepWindowIndex(WindowIndex* index, std::uint64_t totalBytes);

    // Decoder sink interface.
    void lfunc(const LfuncSymbol& s);
    void cfunc(const CfuncSymbol& s);
    void trace(const TraceSymbol& s);
    void symtabEnd();
    void alloc(const AllocEvent& e);
    void realloc(const ReallocEvent& e);
    void free(const FreeEvent& e);
    // The decoder's note that the next event starts at `offset`: where a
    // checkpoint of the window index may go.
    void eventBoundary(std::uint64_t offset)
    {
        if (snapshotWanted_) [[unlikely]]
            takeSnapshot(offset);
        if (index_ && (talliedEventCount_ - lastCheckpointEvents_ >= segmentEvents_ || index_->checkpoints.empty()))
            [[unlikely]]
            takeCheckpoint(offset);
    }

    // Moves the aggregates out; the builder is spent afterwards.
    Profile finish(const DecodeStatus& status);

    // Snapshots of a read still going: after requestSnapshot() (on the
    // caller's thread) the next event boundary after an event hands `sink`
    // a Profile of the events before it, as finish() gives it for a dump that ends
    // there, with a Reading status of `totalBytes`. The sink is called on
    // a thread of its own, in order, all before finish() returns; nothing
    // of the final result changes. Not with a window index (its Overrides
    // are the packer thread's).
    void setSnapshotSink(std::function<void(Profile&&)> sink, std::uint64_t totalBytes)
    {
        snapshotSink_ = std::move(sink);
        snapshotTotalBytes_ = totalBytes;
    }
    void requestSnapshot() { snapshotWanted_ = snapshotSink_ && !index_; }
    // What the last snapshot cost its two threads (any thread may ask): a
    // caller keeps snapshots a small share of the read by it.
    std::chrono::nanoseconds lastSnapshotCost() const { return std::chrono::nanoseconds(snapshotCost_.load()); }
    // The decoder's note of the prologues' versions (for the snapshots' status).
    void streamVersions(std::uint8_t symtab, std::uint8_t events)
    {
        symtabVersion_ = symtab;
        eventsVersion_ = events;
    }

    // Counting a batch, the blocks of the event kLookAhead places on are
    // prefetched: the block map is larger than the caches, and a look-up
    // that waits for memory costs more than the rest of an event. 8
    // measured best on the 200 MiB benchmark dump (2: -27%, 32: -8%).
    // Public for memprof-bench, which replays the block map alone.
    static constexpr std::size_t kLookAhead = 8;

    // For an observer (on the counting thread): the blocks live now.
    std::size_t liveBlockCount() const { return blocks_.size(); }

private:
    struct KindStats {
        std::uint64_t eventCount = 0;
        std::uint64_t allocatedBytes = 0;
        std::uint64_t freedBytes = 0;
        std::uint8_t overflowed = 0; // OverflowedSum bits
    };
    // What a snapshot takes of the caller's side, at the event boundary.
    struct CallerSnapshot {
        DecodeStatus status;
        std::array<std::vector<KindStats>, 3> kindStats;
        SizeHistogram sizeHistogram;
        std::vector<LocationInfo> locations;
        std::vector<FunctionInfo> functions;
        std::vector<Alias> aliases;
        std::uint64_t initialSymbolCount = 0;
        std::uint64_t symbolEventCount = 0;
    };

    // A located event waiting to be counted (see batch_): what the block
    // map needs of an ev-alloc, ev-realloc or ev-free, the addresses a kind
    // lacks zero. The old size is tallied already (the map knows the
    // block's): 32 bytes, two to a cache line. No member initializers: a
    // new batch is not written before it is filled.
    struct QueuedEvent {
        std::uint64_t oaddr;
        std::uint64_t naddr;
        std::uint64_t nsize;
        LocationId location; // the owner (Located); its row is rowOf_[location]
        EventKind kind;
    };
    static_assert(sizeof(QueuedEvent) == 32 && std::is_trivially_default_constructible_v<QueuedEvent>);

    // Events in file order, and how many locations exist once they are
    // located (the counting side sizes its per-location tables by it).
    struct EventBatch {
        std::unique_ptr<QueuedEvent[]> events;
        std::size_t size = 0;
        std::size_t locationCount = 0;
        // The owner locations made while this batch filled (see Located):
        // (owner, its reference row).
        std::vector<std::pair<LocationId, LocationId>> ownersMade;
        // A checkpoint of the window index follows its last event.
        bool checkpointAfter = false;
        // A snapshot follows its last event: the caller's side of it.
        std::shared_ptr<CallerSnapshot> snapshotAfter;
    };
    // An event's two locations. `row` is the reference's identity, named
    // when first met: its rows, Overrides and heap summary. `owner` is
    // the same identity named with the symbols in force now: the blocks it
    // allocates are held by that name in the live figures. They differ
    // only after a symbol renamed the identity (a prototype address or a
    // trace number defined again).
    struct Located {
        LocationId row = 0;
        LocationId owner = 0;
    };

    // A snapshot once counted: what the snapshot thread makes the profile
    // of (the rows, their sums and the summary: the costly part, kept off
    // the counting thread).
    struct CountedSnapshot {
        std::shared_ptr<CallerSnapshot> caller;
        std::array<std::vector<std::pair<std::uint64_t, OverrideTable::Sums>>, 2> overrides;
        ProfileTotals totals;
        Profile profile; // the held rows, timeline and history filled
        std::chrono::nanoseconds countingCost{0};
    };
    struct SnapshotThread;

    void takeSnapshot(std::uint64_t offset);
    void deliverSnapshot(const std::shared_ptr<CallerSnapshot>& caller);
    void assembleSnapshot(CountedSnapshot& counted);
    void joinSnapshots();
    void fillHeld(Profile& profile, std::size_t locationCount, bool spend);
    void tally(EventKind kind, LocationId id, std::uint64_t freedBytes, std::uint64_t allocatedBytes);
    void enqueue(const QueuedEvent& event);
    EventBatch newBatch() const;
    void submitBatch(bool last = false);
    void finishCounting();
    void countBatch(const EventBatch& batch);
    void growLocations(std::size_t count);
    void count(const QueuedEvent& event);
    void countAlloc(const QueuedEvent& e);
    void countRealloc(const QueuedEvent& e);
    void countFree(const QueuedEvent& e);
    Located locate(const Location& loc);
    Located locateNew(const LocationKey& key, SourceKind source, std::uint64_t line);
    LocationInfo describeKey(const LocationKey& key, SourceKind source, std::uint64_t line);
    LocationId addLocation(LocationInfo info);
    void noteSymbolAdded();
    KindStats& stats(EventKind kind, LocationId id);
    void addOverride(EventKind kind, LocationId row, LocationId primary, std::uint64_t blockSize,
                     std::uint64_t allocatedBytes);
    std::uint64_t sizeOf(std::uint64_t addr, const LiveBlock& block) const;
    LocationId ownerOf(const LiveBlock& block) const { return block.location & ownerMask_; }
    void noteRelease(std::uint64_t addr, const LiveBlock& block, std::uint64_t size);
    void takeCheckpoint(std::uint64_t offset);
    void checkpointCounting();
    void closeSegmentRows();
    void closeSegmentCounting();
    void recordLiveAtEnd();
    struct Packer;
    void handOverSegmentOverrides();
    void packSegmentOverrides(std::array<OverrideTable, 2>& tables);
    void joinPacker();
    std::vector<OverrideTable::Sums> segmentsOverrides(int table) const;
    void stopIndexing();
    void finishIndex(const DecodeStatus& status, const Profile& profile);
    std::vector<HeldRow> liveRows(bool windowBlocksOnly, std::size_t locationCount) const;
    void takeWindowEnd();
    LiveBlock packBlock(std::uint64_t addr, std::uint64_t size, LocationId id);
    void placeBlock(std::uint64_t addr, std::uint64_t size, LocationId id);
    void releaseBlock(EventKind kind, LocationId row, std::uint64_t addr, std::uint64_t allocatedBytes);
    // `tags`: the block's location bits, kWindowBlock when it was allocated
    // in the window (for the observer).
    void changeLive(LocationId id, Int128 bytes, std::int64_t blocks, LocationId tags);
    void takePeak();
    void countEvent(EventKind kind, LocationId id, std::int64_t liveDelta, std::uint64_t allocatedBytes);
    std::vector<LocationRow> collectRows(EventKind kind, const std::vector<KindStats>& perLocation);

    // The caller's side: symbols, locations, what needs no block map (each
    // row's events and bytes, the sizes: the counting thread is the busier
    // one), the batch being filled.
    SymbolTable symbols_;
    bool inEventStream_ = false;
    std::uint64_t initialSymbolCount_ = 0;
    std::uint64_t symbolEventCount_ = 0;
    std::vector<LocationInfo> locations_;
    absl::flat_hash_map<LocationKey, LocationId> locationIds_;
    // Locations met recently, direct-mapped by a cheap hash of the key: most
    // events find theirs here without hashing the key for locationIds_.
    struct RecentLocation {
        LocationKey key{~0ull, ~0ull, ~0ull}; // no location has this key
        Located ids;
    };
    std::array<RecentLocation, 1024> recentLocations_;
    // Per reference row: its owner now, and the naming epoch
    // (SymbolTable::namingEpoch) when that was checked. A symbol that may
    // rename marks the recent locations stale.
    std::vector<LocationId> ownerOf_;
    std::vector<std::uint64_t> ownerCheckedAt_;
    absl::flat_hash_map<std::pair<LocationId, std::string>, LocationId> ownerIds_; // (row, name) -> owner
    std::uint64_t namingEpoch_ = 0;
    bool recentStale_ = false;
    std::vector<KindStats> kindStats_[3];
    SizeHistogram sizeHistogram_;
    // Snapshots (setSnapshotSink): the sink is the counting side's.
    bool snapshotWanted_ = false;
    std::uint8_t symtabVersion_ = 0;
    std::uint8_t eventsVersion_ = 0;
    std::uint64_t snapshotTotalBytes_ = 0;
    std::function<void(Profile&&)> snapshotSink_;
    std::unique_ptr<SnapshotThread> snapshotThread_; // started by the first
    std::atomic<std::int64_t> snapshotCost_{0}; // nanoseconds
    RunRange window_;
    std::uint64_t talliedEventCount_ = 0;
    // On a second thread, large batches written past the cache (see
    // enqueue): 65,536 measured best (512: -30%, 4096: -8%, 262,144: the
    // same with more memory). Inline, a batch small enough to stay cached.
    static constexpr std::size_t kThreadBatchEvents = 65536;
    static constexpr std::size_t kInlineBatchEvents = 1024;
    const Counting counting_;
    EventBatch batch_;
    std::size_t batchCapacity_ = 0;
    std::unique_ptr<BatchWorker<EventBatch>> countingThread_; // OnThread, once started

    // The counting side: everything below is touched by one thread at a time.
    // It starts on a cache line of its own, and reads its own copy of the
    // window: a line the decoding thread writes at every event (the event
    // count beside window_) and the counting thread reads at every event
    // bounces between the cores, which cost both threads about as much as
    // all their work on a real dump.
    alignas(64) RunRange countedWindow_;
    // Per kind: realloc, free.
    OverrideTable overrides_[2];
    BlockMap blocks_;
    // The sizes of live blocks too large for LiveBlock::size, by address.
    absl::flat_hash_map<std::uint64_t, std::uint64_t> oversizeBlocks_;
    // Live at the peak in one pass: the per-location changes since the last
    // peak wait in `pending`; a new peak folds them into `peak`.
    // 128 bits: blocks of 2^63 bytes and more sum exactly (SaturatingMath.h).
    struct LiveChange {
        Int128 bytes = 0;
        std::int64_t blocks = 0;
    };
    std::vector<LiveChange> pendingLive_;
    std::vector<LiveChange> peakLive_;
    std::vector<LocationId> pendingLocations_;
    std::vector<std::uint8_t> isPending_;
    // Each location's reference row: itself, or for an owner made by a
    // rename the row it renames (from EventBatch::ownersMade).
    std::vector<LocationId> rowOf_;
    // The event count, bytes allocated so far (the timeline's), live bytes
    // and peak; finish() adds the counts by kind and the freed bytes, which
    // the rows hold.
    ProfileTotals totals_;
    // The live bytes exactly; totals_.liveBytes is this, saturated.
    Int128 liveBytes_ = 0;
    HeapTimeline timeline_;
    HeldHistory heldHistory_;
    // A block allocated inside the window carries this bit in its location
    // (no dump has 2^31 locations: each costs far more than a byte), so the
    // survivors at the end need no second map. Set while counting an event
    // of the window.
    static constexpr LocationId kWindowBlock = 0x80000000u;
    LocationId windowTag_ = kWindowBlock;
    std::vector<HeldRow> windowBlocksAtWindowEnd_;
    std::vector<HeldRow> heldAtWindowEnd_;
    bool windowEndTaken_ = false;
    EventObserver* observer_ = nullptr;

    // The window index (keepWindowIndex). The caller's side (a cache line
    // apart from the counting side's): checkpoints, each segment's rows, the
    // owner renames.
    alignas(64) WindowIndex* index_ = nullptr;
    std::uint64_t segmentEvents_ = 0;
    std::uint64_t lastCheckpointEvents_ = 0;
    std::vector<KindStats> statsAtCheckpoint_[3];
    std::vector<std::array<std::vector<WindowIndex::RowSums>, 3>> segmentRows_;
    // The counting side: each block's segment in its location's bits above
    // WindowIndex::kOwnerBits, the records, each segment's Overrides and peak.
    alignas(64) bool indexing_ = false;
    LocationId ownerMask_ = ~kWindowBlock;
    LocationId segmentTag_ = 0;
    std::uint32_t segment_ = 0;
    std::uint64_t segmentPeakBytes_ = 0;
    std::uint64_t segmentPeakIndex_ = 0;
    std::vector<WindowIndex::Segment> countedSegments_;
    std::vector<Int128> liveAtCheckpoint_;
    WindowIndex::Records records_;
    std::size_t firstRecordLiveAtEnd_ = 0;
    // With an index, overrides_ holds the segment's sums, and the run's are
    // the segments' (each pair by its number: WindowIndex::pairKeys).
    // Packing them is the packer thread's (the counting thread is the
    // busier one): these are its until joinPacker().
    FlatU64Map<std::uint32_t> pairNumbers_[2];
    std::vector<std::uint64_t> pairKeys_[2];
    std::vector<std::array<WindowIndex::PackedOverrides, 2>> packedOverrides_; // by segment
    bool packFailed_ = false;
    std::unique_ptr<Packer> packer_;
};

// The per-event path, defined here so the decoder's instantiation inlines
// it (the builder's other members are in ProfileBuilderImpl.h).

// The reference's location identity is (address, line, trace number); a
// location is named with the symbols known when it is first met, and keeps
// that name (docs/FORMAT.md#known-weaknesses).
template <class BlockMap>
inline typename BasicProfileBuilder<BlockMap>::Located BasicProfileBuilder<BlockMap>::locate(const Location& loc)
{
    const LocationKey key = locationKeyOf(loc);
    const std::uint64_t mixed = key.mixed();
    if (recentStale_) [[unlikely]] {
        recentLocations_.fill({});
        recentStale_ = false;
    }
    RecentLocation& recent = recentLocations_[mixed >> 54];
    if (recent.key == key)
        return recent.ids;
    recent = {key, locateNew(key, loc.source, loc.line)};
    return recent.ids;
}

template <class BlockMap>
inline typename BasicProfileBuilder<BlockMap>::KindStats& BasicProfileBuilder<BlockMap>::stats(EventKind kind,
                                                                                               LocationId id)
{
    return kindStats_[static_cast<int>(kind)][id];
}

template <class BlockMap>
inline void BasicProfileBuilder<BlockMap>::addOverride(EventKind kind, LocationId row, LocationId primary,
                                                       std::uint64_t blockSize, std::uint64_t allocatedBytes)
{
    overrides_[kind == EventKind::Realloc ? 0 : 1].add(OverrideTable::keyOf(rowOf_[row], rowOf_[primary]),
                                                       allocatedBytes, blockSize);
}

template <class BlockMap>
inline std::uint64_t BasicProfileBuilder<BlockMap>::sizeOf(std::uint64_t addr, const LiveBlock& block) const
{
    if (block.size != LiveBlock::kOversize) [[likely]]
        return block.size;
    return oversizeBlocks_.at(addr);
}

// The block's entry; a size of 32 bits or more goes to the side table.
template <class BlockMap>
inline LiveBlock BasicProfileBuilder<BlockMap>::packBlock(std::uint64_t addr, std::uint64_t size, LocationId id)
{
    if (size < LiveBlock::kOversize) [[likely]]
        return {static_cast<std::uint32_t>(size), id};
    oversizeBlocks_[addr] = size;
    return {LiveBlock::kOversize, id};
}

template <class BlockMap>
inline void BasicProfileBuilder<BlockMap>::changeLive(LocationId id, Int128 bytes, std::int64_t blocks, LocationId tags)
{
    LiveChange& change = pendingLive_[id];
    change.bytes += bytes;
    change.blocks += blocks;
    heldHistory_.change(id, static_cast<std::int64_t>(bytes)); // its figure, modulo 2^64
    if (observer_)
        observer_->onLiveChange(id, static_cast<std::int64_t>(bytes), blocks,
                                (tags & kWindowBlock) != 0); // the charts' figure, modulo 2^64
    if (!isPending_[id]) {
        isPending_[id] = 1;
        pendingLocations_.push_back(id);
    }
}

template <class BlockMap>
inline void BasicProfileBuilder<BlockMap>::placeBlock(std::uint64_t addr, std::uint64_t size, LocationId id)
{
    auto [block, inserted] = blocks_.tryEmplace(addr, LiveBlock{});
    if (!inserted) {
        // A block at an address we think is live: its free was not seen.
        const std::uint64_t oldSize = sizeOf(addr, *block);
        noteRelease(addr, *block, oldSize);
        if (block->size == LiveBlock::kOversize)
            oversizeBlocks_.erase(addr);
        liveBytes_ -= oldSize;
        changeLive(ownerOf(*block), -Int128(oldSize), -1, block->location);
    }
    *block = packBlock(addr, size, id | windowTag_ | segmentTag_);
    liveBytes_ += size;
    totals_.liveBytes = saturatedUnsigned(liveBytes_);
    changeLive(id, Int128(size), 1, windowTag_);
}

template <class BlockMap>
inline void BasicProfileBuilder<BlockMap>::countEvent(EventKind kind, LocationId id, std::int64_t liveDelta,
                                                      std::uint64_t allocatedBytes)
{
    const std::uint64_t index = ++totals_.eventCount;
    // The live bytes clamp at 2^64-1: past an exact peak there they are a
    // new peak, the first time they overflow (tested only at the ceiling).
    if (windowTag_ != 0 && (totals_.liveBytes > totals_.peakLiveBytes ||
                            (totals_.liveBytes == kSaturatedBytes && !(totals_.overflowed & kPeakOverflowed) &&
                             clampedSum(liveBytes_).overflowed))) {
        totals_.peakLiveBytes = totals_.liveBytes;
        totals_.peakEventIndex = index;
        // A new peak is rare: whether it passed 2^64-1 is kept here, not per event.
        totals_.overflowed = static_cast<std::uint8_t>((totals_.overflowed & ~kPeakOverflowed) |
                                                       (clampedSum(liveBytes_).overflowed ? kPeakOverflowed : 0));
        takePeak();
    }
    totals_.allocatedBytes = saturatingSum(totals_.allocatedBytes, allocatedBytes);
    timeline_.add(totals_.liveBytes, totals_.allocatedBytes);
    if (indexing_ && totals_.liveBytes > segmentPeakBytes_) {
        segmentPeakBytes_ = totals_.liveBytes;
        segmentPeakIndex_ = index;
    }
    if (observer_)
        observer_->onEvent(index, kind, id, liveDelta, totals_.liveBytes, allocatedBytes);
}

// A realloc or free of a block we saw allocated: credit its allocating
// location in this row's Overrides (`allocatedBytes`: the realloc's new size)
// and drop it from the live map. Blocks from before profiling are unknown.
template <class BlockMap>
inline void BasicProfileBuilder<BlockMap>::releaseBlock(EventKind kind, LocationId row, std::uint64_t addr,
                                                        std::uint64_t allocatedBytes)
{
    if (LiveBlock* block = blocks_.find(addr)) {
        const std::uint64_t size = sizeOf(addr, *block);
        noteRelease(addr, *block, size);
        if (block->size == LiveBlock::kOversize)
            oversizeBlocks_.erase(addr);
        if (windowTag_ != 0) [[likely]]
            addOverride(kind, row, ownerOf(*block), size, allocatedBytes);
        liveBytes_ -= size;
        totals_.liveBytes = saturatedUnsigned(liveBytes_);
        changeLive(ownerOf(*block), -Int128(size), -1, block->location);
        blocks_.erase(addr, block);
    }
}

// A block released in a later segment than the one that allocated it: the
// window index's record (a segment's replay meets its release).
template <class BlockMap>
inline void BasicProfileBuilder<BlockMap>::noteRelease(std::uint64_t addr, const LiveBlock& block, std::uint64_t size)
{
    if (!indexing_)
        return;
    const std::uint32_t placed = (block.location & ~kWindowBlock) >> WindowIndex::kOwnerBits;
    if (placed != segment_) [[unlikely]]
        records_.push({addr, size, ownerOf(block), placed});
}

template <class BlockMap>
inline void BasicProfileBuilder<BlockMap>::countAlloc(const QueuedEvent& e)
{
    const LocationId id = e.location;
    const std::uint64_t before = totals_.liveBytes;
    placeBlock(e.naddr, e.nsize, id);
    countEvent(EventKind::Alloc, id, static_cast<std::int64_t>(totals_.liveBytes - before), e.nsize);
}

template <class BlockMap>
inline void BasicProfileBuilder<BlockMap>::countRealloc(const QueuedEvent& e)
{
    const LocationId id = e.location;
    const std::uint64_t before = totals_.liveBytes;
    releaseBlock(EventKind::Realloc, id, e.oaddr, e.nsize);
    placeBlock(e.naddr, e.nsize, id);
    countEvent(EventKind::Realloc, id, static_cast<std::int64_t>(totals_.liveBytes - before), e.nsize);
}

template <class BlockMap>
inline void BasicProfileBuilder<BlockMap>::countFree(const QueuedEvent& e)
{
    const LocationId id = e.location;
    const std::uint64_t before = totals_.liveBytes;
    releaseBlock(EventKind::Free, id, e.oaddr, 0);
    countEvent(EventKind::Free, id, static_cast<std::int64_t>(totals_.liveBytes - before), 0);
}

// An event's row and its size, on the caller's side (the per-kind tables
// grow with the locations in locateNew).
template <class BlockMap>
inline void BasicProfileBuilder<BlockMap>::tally(EventKind kind, LocationId id, std::uint64_t freedBytes,
                                                 std::uint64_t allocatedBytes)
{
    if (!window_.contains(++talliedEventCount_)) [[unlikely]]
        return;
    KindStats& row = stats(kind, id);
    row.eventCount += 1;
    if (addSaturating(row.freedBytes, freedBytes)) [[unlikely]]
        row.overflowed |= kFreedOverflowed;
    if (addSaturating(row.allocatedBytes, allocatedBytes)) [[unlikely]]
        row.overflowed |= kAllocatedOverflowed;
    if (kind != EventKind::Free)
        sizeHistogram_.add(allocatedBytes);
}

template <class BlockMap>
inline void BasicProfileBuilder<BlockMap>::enqueue(const QueuedEvent& event)
{
    QueuedEvent& slot = batch_.events[batch_.size++];
    // The counting thread reads the batch from another core: a plain store
    // would first fetch each line back from that core's cache (the batches
    // are reused), which cost a quarter of the decoding thread's time.
    if (counting_ == Counting::OnThread)
        storeStreaming(slot, event);
    else
        slot = event;
    if (batch_.size == batchCapacity_) [[unlikely]]
        submitBatch();
}

template <class BlockMap>
inline void BasicProfileBuilder<BlockMap>::countBatch(const EventBatch& batch)
{
    growLocations(batch.locationCount);
    for (const auto& [owner, row] : batch.ownersMade)
        rowOf_[owner] = row;
    // In runs of events inside or outside the window and inside one point
    // of the held history: a load of the whole run pays nothing per event
    // for either.
    const std::size_t n = batch.size;
    for (std::size_t i = 0; i < n;) {
        const std::uint64_t next = totals_.eventCount + 1;
        std::uint64_t run = std::min<std::uint64_t>(n - i, heldHistory_.eventsLeftInPoint());
        if (next < countedWindow_.first)
            run = std::min(run, countedWindow_.first - next);
        else if (next <= countedWindow_.last)
            run = std::min(run, countedWindow_.last - next + 1);
        windowTag_ = countedWindow_.contains(next) ? kWindowBlock : 0;
        const std::size_t end = i + static_cast<std::size_t>(run);
        for (; i < end; ++i) {
            if (i + kLookAhead < n) {
                const QueuedEvent& ahead = batch.events[i + kLookAhead];
                if (ahead.kind != EventKind::Alloc)
                    blocks_.prefetch(ahead.oaddr);
                if (ahead.kind != EventKind::Free)
                    blocks_.prefetch(ahead.naddr);
            }
            count(batch.events[i]);
        }
        heldHistory_.endEvents(run);
        if (totals_.eventCount == countedWindow_.last) [[unlikely]]
            takeWindowEnd();
    }
    if (batch.checkpointAfter) [[unlikely]]
        checkpointCounting();
    if (batch.snapshotAfter) [[unlikely]]
        deliverSnapshot(batch.snapshotAfter);
}

template <class BlockMap>
inline void BasicProfileBuilder<BlockMap>::count(const QueuedEvent& event)
{
    switch (event.kind) {
    case EventKind::Alloc:
        countAlloc(event);
        break;
    case EventKind::Realloc:
        countRealloc(event);
        break;
    case EventKind::Free:
        countFree(event);
        break;
    }
}

template <class BlockMap>
inline void BasicProfileBuilder<BlockMap>::alloc(const AllocEvent& e)
{
    const Located at = locate(e.loc);
    tally(EventKind::Alloc, at.row, 0, e.nsize);
    enqueue({0, e.naddr, e.nsize, at.owner, EventKind::Alloc});
}

template <class BlockMap>
inline void BasicProfileBuilder<BlockMap>::realloc(const ReallocEvent& e)
{
    const Located at = locate(e.loc);
    tally(EventKind::Realloc, at.row, e.osize, e.nsize);
    enqueue({e.oaddr, e.naddr, e.nsize, at.owner, EventKind::Realloc});
}

template <class BlockMap>
inline void BasicProfileBuilder<BlockMap>::free(const FreeEvent& e)
{
    const Located at = locate(e.loc);
    tally(EventKind::Free, at.row, e.osize, 0);
    enqueue({e.oaddr, 0, 0, at.owner, EventKind::Free});
}

using ProfileBuilder = BasicProfileBuilder<LiveBlockMap>;

extern template class BasicProfileBuilder<LiveBlockMap>;

} // namespace memprof
