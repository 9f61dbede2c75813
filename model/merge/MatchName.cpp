// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/merge/MatchName.h"

#include <algorithm>
#include <cctype>

namespace memprof {

std::string withoutLoadAddress(std::string_view name)
{
    const std::size_t at = name.rfind(":0x");
    if (at == std::string_view::npos || at == 0)
        return std::string(name);
    const std::string_view digits = name.substr(at + 3);
    const bool hex = !digits.empty() && std::all_of(digits.begin(), digits.end(), [](char c) {
        return std::isxdigit(static_cast<unsigned char>(c)) != 0;
    });
    return std::string(hex ? name.substr(0, at) : name);
}

} // namespace memprof
