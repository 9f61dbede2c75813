// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/sysprofile/SampleTimeline.h"

namespace memprof {

void SampleTimeline::add(VmState state)
{
    std::uint64_t bucket = samples_ / width_;
    if (bucket == kMaxBuckets) {
        for (std::size_t i = 0; i < kMaxBuckets / 2; ++i) {
            Counts merged{};
            for (std::size_t s = 0; s < kVmStateCount; ++s)
                merged[s] = buckets_[2 * i][s] + buckets_[2 * i + 1][s];
            buckets_[i] = merged;
        }
        buckets_.resize(kMaxBuckets / 2);
        width_ *= 2;
        bucket = samples_ / width_;
    }
    if (bucket == buckets_.size())
        buckets_.emplace_back();
    ++buckets_[bucket][static_cast<std::size_t>(state)];
    ++samples_;
}

} // namespace memprof
