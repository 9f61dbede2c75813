// SPDX-License-Identifier: GPL-3.0-or-later
// Writing a report or an export so that a failure never passes for success
// and never destroys what was there: every write and the final flush are
// checked, a regular file is replaced atomically, and anything that is not a
// regular file is written in place or refused, never replaced.
#pragma once

#include <memory>
#include <ostream>
#include <string>
#include <string_view>

namespace memprof {

// Writes every byte of `bytes` to the open descriptor `fd`, retrying short
// writes and EINTR. Returns the cause on failure ("No space left on
// device"), an empty string on success.
std::string writeAll(int fd, std::string_view bytes);

// Writes `bytes` to `path`; returns the cause on failure, empty on success.
// - A new file, or an existing regular file (symlinks followed), is replaced
//   atomically: a temporary file beside the target is written, flushed to
//   disk and renamed over it, keeping the old file's permissions. On any
//   failure the temporary file is removed and the old file stays as it was.
// - /dev/stdout, /dev/stderr, /dev/fd/N and /proc/self/fd/N write to that
//   descriptor, as a shell does: the file behind it is never replaced.
// - An existing FIFO or character device (/dev/null, a terminal) is written
//   in place.
// - A directory, a block device, a socket and files under /proc or /sys are
//   refused.
std::string writeOutputFile(const std::string& path, std::string_view bytes);

// An output written as it is made, by writeOutputFile's rules, so that a
// large export is never held whole: what `stream()` takes is buffered and
// goes to `path` when the buffer fills, the destination opened then (a
// command that fails before writing much leaves no trace). A regular file
// is written beside the target and replaces it only at commit(); without
// commit() (a command that stopped) nothing is replaced.
class OutputFile {
public:
    explicit OutputFile(std::string path);
    ~OutputFile();
    OutputFile(const OutputFile&) = delete;
    OutputFile& operator=(const OutputFile&) = delete;

    std::ostream& stream() { return stream_; }
    // Writes what is left and puts the file in place; the cause of the first
    // failure, empty on success.
    std::string commit();

private:
    class Buffer;
    std::unique_ptr<Buffer> buffer_;
    std::ostream stream_;
};

// True when both paths name the same regular file (same device and inode,
// symlinks followed), so that writing one would destroy the other. Devices
// and FIFOs are never "the same file": /dev/null may be input and output.
bool isSameFile(const std::string& first, const std::string& second);

} // namespace memprof
