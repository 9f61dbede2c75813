// SPDX-License-Identifier: GPL-3.0-or-later
// The large arrays of a time-ordered export (a value per sample, one sample
// per millisecond of a long run; a node per call path) written as JSON text
// beside the document Qt writes: a QJsonValue per number took gigabytes for
// a file of tens of megabytes. Qt writes everything else, and every string
// (escaped), with the large arrays empty; their text then takes the empty
// arrays' place.
#pragma once

#include <charconv>
#include <string>
#include <string_view>

namespace memprof {

template <class Integer>
void appendJsonNumber(std::string& text, Integer value)
{
    char digits[24];
    const auto [end, error] = std::to_chars(digits, digits + sizeof digits, value);
    text.append(digits, end);
}

// Puts `array` (JSON text) in place of the empty array that `key` holds in
// `json`, the first `"key":[]` in it: the sequence cannot occur inside a
// JSON string, where every quote is escaped. The document must have no
// other member named `key` before it that holds an empty array.
inline void fillEmptyJsonArray(std::string& json, std::string_view key, std::string_view array)
{
    const std::string empty = "\"" + std::string(key) + "\":[]";
    const std::size_t at = json.find(empty);
    if (at != std::string::npos)
        json.replace(at + empty.size() - 2, 2, array);
}

} // namespace memprof
