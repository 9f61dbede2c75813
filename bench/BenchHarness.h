// SPDX-License-Identifier: GPL-3.0-or-later
// memprof-bench's parent side: runs each case in fresh worker processes,
// interleaved, and prints medians [min..max], the ratios between the block
// maps, the targets met or missed and the previous run's figures.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace bench {

// Measures the dump at `path` (memprof: each of `variants`; sysprof: its
// three loads) `runs` times; 0 when every run succeeded.
int runBenchmark(const std::string& path, int runs, const std::vector<std::string>& variants,
                 std::optional<double> referenceSeconds);

} // namespace bench
