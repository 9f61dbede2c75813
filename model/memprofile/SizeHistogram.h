// SPDX-License-Identifier: GPL-3.0-or-later
// Allocation sizes in power-of-two buckets: bucket 0 holds size 0, bucket
// k > 0 the sizes [2^(k-1), 2^k). An allocation is an alloc event or the new
// block of a realloc, so the bytes add up to ProfileTotals::allocatedBytes.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

namespace memprof {

struct SizeHistogram {
    static constexpr std::size_t kBucketCount = 65;

    std::array<std::uint64_t, kBucketCount> allocCount{};
    std::array<std::uint64_t, kBucketCount> allocatedBytes{};

    static std::size_t bucketOf(std::uint64_t size) { return static_cast<std::size_t>(std::bit_width(size)); }
    // The smallest and largest size a bucket holds.
    static std::uint64_t lowerBound(std::size_t bucket);
    static std::uint64_t upperBound(std::size_t bucket);

    // Inline: the decoder calls it for every allocation.
    void add(std::uint64_t size)
    {
        const std::size_t bucket = bucketOf(size);
        allocCount[bucket] += 1;
        allocatedBytes[bucket] += size;
    }

    std::uint64_t totalAllocCount() const;
    std::uint64_t totalAllocatedBytes() const;
};

} // namespace memprof
