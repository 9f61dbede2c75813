// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/memprofile/SizeHistogram.h"

#include <numeric>

namespace memprof {

std::uint64_t SizeHistogram::lowerBound(std::size_t bucket)
{
    return bucket == 0 ? 0 : std::uint64_t{1} << (bucket - 1);
}

std::uint64_t SizeHistogram::upperBound(std::size_t bucket)
{
    if (bucket == 0)
        return 0;
    return bucket >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bucket) - 1;
}

std::uint64_t SizeHistogram::totalAllocCount() const
{
    return std::accumulate(allocCount.begin(), allocCount.end(), std::uint64_t{0});
}

std::uint64_t SizeHistogram::totalAllocatedBytes() const
{
    return std::accumulate(allocatedBytes.begin(), allocatedBytes.end(), std::uint64_t{0});
}

} // namespace memprof
