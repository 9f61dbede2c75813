// SPDX-License-Identifier: GPL-3.0-or-later
// Where the decoder's bytes come from: a file read in blocks (never mapped: a
// map dies with SIGBUS when the file shrinks under us), or a span in memory.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

namespace memprof {

class ByteSource {
public:
    virtual ~ByteSource() = default;
    // Copies up to `out.size()` next bytes into `out`; returns how many were
    // copied, 0 at the end. Sets `failed()` on a read error.
    virtual std::size_t read(std::span<std::uint8_t> out) = 0;
    // The size the source announced when opened, 0 when unknown.
    virtual std::uint64_t totalSize() const = 0;
    virtual bool failed() const { return false; }
    // After a read() that gave 0 bytes: true when the source has ended,
    // false when it only has nothing yet (a file followed as it grows, whose
    // read waited a moment first). A reader asks again later.
    virtual bool ended() const { return true; }
    // After such a read: waits a moment (at most about 100 ms) for more.
    virtual void awaitData() {}
    virtual std::string errorText() const { return {}; }
};

class SpanByteSource final : public ByteSource {
public:
    explicit SpanByteSource(std::span<const std::uint8_t> bytes) : bytes_(bytes) {}
    std::size_t read(std::span<std::uint8_t> out) override;
    std::uint64_t totalSize() const override { return bytes_.size(); }

private:
    std::span<const std::uint8_t> bytes_;
    std::size_t position_ = 0;
};

// Reads a file with plain read(2) calls. A regular file that grows while we
// read (a profiler still writing) is read up to the size it had when opened.
// A FIFO, a pipe, a character device or a regular file that reports no size
// (/proc files) is read as a stream until its end; while it has no data, the
// read waits in short steps so that `stop` is seen.
// Given `follow` (DecodeControl::follow), a regular file is followed: its
// size is unknown while it grows, and at its current end a read gives 0
// bytes without ending (awaitData waits for more), until `follow` turns
// false; it then reads to the end and ends there.
class FileByteSource final : public ByteSource {
public:
    explicit FileByteSource(const std::string& path, const std::atomic<bool>* stop = nullptr,
                            const std::atomic<bool>* follow = nullptr);
    ~FileByteSource() override;
    FileByteSource(const FileByteSource&) = delete;
    FileByteSource& operator=(const FileByteSource&) = delete;

    bool isOpen() const { return fd_ >= 0; }
    std::size_t read(std::span<std::uint8_t> out) override;
    // A followed file's: what was read of it so far (0 when opened, so that
    // a reader takes the size as unknown while it grows).
    std::uint64_t totalSize() const override { return follow_ ? readSoFar_ : size_; }
    bool failed() const override { return !error_.empty(); }
    bool ended() const override { return ended_; }
    void awaitData() override;
    std::string errorText() const override { return error_; }

private:
    std::size_t readStream(std::span<std::uint8_t> out);
    std::size_t readFollowed(std::span<std::uint8_t> out);

    int fd_ = -1;
    bool stream_ = false;
    const std::atomic<bool>* stop_ = nullptr;
    const std::atomic<bool>* follow_ = nullptr; // null unless followed
    bool ended_ = true; // a followed file's, after a read of 0 bytes
    std::uint64_t size_ = 0;
    std::uint64_t readSoFar_ = 0;
    std::string error_;
};

} // namespace memprof
