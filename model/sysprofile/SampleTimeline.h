// SPDX-License-Identifier: GPL-3.0-or-later
// Samples per VM state over the run, in sample order (a dump has no
// timestamps: sample i was taken about i intervals after the start), kept
// in at most kMaxBuckets buckets of equal width: when they fill, neighbours
// merge and the width doubles, so memory stays fixed however long the run.
#pragma once

#include "model/sysdecoder/SampleEvents.h"

#include <array>
#include <cstdint>
#include <vector>

namespace memprof {

class SampleTimeline {
public:
    static constexpr std::size_t kMaxBuckets = 2048;
    using Counts = std::array<std::uint32_t, kVmStateCount>;

    void add(VmState state);

    // Bucket i holds samples [i * bucketWidth(), (i + 1) * bucketWidth()).
    std::uint64_t bucketWidth() const { return width_; }
    const std::vector<Counts>& buckets() const { return buckets_; }
    std::uint64_t sampleCount() const { return samples_; }

private:
    std::vector<Counts> buckets_;
    std::uint64_t width_ = 1;
    std::uint64_t samples_ = 0;
};

} // namespace memprof
