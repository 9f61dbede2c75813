// SPDX-License-Identifier: GPL-3.0-or-later
// The members of BasicProfileBuilder that ProfileBuilder.h does not define
// inline, for the files that instantiate the builder with a block map:
// ProfileBuilder.cpp (LiveBlockMap, the product's) and the benchmark's
// bench/BlockMapAdapters.cpp (absl and std maps).
#pragma once

#include "model/memprofile/LocationRows.h"
#include "model/memprofile/ProfileBuilder.h"
#include "model/memprofile/ProfileSums.h"

#include <algorithm>
#include <map>

namespace memprof {

// The batches that wait for the counting thread of Counting::OnThread: 3
// took the same time as 8 and 10 MB less (2 MB a batch).
constexpr std::size_t kCountingBatchesInFlight = 3;

// The thread that packs each segment's Overrides (handOverSegmentOverrides):
// at most two segments' tables wait for it.
template <class BlockMap>
struct BasicProfileBuilder<BlockMap>::Packer {
    BatchQueue<std::array<OverrideTable, 2>> tables{2};
    std::thread thread;
};

// The thread that makes the snapshots' profiles (assembleSnapshot): at most
// two wait for it.
template <class BlockMap>
struct BasicProfileBuilder<BlockMap>::SnapshotThread {
    BatchQueue<CountedSnapshot> snapshots{2};
    std::thread thread;
};

template <class BlockMap>
BasicProfileBuilder<BlockMap>::BasicProfileBuilder(Counting counting)
    : counting_(counting), batchCapacity_(counting == Counting::OnThread ? kThreadBatchEvents : kInlineBatchEvents)
{
    batch_ = newBatch();
}

template <class BlockMap>
typename BasicProfileBuilder<BlockMap>::EventBatch BasicProfileBuilder<BlockMap>::newBatch() const
{
    EventBatch batch;
    batch.events = std::make_unique_for_overwrite<QueuedEvent[]>(batchCapacity_);
    return batch;
}

template <class BlockMap>
BasicProfileBuilder<BlockMap>::~BasicProfileBuilder()
{
    // A builder dropped without finish() (the decoder threw) still stops
    // its thread; what it had not counted is thrown away.
    countingThread_.reset();
    joinSnapshots();
    joinPacker();
}

template <class BlockMap>
void BasicProfileBuilder<BlockMap>::joinSnapshots()
{
    if (!snapshotThread_)
        return;
    snapshotThread_->snapshots.close();
    snapshotThread_->thread.join();
    snapshotThread_.reset();
}

template <class BlockMap>
void BasicProfileBuilder<BlockMap>::joinPacker()
{
    if (!packer_)
        return;
    packer_->tables.close();
    packer_->thread.join();
    packer_.reset();
}

// Counts the batch being filled, or hands it to the counting thread (started
// on the first one). A last batch with no thread yet (a small dump) is
// counted here: it is not worth a thread.
template <class BlockMap>
void BasicProfileBuilder<BlockMap>::submitBatch(bool last)
{
    batch_.locationCount = locations_.size();
    const auto empty = [](EventBatch& batch) {
        batch.size = 0;
        batch.ownersMade.clear();
        batch.checkpointAfter = false;
        batch.snapshotAfter.reset();
    };
    if (counting_ == Counting::Inline || (last && !countingThread_)) {
        countBatch(batch_);
        empty(batch_);
        return;
    }
    if (!countingThread_)
        countingThread_ = std::make_unique<BatchWorker<EventBatch>>(
            kCountingBatchesInFlight, [this](const EventBatch& batch) { countBatch(batch); }, empty);
    streamingStoresDone(); // before the other thread may read the batch
    if (std::optional<EventBatch> reused = countingThread_->submit(std::move(batch_)))
        batch_ = std::move(*reused);
    else
        batch_ = newBatch();
}

// Counts what is left and waits for the counting thread to finish.
template <class BlockMap>
void BasicProfileBuilder<BlockMap>::finishCounting()
{
    if (batch_.size > 0)
        submitBatch(true);
    if (countingThread_) {
        const std::unique_ptr<BatchWorker<EventBatch>> worker = std::move(countingThread_);
        worker->finish();
    }
}

template <class BlockMap>
void BasicProfileBuilder<BlockMap>::growLocations(std::size_t count)
{
    if (count <= pendingLive_.size())
        return;
    if (indexing_ && count > (std::size_t{1} << WindowIndex::kOwnerBits)) [[unlikely]]
        stopIndexing();
    const std::size_t known = rowOf_.size();
    pendingLive_.resize(count);
    peakLive_.resize(count);
    isPending_.resize(count, 0);
    rowOf_.resize(count);
    for (std::size_t id = known; id < count; ++id)
        rowOf_[id] = static_cast<LocationId>(id);
    heldHistory_.growLocations(count);
}

// The blocks live now by owner: all, or those allocated in the window.
template <class BlockMap>
std::vector<HeldRow> BasicProfileBuilder<BlockMap>::liveRows(bool windowBlocksOnly, std::size_t locationCount) const
{
    std::vector<HeldRow> live(locationCount);
    blocks_.forEach([&](std::uint64_t addr, const LiveBlock& block) {
        if (windowBlocksOnly && !(block.location & kWindowBlock))
            return;
        HeldRow& row = live[ownerOf(block)];
        row.overflowed |= addSaturating(row.heldBytes, sizeOf(addr, block));
        row.blockCount += 1;
    });
    std::vector<HeldRow> rows;
    for (LocationId id = 0; id < live.size(); ++id) {
        if (live[id].blockCount > 0) {
            live[id].location = id;
            rows.push_back(live[id]);
        }
    }
    return rows;
}

// After the window's last event (counting side): its held bytes then.
template <class BlockMap>
void BasicProfileBuilder<BlockMap>::takeWindowEnd()
{
    windowBlocksAtWindowEnd_ = liveRows(true, rowOf_.size());
    heldAtWindowEnd_ = liveRows(false, rowOf_.size());
    windowEndTaken_ = true;
}

template <class BlockMap>
void BasicProfileBuilder<BlockMap>::lfunc(const LfuncSymbol& s)
{
    symbols_.addLfunc(s.addr, s.chunkname, s.linedefined);
    noteSymbolAdded();
    (inEventStream_ ? symbolEventCount_ : initialSymbolCount_)++;
}

template <class BlockMap>
void BasicProfileBuilder<BlockMap>::cfunc(const CfuncSymbol& s)
{
    symbols_.addCfunc(s.addr, s.name);
    noteSymbolAdded();
    (inEventStream_ ? symbolEventCount_ : initialSymbolCount_)++;
}

template <class BlockMap>
void BasicProfileBuilder<BlockMap>::trace(const TraceSymbol& s)
{
    symbols_.addTrace(s.traceno, s.addr, s.line);
    noteSymbolAdded();
    (inEventStream_ ? symbolEventCount_ : initialSymbolCount_)++;
}

template <class BlockMap>
void BasicProfileBuilder<BlockMap>::symtabEnd()
{
    inEventStream_ = true;
}

// A symbol that may rename a location met before: the recent look-ups
// are checked again (locateNew compares the names).
template <class BlockMap>
void BasicProfileBuilder<BlockMap>::noteSymbolAdded()
{
    if (symbols_.namingEpoch() != namingEpoch_) {
        namingEpoch_ = symbols_.namingEpoch();
        recentStale_ = true;
    }
}

template <class BlockMap>
LocationInfo BasicProfileBuilder<BlockMap>::describeKey(const LocationKey& key, SourceKind source, std::uint64_t line)
{
    LocationInfo info;
    info.source = key.addr == 0 && key.traceno == 0 ? SourceKind::Internal : source;
    info.addr = key.addr;
    info.line = key.line;
    info.traceno = key.traceno;
    symbols_.describe(info);
    if (info.source == SourceKind::Internal)
        info.line = line;
    return info;
}

template <class BlockMap>
LocationId BasicProfileBuilder<BlockMap>::addLocation(LocationInfo info)
{
    const auto id = static_cast<LocationId>(locations_.size());
    locations_.push_back(std::move(info));
    for (auto& perKind : kindStats_)
        perKind.emplace_back();
    ownerOf_.push_back(id);
    ownerCheckedAt_.push_back(namingEpoch_);
    return id;
}

template <class BlockMap>
typename BasicProfileBuilder<BlockMap>::Located
BasicProfileBuilder<BlockMap>::locateNew(const LocationKey& key, SourceKind source, std::uint64_t line)
{
    auto [it, inserted] = locationIds_.try_emplace(key, static_cast<LocationId>(locations_.size()));
    if (inserted) {
        addLocation(describeKey(key, source, line));
        return {it->second, it->second};
    }
    const LocationId row = it->second;
    if (ownerCheckedAt_[row] != namingEpoch_) {
        // The symbols changed since this row's owner was named: name the
        // identity again, and give a new name its own owner location.
        ownerCheckedAt_[row] = namingEpoch_;
        LocationInfo now = describeKey(key, source, line);
        if (now.name != locations_[ownerOf_[row]].name) {
            auto [owner, made] = ownerIds_.try_emplace(std::pair(row, now.name), row);
            if (made && now.name != locations_[row].name) {
                owner->second = addLocation(std::move(now));
                batch_.ownersMade.emplace_back(owner->second, row);
            }
            if (index_ && ownerOf_[row] != owner->second)
                index_->ownerChanges.push_back({talliedEventCount_ + 1, row, owner->second});
            ownerOf_[row] = owner->second;
        }
    }
    return {row, ownerOf_[row]};
}

template <class BlockMap>
void BasicProfileBuilder<BlockMap>::takePeak()
{
    for (LocationId id : pendingLocations_) {
        peakLive_[id].bytes += pendingLive_[id].bytes;
        peakLive_[id].blocks += pendingLive_[id].blocks;
        pendingLive_[id] = {};
        isPending_[id] = 0;
    }
    pendingLocations_.clear();
}

template <class BlockMap>
std::vector<LocationRow> BasicProfileBuilder<BlockMap>::collectRows(EventKind kind,
                                                                   const std::vector<KindStats>& perLocation)
{
    return locationRows(perLocation, [&](const auto& take) {
        if (kind == EventKind::Alloc)
            return;
        const int table = kind == EventKind::Realloc ? 0 : 1;
        if (indexing_) {
            const std::vector<OverrideTable::Sums> sums = segmentsOverrides(table);
            for (std::size_t pair = 0; pair < sums.size(); ++pair)
                take(pairKeys_[table][pair], sums[pair]);
        } else {
            overrides_[table].forEach(take);
        }
    });
}

template <class BlockMap>
void BasicProfileBuilder<BlockMap>::keepWindowIndex(WindowIndex* index, std::uint64_t totalBytes)
{
    if (!index)
        return;
    const std::uint64_t segmentEvents = index->segmentEvents;
    *index = {};
    index->segmentEvents = segmentEvents;
    if (!(window_ == RunRange{}) || totalBytes == 0)
        return;
    index_ = index;
    index_->totalBytes = totalBytes;
    const std::uint64_t mostEvents = totalBytes / 3 + 1;
    segmentEvents_ = segmentEvents > 0
                         ? segmentEvents
                         : std::max(WindowIndex::kMinSegmentEvents, mostEvents / WindowIndex::kMaxSegments + 1);
    indexing_ = true;
    ownerMask_ = (LocationId{1} << WindowIndex::kOwnerBits) - 1;
    countedSegments_.emplace_back();
    records_.startRun();
    liveAtCheckpoint_.push_back(0);
}

// The caller's side of a checkpoint: where the decoder resumes, the rows
// and sizes so far; the batch it ends carries the counting side's part.
template <class BlockMap>
void BasicProfileBuilder<BlockMap>::takeCheckpoint(std::uint64_t offset)
{
    const bool first = index_->checkpoints.empty();
    if (!first)
        closeSegmentRows();
    WindowIndex::Checkpoint checkpoint;
    checkpoint.eventCount = talliedEventCount_;
    checkpoint.offset = offset;
    checkpoint.sizeHistogram = sizeHistogram_;
    index_->checkpoints.push_back(checkpoint);
    lastCheckpointEvents_ = talliedEventCount_;
    if (index_->checkpoints.size() == WindowIndex::kMaxSegments)
        segmentEvents_ = ~std::uint64_t{0}; // the last segment runs to the end
    if (!first) {
        batch_.checkpointAfter = true;
        submitBatch();
    }
}

// What the segment ending now added to the rows (those it touched).
template <class BlockMap>
void BasicProfileBuilder<BlockMap>::closeSegmentRows()
{
    auto& rows = segmentRows_.emplace_back();
    for (int kind = 0; kind < 3; ++kind) {
        const std::vector<KindStats>& now = kindStats_[kind];
        std::vector<KindStats>& before = statsAtCheckpoint_[kind];
        before.resize(now.size());
        for (LocationId id = 0; id < now.size(); ++id) {
            if (now[id].eventCount == before[id].eventCount)
                continue;
            rows[kind].push_back({id, now[id].eventCount - before[id].eventCount,
                                  now[id].allocatedBytes - before[id].allocatedBytes,
                                  now[id].freedBytes - before[id].freedBytes});
            before[id] = now[id];
        }
    }
}

// The counting side of a checkpoint, after the events before it.
template <class BlockMap>
void BasicProfileBuilder<BlockMap>::checkpointCounting()
{
    if (!indexing_)
        return;
    closeSegmentCounting();
    ++segment_;
    segmentTag_ = segment_ << WindowIndex::kOwnerBits;
    countedSegments_.emplace_back().firstRecord = records_.size();
    records_.startRun();
    liveAtCheckpoint_.push_back(liveBytes_);
}

// The segment's peak, and what it added to the Overrides (the pairs whose
// sums changed since the last checkpoint).
template <class BlockMap>
void BasicProfileBuilder<BlockMap>::closeSegmentCounting()
{
    WindowIndex::Segment& segment = countedSegments_.back();
    segment.peakLiveBytes = segmentPeakBytes_;
    segment.peakEventIndex = segmentPeakIndex_;
    segmentPeakBytes_ = 0;
    segmentPeakIndex_ = 0;
    handOverSegmentOverrides();
}

// The blocks live at the end become the index's last records, in address
// order (their order is free, and sorted their addresses pack as short
// distances: a byte or two where the map's slot order costs 5-6), and the
// block map gives its memory back as they are packed: at the end of a
// large dump the two are the load's largest structures, and held together
// they made its peak.
template <class BlockMap>
void BasicProfileBuilder<BlockMap>::recordLiveAtEnd()
{
    firstRecordLiveAtEnd_ = records_.size();
    records_.startRun();
    blocks_.drainSorted([&](std::uint64_t addr, const LiveBlock& block) {
        records_.push(
            {addr, sizeOf(addr, block), ownerOf(block), (block.location & ~kWindowBlock) >> WindowIndex::kOwnerBits});
    });
    oversizeBlocks_ = {};
}

// The segment's Override tables go to the packer thread; the next segment
// counts into new ones.
template <class BlockMap>
void BasicProfileBuilder<BlockMap>::handOverSegmentOverrides()
{
    if (!packer_) {
        packer_ = std::make_unique<Packer>();
        packer_->thread = std::thread([this, p = packer_.get()] {
            while (std::optional<std::array<OverrideTable, 2>> tables = p->tables.pop()) {
                if (packFailed_)
                    continue;
                try {
                    packSegmentOverrides(*tables);
                } catch (...) { // out of memory: no index
                    packFailed_ = true;
                }
            }
        });
    }
    std::array<OverrideTable, 2> tables{std::move(overrides_[0]), std::move(overrides_[1])};
    overrides_[0] = OverrideTable();
    overrides_[1] = OverrideTable();
    packer_->tables.push(std::move(tables));
}

// The Overrides counted since the last checkpoint become the segment's, and
// the tables start the next segment empty: work in proportion to the pairs
// the segment touched, not to all pairs. A pair's number is looked up with
// the slots fetched a few pairs ahead, as OverrideTable does.
template <class BlockMap>
void BasicProfileBuilder<BlockMap>::packSegmentOverrides(std::array<OverrideTable, 2>& tables)
{
    constexpr std::size_t kAhead = 8;
    auto& packed = packedOverrides_.emplace_back();
    for (int table = 0; table < 2; ++table) {
        std::vector<std::pair<std::uint64_t, OverrideTable::Sums>> touched;
        tables[table].forEach(
            [&](std::uint64_t key, const OverrideTable::Sums& sums) { touched.emplace_back(key, sums); });
        FlatU64Map<std::uint32_t>& numbers = pairNumbers_[table];
        for (std::size_t i = 0; i < touched.size(); ++i) {
            if (i + kAhead < touched.size())
                numbers.prefetch(touched[i + kAhead].first);
            const auto next = static_cast<std::uint32_t>(pairKeys_[table].size());
            const auto [number, made] = numbers.tryEmplace(touched[i].first, next);
            if (made)
                pairKeys_[table].push_back(touched[i].first);
            touched[i].first = *number; // the key is done with
        }
        // In pair order, as PackedOverrides::add wants them.
        std::sort(touched.begin(), touched.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        for (const auto& [number, sums] : touched)
            packed[table].add(static_cast<std::uint32_t>(number), sums);
        packed[table].shrink();
        tables[table] = OverrideTable(); // freed here, not on the counting thread
    }
}

// The run's Overrides of one table so far, by pair number: the segments'.
template <class BlockMap>
std::vector<OverrideTable::Sums> BasicProfileBuilder<BlockMap>::segmentsOverrides(int table) const
{
    std::vector<OverrideTable::Sums> sums(pairKeys_[table].size());
    for (const auto& segment : packedOverrides_)
        segment[table].forEach([&](std::uint32_t pair, const OverrideTable::Sums& s) { sums[pair].add(s); });
    return sums;
}

// More locations than the blocks' location bits hold beside a segment: no
// index, and the blocks' segments are cleared.
template <class BlockMap>
void BasicProfileBuilder<BlockMap>::stopIndexing()
{
    indexing_ = false;
    const LocationId segmentBits = ~kWindowBlock & ~((LocationId{1} << WindowIndex::kOwnerBits) - 1);
    std::vector<std::uint64_t> tagged;
    blocks_.forEach([&](std::uint64_t addr, const LiveBlock& block) {
        if (block.location & segmentBits)
            tagged.push_back(addr);
    });
    for (std::uint64_t addr : tagged)
        blocks_.find(addr)->location &= ~segmentBits;
    ownerMask_ = ~kWindowBlock;
    segmentTag_ = 0;
    records_ = {};
    joinPacker();
    // The closed segments' Overrides back into the tables.
    for (int table = 0; table < 2; ++table) {
        const std::vector<OverrideTable::Sums> sums = segmentsOverrides(table);
        for (std::size_t pair = 0; pair < sums.size(); ++pair)
            overrides_[table].addSums(pairKeys_[table][pair], sums[pair]);
        pairKeys_[table] = {};
        pairNumbers_[table] = {};
    }
    countedSegments_ = {};
    packedOverrides_ = {};
}

// Completes the index after the last event; a load it cannot serve (cut
// short by Cancel, sums that saturated, too many locations) leaves it
// unusable and empty.
template <class BlockMap>
void BasicProfileBuilder<BlockMap>::finishIndex(const DecodeStatus& status, const Profile& profile)
{
    if (!index_)
        return;
    WindowIndex& index = *index_;
    bool usable = indexing_ && !packFailed_ && !index.checkpoints.empty() && status.end != DecodeEnd::Cancelled &&
                  window_ == RunRange{};
    // A segment's figures are differences of the run's sums, exact only when
    // none overflowed. Every byte figure of a window (its rows, the live and
    // peak bytes) is at most the run's allocated bytes: while that sum is
    // exact, a recount needs no overflow flags; nor while no Override sum
    // overflowed.
    usable &= !totals_.allocated().overflowed;
    for (const auto* rows : {&profile.reallocations, &profile.frees})
        for (const LocationRow& row : *rows)
            for (const OverrideStats& o : row.overrides)
                usable &= o.overflowed == 0;
    if (!usable) {
        const std::uint64_t segmentEvents = index.segmentEvents;
        const std::uint64_t totalBytes = index.totalBytes;
        index = {};
        index.segmentEvents = segmentEvents;
        index.totalBytes = totalBytes;
        return;
    }
    closeSegmentRows();
    index.segments = std::move(countedSegments_);
    for (std::size_t s = 0; s < index.segments.size(); ++s)
        index.segments[s].overrides = std::move(packedOverrides_[s]);
    for (int table = 0; table < 2; ++table)
        index.pairKeys[table] = std::move(pairKeys_[table]);
    for (std::size_t s = 0; s < index.segments.size(); ++s) {
        index.segments[s].rows = std::move(segmentRows_[s]);
        index.checkpoints[s].liveBytes = liveAtCheckpoint_[s];
    }
    index.firstRecordLiveAtEnd = firstRecordLiveAtEnd_;
    index.records = std::move(records_);
    for (WindowIndex::Segment& segment : index.segments)
        for (auto& rows : segment.rows)
            rows.shrink_to_fit();
    index.rowOfKey = locationIds_;
    growLocations(locations_.size());
    index.rowOfOwner = rowOf_;
    index.eventCount = talliedEventCount_;
    index.eventsVersion = status.eventsVersion;
    index.usable = true;
}

template <class BlockMap>
Profile BasicProfileBuilder<BlockMap>::finish(const DecodeStatus& status)
{
    finishCounting();
    joinSnapshots();
    if (indexing_) {
        closeSegmentCounting(); // the last segment's Overrides join the run's
        joinPacker();
    }
    totals_.initialSymbolCount = initialSymbolCount_;
    totals_.symbolEventCount = symbolEventCount_;
    Profile profile;
    profile.status = status;
    fillHeld(profile, locations_.size(), true);
    totals_.liveBlockCount = blocks_.size();
    // The block map is done with once read (a window index records the
    // blocks live at the end), and so is each Overrides table without an
    // index: their memory goes back before the rows are made, so the rows
    // do not add to the load's peak.
    if (indexing_)
        recordLiveAtEnd();
    else
        blocks_ = BlockMap();
    profile.allocations = collectRows(EventKind::Alloc, kindStats_[0]);
    profile.reallocations = collectRows(EventKind::Realloc, kindStats_[1]);
    if (!indexing_)
        overrides_[0] = OverrideTable();
    profile.frees = collectRows(EventKind::Free, kindStats_[2]);
    if (!indexing_)
        overrides_[1] = OverrideTable();
    sumRowsIntoTotals(profile, totals_);
    if (clampedSum(liveBytes_).overflowed)
        totals_.overflowed |= kLiveOverflowed;
    finishIndex(status, profile);
    profile.totals = totals_;
    profile.timeline = std::move(timeline_);
    heldHistory_.finish();
    profile.heldHistory = std::move(heldHistory_);
    profile.window = window_;
    profile.sizeHistogram = sizeHistogram_;
    profile.locations = std::move(locations_);
    profile.heapSummary = heapSummaryOf(profile);
    profile.functions = symbols_.takeFunctions();
    profile.aliases = symbols_.takeAliases();
    return profile;
}

// The held figures from the block map and the peak, for `locationCount`
// locations; `spend` (finish) moves the window end's rows out.
template <class BlockMap>
void BasicProfileBuilder<BlockMap>::fillHeld(Profile& profile, std::size_t locationCount, bool spend)
{
    // The accurate figure: what the block map still holds (of the window).
    profile.heldAtEnd = liveRows(true, locationCount);
    if (windowEndTaken_) {
        profile.windowBlocksAtWindowEnd = spend ? std::move(windowBlocksAtWindowEnd_) : windowBlocksAtWindowEnd_;
        profile.heldAtWindowEnd = spend ? std::move(heldAtWindowEnd_) : heldAtWindowEnd_;
    } else { // the window reaches the end
        profile.windowBlocksAtWindowEnd = profile.heldAtEnd;
        profile.heldAtWindowEnd = countedWindow_.first <= 1 ? profile.heldAtEnd : liveRows(false, locationCount);
    }
    for (LocationId id = 0; id < peakLive_.size(); ++id)
        if (peakLive_[id].blocks > 0)
            profile.heldAtPeak.push_back(
                heldRowOf(id, peakLive_[id].bytes, static_cast<std::uint64_t>(peakLive_[id].blocks)));
}

// The caller's side of a snapshot: a copy of what it counts, carried by the
// batch that ends here to the counting side, which adds its own.
template <class BlockMap>
void BasicProfileBuilder<BlockMap>::takeSnapshot(std::uint64_t offset)
{
    if (talliedEventCount_ == 0)
        return; // the first snapshot has events to show
    snapshotWanted_ = false;
    auto caller = std::make_shared<CallerSnapshot>();
    caller->status.end = DecodeEnd::Reading;
    caller->status.bytesConsumed = offset;
    caller->status.totalBytes = snapshotTotalBytes_;
    caller->status.symtabVersion = symtabVersion_;
    caller->status.eventsVersion = eventsVersion_;
    for (int kind = 0; kind < 3; ++kind)
        caller->kindStats[kind] = kindStats_[kind];
    caller->sizeHistogram = sizeHistogram_;
    caller->locations = locations_;
    caller->functions = symbols_.functions();
    caller->aliases = symbols_.aliases();
    caller->initialSymbolCount = initialSymbolCount_;
    caller->symbolEventCount = symbolEventCount_;
    batch_.snapshotAfter = std::move(caller);
    submitBatch();
}

// The counting side of a snapshot, after the events before it: copies of
// what finish() takes of it; the snapshot thread makes the profile.
template <class BlockMap>
void BasicProfileBuilder<BlockMap>::deliverSnapshot(const std::shared_ptr<CallerSnapshot>& caller)
{
    const auto start = std::chrono::steady_clock::now();
    CountedSnapshot counted;
    counted.caller = caller;
    for (int table = 0; table < 2; ++table)
        overrides_[table].forEach([&](std::uint64_t key, const OverrideTable::Sums& sums) {
            counted.overrides[table].emplace_back(key, sums);
        });
    Profile& profile = counted.profile;
    fillHeld(profile, caller->locations.size(), false);
    counted.totals = totals_;
    counted.totals.liveBlockCount = blocks_.size();
    if (clampedSum(liveBytes_).overflowed)
        counted.totals.overflowed |= kLiveOverflowed;
    profile.timeline = timeline_;
    profile.heldHistory = heldHistory_;
    profile.heldHistory.finish();
    profile.window = countedWindow_;
    counted.countingCost = std::chrono::steady_clock::now() - start;
    if (!snapshotThread_) {
        snapshotThread_ = std::make_unique<SnapshotThread>();
        snapshotThread_->thread = std::thread([this, t = snapshotThread_.get()] {
            while (std::optional<CountedSnapshot> next = t->snapshots.pop())
                assembleSnapshot(*next);
        });
    }
    snapshotThread_->snapshots.push(std::move(counted));
}

// The rest of finish() for a snapshot, on the snapshot thread: the rows,
// the totals they sum to, the summary.
template <class BlockMap>
void BasicProfileBuilder<BlockMap>::assembleSnapshot(CountedSnapshot& counted)
{
    const auto start = std::chrono::steady_clock::now();
    CallerSnapshot& caller = *counted.caller;
    Profile& profile = counted.profile;
    profile.status = std::move(caller.status);
    const auto rows = [&](int kind) {
        return locationRows(caller.kindStats[kind], [&](const auto& take) {
            if (kind > 0)
                for (const auto& [key, sums] : counted.overrides[kind - 1])
                    take(key, sums);
        });
    };
    profile.allocations = rows(0);
    profile.reallocations = rows(1);
    profile.frees = rows(2);
    counted.totals.initialSymbolCount = caller.initialSymbolCount;
    counted.totals.symbolEventCount = caller.symbolEventCount;
    sumRowsIntoTotals(profile, counted.totals);
    profile.totals = counted.totals;
    profile.sizeHistogram = caller.sizeHistogram;
    profile.locations = std::move(caller.locations);
    profile.heapSummary = heapSummaryOf(profile);
    profile.functions = std::move(caller.functions);
    profile.aliases = std::move(caller.aliases);
    const std::chrono::nanoseconds cost = counted.countingCost + (std::chrono::steady_clock::now() - start);
    snapshotCost_.store(cost.count());
    snapshotSink_(std::move(profile));
}

} // namespace memprof
