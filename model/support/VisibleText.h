// SPDX-License-Identifier: GPL-3.0-or-later
// Names from a dump printed where a terminal or a text layout would act on
// them: control characters (an ESC sequence sets a terminal's title, a CR
// overwrites the line, an LF splits a row) and bidirectional overrides
// (U+202E reverses what follows) are written as visible escapes instead,
// `\x1b`, `\n`, `\u202e`. Text without them is returned unchanged, byte for
// byte, so reports of ordinary dumps stay identical to the reference's.
#pragma once

#include <string>
#include <string_view>

namespace memprof {

// True for the code points shown escaped: C0 controls, DEL, C1 controls,
// and the bidirectional controls (U+061C, U+200E-F, U+202A-E, U+2066-9).
bool isHiddenCodePoint(char32_t c);

// The escape of one code point: "\n", "\r", "\t", "\x1b", "\u202e".
std::string escapeCodePoint(char32_t c);

enum class KeepTabs : bool { No, Yes };

// `bytes` with hidden code points escaped, and each byte that is not part
// of valid UTF-8 as "\xNN" (a lone 0x9b is a terminal's CSI). Tabs are kept
// with KeepTabs::Yes (source lines), escaped otherwise (a tab in a name
// shifts a report's columns).
std::string visibleText(std::string_view bytes, KeepTabs keepTabs = KeepTabs::No);

} // namespace memprof
