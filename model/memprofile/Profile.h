// SPDX-License-Identifier: GPL-3.0-or-later
// The profile aggregates: plain value types, free of Qt, handed from the
// decoding thread to whoever shows them. Field names say what they hold;
// byte counts are `...Bytes`, event counts `...Count`.
#pragma once

#include "model/dump/DecodeStatus.h"
#include "model/dump/LocationInfo.h"
#include "model/dump/RunRange.h"
#include "model/memdecoder/MemprofEvents.h"
#include "model/memprofile/HeapTimeline.h"
#include "model/memprofile/HeldHistory.h"
#include "model/memprofile/SizeHistogram.h"
#include "model/support/SaturatingMath.h"

#include <cstdint>
#include <string>
#include <vector>

namespace memprof {

// Which byte sums of a row or of the totals passed 2^64-1 and stopped there
// (SaturatingMath.h): the bits of their `overflowed`. Only those are marked
// "this much or more"; an exact 2^64-1 is not.
enum OverflowedSum : std::uint8_t {
    kAllocatedOverflowed = 1,
    kFreedOverflowed = 2,
    kLiveOverflowed = 4,
    kPeakOverflowed = 8,
};

// An "Overrides" entry: blocks this row freed or moved that `location` had
// allocated during profiling.
struct OverrideStats {
    LocationId location = 0;
    std::uint64_t allocatedBytes = 0; // new sizes given by this row's reallocs
    std::uint64_t freedBytes = 0; // recorded sizes of the blocks released
    std::uint64_t blockCount = 0; // blocks this row's events released or moved
    std::uint8_t overflowed = 0; // OverflowedSum bits (allocated, freed)

    ByteSum allocated() const { return {allocatedBytes, (overflowed & kAllocatedOverflowed) != 0}; }
    ByteSum freed() const { return {freedBytes, (overflowed & kFreedOverflowed) != 0}; }
};

// One row of ALLOCATIONS / REALLOCATIONS / DEALLOCATIONS.
struct LocationRow {
    LocationId location = 0;
    std::uint64_t eventCount = 0;
    std::uint64_t allocatedBytes = 0;
    std::uint64_t freedBytes = 0;
    std::vector<OverrideStats> overrides;
    std::uint8_t overflowed = 0; // OverflowedSum bits

    ByteSum allocated() const { return {allocatedBytes, (overflowed & kAllocatedOverflowed) != 0}; }
    ByteSum freed() const { return {freedBytes, (overflowed & kFreedOverflowed) != 0}; }
};

enum class EventKind : std::uint8_t { Alloc, Realloc, Free };

// The reference's HEAP SUMMARY for one location name: the bytes its
// allocations gave minus the bytes of their blocks' frees and reallocs.
struct HeapSummaryRow {
    std::string name;
    std::int64_t summaryBytes = 0; // allocated minus freed; may be negative: the report lists only > 0
    std::uint64_t allocCount = 0;
    std::uint64_t freeCount = 0;
};

// The accurate figure: blocks allocated during profiling and still live at
// the end, by the location that last allocated or reallocated them.
struct HeldRow {
    LocationId location = 0;
    std::uint64_t heldBytes = 0;
    std::uint64_t blockCount = 0;
    bool overflowed = false; // heldBytes passed 2^64-1

    ByteSum held() const { return {heldBytes, overflowed}; }
};

// A location's live blocks from their exact 128-bit byte sum.
inline HeldRow heldRowOf(LocationId location, Int128 bytes, std::uint64_t blockCount)
{
    const ByteSum held = clampedSum(bytes);
    return {location, held.value, blockCount, held.overflowed};
}

struct ProfileTotals {
    std::uint64_t eventCount = 0; // alloc + realloc + free events
    std::uint64_t allocCount = 0;
    std::uint64_t reallocCount = 0;
    std::uint64_t freeCount = 0;
    std::uint64_t symbolEventCount = 0; // symtab events in the event stream
    std::uint64_t initialSymbolCount = 0;
    std::uint64_t allocatedBytes = 0; // new sizes of allocs and reallocs
    std::uint64_t freedBytes = 0; // old sizes of reallocs and frees
    std::uint64_t liveBlockCount = 0; // at the end, allocated during profiling
    std::uint64_t liveBytes = 0;
    std::uint64_t peakLiveBytes = 0;
    std::uint64_t peakEventIndex = 0; // 1-based index of the event that reached the peak
    std::uint8_t overflowed = 0; // OverflowedSum bits

    ByteSum allocated() const { return {allocatedBytes, (overflowed & kAllocatedOverflowed) != 0}; }
    ByteSum freed() const { return {freedBytes, (overflowed & kFreedOverflowed) != 0}; }
    ByteSum live() const { return {liveBytes, (overflowed & kLiveOverflowed) != 0}; }
    ByteSum peakLive() const { return {peakLiveBytes, (overflowed & kPeakOverflowed) != 0}; }
};

// Which blocks a window's held bytes count, by the location that last
// allocated them.
enum class HeldRule : std::uint8_t {
    SurvivorsAtEnd, // allocated in the window, live at the end of the dump (the leak test)
    WindowBlocksAtWindowEnd, // allocated in the window, live at the window's end
    LiveAtWindowEnd, // live at the window's end, whoever allocated them
};

struct Profile {
    DecodeStatus status;
    // The events the rows, Overrides, heap summary, size histogram and
    // live at the peak count; the whole run by default. The timeline, the
    // held history and the totals' event count, live and allocated bytes
    // always cover the whole run.
    RunRange window;
    std::vector<FunctionInfo> functions;
    std::vector<Alias> aliases;
    std::vector<LocationInfo> locations; // indexed by LocationId
    std::vector<LocationRow> allocations;
    std::vector<LocationRow> reallocations;
    std::vector<LocationRow> frees;
    std::vector<HeapSummaryRow> heapSummary; // every name met, unsorted
    // The blocks allocated in the window and still live at the end of the
    // dump (without a window: every block live at the end).
    std::vector<HeldRow> heldAtEnd;
    // At the window's last event: the blocks allocated in the window, and
    // every live block (equal to heldAtEnd and to all blocks live at the end
    // when the window reaches the end).
    std::vector<HeldRow> windowBlocksAtWindowEnd;
    std::vector<HeldRow> heldAtWindowEnd; // The blocks live when the live bytes peaked (totals.peakEventIndex), by
    // the location that last allocated them; their bytes add up to the peak.
    std::vector<HeldRow> heldAtPeak;
    ProfileTotals totals;
    // The charts: live and allocated bytes over the run, down-sampled, and
    // the sizes of all allocations.
    HeapTimeline timeline;
    SizeHistogram sizeHistogram;
    // Each location's held bytes over the whole run (the leak suspects').
    HeldHistory heldHistory;

    const std::vector<HeldRow>& held(HeldRule rule) const
    {
        return rule == HeldRule::SurvivorsAtEnd            ? heldAtEnd
               : rule == HeldRule::WindowBlocksAtWindowEnd ? windowBlocksAtWindowEnd
                                                           : heldAtWindowEnd;
    }
    const std::vector<LocationRow>& rows(EventKind kind) const
    {
        return kind == EventKind::Alloc ? allocations : kind == EventKind::Realloc ? reallocations : frees;
    }
    const std::string& nameOf(LocationId id) const { return locations[id].name; }
};

} // namespace memprof
