// SPDX-License-Identifier: GPL-3.0-or-later
// Bounds-checked reads of the grammar's terminals (u8, uleb, string) over a
// contiguous slice of the stream buffer. A read that would pass the slice's
// end sets `state` instead of reading; the caller refills and retries.
#pragma once

#include "WireFormat.h"

#include <cstdint>
#include <string_view>

namespace memprof {

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

    ByteCursor(const std::uint8_t* data, std::size_t size)
        : begin(data), position(data), end(data + size)
    {
    }

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

    std::uint64_t uleb()
    {
        if (state != State::Ok)
            return 0;
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
            needed = problemAt + length;
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
