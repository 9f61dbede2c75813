// SPDX-License-Identifier: GPL-3.0-or-later
// A span of the run to count: events FIRST..LAST, 1-based and inclusive, in
// file order (the heap chart's numbering). The default covers every event,
// so a profile counted without a window is the whole run's.
#pragma once

#include <cstdint>
#include <limits>

namespace memprof {

struct EventWindow {
    static constexpr std::uint64_t kRunEnd = std::numeric_limits<std::uint64_t>::max();

    std::uint64_t first = 1;
    std::uint64_t last = kRunEnd;

    bool contains(std::uint64_t event) const { return event >= first && event <= last; }
    // Whether the window starts at the first event and reaches `eventCount`.
    bool covers(std::uint64_t eventCount) const { return first <= 1 && last >= eventCount; }
    bool operator==(const EventWindow&) const = default;
};

// `window` inside a run of `eventCount` events (first >= 1, last <= the
// run's end, first <= last); one that covers the run is the default window,
// so every way of choosing the whole run gives the same value.
inline EventWindow clampWindow(EventWindow window, std::uint64_t eventCount)
{
    if (eventCount == 0)
        return {};
    window.first = window.first < 1 ? 1 : window.first > eventCount ? eventCount : window.first;
    window.last = window.last > eventCount ? eventCount : window.last < window.first ? window.first : window.last;
    return window.covers(eventCount) ? EventWindow{} : window;
}

} // namespace memprof
