// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/dump/ByteSource.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

namespace memprof {

std::size_t SpanByteSource::read(std::span<std::uint8_t> out)
{
    const std::size_t count = std::min(out.size(), bytes_.size() - position_);
    std::memcpy(out.data(), bytes_.data() + position_, count);
    position_ += count;
    return count;
}

FileByteSource::FileByteSource(const std::string& path, const std::atomic<bool>* stop,
                               const std::atomic<bool>* follow)
    : stop_(stop)
{
    // O_NONBLOCK: opening a FIFO without a writer would otherwise wait for
    // one forever. Regular files ignore the flag.
    fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd_ < 0) {
        error_ = std::strerror(errno);
        return;
    }
    struct stat info {};
    if (::fstat(fd_, &info) != 0) {
        error_ = std::strerror(errno);
        return;
    }
    const char* refused = S_ISDIR(info.st_mode)    ? "is a directory"
                          : S_ISSOCK(info.st_mode) ? "is a socket, not a file"
                          : S_ISBLK(info.st_mode)  ? "is a block device, not a file"
                                                   : nullptr;
    if (refused) {
        error_ = refused;
        ::close(fd_);
        fd_ = -1;
        return;
    }
    // A FIFO, a pipe or a device has no size to stop at, and a /proc file
    // reports 0 bytes yet has content: read those until their end.
    stream_ = !S_ISREG(info.st_mode) || info.st_size == 0;
    size_ = stream_ ? 0 : static_cast<std::uint64_t>(info.st_size);
    // A followed file (a regular one: a stream is followed anyway) has no
    // size until it ends.
    if (follow && S_ISREG(info.st_mode)) {
        follow_ = follow;
        stream_ = false;
        size_ = 0;
    }
#ifdef POSIX_FADV_SEQUENTIAL
    ::posix_fadvise(fd_, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
}

FileByteSource::~FileByteSource()
{
    if (fd_ >= 0)
        ::close(fd_);
}

std::size_t FileByteSource::readStream(std::span<std::uint8_t> out)
{
    for (;;) {
        const ssize_t got = ::read(fd_, out.data(), out.size());
        if (got >= 0) {
            readSoFar_ += static_cast<std::uint64_t>(got);
            return static_cast<std::size_t>(got);
        }
        if (errno == EINTR)
            continue;
        if (errno != EAGAIN && errno != EWOULDBLOCK) {
            error_ = std::strerror(errno);
            return 0;
        }
        // No data yet (a FIFO whose writer is still working): wait a little,
        // then look at the stop flag, so that Cancel is never ignored.
        if (stop_ && stop_->load(std::memory_order_relaxed))
            return 0;
        pollfd waiting{fd_, POLLIN, 0};
        ::poll(&waiting, 1, 100);
    }
}

void FileByteSource::awaitData()
{
    if (!follow_)
        return;
    // Up to 100 ms in steps: back as soon as the file grows, Cancel is
    // pressed or the following ends.
    constexpr int kSteps = 5;
    constexpr int kStepMs = 20;
    for (int step = 0; step < kSteps; ++step) {
        if ((stop_ && stop_->load(std::memory_order_relaxed)) || !follow_->load(std::memory_order_acquire))
            return;
        struct stat info {};
        if (::fstat(fd_, &info) == 0 && static_cast<std::uint64_t>(info.st_size) != readSoFar_)
            return;
        ::poll(nullptr, 0, kStepMs);
    }
}

std::size_t FileByteSource::readFollowed(std::span<std::uint8_t> out)
{
    // Following had stopped before this look at the end: it sees everything
    // written before it stopped, so the file ends here.
    bool lastLook = false;
    for (;;) {
        const ssize_t got = ::read(fd_, out.data(), out.size());
        if (got > 0) {
            readSoFar_ += static_cast<std::uint64_t>(got);
            return static_cast<std::size_t>(got);
        }
        if (got < 0) {
            if (errno == EINTR)
                continue;
            error_ = std::strerror(errno);
            return 0;
        }
        struct stat info {};
        if (::fstat(fd_, &info) == 0 && static_cast<std::uint64_t>(info.st_size) < readSoFar_) {
            error_ = "the file shrank while it was followed: " + std::to_string(readSoFar_) +
                     " bytes were read, and it now has " + std::to_string(info.st_size);
            return 0;
        }
        if (lastLook || (stop_ && stop_->load(std::memory_order_relaxed))) {
            ended_ = true;
            return 0;
        }
        if (!follow_->load(std::memory_order_acquire)) {
            lastLook = true;
            continue;
        }
        ended_ = false; // nothing yet: the reader waits (awaitData) and asks again
        return 0;
    }
}

std::size_t FileByteSource::read(std::span<std::uint8_t> out)
{
    if (fd_ < 0)
        return 0;
    if (stream_)
        return readStream(out);
    if (follow_)
        return readFollowed(out);
    // Read no further than the size seen at open: a dump still being written
    // is decoded as it was then (and reported truncated), not chased.
    const std::uint64_t left = size_ - std::min(size_, readSoFar_);
    const std::size_t wanted = static_cast<std::size_t>(std::min<std::uint64_t>(out.size(), left));
    std::size_t done = 0;
    while (done < wanted) {
        const ssize_t got = ::read(fd_, out.data() + done, wanted - done);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            error_ = std::strerror(errno);
            break;
        }
        if (got == 0) {
            // The file ended before the size it had at open: it was cut
            // (truncated or replaced) while we read. Say so; "ends without
            // its epilogue at byte <old size>" would be wrong.
            error_ = "the file shrank while it was read: it had " + std::to_string(size_) +
                     " bytes when opened, and reading stopped at byte " + std::to_string(readSoFar_ + done);
            break;
        }
        done += static_cast<std::size_t>(got);
    }
    readSoFar_ += done;
    return done;
}

} // namespace memprof
