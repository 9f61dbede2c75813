// SPDX-License-Identifier: GPL-3.0-or-later
// The large arrays of a time-ordered export (a value per sample, one sample
// per millisecond of a long run; a node per call path) written as JSON text
// beside the document Qt writes: a QJsonValue per number took gigabytes for
// a file of tens of megabytes, and the text of the whole file twice its
// size. Qt writes everything else, and every string (escaped), with the
// large arrays empty; the file is then streamed, each array's elements
// written in place of its empty array as they are made.
#pragma once

#include <algorithm>
#include <charconv>
#include <functional>
#include <initializer_list>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace memprof {

template <class Integer>
void appendJsonNumber(std::string& text, Integer value)
{
    char digits[24];
    const auto [end, error] = std::to_chars(digits, digits + sizeof digits, value);
    text.append(digits, end);
}

template <class Integer>
void writeJsonNumber(std::ostream& out, Integer value)
{
    char digits[24];
    const auto [end, error] = std::to_chars(digits, digits + sizeof digits, value);
    out.write(digits, end - digits);
}

// The elements of one array, written where `key`'s empty array is.
struct JsonArrayFill {
    std::string_view key;
    std::function<void(std::ostream&)> writeElements;
};

// Writes `json` to `out`, each fill's elements inside the empty array its
// key holds: the first `"key":[]` in `json` (the sequence cannot occur
// inside a JSON string, where every quote is escaped). The places are found
// in `json` as Qt wrote it, so an array's text never takes another's place.
inline void writeFilledJson(std::ostream& out, std::string_view json, std::initializer_list<JsonArrayFill> fills)
{
    std::vector<std::pair<std::size_t, const JsonArrayFill*>> places; // after the '[' of each
    for (const JsonArrayFill& fill : fills) {
        const std::string empty = "\"" + std::string(fill.key) + "\":[]";
        if (const std::size_t at = json.find(empty); at != std::string_view::npos)
            places.emplace_back(at + empty.size() - 1, &fill);
    }
    std::sort(places.begin(), places.end());
    std::size_t written = 0;
    for (const auto& [at, fill] : places) {
        out.write(json.data() + written, static_cast<std::streamsize>(at - written));
        fill->writeElements(out);
        written = at;
    }
    out.write(json.data() + written, static_cast<std::streamsize>(json.size() - written));
}

} // namespace memprof
