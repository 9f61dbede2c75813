// SPDX-License-Identifier: GPL-3.0-or-later
// Prints the decode time of a dump (median of runs), so the cost of the
// charts' per-event hooks in ProfileBuilder can be compared with and without
// them. A measurement, not a test: it asserts nothing.
#include "ProfileLoader.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <vector>

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s DUMP [RUNS]\n", argv[0]);
        return 2;
    }
    const int runs = argc > 2 ? std::max(1, std::atoi(argv[2])) : 31;
    std::ifstream in(argv[1], std::ios::binary);
    const std::vector<std::uint8_t> bytes{std::istreambuf_iterator<char>(in), {}};
    std::vector<double> seconds;
    std::uint64_t events = 0;
    for (int i = 0; i < runs; ++i) {
        const auto start = std::chrono::steady_clock::now();
        const memprof::Profile profile = memprof::loadProfile(std::span<const std::uint8_t>(bytes));
        seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
        events = profile.totals.eventCount;
    }
    std::sort(seconds.begin(), seconds.end());
    const double median = seconds[seconds.size() / 2];
    std::printf("%s: %zu bytes, %llu events, %d runs: median %.3f ms, min %.3f ms, %.1f M events/s (median)\n",
                argv[1], bytes.size(), static_cast<unsigned long long>(events), runs, median * 1e3,
                seconds.front() * 1e3, events / median / 1e6);
    return 0;
}
