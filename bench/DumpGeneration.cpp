// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/DumpGeneration.h"

#include "model/synth/SyntheticDump.h"
#include "model/synth/SyntheticSysprofDump.h"

#include <cstdio>

namespace bench {

int generateSysprof(const std::string& path, std::uint64_t size, std::uint64_t seed, bool hostChains)
{
    memprof::synth::SyntheticSysprofOptions options;
    options.seed = seed;
    options.targetBytes = size;
    options.hostChains = hostChains;
    memprof::synth::SyntheticSysprofSummary s;
    std::string error;
    if (!memprof::synth::writeSyntheticSysprofDumpFile(path, options, &s, &error)) {
        std::fprintf(stderr, "memprof-bench: cannot write %s\n", error.c_str());
        return 1;
    }
    std::printf("wrote %s: %llu bytes, sysprof mode %s (seed %llu): %llu samples, %llu symbols mid-stream\n",
                path.c_str(), static_cast<unsigned long long>(s.bytes), hostChains ? "C" : "L",
                static_cast<unsigned long long>(seed), static_cast<unsigned long long>(s.sampleCount),
                static_cast<unsigned long long>(s.symbolEventCount));
    return 0;
}

int generate(const std::string& path, std::uint64_t size, std::uint64_t seed, bool quirk)
{
    memprof::synth::SyntheticOptions options;
    options.seed = seed;
    options.targetBytes = size;
    options.writerQuirk = quirk;
    memprof::synth::SyntheticSummary s;
    std::string error;
    const auto start = std::chrono::steady_clock::now();
    if (!memprof::synth::writeSyntheticDumpFile(path, options, &s, &error)) {
        std::fprintf(stderr, "memprof-bench: cannot write %s\n", error.c_str());
        return 1;
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("wrote %s: %llu bytes in %.1f s (seed %llu)\n", path.c_str(), static_cast<unsigned long long>(s.bytes),
                seconds, static_cast<unsigned long long>(seed));
    std::printf("  events: %llu allocs, %llu reallocs, %llu frees; symbols: %llu in the table, %llu mid-stream\n",
                static_cast<unsigned long long>(s.allocCount), static_cast<unsigned long long>(s.reallocCount),
                static_cast<unsigned long long>(s.freeCount), static_cast<unsigned long long>(s.initialSymbolCount),
                static_cast<unsigned long long>(s.symbolEventCount));
    std::printf("  live blocks: %llu at the end, at most %llu; peak live bytes %llu\n",
                static_cast<unsigned long long>(s.liveBlockCount),
                static_cast<unsigned long long>(s.peakLiveBlockCount),
                static_cast<unsigned long long>(s.peakLiveBytes));
    return 0;
}

// A service.bin recorded for speed work (shared/fixtures/v3/service.lua), if
// there is one where people put it; empty otherwise.

} // namespace bench
