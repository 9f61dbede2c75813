// SPDX-License-Identifier: GPL-3.0-or-later
// How a caller steers a decode: progress reports, the stop flag and the
// read block size. Apart from Decoder.h so that the loaders' interfaces name
// it without pulling in the whole decoder.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>

namespace memprof {

struct DecodeControl {
    // Called after each block read: bytes consumed so far, total (0 if unknown).
    std::function<void(std::uint64_t, std::uint64_t)> progress;
    // Raised by another thread to stop; the decode ends Cancelled.
    const std::atomic<bool>* stop = nullptr;
    std::size_t blockSize = 1u << 20;
    // Set: a regular file is followed as it grows (a profiler still writing
    // it). At the file's end the read waits for more for as long as this
    // points at true; once it is false, what was written by then is read and
    // the dump ends there. Unset: a file is read up to the size it had when
    // opened.
    const std::atomic<bool>* follow = nullptr;
};

} // namespace memprof
