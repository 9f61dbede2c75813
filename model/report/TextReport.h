// SPDX-License-Identifier: GPL-3.0-or-later
// The text report of luajit-parse-memprof (docs/FORMAT.md#the-text-report),
// so memprof-report is a drop-in for it.
#pragma once

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
};

// "123B", or with humanReadable "1.50KiB", "32KiB" (the reference's units).
std::string formatBytes(std::int64_t bytes, bool humanReadable);

void writeTextReport(std::ostream& out, const Profile& profile, const ReportOptions& options);

} // namespace memprof
