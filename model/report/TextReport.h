// SPDX-License-Identifier: GPL-3.0-or-later
// The text report of luajit-parse-memprof (docs/FORMAT.md#the-text-report),
// so memprof-report is a drop-in for it.
#pragma once

#include "model/profile/LeakSuspects.h"
#include "model/profile/Profile.h"

#include <cstdint>
#include <ostream>
#include <string>

namespace memprof {

struct ReportOptions {
    bool leakOnly = false;      // --leak-only: HEAP SUMMARY (and ALIASES) only
    bool humanReadable = false; // --human-readable: KiB, MiB, GiB
    bool live = false;          // --live: the accurate held bytes instead
    bool peak = false;          // --peak: the blocks live at the peak instead
    bool suspects = false;      // --suspects: a LEAK SUSPECTS section after the HEAP SUMMARY
};

// "123B", or with humanReadable "1.50KiB", "32KiB" (the reference's units).
std::string formatBytes(std::int64_t bytes, bool humanReadable);

// Why a suspect ranks where it does, in a few words: "grew 3.6MiB over the
// last 80% of the run, fell in 2% of it; trend 3.5MiB, kept 97% of its rises".
std::string explainSuspect(const LeakSuspect& suspect, const Profile& profile, EventWindow window,
                           bool humanReadable);

void writeTextReport(std::ostream& out, const Profile& profile, const ReportOptions& options);

} // namespace memprof
