// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/support/OutputFile.h"
#include "model/support/ChunkedStreamBuffer.h"

#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace memprof {

namespace {

std::string lastError()
{
    return std::strerror(errno);
}

bool startsWith(std::string_view text, std::string_view prefix)
{
    return text.substr(0, prefix.size()) == prefix;
}

// The descriptor a path names the way a shell treats it (/dev/stdout,
// /dev/fd/1, /proc/self/fd/1), or -1.
int descriptorAlias(std::string_view path)
{
    if (path == "/dev/stdin")
        return 0;
    if (path == "/dev/stdout")
        return 1;
    if (path == "/dev/stderr")
        return 2;
    for (std::string_view prefix : {std::string_view("/dev/fd/"), std::string_view("/proc/self/fd/")}) {
        if (!startsWith(path, prefix))
            continue;
        const std::string_view digits = path.substr(prefix.size());
        int fd = -1;
        const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), fd);
        if (error == std::errc() && end == digits.data() + digits.size() && fd >= 0)
            return fd;
    }
    return -1;
}

// Kernel interfaces, not files: writing a report there could change the
// system's settings.
bool isKernelInterface(std::string_view path)
{
    return startsWith(path, "/proc/") || startsWith(path, "/sys/");
}

std::string parentOf(const std::string& path)
{
    const std::size_t slash = path.rfind('/');
    if (slash == std::string::npos)
        return ".";
    return slash == 0 ? "/" : path.substr(0, slash);
}

std::string resolved(const std::string& path)
{
    char* real = ::realpath(path.c_str(), nullptr);
    if (!real)
        return path;
    std::string result(real);
    std::free(real);
    return result;
}

// A temporary file beside `target`, created with O_EXCL (the umask applies
// as to any new file); -1 with errno set on failure.
int createTemporary(const std::string& target, std::string& temporaryPath)
{
    const std::string directory = parentOf(target);
    const std::string base = target.substr(target.rfind('/') == std::string::npos ? 0 : target.rfind('/') + 1);
    auto seed = static_cast<unsigned long long>(std::chrono::steady_clock::now().time_since_epoch().count()) ^
                (static_cast<unsigned long long>(::getpid()) << 32);
    for (int attempt = 0; attempt < 100; ++attempt) {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        char suffix[17];
        std::snprintf(suffix, sizeof suffix, "%016llx", seed);
        temporaryPath = directory + "/." + base + "." + std::string(suffix, 8);
        const int fd = ::open(temporaryPath.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd >= 0 || errno != EEXIST)
            return fd;
    }
    errno = EEXIST;
    return -1;
}

} // namespace

std::string writeAll(int fd, std::string_view bytes)
{
    while (!bytes.empty()) {
        const ssize_t written = ::write(fd, bytes.data(), bytes.size());
        if (written < 0) {
            if (errno == EINTR)
                continue;
            return lastError();
        }
        if (written == 0)
            return "the write made no progress";
        bytes.remove_prefix(static_cast<std::size_t>(written));
    }
    return {};
}

// Where an OutputFile's bytes go, opened at its first write: a
// descriptor, or a temporary file that replaces a regular file at the end.
class OutputFile::Buffer {
public:
    explicit Buffer(std::string path) : path_(std::move(path)), chunks_([this](std::string_view bytes) { send(bytes); })
    {}
    ~Buffer() { discard(); }

    std::streambuf* streamBuffer() { return &chunks_; }

    std::string commit()
    {
        chunks_.flushChunk();
        if (error_.empty() && fd_ < 0)
            open();
        if (!temporaryPath_.empty()) {
            if (error_.empty() && ::fsync(fd_) != 0 && errno != EINVAL && errno != EROFS)
                error_ = lastError();
        }
        if (ownsFd_ && ::close(fd_) != 0 && error_.empty())
            error_ = lastError();
        ownsFd_ = false;
        fd_ = -1;
        if (!temporaryPath_.empty()) {
            if (error_.empty() && ::rename(temporaryPath_.c_str(), target_.c_str()) != 0)
                error_ = lastError();
            if (!error_.empty())
                ::unlink(temporaryPath_.c_str());
            temporaryPath_.clear();
        }
        return error_;
    }

private:
    void send(std::string_view bytes)
    {
        if (error_.empty() && fd_ < 0)
            open();
        if (error_.empty() && !bytes.empty())
            error_ = writeAll(fd_, bytes);
    }
    void discard()
    {
        if (ownsFd_)
            ::close(fd_);
        if (!temporaryPath_.empty())
            ::unlink(temporaryPath_.c_str());
    }
    // The destination, as writeOutputFile describes; error_ when refused.
    void open()
    {
        if (path_.empty()) {
            error_ = "the file name is empty";
            return;
        }
        if (const int fd = descriptorAlias(path_); fd >= 0) {
            if (::fcntl(fd, F_GETFD) < 0)
                error_ = "descriptor " + std::to_string(fd) + " is not open";
            fd_ = fd;
            return;
        }
        struct stat info {};
        if (::stat(path_.c_str(), &info) != 0) {
            if (errno != ENOENT) {
                error_ = lastError();
                return;
            }
            struct stat link {};
            if (::lstat(path_.c_str(), &link) == 0)
                error_ = "it is a symbolic link to a file that does not exist";
            else if (isKernelInterface(resolved(parentOf(path_)) + "/"))
                error_ = "it is in a kernel interface (/proc or /sys), not a file system for reports";
            else
                openTemporary(path_, nullptr);
            return;
        }
        if (S_ISREG(info.st_mode)) {
            const std::string target = resolved(path_);
            if (isKernelInterface(target))
                error_ = "it is a kernel interface (/proc or /sys), not a file for reports";
            else
                openTemporary(target, &info);
            return;
        }
        if (S_ISFIFO(info.st_mode) || S_ISCHR(info.st_mode)) {
            // Replacing a device or a FIFO with a regular file would break what
            // uses it (/dev/null for everyone, a reader waiting on a FIFO).
            fd_ = ::open(path_.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
            if (fd_ < 0)
                error_ = lastError();
            ownsFd_ = fd_ >= 0;
            return;
        }
        error_ = S_ISDIR(info.st_mode)    ? "it is a directory"
                 : S_ISBLK(info.st_mode)  ? "it is a block device: a report is never written onto one"
                 : S_ISSOCK(info.st_mode) ? "it is a socket"
                                          : "it is not a regular file";
    }
    // A temporary file beside `target` that replaces it at commit(), keeping
    // the old file's permissions and, where we may, its owner.
    void openTemporary(const std::string& target, const struct stat* old)
    {
        fd_ = createTemporary(target, temporaryPath_);
        if (fd_ < 0) {
            temporaryPath_.clear();
            error_ = "cannot create a file in " + parentOf(target) + ": " + lastError();
            return;
        }
        ownsFd_ = true;
        target_ = target;
        if (old) {
            if (::fchmod(fd_, old->st_mode & 07777) != 0)
                error_ = lastError();
            if (::fchown(fd_, old->st_uid, old->st_gid) != 0) {
                // Only root may give a file away; another user's replacement is theirs.
            }
        }
    }

    std::string path_;
    ChunkedStreamBuffer chunks_;
    int fd_ = -1;
    bool ownsFd_ = false;
    std::string temporaryPath_; // set while a temporary file waits for commit()
    std::string target_;
    std::string error_;
};

OutputFile::OutputFile(std::string path)
    : buffer_(std::make_unique<Buffer>(std::move(path))), stream_(buffer_->streamBuffer())
{}

OutputFile::~OutputFile() = default;

std::string OutputFile::commit()
{
    stream_.flush();
    return buffer_->commit();
}

std::string writeOutputFile(const std::string& path, std::string_view bytes)
{
    OutputFile file(path);
    file.stream().write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    return file.commit();
}

bool isSameFile(const std::string& first, const std::string& second)
{
    struct stat a {
    }, b{};
    return ::stat(first.c_str(), &a) == 0 && ::stat(second.c_str(), &b) == 0 && S_ISREG(a.st_mode) &&
           a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

} // namespace memprof
