// SPDX-License-Identifier: GPL-3.0-or-later
// A stretch of a run to count, for both kinds of dump: in the unit the run
// is counted in (memprof events, sysprof samples, in file order), numbered
// from 1 as the range bars and memprof-report's --range show them, `last`
// included. The default is the whole run, so a profile counted without a
// range is the whole run's.
#pragma once

#include <cstdint>
#include <limits>

namespace memprof {

struct RunRange {
    // The run's end, whatever its length.
    static constexpr std::uint64_t kRunEnd = std::numeric_limits<std::uint64_t>::max();

    std::uint64_t first = 1;
    std::uint64_t last = kRunEnd;

    // `position` is 1-based: a 0-based index i is in the range iff
    // contains(i + 1).
    bool contains(std::uint64_t position) const { return position >= first && position <= last; }
    // Whether the range starts at the run's start and reaches `count`.
    bool covers(std::uint64_t count) const { return first <= 1 && last >= count; }
    // The default range: the whole run, whatever its length.
    bool isWholeRun() const { return first <= 1 && last == kRunEnd; }
    bool operator==(const RunRange&) const = default;
};

// `range` inside a run of `count` positions (first >= 1, last <= the run's
// end, first <= last); one that covers the run is the default range, so
// every way of choosing the whole run gives the same value.
inline RunRange clampRange(RunRange range, std::uint64_t count)
{
    if (count == 0)
        return {};
    range.first = range.first < 1 ? 1 : range.first > count ? count : range.first;
    range.last = range.last > count ? count : range.last < range.first ? range.first : range.last;
    return range.covers(count) ? RunRange{} : range;
}

} // namespace memprof
