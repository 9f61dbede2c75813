// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/merge/StackedHeap.h"

#include "model/support/SaturatingMath.h"

#include <algorithm>
#include <cmath>

namespace memprof {

std::size_t StackedHeap::cellAt(double share) const
{
    if (cellCount == 0)
        return 0;
    const double cell = std::floor(std::clamp(share, 0.0, 1.0) * static_cast<double>(cellCount));
    return std::min(static_cast<std::size_t>(cell), cellCount - 1);
}

// Event e of a run of N occupies the shares [(e-1)/N, e/N), cell j of G the
// shares [j/G, (j+1)/G): the events with a part in cell j are those from
// floor(j*N/G) + 1 to ceil((j+1)*N/G). Products in 128 bits: N*G passes
// 2^64 only for runs no dump reaches, but must not wrap if one did
// (Int128: SaturatingMath.h).
std::vector<std::uint64_t> heapOnShares(const HeapTimeline& timeline, std::size_t cells)
{
    std::vector<std::uint64_t> layer(cells, 0);
    const auto& buckets = timeline.buckets();
    const auto events = static_cast<Int128>(timeline.eventCount());
    if (buckets.empty() || events == 0)
        return layer;
    const auto count = static_cast<Int128>(cells);
    const std::uint64_t width = timeline.eventsPerBucket();
    const auto bucketOf = [&](Int128 event) {
        return std::min(static_cast<std::size_t>((event - 1) / width), buckets.size() - 1);
    };
    for (std::size_t cell = 0; cell < cells; ++cell) {
        const Int128 firstEvent = cell * events / count + 1;
        const Int128 lastEvent = ((cell + 1) * events + count - 1) / count;
        std::uint64_t largest = 0;
        for (std::size_t bucket = bucketOf(firstEvent); bucket <= bucketOf(lastEvent); ++bucket)
            largest = std::max(largest, buckets[bucket].maxLiveBytes);
        layer[cell] = largest;
    }
    return layer;
}

StackedHeap stackHeap(const MemprofBreakdown& breakdown, std::size_t cells)
{
    StackedHeap stacked;
    stacked.cellCount = std::max<std::size_t>(1, cells);
    stacked.top.assign(stacked.cellCount, 0);
    for (InstanceId instance = 0; instance < breakdown.instances.size(); ++instance) {
        if (!breakdown.instances[instance].merged)
            continue;
        stacked.instances.push_back(instance);
        stacked.layers.push_back(heapOnShares(breakdown.timeline(instance), stacked.cellCount));
        const std::vector<std::uint64_t>& layer = stacked.layers.back();
        for (std::size_t cell = 0; cell < stacked.cellCount; ++cell)
            addSaturating(stacked.top[cell], layer[cell]);
    }
    const auto highest = std::max_element(stacked.top.begin(), stacked.top.end());
    stacked.peakCell = static_cast<std::size_t>(highest - stacked.top.begin());
    stacked.peakBytes = *highest;
    return stacked;
}

} // namespace memprof
