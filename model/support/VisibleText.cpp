// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/support/VisibleText.h"

#include <cstdio>

namespace memprof {

bool isHiddenCodePoint(char32_t c)
{
    return c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == 0x061c || c == 0x200e || c == 0x200f ||
           (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
}

std::string escapeCodePoint(char32_t c)
{
    switch (c) {
    case '\n':
        return "\\n";
    case '\r':
        return "\\r";
    case '\t':
        return "\\t";
    default:
        break;
    }
    char text[16];
    if (c < 0x80)
        std::snprintf(text, sizeof text, "\\x%02x", static_cast<unsigned>(c));
    else
        std::snprintf(text, sizeof text, "\\u%04x", static_cast<unsigned>(c));
    return text;
}

namespace {
// The length of the valid UTF-8 sequence at `p` (up to `end`) and its code
// point, or 0 when the bytes there are not valid UTF-8.
std::size_t decodeUtf8(const unsigned char* p, const unsigned char* end, char32_t& c)
{
    const unsigned char lead = p[0];
    std::size_t length = 0;
    char32_t minimum = 0;
    if (lead < 0x80) {
        c = lead;
        return 1;
    } else if ((lead & 0xe0) == 0xc0) {
        length = 2, minimum = 0x80, c = lead & 0x1f;
    } else if ((lead & 0xf0) == 0xe0) {
        length = 3, minimum = 0x800, c = lead & 0x0f;
    } else if ((lead & 0xf8) == 0xf0) {
        length = 4, minimum = 0x10000, c = lead & 0x07;
    } else {
        return 0;
    }
    if (static_cast<std::size_t>(end - p) < length)
        return 0;
    for (std::size_t i = 1; i < length; ++i) {
        if ((p[i] & 0xc0) != 0x80)
            return 0;
        c = (c << 6) | (p[i] & 0x3f);
    }
    if (c < minimum || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
        return 0;
    return length;
}
} // namespace

std::string visibleText(std::string_view bytes, KeepTabs keepTabs)
{
    const auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
    const auto* const end = p + bytes.size();
    // The common case, a name of printable ASCII, is returned as it is.
    const auto* scan = p;
    while (scan != end && *scan >= 0x20 && *scan < 0x7f)
        ++scan;
    if (scan == end)
        return std::string(bytes);
    std::string out(bytes.substr(0, static_cast<std::size_t>(scan - p)));
    p = scan;
    while (p != end) {
        char32_t c = 0;
        const std::size_t length = decodeUtf8(p, end, c);
        if (length == 0) {
            char text[8];
            std::snprintf(text, sizeof text, "\\x%02x", static_cast<unsigned>(*p));
            out += text;
            ++p;
            continue;
        }
        if (isHiddenCodePoint(c) && !(c == '\t' && keepTabs == KeepTabs::Yes))
            out += escapeCodePoint(c);
        else
            out.append(reinterpret_cast<const char*>(p), length);
        p += length;
    }
    return out;
}

} // namespace memprof
