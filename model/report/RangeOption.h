// SPDX-License-Identifier: GPL-3.0-or-later
// The --range=FIRST:LAST option of memprof-report: each end an event number
// (1-based, inclusive) or a percentage of the run ("20%"), or empty for the
// run's start or end. Percentages need the run's event count, so the text
// is parsed first and resolved to a RunRange once it is known.
#pragma once

#include "model/dump/RunRange.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace memprof {

struct RangeOption {
    struct End {
        bool given = false;
        bool percent = false;
        std::uint64_t event = 0; // when !percent
        double percentOfRun = 0; // when percent, in [0, 100]
    };
    End first;
    End last;

    bool needsEventCount() const { return first.percent || last.percent; }
};

// Parses "FIRST:LAST"; on a mistake returns nothing and says why in `error`.
std::optional<RangeOption> parseRangeOption(std::string_view text, std::string& error);

// The window of a run of `eventCount` events: p% starts after the first
// floor(p x N / 100) events and q% ends after floor(q x N / 100), so 0%:100%
// is 1:N and two windows meeting at one percentage do not overlap. Returns
// nothing, with why in `error`, for an event past the run or an empty window.
std::optional<RunRange> resolveRange(const RangeOption& range, std::uint64_t eventCount, std::string& error);

} // namespace memprof
