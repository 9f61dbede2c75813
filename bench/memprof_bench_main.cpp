// SPDX-License-Identifier: GPL-3.0-or-later
// memprof-bench: writes synthetic memprof dumps and measures decoding +
// aggregation on a dump: MB/s, million events/s, peak RSS, against the
// speed and memory targets: >= 40 M events/s on one thread, and a peak RSS
// below 100 MB + 64 bytes per block live at the peak.
//
// Every measured run is a fresh process (this program re-executed with
// --worker), so each block map's peak RSS is its own and not the high-water
// mark of an earlier run in the same process.
//
// This file reads the command line; the measured cases are in
// BenchCases.cpp, the runs and the figures in BenchHarness.cpp, the
// synthetic dumps in DumpGeneration.cpp.
#include "bench/BenchCases.h"
#include "bench/BenchHarness.h"
#include "bench/DumpGeneration.h"
#include "model/support/MemoryReturn.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <sstream>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace {

const char* const kUsage =
    "Usage: memprof-bench --generate FILE --size SIZE [--seed N] [--writer-quirk]\n"
    "       memprof-bench --generate FILE --size SIZE --sysprof [--mode C|L] [--seed N]\n"
    "       memprof-bench [FILE | --size SIZE] [--real DUMP|none] [--runs N] [--map VARIANT[,VARIANT...]]\n"
    "                     [--reference-seconds S]\n"
    "\n"
    "--generate --sysprof writes a synthetic sysprof (CPU profile) dump shaped\n"
    "like a service's: mode C (host call chains, the default) or L.\n"
    "A sysprof FILE is measured as memprof-report reads it (\"sysprof\": decode,\n"
    "the call tree it prints, the reference's lines), as the viewer loads it\n"
    "(\"sysviewer\": every view's trees, top-down and bottom-up; \"syssnapshots\":\n"
    "the same showing its counts so far every half second) and by its\n"
    "decoder alone (\"sysdecoder\"); events are samples. --reference-seconds gives the time\n"
    "the reference parser took on FILE, to print the ratio.\n"
    "\n"
    "--generate writes a synthetic format-3 dump of about SIZE bytes (suffixes\n"
    "K, M, G: KiB, MiB, GiB) with a realistic mix of events (seed: 1).\n"    "--size SIZE without FILE or --generate measures the synthetic dump of that\n"
    "size kept beside the build (build/bench-4G.bin for --size 4G), written\n"
    "the first time.\n"
    "--map report is memprof-report's default report (the load and its text);\n"
    "--reference-seconds gives the reference parser's time on FILE\n"
    "(tools/memprof.lua, same output), to print the ratio.\n"
    "--map merge10 is memprof-report --merge over ten copies of FILE (a cluster\n"
    "of ten alike processes): compare it with report, one copy.\n"
    "\n"
    "Otherwise decodes and aggregates FILE (memprof::decode into a\n"
    "ProfileBuilder, then finish()) N times per block map (default 5), each run\n"
    "in a fresh process, and prints medians [min..max] of MB/s (10^6 bytes),\n"
    "million events/s, peak RSS (getrusage ru_maxrss and VmHWM), the blocks\n"
    "live at the peak, and the product's block map (LiveBlockMap, \"ours\")\n"
    "against absl::flat_hash_map and std::unordered_map, all counting on a\n"
    "second thread as the viewer does; \"inline\" is ours on one thread\n"
    "(default: all, these four). VARIANT is ours, inline, absl, std, all,\n"
    "report, merge10, decoder, blocks, window, indexed, snapshots, follow or recount.\n"
    "--map decoder measures the decoder alone (a sink that only counts).\n"
    "--map blocks measures the block map alone: the dump's block operations,\n"
    "read into memory first (untimed; its RSS includes them), replayed into a\n"
    "LiveBlockMap; the other halves of the work are left out.\n"
    "--map window measures changing the event window: the run's events\n"
    "counted first (untimed), then the window 20%..80% counted again as the\n"
    "viewer does (the dump decoded into a windowed ProfileBuilder on two\n"
    "threads), with the by-function tree and the leak suspects of the window;\n"
    "its MB/s and events/s are those of the re-count, \"seconds\" its time.\n"
    "--map indexed measures the viewer's first load: ours, keeping the window\n"
    "index (loadProfileWithIndex).\n"
    "--map snapshots measures the viewer's load showing its counts so far:\n"
    "ours, with a snapshot of the counts every half second (ProfileSnapshots).\n"
    "--map follow measures following the dump as a profiler writes it: a\n"
    "thread writes it into a new file beside it at 50 MB/s in 8 MiB flushes\n"
    "while the load follows the file with a snapshot every half second; its\n"
    "end column gives the largest lag of a snapshot behind the file and the\n"
    "time from the last write to the finished profile.\n"
    "--map recount measures changing the window with the index: the first load\n"
    "with its index (untimed), then the same window as --map window counted by\n"
    "recountWindow, with the tree and the suspects; its RSS is the viewer's\n"
    "(the whole profile, the index and the window's profile).\n"
    "\n"
    "--real DUMP measures a real recorded dump as well, after FILE (or alone):\n"
    "the synthetic dumps do not show every cost a real one has (symbols re-sent\n"
    "mid-stream, traces, small events). Without --real, a service.bin is\n"
    "measured when one is found in the current folder, beside FILE, in the\n"
    "build folder or in ../shared/fixtures/v3 of the source tree (record one:\n"
    "luajit shared/fixtures/v3/service.lua build/service.bin); --real none\n"
    "measures FILE only.\n"
    "\n"
    "Each dump's medians are kept beside it in DUMP.memprof-bench with the\n"
    "commit measured; the next run prints them beside its own.\n";

int usageError(const std::string& message)
{
    std::fprintf(stderr, "memprof-bench: %s\nTry 'memprof-bench --help'.\n", message.c_str());
    return 2;
}

std::optional<std::uint64_t> parseCount(const std::string& text)
{
    if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos || text.size() > 18)
        return std::nullopt;
    return std::stoull(text);
}

// "200M" -> 200 MiB; plain numbers are bytes.
std::optional<std::uint64_t> parseSize(std::string text)
{
    std::uint64_t unit = 1;
    if (!text.empty()) {
        switch (text.back()) {
        case 'K':
        case 'k':
            unit = 1ull << 10;
            break;
        case 'M':
        case 'm':
            unit = 1ull << 20;
            break;
        case 'G':
        case 'g':
            unit = 1ull << 30;
            break;
        default:
            break;
        }
        if (unit != 1)
            text.pop_back();
    }
    const auto count = parseCount(text);
    if (!count || *count == 0 || *count > (1ull << 44) / unit)
        return std::nullopt;
    return *count * unit;
}

// Where the synthetic dump of `size` bytes measured by --size alone is
// kept: beside the build this program is in (build/bench-4G.bin for
// build/bench/memprof-bench), so that every run measures the same bytes.
std::string keptDumpPath(std::uint64_t size)
{
    std::string name;
    if (size % (1ull << 30) == 0)
        name = std::to_string(size >> 30) + "G";
    else if (size % (1ull << 20) == 0)
        name = std::to_string(size >> 20) + "M";
    else
        name = std::to_string(size);
    std::string folder = ".";
    char self[4096];
    if (const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1); n > 0) {
        std::string exe(self, static_cast<std::size_t>(n));
        for (int up = 0; up < 2; ++up)
            if (const auto slash = exe.rfind('/'); slash != std::string::npos && slash > 0)
                exe.erase(slash);
        folder = exe;
    }
    return folder + "/bench-" + name + ".bin";
}

// A real recording beside the measured dump or in the usual places.
std::string findRealDump(const std::string& measured)
{
    std::vector<std::string> candidates{"service.bin"};
    if (const auto slash = measured.rfind('/'); slash != std::string::npos)
        candidates.push_back(measured.substr(0, slash + 1) + "service.bin");
    candidates.push_back(std::string(MEMPROF_SOURCE_DIR) + "/build/service.bin");
    candidates.push_back(std::string(MEMPROF_SOURCE_DIR) + "/../shared/fixtures/v3/service.bin");
    for (const auto& path : candidates)
        if (access(path.c_str(), R_OK) == 0)
            return path;
    return {};
}

} // namespace

int main(int argc, char** argv)
{
    memprof::returnLargeBlocksToSystem();
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.size() == 3 && args[0] == "--worker")
        return bench::runWorker(args[1], args[2]);

    std::string file, generatePath;
    std::optional<std::uint64_t> size;
    std::uint64_t seed = 1;
    int runs = 5;
    std::string map = "all";
    bool quirk = false;
    bool sysprof = false;
    bool hostChains = true;
    std::optional<double> referenceSeconds;
    std::optional<std::string> real;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        auto value = [&]() -> std::optional<std::string> {
            if (i + 1 >= args.size())
                return std::nullopt;
            return args[++i];
        };
        if (a == "-h" || a == "--help") {
            std::fputs(kUsage, stdout);
            return 0;
        } else if (a == "--generate") {
            const auto v = value();
            if (!v)
                return usageError("--generate needs a file name");
            generatePath = *v;
        } else if (a == "--size") {
            const auto v = value();
            if (!v || !(size = parseSize(*v)))
                return usageError("--size needs a size such as 200M");
        } else if (a == "--seed") {
            const auto v = value();
            const auto n = v ? parseCount(*v) : std::nullopt;
            if (!n)
                return usageError("--seed needs a number");
            seed = *n;
        } else if (a == "--real") {
            const auto v = value();
            if (!v)
                return usageError("--real needs a dump (or none)");
            real = *v;
        } else if (a == "--writer-quirk") {
            quirk = true;
        } else if (a == "--sysprof") {
            sysprof = true;
        } else if (a == "--mode") {
            const auto v = value();
            if (!v || (*v != "C" && *v != "L"))
                return usageError("--mode needs C or L");
            hostChains = *v == "C";
        } else if (a == "--reference-seconds") {
            const auto v = value();
            char* end = nullptr;
            const double seconds = v ? std::strtod(v->c_str(), &end) : 0;
            if (!v || *end != '\0' || !(seconds > 0))
                return usageError("--reference-seconds needs a time in seconds");
            referenceSeconds = seconds;
        } else if (a == "--runs") {
            const auto v = value();
            const auto n = v ? parseCount(*v) : std::nullopt;
            if (!n || *n < 1 || *n > 1000)
                return usageError("--runs needs a number from 1 to 1000");
            runs = static_cast<int>(*n);
        } else if (a == "--map") {
            const auto v = value();
            if (!v)
                return usageError("--map needs a variant");
            map = *v;
            std::istringstream names(map);
            for (std::string name; std::getline(names, name, ',');)
                if (name != "ours" && name != "inline" && name != "absl" && name != "std" && name != "all" &&
                    name != "decoder" && name != "blocks" && name != "window" && name != "indexed" && name != "recount" &&
                    name != "snapshots" && name != "follow" && name != "report" && name != "merge10")
                    return usageError(
                        "--map takes ours, inline, absl, std, all, report, merge10, decoder, blocks, window, indexed, "
                        "snapshots, follow or recount, or a comma-separated list of them");
        } else if (!a.empty() && a[0] == '-') {
            return usageError("unknown option '" + a + "'");
        } else if (file.empty()) {
            file = a;
        } else {
            return usageError("more than one dump given");
        }
    }
    if (!generatePath.empty()) {
        if (!file.empty())
            return usageError("--generate takes no dump to measure");
        if (!size)
            return usageError("--generate needs --size");
        if (sysprof)
            return quirk ? usageError("--writer-quirk is a memprof writer's")
                         : bench::generateSysprof(generatePath, *size, seed, hostChains);
        return bench::generate(generatePath, *size, seed, quirk);
    }
    // --size alone: the synthetic dump of that size kept beside the build,
    // written the first time (a 4 GiB one takes minutes to write).
    if (size && file.empty()) {
        file = keptDumpPath(*size);
        if (access(file.c_str(), R_OK) != 0) {
            const std::string partial = file + ".partial";
            std::printf("memprof-bench: writing %s once, to keep\n", file.c_str());
            std::fflush(stdout);
            if (const int status = bench::generate(partial, *size, 1, false); status != 0)
                return status;
            if (std::rename(partial.c_str(), file.c_str()) != 0)
                return std::fprintf(stderr, "memprof-bench: %s: %s\n", file.c_str(), std::strerror(errno)), 1;
        }
        size.reset();
    }
    if (!real)
        real = findRealDump(file);
    else if (*real == "none")
        real = std::string();
    if (file.empty() && real->empty())
        return usageError("no dump given (and no service.bin found: see --real)");
    if (size)
        return usageError("--size only goes with --generate");
    std::vector<std::string> variants;
    std::istringstream names(map);
    for (std::string name; std::getline(names, name, ',');) {
        if (name == "all")
            variants.insert(variants.end(), {"ours", "inline", "absl", "std"});
        else
            variants.push_back(name);
    }
    int status = 0;
    if (!file.empty())
        status = bench::runBenchmark(file, runs, variants, referenceSeconds);
    if (status == 0 && !real->empty() && real != file) {
        std::printf("\n== the real dump\n");
        std::fflush(stdout);
        status = bench::runBenchmark(*real, runs, variants, std::nullopt);
    } else if (real->empty()) {
        std::printf(
            "\n(no real dump measured: record one with "
            "luajit shared/fixtures/v3/service.lua build/service.bin, or give --real DUMP)\n");
    }
    return status;
}
