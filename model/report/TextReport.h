// SPDX-License-Identifier: GPL-3.0-or-later
// The text report of luajit-parse-memprof (docs/FORMAT.md#the-text-report),
// so memprof-report is a drop-in for it.
#pragma once

#include "model/memprofile/LeakSuspects.h"
#include "model/memprofile/Profile.h"

#include <concepts>
#include <cstdint>
#include <ostream>
#include <string>
#include <type_traits>

namespace memprof {

struct ReportOptions {
    bool leakOnly = false; // --leak-only: HEAP SUMMARY (and ALIASES) only
    bool humanReadable = false; // --human-readable: KiB, MiB, GiB
    bool live = false; // --live: the accurate held bytes instead
    bool peak = false; // --peak: the blocks live at the peak instead
    bool suspects = false; // --suspects: a LEAK SUSPECTS section after the HEAP SUMMARY
};

// "123B", or with humanReadable "1.50KiB", "32KiB" (the reference's units).
// A bare size is exact, 2^64-1 too; a sum that overflowed (SaturatingMath.h)
// is marked: ">=18446744073709551615B".
std::string formatBytes(std::uint64_t bytes, bool humanReadable);
std::string formatBytes(ByteSum bytes, bool humanReadable);
// A signed figure (a net, the heap summary): negative ones unscaled, as
// the reference prints them; the saturated ends marked ">=" and "<=".
std::string formatBytes(std::int64_t bytes, bool humanReadable);
// Other integer types by their signedness (a literal is signed).
template <std::integral N>
requires(!std::same_as<N, std::uint64_t> && !std::same_as<N, std::int64_t>) std::string
    formatBytes(N bytes, bool humanReadable)
{
    if constexpr (std::is_signed_v<N>)
        return formatBytes(static_cast<std::int64_t>(bytes), humanReadable);
    else
        return formatBytes(static_cast<std::uint64_t>(bytes), humanReadable);
}

// A sum (bytes, counts) as a bare number (CSV): its digits, marked as
// formatBytes marks it.
std::string formatSum(std::uint64_t bytes);
std::string formatSum(ByteSum bytes);
std::string formatSum(std::int64_t bytes);

// Why a suspect ranks where it does, in a few words: "grew 3.6MiB over the
// last 80% of the run, fell in 2% of it; trend 3.5MiB, kept 97% of its rises".
std::string explainSuspect(const LeakSuspect& suspect, const Profile& profile, RunRange window, bool humanReadable);

void writeTextReport(std::ostream& out, const Profile& profile, const ReportOptions& options);

} // namespace memprof
