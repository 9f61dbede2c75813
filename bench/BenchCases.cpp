// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/BenchCases.h"

#include "model/synth/SyntheticDump.h"
#include "model/synth/SyntheticSysprofDump.h"

#include "bench/BlockMapAdapters.h"
#include "model/dump/DumpKind.h"
#include "model/memdecoder/MemprofDecoder.h"
#include "model/memprofile/FunctionTree.h"
#include "model/memprofile/LeakSuspects.h"
#include "model/memprofile/ProfileBuilder.h"
#include "model/memprofile/ProfileLoader.h"
#include "model/memprofile/WindowRecount.h"
#include "model/merge/MergeLoad.h"
#include "model/report/SysprofReport.h"
#include "model/report/TextReport.h"
#include "model/support/MemoryReturn.h"
#include "model/sysdecoder/SysprofDecoder.h"
#include "model/sysprofile/SysprofLoader.h"

#include <algorithm>
#include <thread>
#include <mutex>
#include <atomic>
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

const char* endName(memprof::DecodeEnd end)
{
    switch (end) {
    case memprof::DecodeEnd::Complete:
        return "complete";
    case memprof::DecodeEnd::Truncated:
        return "truncated";
    case memprof::DecodeEnd::Cancelled:
        return "cancelled";
    case memprof::DecodeEnd::Failed:
        return "failed";
    case memprof::DecodeEnd::Reading:
        return "reading";
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
RunResult finishWindowRun(const memprof::Profile& profile, memprof::RunRange window,
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

// The viewer's load showing its counts so far every half second
// (ProfileSnapshots): what the snapshots cost beside "ours". Each is made a
// shared profile, as the viewer's document holds it, and dropped.
RunResult measureLoadWithSnapshots(const std::string& path)
{
    RunResult r;
    std::size_t taken = 0;
    memprof::ProfileSnapshots snapshots;
    snapshots.deliver = [&taken](memprof::Profile&& soFar) {
        const auto shared = std::make_shared<const memprof::Profile>(std::move(soFar));
        taken += shared->totals.eventCount > 0;
    };
    const auto start = std::chrono::steady_clock::now();
    const memprof::Profile profile = memprof::loadProfile(path, {}, snapshots);
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    r.bytes = profile.status.bytesConsumed;
    r.events = profile.totals.eventCount + profile.totals.symbolEventCount;
    r.liveBlocksAtEnd = profile.totals.liveBlockCount;
    r.end = endName(profile.status.end) + std::string("+") + std::to_string(taken) + "-snapshots";
    return r;
}

// Following a dump as a profiler writes it: a thread writes the dump into a
// new file at 50 MB/s, in the 8 MiB flushes memprof and sysprof write, and
// the viewer's load follows the file (DecodeControl::follow) with a
// snapshot every half second. A snapshot showing the bytes up to offset s,
// delivered at time t, lags the file by t minus the time the file first
// held s bytes; "end" gives the largest lag and the time from the last
// write to the finished profile. Its RSS is the follower's (the writer
// holds one flush) and compares with "ours" on the finished file.
RunResult measureFollow(const std::string& path)
{
    using Clock = std::chrono::steady_clock;
    constexpr std::uint64_t kBytesPerSecond = 50'000'000;
    constexpr std::size_t kFlush = 8u << 20;
    RunResult r;
    const std::string followed = path + ".followed." + std::to_string(::getpid());
    std::FILE* out = std::fopen(followed.c_str(), "wb");
    std::FILE* in = std::fopen(path.c_str(), "rb");
    if (!out || !in) {
        r.end = "cannot open";
        return r;
    }
    std::setvbuf(out, nullptr, _IONBF, 0);
    std::mutex lock;
    std::vector<std::pair<std::uint64_t, Clock::time_point>> flushes; // file size, when reached
    std::atomic<bool> following{true};
    const Clock::time_point start = Clock::now();
    std::thread writer([&] {
        // A flush is copied in small steps, back to back, so that the
        // follower's RSS is not the writer's buffer.
        std::vector<char> step(64 << 10);
        std::uint64_t written = 0;
        for (bool more = true; more;) {
            // The rate: this flush is due once the bytes before it took their time.
            std::this_thread::sleep_until(start + std::chrono::nanoseconds(written * 1'000'000'000 / kBytesPerSecond));
            std::size_t flushed = 0;
            while (flushed < kFlush) {
                const std::size_t got = std::fread(step.data(), 1, std::min(step.size(), kFlush - flushed), in);
                if (got == 0) {
                    more = false;
                    break;
                }
                std::fwrite(step.data(), 1, got, out);
                flushed += got;
            }
            written += flushed;
            const std::lock_guard guard(lock);
            if (flushed > 0)
                flushes.emplace_back(written, Clock::now());
        }
        std::fclose(out);
        std::fclose(in);
        following = false; // a dump without its end is finished here too
    });
    double worstLag = 0;
    std::size_t taken = 0;
    memprof::ProfileSnapshots snapshots;
    snapshots.deliver = [&](memprof::Profile&& soFar) {
        const auto shared = std::make_shared<const memprof::Profile>(std::move(soFar));
        const Clock::time_point now = Clock::now();
        const std::uint64_t shown = shared->status.bytesConsumed;
        const std::lock_guard guard(lock);
        const auto reached = std::find_if(flushes.begin(), flushes.end(),
                                          [shown](const auto& flush) { return flush.first >= shown; });
        if (reached != flushes.end())
            worstLag = std::max(worstLag, std::chrono::duration<double>(now - reached->second).count());
        ++taken;
    };
    memprof::DecodeControl control;
    control.follow = &following;
    const memprof::Profile profile = memprof::loadProfile(followed, control, snapshots);
    const Clock::time_point finished = Clock::now();
    writer.join();
    std::remove(followed.c_str());
    r.seconds = std::chrono::duration<double>(finished - start).count();
    r.bytes = profile.status.bytesConsumed;
    r.events = profile.totals.eventCount + profile.totals.symbolEventCount;
    r.liveBlocksAtEnd = profile.totals.liveBlockCount;
    const double endLag = std::chrono::duration<double>(finished - flushes.back().second).count();
    char lags[96];
    std::snprintf(lags, sizeof lags, "+%zu-snapshots,lag<=%.2fs,end+%.2fs", taken, worstLag, endLag);
    r.end = endName(profile.status.end) + std::string(lags);
    return r;
}

// Changing the window: everything a pane shows, counted again for events
// 20%..80% of the run.
RunResult measureWindowRecount(const std::string& path)
{
    std::uint64_t eventCount = 0;
    memprof::countEvents(path, eventCount);
    const memprof::RunRange window{eventCount / 5 + 1, eventCount - eventCount / 5};
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
    const memprof::RunRange window{eventCount / 5 + 1, eventCount - eventCount / 5};
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

// memprof-report on a memprof dump with the reference's default output:
// the load (counting on a second thread) and the report's text (into
// memory: writing it out is not what is measured). Its time is what
// --reference-seconds is compared with.
RunResult measureMemprofReport(const std::string& path)
{
    RunResult r;
    const auto start = std::chrono::steady_clock::now();
    const memprof::Profile profile = memprof::loadProfile(path);
    std::ostringstream text;
    memprof::writeTextReport(text, profile, memprof::ReportOptions{});
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    paneFigures = paneFigures + text.str().size();
    r.bytes = profile.status.bytesConsumed;
    r.events = profile.totals.eventCount + profile.totals.symbolEventCount;
    r.liveBlocksAtEnd = profile.totals.liveBlockCount;
    r.end = endName(profile.status.end);
    return r;
}

// memprof-report --merge over ten copies of the dump, a cluster of ten
// alike processes: the dumps read side by side and summed, and the
// reference's report of the sum. Compared with "report" (one copy), it
// shows what merging costs per dump in time and what it holds at once.
constexpr std::size_t kMergedCopies = 10;

RunResult measureMergedReport(const std::string& path)
{
    RunResult r;
    const auto start = std::chrono::steady_clock::now();
    const memprof::MergedMemprof merged = memprof::loadMergedMemprof(std::vector<std::string>(kMergedCopies, path));
    std::ostringstream text;
    memprof::writeTextReport(text, merged.profile, memprof::ReportOptions{});
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    paneFigures = paneFigures + text.str().size();
    r.bytes = merged.profile.status.bytesConsumed;
    r.events = merged.profile.totals.eventCount + merged.profile.totals.symbolEventCount;
    r.liveBlocksAtEnd = merged.profile.totals.liveBlockCount;
    r.end = endName(merged.profile.status.end);
    return r;
}

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

// The viewer's load showing its counts so far every half second
// (SysprofSnapshots): what the snapshots cost beside "sysviewer". Each is
// made a shared profile, as the viewer's document holds it, and dropped.
RunResult measureSysprofViewerSnapshots(const std::string& path)
{
    RunResult r;
    std::size_t taken = 0;
    memprof::SysprofSnapshots snapshots;
    snapshots.deliver = [&taken](memprof::SysprofProfile&& soFar) {
        const auto shared = std::make_shared<const memprof::SysprofProfile>(std::move(soFar));
        taken += shared->sampleCount > 0;
    };
    const auto start = std::chrono::steady_clock::now();
    const memprof::SysprofProfile profile = memprof::loadSysprof(path, {}, memprof::viewerSysprofOptions(), snapshots);
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    r.bytes = profile.status.bytesConsumed;
    r.events = profile.sampleCount;
    r.liveBlocksAtEnd = profile.distinctStacks;
    r.end = endName(profile.status.end) + std::string("+") + std::to_string(taken) + "-snapshots";
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
    timespec now{};
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

} // namespace

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

    else if (mode == "report")
        r = measureMemprofReport(path);
    else if (mode == "merge10")
        r = measureMergedReport(path);
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
    else if (mode == "snapshots")
        r = measureLoadWithSnapshots(path);
    else if (mode == "follow")
        r = measureFollow(path);
    else if (mode == "sysprof")
        r = measureSysprofReport(path);
    else if (mode == "sysviewer")
        r = measureSysprofViewerLoad(path);
    else if (mode == "syssnapshots")
        r = measureSysprofViewerSnapshots(path);
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
    std::printf("%.9f %.6f %llu %llu %llu %llu %llu %s\n", r.seconds, r.cpuSeconds,
                static_cast<unsigned long long>(r.bytes), static_cast<unsigned long long>(r.events),
                static_cast<unsigned long long>(r.maxRssKiB), static_cast<unsigned long long>(r.hwmKiB),
                static_cast<unsigned long long>(r.liveBlocksAtEnd), r.end.c_str());
    return 0;
}

} // namespace bench
