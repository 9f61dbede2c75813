// SPDX-License-Identifier: GPL-3.0-or-later
// A stream's buffer that hands what it holds to a sink a chunk at a time:
// large outputs (exports of long runs) go to their file as they are made,
// at the cost of one chunk of memory.
#pragma once

#include <cstddef>
#include <cstring>
#include <functional>
#include <streambuf>
#include <string_view>
#include <vector>

namespace memprof {

class ChunkedStreamBuffer final : public std::streambuf {
public:
    // 1 MiB: the writes of a large export cost nothing beside making it.
    static constexpr std::size_t kChunkBytes = std::size_t{1} << 20;

    // `sink` takes each chunk (never empty) in order.
    explicit ChunkedStreamBuffer(std::function<void(std::string_view)> sink)
        : sink_(std::move(sink)), bytes_(kChunkBytes)
    {
        setp(bytes_.data(), bytes_.data() + bytes_.size());
    }

    // Hands over what is held.
    void flushChunk()
    {
        if (pptr() > pbase())
            sink_({pbase(), static_cast<std::size_t>(pptr() - pbase())});
        setp(bytes_.data(), bytes_.data() + bytes_.size());
    }

protected:
    int_type overflow(int_type c) override
    {
        flushChunk();
        if (!traits_type::eq_int_type(c, traits_type::eof())) {
            *pptr() = traits_type::to_char_type(c);
            pbump(1);
        }
        return traits_type::not_eof(c);
    }
    std::streamsize xsputn(const char* data, std::streamsize count) override
    {
        // An empty view may hold no pointer at all: memcpy must not see it.
        if (count <= 0)
            return 0;
        if (count > epptr() - pptr()) {
            flushChunk();
            if (count >= static_cast<std::streamsize>(bytes_.size())) {
                sink_({data, static_cast<std::size_t>(count)});
                return count;
            }
        }
        std::memcpy(pptr(), data, static_cast<std::size_t>(count));
        pbump(static_cast<int>(count));
        return count;
    }
    int sync() override
    {
        flushChunk();
        return 0;
    }

private:
    std::function<void(std::string_view)> sink_;
    std::vector<char> bytes_;
};

} // namespace memprof
