// SPDX-License-Identifier: GPL-3.0-or-later
// Sums of sizes read from a file that cannot be represented in 64 bits (two
// blocks of 2^63 bytes in a hostile dump) must not wrap to a small number
// that looks real. They saturate: an unsigned sum stops at kSaturatedBytes,
// which reads "this much or more", and the printers mark it (formatBytes:
// ">=18446744073709551615B"). A signed figure (a net, the reference's heap
// difference) is computed in 128 bits and clamped to the int64 range,
// whose ends are marked the same way.
#pragma once

#include <concepts>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace memprof {

// 128-bit integers (a GCC and Clang extension): exact for any sum of 64-bit
// sizes over fewer than 2^63 events.
__extension__ typedef __int128 Int128;

inline constexpr std::uint64_t kSaturatedBytes = std::numeric_limits<std::uint64_t>::max();
inline constexpr std::int64_t kSaturatedHigh = std::numeric_limits<std::int64_t>::max();
inline constexpr std::int64_t kSaturatedLow = std::numeric_limits<std::int64_t>::min();

// a + b, or the end of N's range it passes (kSaturatedBytes for a size),
// which then stays: an unsigned saturated sum is never made smaller.
template <std::integral N>
constexpr N saturatingSum(N a, N b)
{
    N sum{};
    if (!__builtin_add_overflow(a, b, &sum))
        return sum;
    return std::is_unsigned_v<N> || b > 0 ? std::numeric_limits<N>::max() : std::numeric_limits<N>::min();
}

// a - b for signed figures (changes between two profiles), saturated. A
// change from or to a saturated figure is unknown, and marked too: at the
// end `a` leans to, or away from the end `b` leans to.
constexpr std::int64_t saturatingDifference(std::int64_t a, std::int64_t b)
{
    if (a == kSaturatedHigh || a == kSaturatedLow)
        return a;
    if (b == kSaturatedHigh || b == kSaturatedLow)
        return b == kSaturatedHigh ? kSaturatedLow : kSaturatedHigh;
    std::int64_t difference = 0;
    if (!__builtin_sub_overflow(a, b, &difference))
        return difference;
    return b < 0 ? kSaturatedHigh : kSaturatedLow;
}

// A 128-bit figure clamped into 64 bits, unsigned or signed.
constexpr std::uint64_t saturatedUnsigned(Int128 value)
{
    return value < 0 ? 0 : value > static_cast<Int128>(kSaturatedBytes) ? kSaturatedBytes
                                                                          : static_cast<std::uint64_t>(value);
}

constexpr std::int64_t saturatedSigned(Int128 value)
{
    return value > kSaturatedHigh ? kSaturatedHigh : value < kSaturatedLow ? kSaturatedLow
                                                                         : static_cast<std::int64_t>(value);
}

// allocated - freed, where either may be a saturated sum: an unknown net
// (saturated bytes on a side) is marked at the end it leans to.
constexpr std::int64_t saturatingNet(std::uint64_t allocated, std::uint64_t freed)
{
    if (allocated == kSaturatedBytes && freed != kSaturatedBytes)
        return kSaturatedHigh;
    if (freed == kSaturatedBytes && allocated != kSaturatedBytes)
        return kSaturatedLow;
    return saturatedSigned(static_cast<Int128>(allocated) - static_cast<Int128>(freed));
}

} // namespace memprof
