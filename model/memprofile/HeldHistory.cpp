// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/memprofile/HeldHistory.h"

#include <algorithm>

namespace memprof {

void HeldHistory::growLocations(std::size_t count)
{
    if (count <= running_.size())
        return;
    running_.resize(count);
    const std::size_t sampled = std::min(count, kMaxSampledLocations);
    if (sampled > sampled_) {
        values_.resize(sampled * kPointCount, 0); // a new location held nothing before
        sampled_ = sampled;
    }
}

std::uint64_t HeldHistory::lastEventOf(std::size_t point) const
{
    return std::min<std::uint64_t>((point + 1) * eventsPerPoint_, eventCount_);
}

HeldHistory::PointRange HeldHistory::pointsOf(std::uint64_t firstEvent, std::uint64_t lastEvent) const
{
    lastEvent = std::min(lastEvent, eventCount_);
    if (firstEvent < 1)
        firstEvent = 1;
    if (pointCount_ == 0 || firstEvent > lastEvent)
        return {};
    return {static_cast<std::size_t>((firstEvent - 1) / eventsPerPoint_),
            std::min(pointCount_ - 1, static_cast<std::size_t>((lastEvent - 1) / eventsPerPoint_))};
}

void HeldHistory::closePoint()
{
    for (std::size_t id = 0; id < sampled_; ++id) {
        Running& r = running_[id];
        values_[id * kPointCount + pointCount_] = r.pointMax;
        r.pointMax = r.held;
    }
    // Locations past the cap keep no points: their pointMax is never read,
    // and a close costs at most kMaxSampledLocations steps.
    ++pointCount_;
    fillCount_ = 0;
    if (pointCount_ == kPointCount)
        mergePairs();
}

// Every point is full here, so pairs merge into points twice as wide.
void HeldHistory::mergePairs()
{
    constexpr std::size_t half = kPointCount / 2;
    for (std::size_t id = 0; id < sampled_; ++id) {
        std::uint64_t* v = &values_[id * kPointCount];
        for (std::size_t i = 0; i < half; ++i)
            v[i] = std::max(v[2 * i], v[2 * i + 1]);
        std::fill(v + half, v + kPointCount, 0);
    }
    pointCount_ = half;
    eventsPerPoint_ *= 2;
}

void HeldHistory::finish()
{
    // Closing it may merge pairs; the last point then ends at the run's end
    // (lastEventOf clamps).
    if (fillCount_ > 0)
        closePoint();
}

} // namespace memprof
