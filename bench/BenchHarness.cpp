// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/BenchHarness.h"

#include "bench/BenchCases.h"
#include "model/synth/SyntheticDump.h"
#include "model/synth/SyntheticSysprofDump.h"

#include "bench/BlockMapAdapters.h"
#include "bench/PreviousRun.h"
#include "model/dump/DumpKind.h"
#include "model/memdecoder/MemprofDecoder.h"
#include "model/memprofile/FunctionTree.h"
#include "model/memprofile/LeakSuspects.h"
#include "model/memprofile/ProfileBuilder.h"
#include "model/memprofile/ProfileLoader.h"
#include "model/memprofile/WindowRecount.h"
#include "model/report/SysprofReport.h"
#include "model/support/MemoryReturn.h"
#include "model/sysdecoder/SysprofDecoder.h"
#include "model/sysprofile/SysprofLoader.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace bench {

namespace {

// Runs this program with --worker MODE FILE and returns its stdout.
std::optional<std::string> runWorkerProcess(const std::string& mode, const std::string& path)
{
    int fds[2];
    if (pipe(fds) != 0)
        return std::nullopt;
    const pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return std::nullopt;
    }
    if (pid == 0) {
        dup2(fds[1], STDOUT_FILENO);
        close(fds[0]);
        close(fds[1]);
        const char* argv[] = {"memprof-bench", "--worker", mode.c_str(), path.c_str(), nullptr};
        execv("/proc/self/exe", const_cast<char* const*>(argv));
        _exit(127);
    }
    close(fds[1]);
    std::string out;
    char chunk[512];
    for (;;) {
        const ssize_t got = read(fds[0], chunk, sizeof chunk);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            break;
        out.append(chunk, static_cast<std::size_t>(got));
    }
    close(fds[0]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return std::nullopt;
    return out;
}

struct Spread {
    double median = 0, min = 0, max = 0;
};

Spread spreadOf(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    const double median = n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    return {median, values.front(), values.back()};
}

struct VariantFigures {
    std::string name;
    std::vector<RunResult> runs;
    Spread mbPerSecond, meventsPerSecond, meventsPerCpuSecond, maxRssMB, hwmMB, seconds, cpuSeconds;
};

void summarise(VariantFigures& v)
{
    std::vector<double> mbs, mevs, mevsCpu, rss, hwm, secs, cpuSecs;
    for (const RunResult& r : v.runs) {
        mbs.push_back(double(r.bytes) / kMB / r.seconds);
        mevs.push_back(double(r.events) / 1e6 / r.seconds);
        mevsCpu.push_back(double(r.events) / 1e6 / std::max(r.cpuSeconds, 1e-6));
        rss.push_back(double(r.maxRssKiB) * 1024 / kMB);
        hwm.push_back(double(r.hwmKiB) * 1024 / kMB);
        secs.push_back(r.seconds);
        cpuSecs.push_back(r.cpuSeconds);
    }
    v.mbPerSecond = spreadOf(mbs);
    v.meventsPerSecond = spreadOf(mevs);
    v.meventsPerCpuSecond = spreadOf(mevsCpu);
    v.maxRssMB = spreadOf(rss);
    v.hwmMB = spreadOf(hwm);
    v.seconds = spreadOf(secs);
    v.cpuSeconds = spreadOf(cpuSecs);
}

std::string show(const Spread& s, const char* format)
{
    char text[128];
    char part[40];
    std::string out;
    std::snprintf(part, sizeof part, format, s.median);
    out += part;
    std::snprintf(part, sizeof part, format, s.min);
    std::snprintf(text, sizeof text, " [%s..", part);
    out += text;
    std::snprintf(part, sizeof part, format, s.max);
    out += part;
    out += "]";
    return out;
}

// Prints the last run's medians on this dump beside these, then keeps these.
void comparePreviousRun(const std::string& path, const std::vector<VariantFigures>& figures)
{
    bench::RunRecord now{bench::sourceCommit(), bench::utcNow(), {}};
    for (const auto& v : figures)
        now.variants.push_back(
            {v.name, v.seconds.median, v.cpuSeconds.median, v.meventsPerSecond.median, v.maxRssMB.median});
    if (const auto before = bench::loadRecord(path)) {
        std::printf("\nthe previous run on this dump (%s, %s) -> this one (%s):\n", before->commit.c_str(),
                    before->when.c_str(), now.commit.c_str());
        std::printf("%-8s %-22s %-22s %-22s %s\n", "variant", "seconds", "CPU s", "M events/s", "peak RSS MB");
        for (const auto& v : now.variants) {
            for (const auto& b : before->variants) {
                if (b.variant != v.variant)
                    continue;
                auto cell = [](double was, double is, const char* format) {
                    char a[24], c[24], text[64];
                    std::snprintf(a, sizeof a, format, was);
                    std::snprintf(c, sizeof c, format, is);
                    std::snprintf(text, sizeof text, "%s -> %s (%+.0f%%)", a, c, was > 0 ? (is / was - 1) * 100 : 0.0);
                    return std::string(text);
                };
                std::printf("%-8s %-22s %-22s %-22s %s\n", v.variant.c_str(),
                            cell(b.seconds, v.seconds, "%.3f").c_str(),
                            cell(b.cpuSeconds, v.cpuSeconds, "%.3f").c_str(),
                            cell(b.meventsPerSecond, v.meventsPerSecond, "%.2f").c_str(),
                            cell(b.peakRssMB, v.peakRssMB, "%.1f").c_str());
            }
        }
    } else {
        std::printf("\nno previous run on this dump (%s)\n", bench::recordPathOf(path).c_str());
    }
    std::string error;
    if (!bench::saveRecord(path, now, &error))
        std::printf("these figures are not kept: %s\n", error.c_str());
}

// Runs each variant `runs` times, interleaved (drift of the machine's load
// spreads over every variant); false when a run fails.
bool runVariants(const std::string& path, int runs, std::vector<VariantFigures>& figures)
{
    for (int run = 0; run < runs; ++run) {
        for (auto& v : figures) {
            const auto out = runWorkerProcess(v.name, path);
            if (!out) {
                std::fprintf(stderr, "memprof-bench: the %s run failed\n", v.name.c_str());
                return false;
            }
            std::istringstream in(*out);
            RunResult r;
            in >> r.seconds >> r.cpuSeconds >> r.bytes >> r.events >> r.maxRssKiB >> r.hwmKiB >> r.liveBlocksAtEnd >>
                r.end;
            if (!in || r.seconds <= 0) {
                std::fprintf(stderr, "memprof-bench: unreadable result of the %s run: %s\n", v.name.c_str(),
                             out->c_str());
                return false;
            }
            v.runs.push_back(r);
        }
    }
    for (auto& v : figures)
        summarise(v);
    return true;
}

void printFigureTable(const std::vector<VariantFigures>& figures, const char* eventName)
{
    std::printf("\n%-10s %-24s %-24s %-24s %-24s %-24s %-8s %s\n", "variant", "MB/s",
                (std::string("M ") + eventName + "/s").c_str(), (std::string("M ") + eventName + "/CPU-s").c_str(),
                "ru_maxrss MB", "VmHWM MB", "seconds", "CPU s");
    for (const auto& v : figures)
        std::printf("%-10s %-24s %-24s %-24s %-24s %-24s %-8.3f %.3f\n", v.name.c_str(),
                    show(v.mbPerSecond, "%.1f").c_str(), show(v.meventsPerSecond, "%.2f").c_str(),
                    show(v.meventsPerCpuSecond, "%.2f").c_str(), show(v.maxRssMB, "%.1f").c_str(),
                    show(v.hwmMB, "%.1f").c_str(), v.seconds.median, v.cpuSeconds.median);
    std::printf(
        "(median [min..max] over the runs; MB = 10^6 bytes; M %s/CPU-s divides by the worker's\n"
        " user + system time, which other processes on the machine disturb less than the wall clock)\n",
        eventName);
}

// A sysprof dump: memprof-report's work, the viewer's load and the decoder
// alone; memprof-report's against the targets: >= 100x the reference
// parser, <= 64 MB peak RSS.
int runSysprofBenchmark(const std::string& path, int runs, std::optional<double> referenceSeconds)
{
    std::vector<VariantFigures> figures;
    for (const char* name : {"sysprof", "sysviewer", "syssnapshots", "sysdecoder"})
        figures.push_back({name, {}, {}, {}, {}, {}, {}, {}, {}});
    if (!runVariants(path, runs, figures))
        return 1;
    const RunResult& first = figures.front().runs.front();
    std::printf("decode: %s, %llu bytes, %.2f million samples, %llu distinct stacks\n", first.end.c_str(),
                static_cast<unsigned long long>(first.bytes), double(first.events) / 1e6,
                static_cast<unsigned long long>(first.liveBlocksAtEnd));
    printFigureTable(figures, "samples");
    const VariantFigures& report = figures.front();
    std::printf("\ntargets, memprof-report (sysprof):\n");
    if (referenceSeconds)
        std::printf("  speed: %.1fx the reference's %.2f s >= 100x: %s\n", *referenceSeconds / report.seconds.median,
                    *referenceSeconds, *referenceSeconds / report.seconds.median >= 100 ? "met" : "MISSED");
    else
        std::printf("  speed: give --reference-seconds for the ratio to the reference parser\n");
    std::printf("  peak RSS: %.1f MB <= 64 MB: %s\n", report.maxRssMB.median,
                report.maxRssMB.median <= 64 ? "met" : "MISSED");
    comparePreviousRun(path, figures);
    return 0;
}

} // namespace

int runBenchmark(const std::string& path, int runs, const std::vector<std::string>& variants,
                 std::optional<double> referenceSeconds)
{
    struct stat info {};
    if (stat(path.c_str(), &info) != 0)
        return std::fprintf(stderr, "memprof-bench: %s: %s\n", path.c_str(), std::strerror(errno)), 1;
    if (access(path.c_str(), R_OK) != 0)
        return std::fprintf(stderr, "memprof-bench: %s: %s\n", path.c_str(), std::strerror(errno)), 1;

    std::printf("memprof-bench: %s, %.1f MB; %d run(s) per variant, each in a fresh process\n", path.c_str(),
                double(info.st_size) / kMB, runs);
    std::fflush(stdout);
    if (memprof::dumpKindOf(path) == memprof::DumpKind::Sysprof)
        return runSysprofBenchmark(path, runs, referenceSeconds);

    // The blocks live at the peak (a property of the dump, counted once).
    std::uint64_t mostBlocks = 0, blocksAtBytePeak = 0, peakBytes = 0, symbolEvents = 0;
    if (const auto census = runWorkerProcess("census", path)) {
        std::istringstream in(*census);
        in >> mostBlocks >> blocksAtBytePeak >> peakBytes >> symbolEvents;
    } else {
        std::fprintf(stderr, "memprof-bench: the census run failed\n");
        return 1;
    }

    std::vector<VariantFigures> figures;
    for (const auto& name : variants)
        figures.push_back({name, {}, {}, {}, {}, {}, {}, {}, {}});
    if (!runVariants(path, runs, figures))
        return 1;

    const RunResult& first = figures.front().runs.front();
    std::printf("decode: %s, %llu bytes, %.2f million events (%llu of them symtab events)\n", first.end.c_str(),
                static_cast<unsigned long long>(first.bytes), double(first.events) / 1e6,
                static_cast<unsigned long long>(symbolEvents));
    std::printf("blocks live at the peak: %llu (most at once); %llu when the live bytes peaked (%.1f MB)\n",
                static_cast<unsigned long long>(mostBlocks), static_cast<unsigned long long>(blocksAtBytePeak),
                double(peakBytes) / kMB);
    printFigureTable(figures, "events");
    // What a variant notes of its runs beyond how they ended (the snapshots
    // taken, a follow's lags), run by run.
    for (const VariantFigures& v : figures) {
        std::string notes;
        for (const RunResult& run : v.runs)
            if (run.end.find('+') != std::string::npos)
                notes += (notes.empty() ? "" : "; ") + run.end;
        if (!notes.empty())
            std::printf("%s, run by run: %s\n", v.name.c_str(), notes.c_str());
    }

    auto find = [&](const char* name) -> const VariantFigures* {
        for (const auto& v : figures)
            if (v.name == name)
                return &v;
        return nullptr;
    };
    const VariantFigures* ours = find("ours");
    const VariantFigures* absl = find("absl");
    const VariantFigures* stdMap = find("std");
    auto compare = [](const char* what, const VariantFigures* a, const VariantFigures* b) {
        if (a && b)
            std::printf("%s: %.2fx the events/s, %.2fx the peak RSS (ru_maxrss medians)\n", what,
                        a->meventsPerSecond.median / b->meventsPerSecond.median,
                        a->maxRssMB.median / b->maxRssMB.median);
    };
    std::printf("\n");
    compare("ours (2 threads) vs inline (1 thread)", ours, find("inline"));
    compare("ours vs absl", ours, absl);
    compare("ours vs std", ours, stdMap);
    compare("absl vs std", absl, stdMap);
    // memprof-report against the reference parser (tools/memprof.lua with
    // the same output, timed apart on the same machine).
    if (const VariantFigures* report = find("report")) {
        std::printf("\ntargets, memprof-report:\n");
        if (referenceSeconds)
            std::printf("  speed: %.1fx the reference's %.2f s >= 100x: %s\n",
                        *referenceSeconds / report->seconds.median, *referenceSeconds,
                        *referenceSeconds / report->seconds.median >= 100 ? "met" : "MISSED");
        else
            std::printf("  speed: give --reference-seconds for the ratio to the reference parser\n");
    }
    // The targets are for one thread: "inline" is measured against them;
    // the product's two threads are shown beside it.
    const double rssLimitMB = 100.0 + 64.0 * double(mostBlocks) / kMB;
    auto printTargets = [&](const char* title, const VariantFigures* v) {
        if (!v)
            return;
        std::printf("\ntargets, %s:\n", title);
        std::printf("  events/s: %.2f M (%.2f M per CPU second) >= 40 M: %s\n", v->meventsPerSecond.median,
                    v->meventsPerCpuSecond.median, v->meventsPerSecond.median >= 40 ? "met" : "MISSED");
        std::printf("  peak RSS: %.1f MB < 100 MB + 64 B x %llu blocks = %.1f MB: %s\n", v->maxRssMB.median,
                    static_cast<unsigned long long>(mostBlocks), rssLimitMB,
                    v->maxRssMB.median < rssLimitMB ? "met" : "MISSED");
    };
    // One thread does both halves one after the other: their times add up.
    const VariantFigures* decoderAlone = find("decoder");
    const VariantFigures* blocksAlone = find("blocks");
    if (decoderAlone && blocksAlone)
        std::printf(
            "decoder alone then block map alone, on one thread: %.2f M events/s (per CPU second: %.2f M),\n"
            "  before any location, sum, Override or peak is counted\n",
            1 / (1 / decoderAlone->meventsPerSecond.median + 1 / blocksAlone->meventsPerSecond.median),
            1 / (1 / decoderAlone->meventsPerCpuSecond.median + 1 / blocksAlone->meventsPerCpuSecond.median));
    printTargets("single-threaded, as the targets are set (inline)", find("inline"));
    printTargets("the product on two threads (ours), for comparison", ours);
    comparePreviousRun(path, figures);
    return 0;
}

} // namespace bench
