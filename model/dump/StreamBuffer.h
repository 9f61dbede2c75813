// SPDX-License-Identifier: GPL-3.0-or-later
// A window over a ByteSource: large block reads into one reused buffer, so
// memory does not grow with the file. It grows only while a single item (a
// long chunk name) needs more than the window holds.
#pragma once

#include "model/dump/ByteSource.h"

#include <cstdint>
#include <vector>

namespace memprof {

class StreamBuffer {
public:
    explicit StreamBuffer(ByteSource& source, std::size_t blockSize = 1u << 20);

    const std::uint8_t* data() const { return buffer_.data() + position_; }
    std::size_t available() const { return end_ - position_; }
    // Absolute byte offset of data()[0] in the source.
    std::uint64_t offset() const { return base_ + position_; }
    bool atEnd() const { return atEnd_; }
    bool failed() const { return source_.failed(); }
    std::string errorText() const { return source_.errorText(); }
    std::uint64_t totalSize() const { return source_.totalSize(); }

    void consume(std::size_t count) { position_ += count; }
    // Reads until at least `wanted` bytes are available or the source ends,
    // or (a source followed as it grows) has nothing yet: then waiting() is
    // true, and fewer bytes are available without atEnd(). Returns true if
    // anything new was read.
    bool fill(std::size_t wanted);
    // The last fill stopped for want of data that may still come.
    bool waiting() const { return waiting_; }

private:
    ByteSource& source_;
    std::vector<std::uint8_t> buffer_;
    std::size_t position_ = 0;
    std::size_t end_ = 0;
    std::uint64_t base_ = 0;
    bool atEnd_ = false;
    bool waiting_ = false;
    // Where the reader was when the source last had nothing yet.
    std::uint64_t stuckAt_ = ~std::uint64_t(0);
};

} // namespace memprof
