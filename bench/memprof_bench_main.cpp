// SPDX-License-Identifier: GPL-3.0-or-later
// memprof-bench: writes synthetic memprof dumps and measures decoding +
// aggregation on a dump: MB/s, million events/s, peak RSS, against the
// speed and memory targets: >= 40 M events/s on one thread, and a peak RSS
// below 100 MB + 64 bytes per block live at the peak.
//
// Every measured run is a fresh process (this program re-executed with
// --worker), so each block map's peak RSS is its own and not the high-water
// mark of an earlier run in the same process.
#include "tests/support/SyntheticDump.h"
#include "tests/support/SyntheticSysprofDump.h"

#include "bench/BlockMapAdapters.h"
#include "bench/PreviousRun.h"
#include "model/decoder/Decoder.h"
#include "model/decoder/DumpKind.h"
#include "model/report/SysprofReport.h"
#include "model/sysdecoder/SysprofDecoder.h"
#include "model/sysprofile/SysprofLoader.h"
#include "model/profile/FunctionTree.h"
#include "model/profile/LeakSuspects.h"
#include "model/profile/ProfileBuilder.h"
#include "model/profile/ProfileLoader.h"
#include "model/profile/WindowRecount.h"
#include "model/support/MemoryReturn.h"

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

namespace {

const char* const kUsage =
    "Usage: memprof-bench --generate FILE --size SIZE [--seed N] [--writer-quirk]\n"
    "       memprof-bench --generate FILE --size SIZE --sysprof [--mode C|L] [--seed N]\n"
    "       memprof-bench [FILE] [--real DUMP|none] [--runs N] [--map VARIANT[,VARIANT...]]\n"
    "                     [--reference-seconds S]\n"
    "\n"
    "--generate --sysprof writes a synthetic sysprof (CPU profile) dump shaped\n"
    "like a service's: mode C (host call chains, the default) or L.\n"
    "A sysprof FILE is measured as memprof-report reads it (\"sysprof\": decode,\n"
    "the call tree it prints, the reference's lines), as the viewer loads it\n"
    "(\"sysviewer\": every view's trees, top-down and bottom-up) and by its\n"
    "decoder alone (\"sysdecoder\"); events are samples. --reference-seconds gives the time\n"
    "the reference parser took on FILE, to print the ratio.\n"
    "\n"
    "--generate writes a synthetic format-3 dump of about SIZE bytes (suffixes\n"
    "K, M, G: KiB, MiB, GiB) with a realistic mix of events (seed: 1).\n"
    "\n"
    "Otherwise decodes and aggregates FILE (memprof::decode into a\n"
    "ProfileBuilder, then finish()) N times per block map (default 5), each run\n"
    "in a fresh process, and prints medians [min..max] of MB/s (10^6 bytes),\n"
    "million events/s, peak RSS (getrusage ru_maxrss and VmHWM), the blocks\n"
    "live at the peak, and the product's block map (LiveBlockMap, \"ours\")\n"
    "against absl::flat_hash_map and std::unordered_map, all counting on a\n"
    "second thread as the viewer does; \"inline\" is ours on one thread\n"
    "(default: all, these four). VARIANT is ours, inline, absl, std, all,\n"
    "decoder, blocks, window, indexed or recount.\n"
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

constexpr double kMB = 1e6;

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
        case 'K': case 'k': unit = 1ull << 10; break;
        case 'M': case 'm': unit = 1ull << 20; break;
        case 'G': case 'g': unit = 1ull << 30; break;
        default: break;
        }
        if (unit != 1)
            text.pop_back();
    }
    const auto count = parseCount(text);
    if (!count || *count == 0 || *count > (1ull << 44) / unit)
        return std::nullopt;
    return *count * unit;
}

// ---- the worker: one measured decode in this process ------------------------

// VmHWM of /proc/self/status in KiB (0 if unavailable).
std::uint64_t vmHighWaterKiB()
{
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("VmHWM:", 0) == 0)
            return std::strtoull(line.c_str() + 6, nullptr, 10);
    return 0;
}

// Counts events only: the decoder's own cost.
struct CountingSink {
    std::uint64_t events = 0;
    std::uint64_t symbols = 0;
    void lfunc(const memprof::LfuncSymbol&) { ++symbols; }
    void cfunc(const memprof::CfuncSymbol&) { ++symbols; }
    void trace(const memprof::TraceSymbol&) { ++symbols; }
    void symtabEnd() { symbols = 0; }
    void alloc(const memprof::AllocEvent&) { ++events; }
    void realloc(const memprof::ReallocEvent&) { ++events; }
    void free(const memprof::FreeEvent&) { ++events; }
    // The counts in a Profile's totals, so it measures like a builder.
    memprof::Profile finish(const memprof::DecodeStatus& status)
    {
        memprof::Profile profile;
        profile.status = status;
        profile.totals.eventCount = events;
        profile.totals.symbolEventCount = symbols;
        return profile;
    }
};

struct RunResult {
    double seconds = 0;    // wall clock, open to finish()
    double cpuSeconds = 0; // user + system time of the whole worker process
    std::uint64_t bytes = 0;
    std::uint64_t events = 0; // alloc + realloc + free + symtab events
    std::uint64_t maxRssKiB = 0;
    std::uint64_t hwmKiB = 0;
    std::uint64_t liveBlocksAtEnd = 0;
    std::string end;
};

const char* endName(memprof::DecodeEnd end)
{
    switch (end) {
    case memprof::DecodeEnd::Complete: return "complete";
    case memprof::DecodeEnd::Truncated: return "truncated";
    case memprof::DecodeEnd::Cancelled: return "cancelled";
    case memprof::DecodeEnd::Failed: return "failed";
    }
    return "?";
}

// One timed decode, from opening the file to the finished aggregates.
template <class Builder, class... Options>
RunResult measure(const std::string& path, Options... options)
{
    RunResult r;
    const auto start = std::chrono::steady_clock::now();
    memprof::FileByteSource source(path);
    Builder builder(options...);
    const memprof::DecodeStatus status = memprof::decode(source, builder);
    const memprof::Profile profile = builder.finish(status);
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    r.bytes = status.bytesConsumed;
    r.events = profile.totals.eventCount + profile.totals.symbolEventCount;
    r.liveBlocksAtEnd = profile.totals.liveBlockCount;
    r.end = endName(status.end);
    return r;
}

volatile std::size_t paneFigures = 0; // the panes' figures are used

// A window's run, timed from `start` (before its profile was counted) to
// its panes' figures: the by-function tree and the leak suspects.
RunResult finishWindowRun(const memprof::Profile& profile, memprof::EventWindow window,
                          std::chrono::steady_clock::time_point start)
{
    RunResult r;
    const memprof::FunctionTree tree = memprof::buildFunctionTree(profile);
    const std::vector<memprof::LeakSuspect> suspects = memprof::rankLeakSuspects(profile, window);
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    r.bytes = profile.status.bytesConsumed;
    r.events = profile.totals.eventCount + profile.totals.symbolEventCount;
    r.liveBlocksAtEnd = profile.totals.liveBlockCount;
    paneFigures = tree.size() + suspects.size();
    r.end = endName(profile.status.end);
    return r;
}

// Changing the window: everything a pane shows, counted again for events
// 20%..80% of the run.
RunResult measureWindowRecount(const std::string& path)
{
    std::uint64_t eventCount = 0;
    memprof::countEvents(path, eventCount);
    const memprof::EventWindow window{eventCount / 5 + 1, eventCount - eventCount / 5};
    const auto start = std::chrono::steady_clock::now();
    return finishWindowRun(memprof::loadProfile(path, {}, nullptr, window), window, start);
}

// Changing the window as the viewer will: from the first load's profile and
// window index, the same window and panes as measureWindowRecount.
RunResult measureIndexedRecount(const std::string& path)
{
    memprof::WindowIndex index;
    const memprof::Profile whole = memprof::loadProfileWithIndex(path, index);
    const std::uint64_t eventCount = whole.totals.eventCount;
    const memprof::EventWindow window{eventCount / 5 + 1, eventCount - eventCount / 5};
    const auto start = std::chrono::steady_clock::now();
    const RunResult r = finishWindowRun(memprof::recountWindow(path, whole, index, window), window, start);
    std::fprintf(stderr, "window index: %s, %zu segments, %zu records, %.1f MB\n", index.usable ? "usable" : "unusable",
                 index.segments.size(), index.records.size(), double(index.memoryBytes()) / kMB);
    return r;
}

// The viewer's first load: the product's, keeping the window index.
RunResult measureIndexedLoad(const std::string& path)
{
    RunResult r;
    const auto start = std::chrono::steady_clock::now();
    memprof::WindowIndex index;
    const memprof::Profile profile = memprof::loadProfileWithIndex(path, index);
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    r.bytes = profile.status.bytesConsumed;
    r.events = profile.totals.eventCount + profile.totals.symbolEventCount;
    r.liveBlocksAtEnd = profile.totals.liveBlockCount;
    r.end = endName(profile.status.end);
    return r;
}

// The block map's share alone: the dump's block operations (a realloc
// releases, then places) read into memory first, untimed, then replayed into
// a LiveBlockMap with the builder's look-ahead prefetch. No decoding,
// locations, Overrides or peak: a floor for the rest of the counting. The
// RSS reported includes the operations held in memory.
struct BlockOperation {
    std::uint64_t oaddr; // 0: none (an alloc)
    std::uint64_t naddr; // 0: none (a free)
    std::uint64_t nsize;
};

struct BlockOperationRecorder {
    std::vector<BlockOperation> operations;
    void lfunc(const memprof::LfuncSymbol&) {}
    void cfunc(const memprof::CfuncSymbol&) {}
    void trace(const memprof::TraceSymbol&) {}
    void symtabEnd() {}
    void alloc(const memprof::AllocEvent& e) { operations.push_back({0, e.naddr, e.nsize}); }
    void realloc(const memprof::ReallocEvent& e) { operations.push_back({e.oaddr, e.naddr, e.nsize}); }
    void free(const memprof::FreeEvent& e) { operations.push_back({e.oaddr, 0, 0}); }
};

volatile std::uint64_t replayResult = 0;

// memprof-report on a sysprof dump: decode, the call tree it prints, the
// reference's lines (into memory: the output is not what is measured).
RunResult measureSysprofReport(const std::string& path)
{
    RunResult r;
    const auto start = std::chrono::steady_clock::now();
    memprof::SysprofLoadOptions options;
    options.views = memprof::onlyStackView(memprof::kReferenceLinesView);
    const memprof::SysprofProfile profile = memprof::loadSysprof(path, {}, options);
    std::ostringstream lines;
    memprof::writeSysprofReferenceLines(lines, profile);
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    paneFigures = paneFigures + lines.str().size();
    r.bytes = profile.status.bytesConsumed;
    r.events = profile.sampleCount;
    r.liveBlocksAtEnd = profile.distinctStacks;
    r.end = endName(profile.status.end);
    return r;
}

// The viewer's load of a sysprof dump (on its worker thread): every view's
// call tree, top-down and bottom-up, and the timeline.
RunResult measureSysprofViewerLoad(const std::string& path)
{
    RunResult r;
    const auto start = std::chrono::steady_clock::now();
    const memprof::SysprofProfile profile = memprof::loadSysprof(path, {}, memprof::viewerSysprofOptions());
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    r.bytes = profile.status.bytesConsumed;
    r.events = profile.sampleCount;
    r.liveBlocksAtEnd = profile.distinctStacks;
    r.end = endName(profile.status.end);
    return r;
}

// Counts samples only: the sysprof decoder's own cost.
struct SampleCountingSink {
    std::uint64_t samples = 0;
    void lfunc(const memprof::LfuncSymbol&) {}
    void cfunc(const memprof::CfuncSymbol&) {}
    void trace(const memprof::TraceSymbol&) {}
    void symtabEnd() {}
    void sample(const memprof::Sample&) { ++samples; }
};

RunResult measureSysprofDecoder(const std::string& path)
{
    RunResult r;
    const auto start = std::chrono::steady_clock::now();
    memprof::FileByteSource source(path);
    SampleCountingSink sink;
    const memprof::DecodeStatus status = memprof::decodeSysprof(source, sink);
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    r.bytes = status.bytesConsumed;
    r.events = sink.samples;
    r.end = endName(status.end);
    return r;
}

double threadCpuSeconds()
{
    timespec now {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return double(now.tv_sec) + double(now.tv_nsec) / 1e9;
}

RunResult measureBlockMapAlone(const std::string& path)
{
    RunResult r;
    memprof::FileByteSource source(path);
    BlockOperationRecorder recorder;
    const memprof::DecodeStatus status = memprof::decode(source, recorder);
    const std::vector<BlockOperation>& ops = recorder.operations;
    constexpr std::size_t kLookAhead = memprof::ProfileBuilder::kLookAhead;
    const auto start = std::chrono::steady_clock::now();
    const double cpuStart = threadCpuSeconds();
    memprof::LiveBlockMap blocks;
    std::uint64_t liveBytes = 0;
    for (std::size_t i = 0; i < ops.size(); ++i) {
        if (i + kLookAhead < ops.size()) {
            const BlockOperation& ahead = ops[i + kLookAhead];
            if (ahead.oaddr != 0)
                blocks.prefetch(ahead.oaddr);
            if (ahead.naddr != 0)
                blocks.prefetch(ahead.naddr);
        }
        const BlockOperation& op = ops[i];
        if (op.oaddr != 0) {
            if (memprof::LiveBlock* block = blocks.find(op.oaddr)) {
                liveBytes -= block->size;
                blocks.erase(op.oaddr, block);
            }
        }
        if (op.naddr != 0) {
            const auto size = static_cast<std::uint32_t>(std::min<std::uint64_t>(op.nsize, 0xfffffffe));
            auto [block, inserted] = blocks.tryEmplace(op.naddr, memprof::LiveBlock{});
            if (!inserted)
                liveBytes -= block->size;
            *block = {size, 0};
            liveBytes += size;
        }
    }
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    r.cpuSeconds = threadCpuSeconds() - cpuStart;
    r.bytes = status.bytesConsumed;
    r.events = ops.size();
    r.liveBlocksAtEnd = blocks.size();
    replayResult = liveBytes; // so the loop is not optimised away
    r.end = endName(status.end);
    return r;
}

// The blocks live at the peak: the most blocks live at once, and the blocks
// live when the live bytes peaked. Not timed (an observer per event).
class PeakBlockCensus final : public memprof::EventObserver {
public:
    explicit PeakBlockCensus(const memprof::ProfileBuilder& builder) : builder_(builder) {}
    void onEvent(std::uint64_t, memprof::EventKind, memprof::LocationId, std::int64_t, std::uint64_t liveBytes,
                 std::uint64_t) override
    {
        const std::uint64_t blocks = builder_.liveBlockCount();
        mostBlocks = std::max(mostBlocks, blocks);
        if (liveBytes > peakBytes) {
            peakBytes = liveBytes;
            blocksAtBytePeak = blocks;
        }
    }
    std::uint64_t mostBlocks = 0;
    std::uint64_t peakBytes = 0;
    std::uint64_t blocksAtBytePeak = 0;

private:
    const memprof::ProfileBuilder& builder_;
};

int runWorker(const std::string& mode, const std::string& path)
{
    if (mode == "census") {
        memprof::FileByteSource source(path);
        memprof::ProfileBuilder builder;
        PeakBlockCensus census(builder);
        builder.setObserver(&census);
        const memprof::DecodeStatus status = memprof::decode(source, builder);
        const memprof::Profile profile = builder.finish(status);
        std::printf("%llu %llu %llu %llu\n", static_cast<unsigned long long>(census.mostBlocks),
                    static_cast<unsigned long long>(census.blocksAtBytePeak),
                    static_cast<unsigned long long>(census.peakBytes),
                    static_cast<unsigned long long>(profile.totals.symbolEventCount));
        return 0;
    }
    RunResult r;
    // As the viewer and memprof-report load (ProfileLoader): counting on a
    // second thread; "inline" is ours on one thread.
    constexpr memprof::Counting onThread = memprof::Counting::OnThread;
    if (mode == "ours")
        r = measure<memprof::ProfileBuilder>(path, onThread);
    else if (mode == "inline")
        r = measure<memprof::ProfileBuilder>(path, memprof::Counting::Inline);
    else if (mode == "absl")
        r = measure<memprof::AbslProfileBuilder>(path, onThread);
    else if (mode == "std")
        r = measure<memprof::StdProfileBuilder>(path, onThread);
    else if (mode == "decoder")
        r = measure<CountingSink>(path);
    else if (mode == "blocks")
        r = measureBlockMapAlone(path);
    else if (mode == "window")
        r = measureWindowRecount(path);
    else if (mode == "recount")
        r = measureIndexedRecount(path);
    else if (mode == "indexed")
        r = measureIndexedLoad(path);
    else if (mode == "sysprof")
        r = measureSysprofReport(path);
    else if (mode == "sysviewer")
        r = measureSysprofViewerLoad(path);
    else if (mode == "sysdecoder")
        r = measureSysprofDecoder(path);
    else
        return 2;
    struct rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    r.maxRssKiB = static_cast<std::uint64_t>(usage.ru_maxrss);
    if (mode != "blocks") // its own: the replay's, not the recording's
        r.cpuSeconds = double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                       double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
    r.hwmKiB = vmHighWaterKiB();
    std::printf("%.9f %.6f %llu %llu %llu %llu %llu %s\n", r.seconds, r.cpuSeconds, static_cast<unsigned long long>(r.bytes),
                static_cast<unsigned long long>(r.events), static_cast<unsigned long long>(r.maxRssKiB),
                static_cast<unsigned long long>(r.hwmKiB), static_cast<unsigned long long>(r.liveBlocksAtEnd),
                r.end.c_str());
    return 0;
}

// ---- the parent: runs workers, prints figures -------------------------------

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
                            cell(b.seconds, v.seconds, "%.3f").c_str(), cell(b.cpuSeconds, v.cpuSeconds, "%.3f").c_str(),
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
            in >> r.seconds >> r.cpuSeconds >> r.bytes >> r.events >> r.maxRssKiB >> r.hwmKiB >> r.liveBlocksAtEnd >> r.end;
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
    std::printf("(median [min..max] over the runs; MB = 10^6 bytes; M %s/CPU-s divides by the worker's\n"
                " user + system time, which other processes on the machine disturb less than the wall clock)\n",
                eventName);
}

// A sysprof dump: memprof-report's work, the viewer's load and the decoder
// alone; memprof-report's against the targets: >= 30x the reference
// parser, <= 64 MB peak RSS.
int runSysprofBenchmark(const std::string& path, int runs, std::optional<double> referenceSeconds)
{
    std::vector<VariantFigures> figures;
    for (const char* name : {"sysprof", "sysviewer", "sysdecoder"})
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
        std::printf("  speed: %.1fx the reference's %.1f s >= 30x: %s\n", *referenceSeconds / report.seconds.median,
                    *referenceSeconds, *referenceSeconds / report.seconds.median >= 30 ? "met" : "MISSED");
    else
        std::printf("  speed: give --reference-seconds for the ratio to the reference parser\n");
    std::printf("  peak RSS: %.1f MB <= 64 MB: %s\n", report.maxRssMB.median,
                report.maxRssMB.median <= 64 ? "met" : "MISSED");
    comparePreviousRun(path, figures);
    return 0;
}

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
        std::printf("decoder alone then block map alone, on one thread: %.2f M events/s (per CPU second: %.2f M),\n"
                    "  before any location, sum, Override or peak is counted\n",
                    1 / (1 / decoderAlone->meventsPerSecond.median + 1 / blocksAlone->meventsPerSecond.median),
                    1 / (1 / decoderAlone->meventsPerCpuSecond.median + 1 / blocksAlone->meventsPerCpuSecond.median));
    printTargets("single-threaded, as the targets are set (inline)", find("inline"));
    printTargets("the product on two threads (ours), for comparison", ours);
    comparePreviousRun(path, figures);
    return 0;
}

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
        return runWorker(args[1], args[2]);

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
                    name != "decoder" && name != "blocks" && name != "window" && name != "indexed" &&
                    name != "recount")
                    return usageError("--map takes ours, inline, absl, std, all, decoder, blocks, window, indexed or "
                                      "recount, or a "
                                      "comma-separated list of them");
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
            return quirk ? usageError("--writer-quirk is a memprof writer's") : generateSysprof(generatePath, *size, seed, hostChains);
        return generate(generatePath, *size, seed, quirk);
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
        status = runBenchmark(file, runs, variants, referenceSeconds);
    if (status == 0 && !real->empty() && real != file) {
        std::printf("\n== the real dump\n");
        std::fflush(stdout);
        status = runBenchmark(*real, runs, variants, std::nullopt);
    } else if (real->empty()) {
        std::printf("\n(no real dump measured: record one with "
                    "luajit shared/fixtures/v3/service.lua build/service.bin, or give --real DUMP)\n");
    }
    return status;
}
