// SPDX-License-Identifier: GPL-3.0-or-later
#include "ByteSource.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string>
#include <fcntl.h>
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

FileByteSource::FileByteSource(const std::string& path)
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
    // The size at open bounds the read (see read()), so only a regular
    // file can be read whole: a pipe, socket or device is refused by name.
    const char* notRegular = S_ISDIR(info.st_mode)    ? "is a directory"
                             : S_ISFIFO(info.st_mode) ? "is a FIFO (named pipe), not a regular file"
                             : S_ISSOCK(info.st_mode) ? "is a socket, not a regular file"
                             : S_ISCHR(info.st_mode)  ? "is a character device, not a regular file"
                             : S_ISBLK(info.st_mode)  ? "is a block device, not a regular file"
                                                      : nullptr;
    if (notRegular) {
        error_ = notRegular;
        ::close(fd_);
        fd_ = -1;
        return;
    }
    size_ = static_cast<std::uint64_t>(info.st_size);
#ifdef POSIX_FADV_SEQUENTIAL
    ::posix_fadvise(fd_, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
}

FileByteSource::~FileByteSource()
{
    if (fd_ >= 0)
        ::close(fd_);
}

std::size_t FileByteSource::read(std::span<std::uint8_t> out)
{
    if (fd_ < 0)
        return 0;
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
