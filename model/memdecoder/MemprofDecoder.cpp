// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/memdecoder/MemprofDecoder.h"

namespace memprof {

namespace detail {

std::string describeHeader(std::uint8_t header)
{
    static const char* const events[] = {"symtab", "alloc", "free", "realloc"};
    const char* source = "";
    switch (header & wire::kSourceMask) {
    case wire::kSourceInternal:
        source = "internal ";
        break;
    case wire::kSourceLua:
        source = "Lua ";
        break;
    case wire::kSourceC:
        source = "C ";
        break;
    case wire::kSourceTrace:
        source = "trace ";
        break;
    default:
        break;
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

} // namespace memprof
