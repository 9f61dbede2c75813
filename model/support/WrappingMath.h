// SPDX-License-Identifier: GPL-3.0-or-later
// Sums and differences of counts and sizes read from a file. On a damaged or
// hostile one they can pass 2^63: signed ones wrap modulo 2^64 as the
// unsigned totals do, instead of overflowing (undefined behaviour).
#pragma once

#include <concepts>
#include <cstdint>
#include <type_traits>

namespace memprof {

template <std::integral N>
constexpr N wrappingSum(N a, N b)
{
    using U = std::make_unsigned_t<N>;
    return static_cast<N>(static_cast<U>(a) + static_cast<U>(b));
}

template <std::integral N>
constexpr N wrappingDifference(N a, N b)
{
    using U = std::make_unsigned_t<N>;
    return static_cast<N>(static_cast<U>(a) - static_cast<U>(b));
}

// A size as a signed change: -bytes, modulo 2^64.
constexpr std::int64_t negated(std::uint64_t bytes)
{
    return static_cast<std::int64_t>(0 - bytes);
}

} // namespace memprof
