// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/merge/MemprofMerge.h"
#include "model/merge/MergedStatus.h"

#include "model/merge/MatchName.h"
#include "model/support/SaturatingMath.h"

#include <algorithm>
#include <limits>
#include <unordered_map>

namespace memprof {

namespace {

constexpr std::int32_t kNone = -1;

std::size_t kindIndex(EventKind kind)
{
    return static_cast<std::size_t>(kind);
}

// sum += addend, marking `bit` in `flags` when either had passed 2^64-1 or
// the sum does.
void addBytes(std::uint64_t& sum, std::uint64_t addend, bool addendOverflowed, std::uint8_t& flags, std::uint8_t bit)
{
    if (addSaturating(sum, addend) || addendOverflowed)
        flags |= bit;
}

void addCount(std::uint64_t& sum, std::uint64_t addend)
{
    addSaturating(sum, addend);
}

// The share of `instance` in a row's shares: the last one when this dump
// added to the row already (dumps are added one after another).
template <class Share>
Share& shareOf(std::vector<Share>& shares, InstanceId instance)
{
    if (shares.empty() || shares.back().instance != instance) {
        shares.emplace_back();
        shares.back().instance = instance;
    }
    return shares.back();
}

template <class Share>
std::vector<Share>& sharesAt(std::vector<std::vector<Share>>& byLocation, LocationId location)
{
    if (byLocation.size() <= location)
        byLocation.resize(location + 1);
    return byLocation[location];
}

std::int32_t& indexAt(std::vector<std::int32_t>& byLocation, LocationId location)
{
    if (byLocation.size() <= location)
        byLocation.resize(location + 1, kNone);
    return byLocation[location];
}

template <class Share>
const std::vector<Share>& sharesOrNone(const std::vector<std::vector<Share>>& byLocation, LocationId location)
{
    static const std::vector<Share> none;
    return location < byLocation.size() ? byLocation[location] : none;
}

} // namespace

const std::vector<RowShare>& MemprofBreakdown::rows(EventKind kind, LocationId location) const
{
    return sharesOrNone(rowShares[kindIndex(kind)], location);
}

const std::vector<HeldShare>& MemprofBreakdown::heldAtEnd(LocationId location) const
{
    return sharesOrNone(heldAtEndShares, location);
}

const std::vector<HeapSummaryShare>& MemprofBreakdown::heapSummary(std::size_t row) const
{
    static const std::vector<HeapSummaryShare> none;
    return row < heapSummaryShares.size() ? heapSummaryShares[row] : none;
}

const HeapTimeline& MemprofBreakdown::timeline(InstanceId instance) const
{
    static const HeapTimeline none;
    return instance < timelines.size() ? timelines[instance] : none;
}

// A dump's locations as the merged ones of their names, made when first
// asked for: a dump knows many identities its rows never use.
class MemprofMerge::LocationMap {
public:
    LocationMap(MemprofMerge& merge, const Profile& dump, const AliasRenames& renames,
                const std::vector<std::int32_t>& functions)
        : merge_(merge),
          dump_(dump),
          renames_(renames),
          functions_(functions),
          merged_(dump.locations.size(), kUnmapped)
    {}

    LocationId operator[](LocationId id)
    {
        LocationId& merged = merged_[id];
        if (merged == kUnmapped)
            merged = mergedOf(dump_.locations[id]);
        return merged;
    }

private:
    static constexpr LocationId kUnmapped = std::numeric_limits<LocationId>::max();

    LocationId mergedOf(const LocationInfo& info)
    {
        std::string name = withoutLoadAddress(AliasRenumbering::renamed(info.name, renames_));
        const auto found = merge_.locationByName_.find(name);
        if (found != merge_.locationByName_.end())
            return found->second;
        std::vector<LocationInfo>& locations = merge_.merged_.locations;
        const auto id = static_cast<LocationId>(locations.size());
        LocationInfo merged = info;
        merged.name = name;
        merged.function =
            info.function == kNoFunction ? kNoFunction : functions_[static_cast<std::size_t>(info.function)];
        locations.push_back(std::move(merged));
        merge_.locationByName_.emplace(std::move(name), id);
        return id;
    }

    MemprofMerge& merge_;
    const Profile& dump_;
    const AliasRenames& renames_;
    const std::vector<std::int32_t>& functions_;
    std::vector<LocationId> merged_;
};

MemprofMerge::MemprofMerge(std::vector<std::string> instanceNames)
{
    for (std::string& name : instanceNames)
        breakdown_.instances.push_back({std::move(name), {}, {}, false});
    breakdown_.timelines.resize(breakdown_.instances.size());
    // Nothing merged yet: a merge of no dump that could be read fails.
    merged_.status.end = DecodeEnd::Failed;
}

void MemprofMerge::add(InstanceId instance, const Profile& dump)
{
    MergedInstance& entry = breakdown_.instances.at(instance);
    entry.status = dump.status;
    entry.totals = dump.totals;
    if (!foldDumpStatus(merged_.status, mergedCount_, dump.status))
        return;
    entry.merged = true;
    breakdown_.timelines[instance] = dump.timeline;

    const AliasRenames renames = addAliases(dump);
    const std::vector<std::int32_t> functions = addFunctions(dump);
    LocationMap locations(*this, dump, renames, functions);
    for (const EventKind kind : {EventKind::Alloc, EventKind::Realloc, EventKind::Free})
        addRows(instance, dump, kind, locations);
    addHeld(instance, dump.heldAtEnd, 0, locations);
    addHeld(instance, dump.windowBlocksAtWindowEnd, 1, locations);
    addHeld(instance, dump.heldAtWindowEnd, 2, locations);
    addHeld(instance, dump.heldAtPeak, 3, locations);
    addHeapSummary(instance, dump, renames);
    addTotals(dump);
    merged_.aliases = aliases_.aliases();
    for (std::size_t bucket = 0; bucket < SizeHistogram::kBucketCount; ++bucket) {
        addCount(merged_.sizeHistogram.allocCount[bucket], dump.sizeHistogram.allocCount[bucket]);
        addCount(merged_.sizeHistogram.allocatedBytes[bucket], dump.sizeHistogram.allocatedBytes[bucket]);
    }
}

AliasRenames MemprofMerge::addAliases(const Profile& dump)
{
    AliasRenames renames;
    for (const Alias& alias : dump.aliases) {
        const std::size_t index = aliases_.aliasOf(alias.source);
        renames.emplace(alias.name, aliases_.aliases()[index].name);
    }
    return renames;
}

std::vector<std::int32_t> MemprofMerge::addFunctions(const Profile& dump)
{
    std::vector<std::int32_t> functions;
    functions.reserve(dump.functions.size());
    for (const FunctionInfo& function : dump.functions) {
        const auto [it, added] = functionByChunk_.try_emplace(
            std::pair<std::string, std::uint64_t>(function.chunkname, function.linedefined),
            static_cast<std::int32_t>(merged_.functions.size()));
        if (added) {
            FunctionInfo merged = function;
            if (function.aliasIndex >= 0)
                merged.aliasIndex = static_cast<std::int32_t>(
                    aliases_.aliasOf(dump.aliases[static_cast<std::size_t>(function.aliasIndex)].source));
            merged_.functions.push_back(std::move(merged));
        }
        functions.push_back(it->second);
    }
    return functions;
}

void MemprofMerge::addRows(InstanceId instance, const Profile& dump, EventKind kind, LocationMap& locations)
{
    std::vector<LocationRow>& rows = kind == EventKind::Alloc     ? merged_.allocations
                                     : kind == EventKind::Realloc ? merged_.reallocations
                                                                  : merged_.frees;
    for (const LocationRow& row : dump.rows(kind)) {
        const LocationId location = locations[row.location];
        std::int32_t& index = indexAt(rowIndex_[kindIndex(kind)], location);
        if (index == kNone) {
            index = static_cast<std::int32_t>(rows.size());
            rows.emplace_back();
            rows.back().location = location;
        }
        LocationRow& merged = rows[static_cast<std::size_t>(index)];
        addCount(merged.eventCount, row.eventCount);
        addBytes(merged.allocatedBytes, row.allocatedBytes, row.allocated().overflowed, merged.overflowed,
                 kAllocatedOverflowed);
        addBytes(merged.freedBytes, row.freedBytes, row.freed().overflowed, merged.overflowed, kFreedOverflowed);
        addOverrides(merged, row, locations);
        RowShare& share = shareOf(sharesAt(breakdown_.rowShares[kindIndex(kind)], location), instance);
        addCount(share.eventCount, row.eventCount);
        addBytes(share.allocatedBytes, row.allocatedBytes, row.allocated().overflowed, share.overflowed,
                 kAllocatedOverflowed);
        addBytes(share.freedBytes, row.freedBytes, row.freed().overflowed, share.overflowed, kFreedOverflowed);
    }
}

// The dump row's Overrides into the merged row's, by merged location: the
// merged row's are indexed first, so a row overridden by many locations
// (INTERNAL's frees) is not searched once per entry.
void MemprofMerge::addOverrides(LocationRow& merged, const LocationRow& row, LocationMap& locations)
{
    if (row.overrides.empty())
        return;
    std::unordered_map<LocationId, std::size_t> indexOf;
    indexOf.reserve(merged.overrides.size() + row.overrides.size());
    for (std::size_t index = 0; index < merged.overrides.size(); ++index)
        indexOf.emplace(merged.overrides[index].location, index);
    for (const OverrideStats& override : row.overrides) {
        const LocationId by = locations[override.location];
        const auto [at, added] = indexOf.try_emplace(by, merged.overrides.size());
        if (added) {
            merged.overrides.emplace_back();
            merged.overrides.back().location = by;
        }
        OverrideStats& sum = merged.overrides[at->second];
        addBytes(sum.allocatedBytes, override.allocatedBytes, override.allocated().overflowed, sum.overflowed,
                 kAllocatedOverflowed);
        addBytes(sum.freedBytes, override.freedBytes, override.freed().overflowed, sum.overflowed, kFreedOverflowed);
        addCount(sum.blockCount, override.blockCount);
    }
}

void MemprofMerge::addHeld(InstanceId instance, const std::vector<HeldRow>& rows, std::size_t which,
                           LocationMap& locations)
{
    static constexpr std::vector<HeldRow> Profile::*kHeld[] = {&Profile::heldAtEnd, &Profile::windowBlocksAtWindowEnd,
                                                               &Profile::heldAtWindowEnd, &Profile::heldAtPeak};
    std::vector<HeldRow>& merged = merged_.*kHeld[which];
    for (const HeldRow& row : rows) {
        const LocationId location = locations[row.location];
        std::int32_t& index = indexAt(heldIndex_[which], location);
        if (index == kNone) {
            index = static_cast<std::int32_t>(merged.size());
            merged.push_back({location, 0, 0, false});
        }
        HeldRow& sum = merged[static_cast<std::size_t>(index)];
        sum.overflowed = addSaturating(sum.heldBytes, row.heldBytes) || row.overflowed || sum.overflowed;
        addCount(sum.blockCount, row.blockCount);
        if (which != 0)
            continue;
        HeldShare& share = shareOf(sharesAt(breakdown_.heldAtEndShares, location), instance);
        share.overflowed = addSaturating(share.heldBytes, row.heldBytes) || row.overflowed || share.overflowed;
        addCount(share.blockCount, row.blockCount);
    }
}

void MemprofMerge::addHeapSummary(InstanceId instance, const Profile& dump, const AliasRenames& renames)
{
    for (const HeapSummaryRow& row : dump.heapSummary) {
        std::string name = withoutLoadAddress(AliasRenumbering::renamed(row.name, renames));
        const auto [it, added] = heapSummaryIndex_.try_emplace(name, merged_.heapSummary.size());
        if (added) {
            merged_.heapSummary.push_back({name, 0, 0, 0});
            breakdown_.heapSummaryShares.emplace_back();
        }
        HeapSummaryRow& sum = merged_.heapSummary[it->second];
        sum.summaryBytes = saturatedSigned(Int128(sum.summaryBytes) + row.summaryBytes);
        addCount(sum.allocCount, row.allocCount);
        addCount(sum.freeCount, row.freeCount);
        HeapSummaryShare& share = shareOf(breakdown_.heapSummaryShares[it->second], instance);
        share.summaryBytes = saturatedSigned(Int128(share.summaryBytes) + row.summaryBytes);
        addCount(share.allocCount, row.allocCount);
        addCount(share.freeCount, row.freeCount);
    }
}

void MemprofMerge::addTotals(const Profile& dump)
{
    ProfileTotals& sum = merged_.totals;
    const ProfileTotals& add = dump.totals;
    addCount(sum.eventCount, add.eventCount);
    addCount(sum.allocCount, add.allocCount);
    addCount(sum.reallocCount, add.reallocCount);
    addCount(sum.freeCount, add.freeCount);
    addCount(sum.symbolEventCount, add.symbolEventCount);
    addCount(sum.initialSymbolCount, add.initialSymbolCount);
    addCount(sum.liveBlockCount, add.liveBlockCount);
    addBytes(sum.allocatedBytes, add.allocatedBytes, add.allocated().overflowed, sum.overflowed, kAllocatedOverflowed);
    addBytes(sum.freedBytes, add.freedBytes, add.freed().overflowed, sum.overflowed, kFreedOverflowed);
    addBytes(sum.liveBytes, add.liveBytes, add.live().overflowed, sum.overflowed, kLiveOverflowed);
    // The sum of the dumps' peaks (MemprofMerge.h): no one event reached it.
    addBytes(sum.peakLiveBytes, add.peakLiveBytes, add.peakLive().overflowed, sum.overflowed, kPeakOverflowed);
    sum.peakEventIndex = 0;
}

} // namespace memprof
