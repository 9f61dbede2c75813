// SPDX-License-Identifier: GPL-3.0-or-later
// Bounds-checked reads of the grammar's terminals (u8, uleb, string) over a
// contiguous slice of the stream buffer. A read that would pass the slice's
// end sets `state` instead of reading; the caller refills and retries.
#pragma once

#include "model/dump/SymtabWire.h"

#include <bit>
#include <cstdint>
#include <cstring>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace memprof {

namespace detail {
inline std::uint64_t loadLittleEndian64(const std::uint8_t* p)
{
    std::uint64_t word;
    std::memcpy(&word, p, sizeof word);
    if constexpr (std::endian::native == std::endian::big)
        word = __builtin_bswap64(word);
    return word;
}

// The value of a ULEB128 whose bytes are the low `length` bytes of `word`:
// the continuation bits squeezed out, 7-bit groups to 14, 28, 56 bits.
[[gnu::always_inline]] inline std::uint64_t squeezeUleb(std::uint64_t word, unsigned length)
{
    word &= ~std::uint64_t(0) >> ((64 - 8 * length) & 63);
    word = ((word & 0x7f007f007f007f00ull) >> 1) | (word & 0x007f007f007f007full);
    word = ((word & 0x3fff00003fff0000ull) >> 2) | (word & 0x00003fff00003fffull);
    word = ((word & 0x0fffffff00000000ull) >> 4) | (word & 0x000000000fffffffull);
    return word;
}
} // namespace detail

// A ULEB128 of one to eight bytes (56 bits: every address, size and line)
// decoded from one 64-bit load without a branch per byte: the varying
// lengths of random sizes and addresses would mispredict a byte loop.
// Eight bytes at `p` must be readable. `length` is 0 for a longer value.
struct ShortUleb {
    std::uint64_t value;
    unsigned length;
};

[[gnu::always_inline]] inline ShortUleb decodeShortUleb(const std::uint8_t* p)
{
    const std::uint64_t word = detail::loadLittleEndian64(p);
    const std::uint64_t stops = ~word & 0x8080808080808080ull; // high bit clear: last byte
    if (stops == 0) [[unlikely]]
        return {0, 0};
    const auto length = static_cast<unsigned>(std::countr_zero(stops) / 8 + 1);
    return {detail::squeezeUleb(word, length), length};
}

// The ULEB128 of `length` bytes at `p` (1 to 8; eight bytes must be
// readable). Any other length gives an unspecified value, harmlessly.
[[gnu::always_inline]] inline std::uint64_t ulebOfLength(const std::uint8_t* p, unsigned length)
{
    return detail::squeezeUleb(detail::loadLittleEndian64(p), length);
}

// Bit i set: p[i] has its high bit clear, so it is the last byte of a
// ULEB128 (or a header byte). The 64 bytes at `p` must be readable.
[[gnu::always_inline]] inline std::uint64_t lastByteMask(const std::uint8_t* p)
{
    std::uint64_t continued = 0;
#if defined(__SSE2__)
    const auto highBits = [p](int i) {
        const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * i));
        return std::uint64_t(static_cast<unsigned>(_mm_movemask_epi8(bytes))) << (16 * i);
    };
    // Spelt out: GCC keeps a loop here.
    continued = highBits(0) | highBits(1) | highBits(2) | highBits(3);
#else
    for (int i = 0; i < 8; ++i) {
        // Gathers the eight high bits into the top byte.
        const std::uint64_t high = detail::loadLittleEndian64(p + 8 * i) & 0x8080808080808080ull;
        continued |= ((high * 0x0002040810204081ull) >> 56) << (8 * i);
    }
#endif
    return ~continued;
}

struct ByteCursor {
    enum class State : std::uint8_t { Ok, Short, UlebTooLong };

    const std::uint8_t* begin;
    const std::uint8_t* position;
    const std::uint8_t* end;
    State state = State::Ok;
    // Short: bytes needed from `begin`; UlebTooLong: where the ULEB128 began.
    std::uint64_t needed = 0;
    std::uint64_t problemAt = 0;
    // Short on a string: its declared length and where its bytes start.
    std::uint64_t stringLength = 0;
    bool shortInString = false;

    ByteCursor(const std::uint8_t* data, std::size_t size) : begin(data), position(data), end(data + size) {}

    bool ok() const { return state == State::Ok; }
    std::size_t consumed() const { return static_cast<std::size_t>(position - begin); }

    std::uint8_t u8()
    {
        if (state != State::Ok)
            return 0;
        if (position == end) {
            markShort(1);
            return 0;
        }
        return *position++;
    }

    // Inlined into every event. With ten bytes or more left (all but the
    // last bytes of the data) no bounds checks are needed, and a value of up
    // to eight bytes is decoded by decodeShortUleb.
    [[gnu::always_inline]] std::uint64_t uleb()
    {
        if (state != State::Ok) [[unlikely]]
            return 0;
        if (end - position >= wire::kMaxUlebBytes) [[likely]] {
            const ShortUleb decoded = decodeShortUleb(position);
            if (decoded.length != 0) [[likely]] {
                position += decoded.length;
                return decoded.value;
            }
        }
        return ulebByBytes();
    }

    // The same byte by byte, with a bounds check per byte: near the end of
    // the data and for values longer than eight bytes.
    std::uint64_t ulebByBytes()
    {
        const std::uint8_t* p = position;
        std::uint64_t value = 0;
        for (int i = 0; i < wire::kMaxUlebBytes; ++i) {
            if (p == end) {
                markShort(static_cast<std::size_t>(p - position) + 1);
                return 0;
            }
            const std::uint8_t byte = *p++;
            value |= static_cast<std::uint64_t>(byte & 0x7f) << (7 * i);
            if ((byte & 0x80) == 0) {
                if (i == wire::kMaxUlebBytes - 1 && byte > 1)
                    break; // bits above 63
                position = p;
                return value;
            }
        }
        state = State::UlebTooLong;
        problemAt = static_cast<std::uint64_t>(position - begin);
        return 0;
    }

    std::string_view string()
    {
        const std::uint64_t length = uleb();
        if (state != State::Ok)
            return {};
        const auto left = static_cast<std::uint64_t>(end - position);
        if (length > left) {
            shortInString = true;
            stringLength = length;
            problemAt = static_cast<std::uint64_t>(position - begin);
            state = State::Short;
            // Saturate: a length near 2^64 must not wrap into a small need
            // that looks satisfied (the decoder would retry forever).
            needed = length > UINT64_MAX - problemAt ? UINT64_MAX : problemAt + length;
            return {};
        }
        std::string_view text(reinterpret_cast<const char*>(position), static_cast<std::size_t>(length));
        position += length;
        return text;
    }

private:
    void markShort(std::size_t more)
    {
        state = State::Short;
        needed = static_cast<std::uint64_t>(position - begin) + more;
        problemAt = static_cast<std::uint64_t>(position - begin);
    }
};

} // namespace memprof
