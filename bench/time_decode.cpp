// SPDX-License-Identifier: GPL-3.0-or-later
// Prints the decode time of a dump (median of runs), so the cost of the
// charts' per-event hooks in ProfileBuilder can be compared with and without
// them; with --hooks, the cost of the hooks alone (HeapTimeline::add and
// SizeHistogram::add) per event. A measurement, not a test: it asserts nothing.
#include "model/memprofile/HeapTimeline.h"
#include "model/memprofile/ProfileLoader.h"
#include "model/memprofile/SizeHistogram.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string_view>
#include <vector>

namespace {
// 100 million events of a made-up run through the two hooks, as the builder
// calls them; the printed checksum keeps the work from being optimised away.
int timeHooks()
{
    constexpr std::uint64_t kEvents = 100'000'000;
    std::vector<double> seconds;
    std::uint64_t checksum = 0;
    for (int run = 0; run < 7; ++run) {
        memprof::HeapTimeline timeline;
        memprof::SizeHistogram sizes;
        std::uint64_t live = 0, allocated = 0, state = 88172645463325252ull;
        const auto start = std::chrono::steady_clock::now();
        for (std::uint64_t i = 0; i < kEvents; ++i) {
            state ^= state << 13; // xorshift: sizes the compiler cannot predict
            state ^= state >> 7;
            state ^= state << 17;
            const std::uint64_t size = state & 0xfff;
            if (state & 0x1000) {
                live += size;
                allocated += size;
                sizes.add(size);
            } else if (live >= size) {
                live -= size;
            }
            timeline.add(live, allocated);
        }
        seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
        checksum += timeline.peakLiveBytes() + sizes.totalAllocCount() + timeline.buckets().size();
    }
    std::sort(seconds.begin(), seconds.end());
    std::printf("hooks + event simulation: %.2f ns/event (median of 7 x 100M events, checksum %llu)\n",
                seconds[3] / kEvents * 1e9, static_cast<unsigned long long>(checksum));
    // The simulation alone, to subtract.
    seconds.clear();
    for (int run = 0; run < 7; ++run) {
        std::uint64_t live = 0, allocated = 0, state = 88172645463325252ull, sink = 0;
        const auto start = std::chrono::steady_clock::now();
        for (std::uint64_t i = 0; i < kEvents; ++i) {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            const std::uint64_t size = state & 0xfff;
            if (state & 0x1000) {
                live += size;
                allocated += size;
            } else if (live >= size) {
                live -= size;
            }
            sink += live ^ allocated;
            asm volatile("" : "+r"(sink)); // keep every iteration
        }
        seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
        checksum += sink;
    }
    std::sort(seconds.begin(), seconds.end());
    std::printf("event simulation alone:   %.2f ns/event (checksum %llu)\n", seconds[3] / kEvents * 1e9,
                static_cast<unsigned long long>(checksum));
    return 0;
}
} // namespace

int main(int argc, char** argv)
{
    if (argc == 2 && std::string_view(argv[1]) == "--hooks")
        return timeHooks();
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s DUMP [RUNS] | --hooks\n", argv[0]);
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
    std::printf("%s: %zu bytes, %llu events, %d runs: median %.3f ms, min %.3f ms, %.1f M events/s (median)\n", argv[1],
                bytes.size(), static_cast<unsigned long long>(events), runs, median * 1e3, seconds.front() * 1e3,
                events / median / 1e6);
    return 0;
}
