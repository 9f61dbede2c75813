// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/dump/DecodeStatus.h"

#include <cstdio>

namespace memprof {

const char* toString(DecodeErrorKind kind)
{
    switch (kind) {
    case DecodeErrorKind::None:
        return "no error";
    case DecodeErrorKind::BadMagic:
        return "bad magic";
    case DecodeErrorKind::UnsupportedVersion:
        return "unsupported version";
    case DecodeErrorKind::BadHeaderByte:
        return "bad header byte";
    case DecodeErrorKind::UlebTooLong:
        return "ULEB128 too long";
    case DecodeErrorKind::StringPastEnd:
        return "string past the end";
    case DecodeErrorKind::UnexpectedEnd:
        return "unexpected end of file";
    case DecodeErrorKind::IoError:
        return "read error";
    case DecodeErrorKind::OtherProfiler:
        return "dump of the other profiler";
    }
    return "unknown error";
}

std::string hexByte(std::uint8_t b)
{
    char hex[4];
    std::snprintf(hex, sizeof hex, "%02x", b);
    return hex;
}

DecodeStatus cannotOpenStatus(const std::string& reason)
{
    DecodeStatus status;
    status.end = DecodeEnd::Failed;
    status.error = {DecodeErrorKind::IoError, 0, "cannot open: " + reason};
    return status;
}

} // namespace memprof
