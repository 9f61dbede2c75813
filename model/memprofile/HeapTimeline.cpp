// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/memprofile/HeapTimeline.h"

namespace memprof {

HeapTimeline::HeapTimeline(std::size_t maxBuckets)
    : maxBuckets_(std::max<std::size_t>(2, maxBuckets + (maxBuckets & 1)))
{}

std::uint64_t HeapTimeline::eventCount() const
{
    return buckets_.empty() ? 0 : (buckets_.size() - 1) * eventsPerBucket_ + fillCount_;
}

std::uint64_t HeapTimeline::lastEventOf(std::size_t bucket) const
{
    return std::min((bucket + 1) * eventsPerBucket_, eventCount());
}

std::uint64_t HeapTimeline::peakLiveBytes() const
{
    std::uint64_t peak = 0;
    for (const auto& bucket : buckets_)
        peak = std::max(peak, bucket.maxLiveBytes);
    return peak;
}

void HeapTimeline::startBucket(std::uint64_t liveBytes, std::uint64_t allocatedBytes)
{
    if (buckets_.empty())
        buckets_.reserve(maxBuckets_); // once, not in every empty Profile
    else if (buckets_.size() == maxBuckets_)
        mergePairs();
    buckets_.push_back({liveBytes, liveBytes, liveBytes, allocatedBytes});
    fillCount_ = 1;
}

// Every bucket is full when this runs (maxBuckets_ is even), so pairs merge
// into buckets of twice the width, all full again.
void HeapTimeline::mergePairs()
{
    const std::size_t merged = buckets_.size() / 2;
    for (std::size_t i = 0; i < merged; ++i) {
        const HeapTimelineBucket& first = buckets_[2 * i];
        const HeapTimelineBucket& second = buckets_[2 * i + 1];
        buckets_[i] = {std::min(first.minLiveBytes, second.minLiveBytes),
                       std::max(first.maxLiveBytes, second.maxLiveBytes), second.lastLiveBytes, second.allocatedBytes};
    }
    buckets_.resize(merged);
    eventsPerBucket_ *= 2;
    fillCount_ = eventsPerBucket_;
}

} // namespace memprof
