// SPDX-License-Identifier: GPL-3.0-or-later
// A dump read a range of bytes at a time, for decoders that start in the
// middle of a stream (a recount replays the segments a window covers): each
// range is a ByteSource of its own, so replays of different ranges may run
// at once, a file's through pread(2) on one descriptor.
#pragma once

#include "model/dump/ByteSource.h"

#include <cstdint>
#include <memory>
#include <span>

namespace memprof {

class DumpRangeReader {
public:
    virtual ~DumpRangeReader() = default;
    virtual std::unique_ptr<ByteSource> range(std::uint64_t offset, std::uint64_t length) const = 0;
};

// Ranges of an open file; the descriptor stays the caller's.
class FileRangeReader final : public DumpRangeReader {
public:
    explicit FileRangeReader(int fd) : fd_(fd) {}
    std::unique_ptr<ByteSource> range(std::uint64_t offset, std::uint64_t length) const override;

private:
    int fd_;
};

// Ranges of bytes in memory.
class SpanRangeReader final : public DumpRangeReader {
public:
    explicit SpanRangeReader(std::span<const std::uint8_t> bytes) : bytes_(bytes) {}
    std::unique_ptr<ByteSource> range(std::uint64_t offset, std::uint64_t length) const override;

private:
    std::span<const std::uint8_t> bytes_;
};

} // namespace memprof
