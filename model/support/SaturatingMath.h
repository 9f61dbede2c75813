// SPDX-License-Identifier: GPL-3.0-or-later
// Sums of sizes read from a file that cannot be represented in 64 bits (two
// blocks of 2^63 bytes in a hostile dump) must not wrap to a small number
// that looks real. They saturate: an unsigned sum stops at kSaturatedBytes.
// That value is also a real size (one block of 2^64-1 bytes), so whether a
// sum overflowed is kept beside it, as a flag set where it passed the
// ceiling (addSaturating, clampedSum), not read from the value: the printers
// mark only a ByteSum that overflowed (formatBytes:
// ">=18446744073709551615B") and print an exact 2^64-1 plainly. A signed
// figure (a net, the reference's heap difference) is computed in 128 bits
// and clamped to the int64 range, whose ends are marked the same way.
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

// An unsigned sum as the printers take it: its value and whether it
// overflowed, when the value is a floor ("this much or more").
struct ByteSum {
    std::uint64_t value = 0;
    bool overflowed = false;
};

// sum += addend, stopping at kSaturatedBytes; true when it passed the
// ceiling, for the caller's overflow flag (sticky: a saturated sum stays).
constexpr bool addSaturating(std::uint64_t& sum, std::uint64_t addend)
{
    if (!__builtin_add_overflow(sum, addend, &sum)) [[likely]]
        return false;
    sum = kSaturatedBytes;
    return true;
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
    return value < 0                                      ? 0
           : value > static_cast<Int128>(kSaturatedBytes) ? kSaturatedBytes
                                                          : static_cast<std::uint64_t>(value);
}

// A 128-bit sum of sizes as the printers take it: clamped, and marked when
// it did not fit.
constexpr ByteSum clampedSum(Int128 value)
{
    return {saturatedUnsigned(value), value > static_cast<Int128>(kSaturatedBytes)};
}

constexpr std::int64_t saturatedSigned(Int128 value)
{
    return value > kSaturatedHigh  ? kSaturatedHigh
           : value < kSaturatedLow ? kSaturatedLow
                                   : static_cast<std::int64_t>(value);
}

// allocated - freed, where either may be a saturated sum: an unknown net
// (an overflowed sum on one side) is marked at the end it leans to.
constexpr std::int64_t saturatingNet(ByteSum allocated, ByteSum freed)
{
    if (allocated.overflowed && !freed.overflowed)
        return kSaturatedHigh;
    if (freed.overflowed && !allocated.overflowed)
        return kSaturatedLow;
    return saturatedSigned(static_cast<Int128>(allocated.value) - static_cast<Int128>(freed.value));
}

} // namespace memprof
