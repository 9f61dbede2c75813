// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/dump/StreamBuffer.h"

#include <algorithm>
#include <cstring>

namespace memprof {

namespace {

// A source smaller than a block is read into a buffer its size (no less
// than 64 KiB, so that a file still growing is read in large steps): the
// many small dumps a comparison, a test or a cut prefix decodes do not each
// clear a whole block.
std::size_t bufferSize(const ByteSource& source, std::size_t blockSize)
{
    constexpr std::size_t kSmallestLargeBuffer = 64 << 10;
    const std::uint64_t total = source.totalSize(); // 0: unknown
    std::size_t size = blockSize;
    if (total != 0 && total < size)
        size = std::max<std::size_t>(static_cast<std::size_t>(total), std::min(size, kSmallestLargeBuffer));
    return std::max<std::size_t>(size, 64);
}

} // namespace

StreamBuffer::StreamBuffer(ByteSource& source, std::size_t blockSize)
    : source_(source), buffer_(bufferSize(source, blockSize))
{}

bool StreamBuffer::fill(std::size_t wanted)
{
    bool readAnything = false;
    bool waitedOnce = false;
    waiting_ = false;
    while (available() < wanted && !atEnd_) {
        if (end_ == buffer_.size()) {
            if (position_ > 0) {
                // Keep the unconsumed tail, drop the rest.
                const std::size_t tail = available();
                std::memmove(buffer_.data(), buffer_.data() + position_, tail);
                base_ += position_;
                position_ = 0;
                end_ = tail;
            } else {
                // One item is larger than the window: double it. Growth is
                // bounded by the data that actually arrives.
                buffer_.resize(buffer_.size() * 2);
            }
        }
        const std::size_t got = source_.read(std::span<std::uint8_t>(buffer_.data() + end_, buffer_.size() - end_));
        if (got == 0 && !source_.failed() && !source_.ended()) {
            // Nothing yet. A reader given new bytes, or one that consumed
            // something since it last found nothing, may have whole items
            // here: it is back at once. One stuck at the same offset waits
            // a moment (once) first.
            waiting_ = true;
            if (readAnything || waitedOnce || offset() != stuckAt_) {
                stuckAt_ = offset();
                return readAnything;
            }
            source_.awaitData();
            waitedOnce = true;
            continue;
        }
        if (got == 0 || source_.failed())
            atEnd_ = true;
        end_ += got;
        readAnything = readAnything || got > 0;
    }
    return readAnything;
}

} // namespace memprof
