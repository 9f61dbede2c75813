// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/decoder/DecodeStatus.h"
#include "model/decoder/Decoder.h"

namespace memprof {

const char* toString(DecodeErrorKind kind)
{
    switch (kind) {
    case DecodeErrorKind::None: return "no error";
    case DecodeErrorKind::BadMagic: return "bad magic";
    case DecodeErrorKind::UnsupportedVersion: return "unsupported version";
    case DecodeErrorKind::BadHeaderByte: return "bad header byte";
    case DecodeErrorKind::UlebTooLong: return "ULEB128 too long";
    case DecodeErrorKind::StringPastEnd: return "string past the end";
    case DecodeErrorKind::UnexpectedEnd: return "unexpected end of file";
    case DecodeErrorKind::IoError: return "read error";
    case DecodeErrorKind::OtherProfiler: return "dump of the other profiler";
    }
    return "unknown error";
}

namespace detail {

std::string describeHeader(std::uint8_t header)
{
    static const char* const events[] = {"symtab", "alloc", "free", "realloc"};
    const char* source = "";
    switch (header & wire::kSourceMask) {
    case wire::kSourceInternal: source = "internal "; break;
    case wire::kSourceLua: source = "Lua "; break;
    case wire::kSourceC: source = "C "; break;
    case wire::kSourceTrace: source = "trace "; break;
    default: break;
    }
    char text[64];
    std::snprintf(text, sizeof text, "%s%s (0x%02x)", source, events[header & wire::kEventMask], header);
    return text;
}

std::string formatHex(std::uint64_t value)
{
    char text[24];
    std::snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(value));
    return text;
}

} // namespace detail

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
