// SPDX-License-Identifier: GPL-3.0-or-later
// Byte sources that behave like awkward real ones, for the fuzz target and
// the hardening tests.
#pragma once

#include "model/dump/ByteSource.h"

#include <algorithm>
#include <cstring>
#include <span>

namespace memprof::test {

// Hands out the bytes in reads of 1..13 bytes (a pipe, a slow network disk)
// and does not announce its size, so the decoder cannot shortcut on it.
class ChoppyByteSource final : public ByteSource {
public:
    explicit ChoppyByteSource(std::span<const std::uint8_t> bytes) : bytes_(bytes) {}
    std::size_t read(std::span<std::uint8_t> out) override
    {
        const std::size_t piece = 1 + (reads_++ * 7) % 13;
        const std::size_t count = std::min({out.size(), piece, bytes_.size() - position_});
        if (count > 0)
            std::memcpy(out.data(), bytes_.data() + position_, count);
        position_ += count;
        largestRequest_ = std::max(largestRequest_, out.size());
        return count;
    }
    std::uint64_t totalSize() const override { return 0; }
    // The largest buffer the decoder offered: how far its window grew.
    std::size_t largestRequest() const { return largestRequest_; }

private:
    std::span<const std::uint8_t> bytes_;
    std::size_t position_ = 0;
    std::size_t reads_ = 0;
    std::size_t largestRequest_ = 0;
};

} // namespace memprof::test

namespace memprof::test {

// A span that announces its size (like a file) and records the largest read
// the decoder asked for: how far the decoder's window grew.
class RecordingSpanSource final : public ByteSource {
public:
    explicit RecordingSpanSource(std::span<const std::uint8_t> bytes) : inner_(bytes), size_(bytes.size()) {}
    std::size_t read(std::span<std::uint8_t> out) override
    {
        largestRequest_ = std::max(largestRequest_, out.size());
        return inner_.read(out);
    }
    std::uint64_t totalSize() const override { return size_; }
    std::size_t largestRequest() const { return largestRequest_; }

private:
    SpanByteSource inner_;
    std::uint64_t size_;
    std::size_t largestRequest_ = 0;
};

} // namespace memprof::test
