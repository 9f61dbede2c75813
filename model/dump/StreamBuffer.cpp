// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/dump/StreamBuffer.h"

#include <cstring>

namespace memprof {

StreamBuffer::StreamBuffer(ByteSource& source, std::size_t blockSize)
    : source_(source), buffer_(blockSize < 64 ? 64 : blockSize)
{}

bool StreamBuffer::fill(std::size_t wanted)
{
    bool readAnything = false;
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
        if (got == 0 || source_.failed())
            atEnd_ = true;
        end_ += got;
        readAnything = readAnything || got > 0;
    }
    return readAnything;
}

} // namespace memprof
