// SPDX-License-Identifier: GPL-3.0-or-later
// The figures of memprof-bench's last run on a dump, kept in a file beside
// it (DUMP.memprof-bench), so the next run prints them next to its own and
// a regression shows at once, whatever the benchmark measures.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace bench {

// One variant's medians.
struct VariantMedians {
    std::string variant;
    double seconds = 0;
    double cpuSeconds = 0;
    double meventsPerSecond = 0;
    double peakRssMB = 0;
};

struct RunRecord {
    std::string commit; // of the source tree measured ("unknown" outside git)
    std::string when; // UTC, ISO 8601
    std::vector<VariantMedians> variants;
};

// Where the record of `dumpPath` is kept.
std::string recordPathOf(const std::string& dumpPath);
// The last run's record, if there is a readable one.
std::optional<RunRecord> loadRecord(const std::string& dumpPath);
// Replaces the record; false (and `error` says why) if it cannot be written.
bool saveRecord(const std::string& dumpPath, const RunRecord& record, std::string* error);
// The commit of the source tree this program was built from, with "+" when
// it has uncommitted changes.
std::string sourceCommit();
// Now, UTC, as 2026-12-05T02:30:00Z.
std::string utcNow();

} // namespace bench
