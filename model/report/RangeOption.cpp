// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/report/RangeOption.h"

#include <charconv>
#include <cmath>

namespace memprof {

namespace {

std::optional<RangeOption::End> parseEnd(std::string_view text, std::string& error)
{
    RangeOption::End end;
    if (text.empty())
        return end;
    end.given = true;
    if (text.back() == '%') {
        end.percent = true;
        text.remove_suffix(1);
        double value = 0;
        const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (text.empty() || ec != std::errc() || ptr != text.data() + text.size() || !(value >= 0 && value <= 100)) {
            error = "'" + std::string(text) + "%' is not a percentage from 0% to 100%";
            return std::nullopt;
        }
        end.percentOfRun = value;
        return end;
    }
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), end.event);
    if (ec != std::errc() || ptr != text.data() + text.size() || end.event == 0) {
        error = "'" + std::string(text) + "' is not an event number (1, 2, ...) or a percentage";
        return std::nullopt;
    }
    return end;
}

std::uint64_t percentOf(double percent, std::uint64_t eventCount)
{
    const long double events = std::floor(static_cast<long double>(percent) * eventCount / 100);
    return std::min<std::uint64_t>(eventCount, static_cast<std::uint64_t>(events));
}

} // namespace

std::optional<RangeOption> parseRangeOption(std::string_view text, std::string& error)
{
    const std::size_t colon = text.find(':');
    if (colon == std::string_view::npos) {
        error = "'" + std::string(text) + "' is not FIRST:LAST";
        return std::nullopt;
    }
    RangeOption range;
    const std::optional<RangeOption::End> first = parseEnd(text.substr(0, colon), error);
    if (!first)
        return std::nullopt;
    const std::optional<RangeOption::End> last = parseEnd(text.substr(colon + 1), error);
    if (!last)
        return std::nullopt;
    range.first = *first;
    range.last = *last;
    if (!range.first.percent && !range.last.percent && range.first.given && range.last.given &&
        range.first.event > range.last.event) {
        error = "the first event " + std::to_string(range.first.event) + " comes after the last " +
                std::to_string(range.last.event);
        return std::nullopt;
    }
    return range;
}

std::optional<RunRange> resolveRange(const RangeOption& range, std::uint64_t eventCount, std::string& error)
{
    RunRange window{1, eventCount};
    if (range.first.given)
        window.first = range.first.percent ? percentOf(range.first.percentOfRun, eventCount) + 1 : range.first.event;
    if (range.last.given)
        window.last = range.last.percent ? percentOf(range.last.percentOfRun, eventCount) : range.last.event;
    for (const RangeOption::End* end : {&range.first, &range.last}) {
        if (end->given && !end->percent && end->event > eventCount) {
            error = "event " + std::to_string(end->event) + " is past the run's end: the dump has " +
                    std::to_string(eventCount) + " events";
            return std::nullopt;
        }
    }
    if (window.first == 1 && window.last == eventCount)
        return RunRange{}; // the whole run, also when it has no event
    if (window.first > window.last) {
        error = "the window holds no event (events " + std::to_string(window.first) + " to " +
                std::to_string(window.last) + " of " + std::to_string(eventCount) + ")";
        return std::nullopt;
    }
    return window;
}

} // namespace memprof
