// SPDX-License-Identifier: GPL-3.0-or-later
// The live bytes over the run, down-sampled while decoding so a dump of 100
// million events draws instantly. The number of events is not known in
// advance: buckets start one event wide; when they overflow, neighbouring
// pairs merge and the width doubles. A bucket keeps the minimum and maximum
// it saw, so the peak survives down-sampling, and the value after its last
// event, so the series ends on the bytes the aggregates report as held.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace memprof {

struct HeapTimelineBucket {
    std::uint64_t minLiveBytes = 0;
    std::uint64_t maxLiveBytes = 0;
    std::uint64_t lastLiveBytes = 0; // after the bucket's last event
    std::uint64_t allocatedBytes = 0; // cumulative, after the bucket's last event
};

class HeapTimeline {
public:
    static constexpr std::size_t kDefaultMaxBuckets = 4096;

    // `maxBuckets` is rounded up to an even number of at least 2.
    explicit HeapTimeline(std::size_t maxBuckets = kDefaultMaxBuckets);

    // One event: the live bytes and the cumulative allocated bytes after it.
    // Inline: the decoder calls it for every event.
    void add(std::uint64_t liveBytes, std::uint64_t allocatedBytes)
    {
        if (fillCount_ == eventsPerBucket_) [[unlikely]] {
            startBucket(liveBytes, allocatedBytes);
            return;
        }
        HeapTimelineBucket& bucket = buckets_.back();
        bucket.minLiveBytes = std::min(bucket.minLiveBytes, liveBytes);
        bucket.maxLiveBytes = std::max(bucket.maxLiveBytes, liveBytes);
        bucket.lastLiveBytes = liveBytes;
        bucket.allocatedBytes = allocatedBytes;
        ++fillCount_;
    }

    const std::vector<HeapTimelineBucket>& buckets() const { return buckets_; }
    std::uint64_t eventsPerBucket() const { return eventsPerBucket_; }
    std::size_t maxBuckets() const { return maxBuckets_; }
    std::uint64_t eventCount() const;
    // 1-based event numbers of a bucket's first and last event.
    std::uint64_t firstEventOf(std::size_t bucket) const { return bucket * eventsPerBucket_ + 1; }
    std::uint64_t lastEventOf(std::size_t bucket) const;
    // The largest live bytes seen, and the bytes after the last event.
    std::uint64_t peakLiveBytes() const;
    std::uint64_t finalLiveBytes() const { return buckets_.empty() ? 0 : buckets_.back().lastLiveBytes; }

private:
    void startBucket(std::uint64_t liveBytes, std::uint64_t allocatedBytes);
    void mergePairs();

    std::vector<HeapTimelineBucket> buckets_;
    std::size_t maxBuckets_;
    std::uint64_t eventsPerBucket_ = 1;
    std::uint64_t fillCount_ = 1; // events in the last bucket; "full" before the first
};

} // namespace memprof
