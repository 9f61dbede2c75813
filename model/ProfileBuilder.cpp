// SPDX-License-Identifier: GPL-3.0-or-later
#include "ProfileBuilder.h"

#include <map>

namespace memprof {

template <class BlockMap>
BasicProfileBuilder<BlockMap>::BasicProfileBuilder() = default;

template <class BlockMap>
void BasicProfileBuilder<BlockMap>::lfunc(const LfuncSymbol& s)
{
    drainQueue();
    symbols_.addLfunc(s.addr, s.chunkname, s.linedefined);
    (inEventStream_ ? totals_.symbolEventCount : totals_.initialSymbolCount)++;
}

template <class BlockMap>
void BasicProfileBuilder<BlockMap>::cfunc(const CfuncSymbol& s)
{
    drainQueue();
    symbols_.addCfunc(s.addr, s.name);
    (inEventStream_ ? totals_.symbolEventCount : totals_.initialSymbolCount)++;
}

template <class BlockMap>
void BasicProfileBuilder<BlockMap>::trace(const TraceSymbol& s)
{
    drainQueue();
    symbols_.addTrace(s.traceno, s.addr, s.line);
    (inEventStream_ ? totals_.symbolEventCount : totals_.initialSymbolCount)++;
}

template <class BlockMap>
void BasicProfileBuilder<BlockMap>::symtabEnd()
{
    inEventStream_ = true;
}

template <class BlockMap>
LocationId BasicProfileBuilder<BlockMap>::locateNew(const LocationKey& key, SourceKind source, std::uint64_t line)
{
    auto [it, inserted] = locationIds_.try_emplace(key, static_cast<LocationId>(locations_.size()));
    if (inserted) {
        LocationInfo info;
        info.source = key.addr == 0 && key.traceno == 0 ? SourceKind::Internal : source;
        info.addr = key.addr;
        info.line = key.line;
        info.traceno = key.traceno;
        symbols_.describe(info);
        if (info.source == SourceKind::Internal)
            info.line = line;
        locations_.push_back(std::move(info));
        for (auto& perKind : kindStats_)
            perKind.emplace_back();
        pendingLive_.emplace_back();
        peakLive_.emplace_back();
        isPending_.push_back(0);
    }
    return it->second;
}

template <class BlockMap>
void BasicProfileBuilder<BlockMap>::takePeak()
{
    for (LocationId id : pendingLocations_) {
        peakLive_[id].bytes = detail::wrappingAdd(peakLive_[id].bytes, static_cast<std::uint64_t>(pendingLive_[id].bytes));
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
                {OverrideTable::primaryOf(key), sums.allocatedBytes, sums.freedBytes, sums.count});
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
    drainQueue();
    Profile profile;
    profile.status = status;
    profile.allocations = collectRows(EventKind::Alloc);
    profile.reallocations = collectRows(EventKind::Realloc);
    profile.frees = collectRows(EventKind::Free);

    // The reference's heap difference, keyed by location name (process.lua).
    std::map<std::string, HeapDifferenceRow> byName;
    auto entryFor = [&](LocationId id) -> HeapDifferenceRow& {
        auto& row = byName[locations_[id].name];
        row.name = locations_[id].name;
        return row;
    };
    for (const auto& row : profile.allocations) {
        if (row.allocatedBytes > 0) {
            auto& diff = entryFor(row.location);
            diff.heldBytes = detail::wrappingAdd(diff.heldBytes, row.allocatedBytes);
            diff.allocCount += row.eventCount;
        }
    }
    for (const auto* rows : {&profile.reallocations, &profile.frees}) {
        for (const auto& row : *rows) {
            for (const auto& o : row.overrides) {
                auto& diff = entryFor(o.location);
                if (o.allocatedBytes > 0) {
                    diff.heldBytes = detail::wrappingAdd(diff.heldBytes, o.allocatedBytes);
                    diff.allocCount += o.count;
                }
                if (o.freedBytes > 0) {
                    diff.heldBytes = detail::wrappingAdd(diff.heldBytes, 0 - o.freedBytes);
                    diff.freeCount += o.count;
                }
            }
        }
    }
    profile.heapDifference.reserve(byName.size());
    for (auto& [name, row] : byName)
        profile.heapDifference.push_back(std::move(row));

    // The accurate figure: what the block map still holds.
    std::vector<LiveRow> live(locations_.size());
    blocks_.forEach([&live](std::uint64_t, const LiveBlock& block) {
        live[block.location].heldBytes += block.size;
        live[block.location].blockCount += 1;
    });
    for (LocationId id = 0; id < live.size(); ++id) {
        if (live[id].blockCount > 0) {
            live[id].location = id;
            profile.liveAtEnd.push_back(live[id]);
        }
    }
    for (LocationId id = 0; id < peakLive_.size(); ++id)
        if (peakLive_[id].blocks > 0)
            profile.liveAtPeak.push_back({id, static_cast<std::uint64_t>(peakLive_[id].bytes),
                                          static_cast<std::uint64_t>(peakLive_[id].blocks)});
    totals_.liveBlockCount = blocks_.size();
    profile.totals = totals_;
    profile.timeline = std::move(timeline_);
    profile.sizeHistogram = sizeHistogram_;
    profile.locations = std::move(locations_);
    profile.functions = symbols_.takeFunctions();
    profile.aliases = symbols_.takeAliases();
    return profile;
}

template class BasicProfileBuilder<LiveBlockMap>;
template class BasicProfileBuilder<AbslBlockMap>;
template class BasicProfileBuilder<StdBlockMap>;

} // namespace memprof
