// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/dump/DumpRangeReader.h"

#include <algorithm>
#include <cerrno>
#include <string>
#include <unistd.h>

namespace memprof {

namespace {

// A range of a file, read with pread(2): replays of different segments may
// run at once on one descriptor.
class FileRangeSource final : public ByteSource {
public:
    FileRangeSource(int fd, std::uint64_t offset, std::uint64_t length)
        : fd_(fd), position_(offset), end_(offset + length), length_(length)
    {}
    std::size_t read(std::span<std::uint8_t> out) override
    {
        const std::size_t wanted = static_cast<std::size_t>(std::min<std::uint64_t>(out.size(), end_ - position_));
        if (wanted == 0)
            return 0;
        for (;;) {
            const ssize_t got = ::pread(fd_, out.data(), wanted, static_cast<off_t>(position_));
            if (got < 0 && errno == EINTR)
                continue;
            if (got < 0) {
                failed_ = true;
                return 0;
            }
            position_ += static_cast<std::uint64_t>(got);
            if (got == 0) // the file shrank: the replay sees too few events
                end_ = position_;
            return static_cast<std::size_t>(got);
        }
    }
    std::uint64_t totalSize() const override { return length_; }
    bool failed() const override { return failed_; }
    std::string errorText() const override { return failed_ ? "read error" : std::string(); }

private:
    int fd_;
    std::uint64_t position_;
    std::uint64_t end_;
    std::uint64_t length_;
    bool failed_ = false;
};

} // namespace

std::unique_ptr<ByteSource> FileRangeReader::range(std::uint64_t offset, std::uint64_t length) const
{
    return std::make_unique<FileRangeSource>(fd_, offset, length);
}

std::unique_ptr<ByteSource> SpanRangeReader::range(std::uint64_t offset, std::uint64_t length) const
{
    return std::make_unique<SpanByteSource>(bytes_.subspan(offset, length));
}

} // namespace memprof
