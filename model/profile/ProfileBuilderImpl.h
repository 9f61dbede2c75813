// SPDX-License-Identifier: GPL-3.0-or-later
// The members of BasicProfileBuilder that ProfileBuilder.h does not define
// inline, for the files that instantiate the builder with a block map:
// ProfileBuilder.cpp (LiveBlockMap, the product's) and the benchmark's
// bench/BlockMapAdapters.cpp (absl and std maps).
#pragma once

#include "model/profile/ProfileBuilder.h"

#include <map>

namespace memprof {

// The second thread of Counting::OnThread: full batches go to it, and come
// back emptied for reuse (a batch's vector is a large allocation). At most
// kInFlight batches wait, so the decoder runs at most that far ahead.
template <class BlockMap>
struct BasicProfileBuilder<BlockMap>::CountingThread {
    static constexpr std::size_t kInFlight = 8;
    BatchQueue<EventBatch> full{kInFlight};
    // Never full: fewer batches than this exist (kInFlight waiting, one
    // counted, one filled).
    BatchQueue<EventBatch> emptied{kInFlight + 4};
    std::exception_ptr error; // what counting threw; finish() rethrows it
    std::thread thread;
};

template <class BlockMap>
BasicProfileBuilder<BlockMap>::BasicProfileBuilder(Counting counting)
    : counting_(counting)
    , batchCapacity_(counting == Counting::OnThread ? kThreadBatchEvents : kInlineBatchEvents)
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
    if (countingThread_) {
        countingThread_->full.close();
        countingThread_->thread.join();
    }
}

// Counts the batch being filled, or hands it to the counting thread (started
// on the first one). A last batch with no thread yet (a small dump) is
// counted here: it is not worth a thread.
template <class BlockMap>
void BasicProfileBuilder<BlockMap>::submitBatch(bool last)
{
    batch_.locationCount = locations_.size();
    if (counting_ == Counting::Inline || (last && !countingThread_)) {
        countBatch(batch_);
        batch_.size = 0;
        batch_.ownersMade.clear();
        return;
    }
    if (!countingThread_) {
        countingThread_ = std::make_unique<CountingThread>();
        countingThread_->thread = std::thread([this, t = countingThread_.get()] {
            while (std::optional<EventBatch> batch = t->full.pop()) {
                if (!t->error) {
                    try {
                        countBatch(*batch);
                    } catch (...) {
                        t->error = std::current_exception();
                    }
                }
                batch->size = 0;
                batch->ownersMade.clear();
                t->emptied.push(std::move(*batch));
            }
        });
    }
    streamingStoresDone(); // before the other thread may read the batch
    countingThread_->full.push(std::move(batch_));
    if (std::optional<EventBatch> reused = countingThread_->emptied.tryPop())
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
        countingThread_->full.close();
        countingThread_->thread.join();
        std::exception_ptr error = countingThread_->error;
        countingThread_.reset();
        if (error)
            std::rethrow_exception(error);
    }
}

template <class BlockMap>
void BasicProfileBuilder<BlockMap>::growLocations(std::size_t count)
{
    if (count <= pendingLive_.size())
        return;
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
std::vector<HeldRow> BasicProfileBuilder<BlockMap>::liveRows(bool windowBlocksOnly) const
{
    std::vector<HeldRow> live(locations_.size());
    blocks_.forEach([&](std::uint64_t addr, const LiveBlock& block) {
        if (windowBlocksOnly && !(block.location & kWindowBlock))
            return;
        HeldRow& row = live[ownerOf(block)];
        row.heldBytes = saturatingSum(row.heldBytes, sizeOf(addr, block));
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
    windowBlocksAtWindowEnd_ = liveRows(true);
    heldAtWindowEnd_ = liveRows(false);
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
std::vector<LocationRow> BasicProfileBuilder<BlockMap>::collectRows(EventKind kind)
{
    std::vector<LocationRow> rows;
    const auto& perLocation = kindStats_[static_cast<int>(kind)];
    std::vector<std::int32_t> rowOf(perLocation.size(), -1);
    for (LocationId id = 0; id < perLocation.size(); ++id) {
        const KindStats& s = perLocation[id];
        if (s.eventCount == 0)
            continue;
        rowOf[id] = static_cast<std::int32_t>(rows.size());
        rows.push_back({id, s.eventCount, s.allocatedBytes, s.freedBytes, {}});
    }
    if (kind != EventKind::Alloc) {
        overrides_[kind == EventKind::Realloc ? 0 : 1].forEach([&](std::uint64_t key, const OverrideTable::Sums& sums) {
            rows[static_cast<std::size_t>(rowOf[OverrideTable::rowOf(key)])].overrides.push_back(
                {OverrideTable::primaryOf(key), sums.allocatedBytes, sums.freedBytes, sums.blockCount});
        });
    }
    for (auto& row : rows)
        std::sort(row.overrides.begin(), row.overrides.end(),
                  [](const OverrideStats& a, const OverrideStats& b) { return a.location < b.location; });
    return rows;
}

template <class BlockMap>
Profile BasicProfileBuilder<BlockMap>::finish(const DecodeStatus& status)
{
    finishCounting();
    totals_.initialSymbolCount = initialSymbolCount_;
    totals_.symbolEventCount = symbolEventCount_;
    Profile profile;
    profile.status = status;
    profile.allocations = collectRows(EventKind::Alloc);
    profile.reallocations = collectRows(EventKind::Realloc);
    profile.frees = collectRows(EventKind::Free);
    // The counts by kind and the freed bytes are the rows' sums (saturated,
    // as a running sum would be).
    auto sum = [](const std::vector<LocationRow>& rows, std::uint64_t LocationRow::*member) {
        std::uint64_t total = 0;
        for (const auto& row : rows)
            total = saturatingSum(total, row.*member);
        return total;
    };
    totals_.allocCount = sum(profile.allocations, &LocationRow::eventCount);
    totals_.reallocCount = sum(profile.reallocations, &LocationRow::eventCount);
    totals_.freeCount = sum(profile.frees, &LocationRow::eventCount);
    totals_.allocatedBytes = saturatingSum(sum(profile.allocations, &LocationRow::allocatedBytes),
                                           sum(profile.reallocations, &LocationRow::allocatedBytes));
    totals_.freedBytes =
        saturatingSum(sum(profile.reallocations, &LocationRow::freedBytes), sum(profile.frees, &LocationRow::freedBytes));

    // The reference's HEAP SUMMARY, keyed by location name
    // (docs/FORMAT.md#aggregation), summed in 128 bits. A saturated input
    // makes the row unknown: it is marked at the end it adds to
    // (SaturatingMath.h).
    struct Difference {
        HeapSummaryRow row;
        Int128 summaryBytes = 0;
        bool saturatedHigh = false;
        bool saturatedLow = false;
    };
    std::map<std::string, Difference> byName;
    auto entryFor = [&](LocationId id) -> Difference& {
        auto& entry = byName[locations_[id].name];
        entry.row.name = locations_[id].name;
        return entry;
    };
    for (const auto& row : profile.allocations) {
        if (row.allocatedBytes > 0) {
            auto& diff = entryFor(row.location);
            diff.summaryBytes += row.allocatedBytes;
            diff.saturatedHigh |= row.allocatedBytes == kSaturatedBytes;
            diff.row.allocCount += row.eventCount;
        }
    }
    for (const auto* rows : {&profile.reallocations, &profile.frees}) {
        for (const auto& row : *rows) {
            for (const auto& o : row.overrides) {
                auto& diff = entryFor(o.location);
                if (o.allocatedBytes > 0) {
                    diff.summaryBytes += o.allocatedBytes;
                    diff.saturatedHigh |= o.allocatedBytes == kSaturatedBytes;
                    diff.row.allocCount += o.blockCount;
                }
                if (o.freedBytes > 0) {
                    diff.summaryBytes -= o.freedBytes;
                    diff.saturatedLow |= o.freedBytes == kSaturatedBytes;
                    diff.row.freeCount += o.blockCount;
                }
            }
        }
    }
    profile.heapSummary.reserve(byName.size());
    for (auto& [name, diff] : byName) {
        diff.row.summaryBytes = diff.saturatedHigh != diff.saturatedLow
                                 ? (diff.saturatedHigh ? kSaturatedHigh : kSaturatedLow)
                                 : saturatedSigned(diff.summaryBytes);
        profile.heapSummary.push_back(std::move(diff.row));
    }

    // The accurate figure: what the block map still holds (of the window).
    profile.heldAtEnd = liveRows(true);
    if (windowEndTaken_) {
        profile.windowBlocksAtWindowEnd = std::move(windowBlocksAtWindowEnd_);
        profile.heldAtWindowEnd = std::move(heldAtWindowEnd_);
    } else { // the window reaches the end
        profile.windowBlocksAtWindowEnd = profile.heldAtEnd;
        profile.heldAtWindowEnd = window_.first <= 1 ? profile.heldAtEnd : liveRows(false);
    }
    for (LocationId id = 0; id < peakLive_.size(); ++id)
        if (peakLive_[id].blocks > 0)
            profile.heldAtPeak.push_back({id, saturatedUnsigned(peakLive_[id].bytes),
                                          static_cast<std::uint64_t>(peakLive_[id].blocks)});
    totals_.liveBlockCount = blocks_.size();
    profile.totals = totals_;
    profile.timeline = std::move(timeline_);
    heldHistory_.finish();
    profile.heldHistory = std::move(heldHistory_);
    profile.window = window_;
    profile.sizeHistogram = sizeHistogram_;
    profile.locations = std::move(locations_);
    profile.functions = symbols_.takeFunctions();
    profile.aliases = symbols_.takeAliases();
    return profile;
}

} // namespace memprof
