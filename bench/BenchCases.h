// SPDX-License-Identifier: GPL-3.0-or-later
// memprof-bench's measured cases, each run in a worker process of its own
// (memprof-bench --worker MODE FILE): the decode into each block map, the
// decoder alone, the block map alone, a window recount with and without
// the index, the first load with the index, and sysprof's loads.
#pragma once

#include <cstdint>
#include <string>

namespace bench {

// Megabytes as the figures are given: 10^6 bytes.
inline constexpr double kMB = 1e6;

// One worker's figures, printed on its stdout as one line.
struct RunResult {
    double seconds = 0; // wall clock, open to finish()
    double cpuSeconds = 0; // user + system time of the whole worker process
    std::uint64_t bytes = 0;
    std::uint64_t events = 0; // alloc + realloc + free + symtab events (sysprof: samples)
    std::uint64_t maxRssKiB = 0;
    std::uint64_t hwmKiB = 0;
    std::uint64_t liveBlocksAtEnd = 0; // (sysprof: distinct stacks)
    std::string end;
};

// Runs the case `mode` on the dump at `path` and prints its RunResult (the
// "census" mode prints the dump's blocks at the peak instead); 2 for an
// unknown mode.
int runWorker(const std::string& mode, const std::string& path);

} // namespace bench
