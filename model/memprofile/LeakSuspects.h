// SPDX-License-Identifier: GPL-3.0-or-later
// Leak suspects: locations ranked by how steadily their held bytes grow over
// a window of the run (Profile::heldHistory), not by what they hold at the
// end. The score, in bytes, is trend x kept:
// - trend: the Theil-Sen estimate of the growth over the window: the median,
//   over every pair of sample points, of the change per point between them,
//   times the window's length in points, at most the net growth. A plateau makes most pairs flat, so
//   a cache filled early and then left alone scores 0; a spike back to zero
//   is flat on both sides.
// - kept: the net growth (held at the window's last point minus its first)
//   over the sum of every rise: 1 for a series that never falls, near 0 for a
//   saw-tooth that is emptied now and then (it rises again and again, and
//   gives it back).
// Identities with one name are summed (as the held tables merge them).
#pragma once

#include "model/dump/RunRange.h"
#include "model/memprofile/Profile.h"

#include <cstdint>
#include <string>
#include <vector>

namespace memprof {

struct LeakSuspect {
    std::string name;
    std::uint64_t scoreBytes = 0; // trendBytes x keptRatio, rounded down
    std::uint64_t trendBytes = 0; // Theil-Sen growth over the window, capped at the net growth; 0 when it falls
    std::int64_t netGrowthBytes = 0; // held at the last point minus at the first
    std::uint64_t riseBytes = 0; // the sum of the rises from point to point
    std::uint64_t fallBytes = 0; // the sum of the falls
    double keptRatio = 0; // netGrowthBytes / riseBytes, in [0, 1]
    std::size_t stepCount = 0; // steps from point to point in the window
    std::size_t fallingStepCount = 0;
    // The growth since the series last stood at its lowest in the window:
    // from the first event of that point to the window's end.
    std::uint64_t growthFirstEvent = 0;
    std::uint64_t growthBytes = 0;
    std::uint64_t heldAtEndBytes = 0; // at the window's last point
};

// Suspects over `window` (clamped to the run), best first, ties by name;
// locations whose score is 0 are left out. Sample points are the history's:
// a window shorter than two points ranks nothing.
std::vector<LeakSuspect> rankLeakSuspects(const Profile& profile, RunRange window = {});

// Each location name's held bytes at the history's points in `window`.
struct HeldSeries {
    std::string name;
    std::vector<std::uint64_t> heldBytes;
};
std::vector<HeldSeries> heldSeriesByName(const Profile& profile, RunRange window = {});

} // namespace memprof
