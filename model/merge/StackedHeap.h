// SPDX-License-Identifier: GPL-3.0-or-later
// The heap of a merge stacked by dump. The dumps' runs share no clock, so
// the common x axis is the share of each run: 0 is each dump's first
// event, 1 its last, each run stretched to the width. The axis is cut in
// cells of equal share; a dump's layer holds, per cell, the largest live
// bytes its timeline saw in the events that fall (even in part) in the
// cell, as the one-dump chart draws each bucket's maximum. The top edge,
// the layers summed, is the cluster's live bytes at the same share of each
// run: a sum at equal shares, not a moment anyone measured. Its peak is at
// least each dump's own peak (every bucket is in some cell) and at most
// the sum of the peaks (the merged peak, MemprofMerge.h).
#pragma once

#include "model/memprofile/HeapTimeline.h"
#include "model/merge/MemprofMerge.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace memprof {

struct StackedHeap {
    static constexpr std::size_t kDefaultCells = 2048;

    std::size_t cellCount = 0;
    // The dumps stacked, bottom first: the merged ones, in dump order.
    std::vector<InstanceId> instances;
    std::vector<std::vector<std::uint64_t>> layers; // [layer][cell]: that dump's live bytes
    std::vector<std::uint64_t> top; // [cell]: the layers summed (saturated at 2^64-1)
    std::size_t peakCell = 0; // the first cell where the top edge is highest
    std::uint64_t peakBytes = 0;

    // The share of each run (0..1) where `cell` starts; cellCount gives 1.
    double shareAt(std::size_t cell) const
    {
        return cellCount == 0 ? 0 : static_cast<double>(cell) / static_cast<double>(cellCount);
    }
    // The cell drawn at `share` (clamped to the cells).
    std::size_t cellAt(double share) const;
};

// `timeline` on `cells` cells of equal share of its run: per cell the
// largest live bytes of the buckets whose events fall in it; zeros for a
// run without events.
std::vector<std::uint64_t> heapOnShares(const HeapTimeline& timeline, std::size_t cells);

// The merged dumps of `breakdown` stacked, on `cells` cells (at least 1).
StackedHeap stackHeap(const MemprofBreakdown& breakdown, std::size_t cells = StackedHeap::kDefaultCells);

} // namespace memprof
