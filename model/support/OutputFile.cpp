// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/support/OutputFile.h"

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

std::string replaceAtomically(const std::string& target, const struct stat* old, std::string_view bytes)
{
    std::string temporaryPath;
    const int fd = createTemporary(target, temporaryPath);
    if (fd < 0)
        return "cannot create a file in " + parentOf(target) + ": " + lastError();
    std::string error;
    if (old) {
        // The replacement keeps the old file's permissions and, where we may,
        // its owner.
        if (::fchmod(fd, old->st_mode & 07777) != 0)
            error = lastError();
        if (::fchown(fd, old->st_uid, old->st_gid) != 0) {
            // Only root may give a file away; another user's replacement is theirs.
        }
    }
    if (error.empty())
        error = writeAll(fd, bytes);
    if (error.empty() && ::fsync(fd) != 0 && errno != EINVAL && errno != EROFS)
        error = lastError();
    if (::close(fd) != 0 && error.empty())
        error = lastError();
    if (error.empty() && ::rename(temporaryPath.c_str(), target.c_str()) != 0)
        error = lastError();
    if (!error.empty())
        ::unlink(temporaryPath.c_str());
    return error;
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

std::string writeOutputFile(const std::string& path, std::string_view bytes)
{
    if (path.empty())
        return "the file name is empty";
    if (const int fd = descriptorAlias(path); fd >= 0) {
        if (::fcntl(fd, F_GETFD) < 0)
            return "descriptor " + std::to_string(fd) + " is not open";
        return writeAll(fd, bytes);
    }
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0) {
        if (errno != ENOENT)
            return lastError();
        struct stat link {};
        if (::lstat(path.c_str(), &link) == 0)
            return "it is a symbolic link to a file that does not exist";
        if (isKernelInterface(resolved(parentOf(path)) + "/"))
            return "it is in a kernel interface (/proc or /sys), not a file system for reports";
        return replaceAtomically(path, nullptr, bytes);
    }
    if (S_ISREG(info.st_mode)) {
        const std::string target = resolved(path);
        if (isKernelInterface(target))
            return "it is a kernel interface (/proc or /sys), not a file for reports";
        return replaceAtomically(target, &info, bytes);
    }
    if (S_ISFIFO(info.st_mode) || S_ISCHR(info.st_mode)) {
        // Replacing a device or a FIFO with a regular file would break what
        // uses it (/dev/null for everyone, a reader waiting on a FIFO).
        const int fd = ::open(path.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
        if (fd < 0)
            return lastError();
        std::string error = writeAll(fd, bytes);
        if (::close(fd) != 0 && error.empty())
            error = lastError();
        return error;
    }
    if (S_ISDIR(info.st_mode))
        return "it is a directory";
    if (S_ISBLK(info.st_mode))
        return "it is a block device: a report is never written onto one";
    if (S_ISSOCK(info.st_mode))
        return "it is a socket";
    return "it is not a regular file";
}

bool isSameFile(const std::string& first, const std::string& second)
{
    struct stat a {
    }, b{};
    return ::stat(first.c_str(), &a) == 0 && ::stat(second.c_str(), &b) == 0 && S_ISREG(a.st_mode) &&
           a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

} // namespace memprof
