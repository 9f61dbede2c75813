// SPDX-License-Identifier: GPL-3.0-or-later
// Several memprof dumps (a cluster's processes) as one Profile, which the
// report, the tables and the viewer's pages show as they show one dump's,
// and beside it each merged row's share per dump (the instance breakdown).
//
// What is summed, and by what:
// - rows (ALLOCATIONS, REALLOCATIONS, DEALLOCATIONS) with their Overrides,
//   the HEAP SUMMARY and the held rows (at the end, at the peak), by
//   location name (MatchName.h: a native symbol's load address left out;
//   AliasRenumbering.h: aliases by their source). Addresses differ between
//   processes, names do not; so a merged profile has one row per name, and
//   identities of one dump that share a name (two closures defined on one
//   line) are one row, as --diff counts them;
// - the totals: counts and bytes.
//
// The peak: each dump's events are its own scale, with no common clock, so
// there is no moment at which the cluster's live bytes can be read. The
// merged peak (totals.peakLiveBytes, heldAtPeak) is the sum of the dumps'
// own peaks: an upper bound of the live bytes the processes held together
// at any one time, reached only if they all peaked at once. It names no
// event: totals.peakEventIndex is 0.
//
// Not merged, for the same reason: the timeline and the held history (each
// dump's events are their own x axis); they stay empty. Each dump's own
// timeline is kept in the breakdown instead (a few thousand buckets each),
// for the heap stacked by dump (StackedHeap.h). The size histogram is
// summed.
#pragma once

#include "model/memprofile/HeapTimeline.h"
#include "model/memprofile/Profile.h"
#include "model/merge/AliasRenumbering.h"

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace memprof {

using InstanceId = std::uint32_t;

// One dump of the merge: its name, how its read ended, its own totals.
struct MergedInstance {
    std::string name;
    DecodeStatus status;
    ProfileTotals totals;
    bool merged = false; // false: the dump could not be read and is not in the sums
};

// A dump's part of a merged row of ALLOCATIONS, REALLOCATIONS or
// DEALLOCATIONS.
struct RowShare {
    InstanceId instance = 0;
    std::uint64_t eventCount = 0;
    std::uint64_t allocatedBytes = 0;
    std::uint64_t freedBytes = 0;
    std::uint8_t overflowed = 0; // OverflowedSum bits
};

// A dump's part of a merged held row (blocks live at the end).
struct HeldShare {
    InstanceId instance = 0;
    std::uint64_t heldBytes = 0;
    std::uint64_t blockCount = 0;
    bool overflowed = false;
};

// A dump's part of a merged HEAP SUMMARY row.
struct HeapSummaryShare {
    InstanceId instance = 0;
    std::int64_t summaryBytes = 0;
    std::uint64_t allocCount = 0;
    std::uint64_t freeCount = 0;
};

// Each merged row's shares, by instance order; a dump with nothing in a
// row has no share of it.
struct MemprofBreakdown {
    std::vector<MergedInstance> instances; // in the order the dumps were given
    std::array<std::vector<std::vector<RowShare>>, 3> rowShares; // [EventKind][LocationId]
    std::vector<std::vector<HeldShare>> heldAtEndShares; // [LocationId]
    std::vector<std::vector<HeapSummaryShare>> heapSummaryShares; // parallel to Profile::heapSummary
    // Each dump's live bytes over its own run, parallel to instances (empty
    // for a dump not merged): the runs share no clock, so they are kept
    // apart, not summed.
    std::vector<HeapTimeline> timelines;

    const std::vector<RowShare>& rows(EventKind kind, LocationId location) const;
    const std::vector<HeldShare>& heldAtEnd(LocationId location) const;
    const std::vector<HeapSummaryShare>& heapSummary(std::size_t row) const;
    // The timeline of `instance`; an empty one for an instance not merged.
    const HeapTimeline& timeline(InstanceId instance) const;
};

// Folds dumps in one at a time, so only the merged rows stay: a dump's
// Profile can be dropped once added. Dumps are added in their instance
// order (names and aliases are numbered in the order they are met).
class MemprofMerge {
public:
    explicit MemprofMerge(std::vector<std::string> instanceNames);

    // Adds the dump of `instance`; one whose read Failed is recorded, not
    // summed.
    void add(InstanceId instance, const Profile& dump);

    const Profile& profile() const { return merged_; }
    const MemprofBreakdown& breakdown() const { return breakdown_; }
    // The merged profile and breakdown, moved out.
    Profile takeProfile() { return std::move(merged_); }
    MemprofBreakdown takeBreakdown() { return std::move(breakdown_); }

private:
    class LocationMap;

    AliasRenames addAliases(const Profile& dump);
    std::vector<std::int32_t> addFunctions(const Profile& dump);
    void addRows(InstanceId instance, const Profile& dump, EventKind kind, LocationMap& locations);
    void addOverrides(LocationRow& merged, const LocationRow& row, LocationMap& locations);
    void addHeld(InstanceId instance, const std::vector<HeldRow>& rows, std::size_t which, LocationMap& locations);
    void addHeapSummary(InstanceId instance, const Profile& dump, const AliasRenames& renames);
    void addTotals(const Profile& dump);

    Profile merged_;
    MemprofBreakdown breakdown_;
    AliasRenumbering aliases_;
    std::map<std::string, LocationId, std::less<>> locationByName_;
    std::map<std::pair<std::string, std::uint64_t>, std::int32_t> functionByChunk_; // (chunk, line)
    std::array<std::vector<std::int32_t>, 3> rowIndex_; // [EventKind][LocationId]: the row, -1 for none
    std::array<std::vector<std::int32_t>, 4> heldIndex_; // [held vector][LocationId]: the row, -1 for none
    std::map<std::string, std::size_t, std::less<>> heapSummaryIndex_; // by name
    std::size_t mergedCount_ = 0;
};

} // namespace memprof
