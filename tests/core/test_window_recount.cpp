// SPDX-License-Identifier: GPL-3.0-or-later
// The fast window re-count (WindowRecount.h) against the full one: for many
// windows (the edges of the run, the checkpoints of the index and their
// neighbours, random ones) recountWindow gives what
// loadProfile(..., window) gives, in every field of the profile, on the
// fixtures, synthetic dumps, a dump whose symbols rename locations
// mid-stream and one cut short; from bytes and from a file; and it falls
// back to a full decode when it cannot use the index.
#include "model/memdecoder/MemprofDecoder.h"
#include "model/memprofile/ProfileBuilder.h"
#include "model/memprofile/ProfileLoader.h"
#include "model/memprofile/WindowRecount.h"
#include "model/synth/DumpWriter.h"
#include "model/synth/SyntheticDump.h"
#include "tests/support/FileBytes.h"
#include "tests/support/ProfileDifference.h"
#include "tests/support/ProfileInvariants.h"
#include "tests/support/SanitizedBuild.h"
#include "tests/support/TestSuite.h"

#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <random>

using namespace memprof;
using memprof::test::differenceOf;

namespace {

std::string dataPath(const QString& relative)
{
    return (QStringLiteral(MEMPROF_TEST_DATA "/") + relative).toStdString();
}

// The windows to try on a run of `eventCount` events indexed by `index`:
// the run's edges, each checkpoint and its neighbours, random ones.
std::vector<RunRange> windowsFor(std::uint64_t eventCount, const WindowIndex& index, unsigned seed)
{
    const std::uint64_t n = eventCount;
    std::vector<RunRange> windows = {
        {1, 1}, {1, n}, {n, n}, {1, RunRange::kRunEnd}, {2, RunRange::kRunEnd}, {n, RunRange::kRunEnd}, {n + 1, n + 5},
        {0, 3}, {1, 0}, {5, 3}, {n / 2, n / 2},         {n / 3 + 1, 2 * n / 3}};
    // Up to 10 checkpoints, spread over the run, the last two among them.
    const std::size_t count = index.checkpoints.size();
    const std::size_t step = std::max<std::size_t>(1, count / 8);
    std::vector<std::uint64_t> checkpoints;
    for (std::size_t i = 0; i < count; i += step)
        checkpoints.push_back(index.checkpoints[i].eventCount);
    for (std::size_t i = count > 2 ? count - 2 : 0; i < count; ++i)
        checkpoints.push_back(index.checkpoints[i].eventCount);
    for (const std::uint64_t e : checkpoints) {
        for (const RunRange w : std::initializer_list<RunRange>{
                 {e, e}, {e + 1, e + 1}, {e - 1, e + 1}, {e, e + 1}, {e + 1, n}, {1, e}, {e + 1, e + 2}, {e, n - 1}})
            if (w.first >= 1 && w.first <= n)
                windows.push_back(w);
    }
    // From one checkpoint to a later one, ± 1.
    for (std::size_t i = 0; i + 2 < checkpoints.size(); i += 2) {
        const std::uint64_t a = checkpoints[i];
        const std::uint64_t b = checkpoints[i + 2];
        if (a + 2 > b)
            continue;
        windows.push_back({a + 1, b});
        windows.push_back({a, b + 1});
        windows.push_back({a + 2, b - 1});
    }
    std::mt19937_64 random(seed);
    for (int i = 0; i < 24 && n > 0; ++i) {
        std::uint64_t a = random() % n + 1, b = random() % n + 1;
        if (a > b)
            std::swap(a, b);
        windows.push_back({a, b});
    }
    return windows;
}

// Indexes `bytes` (cut into segments of `segmentEvents`, read in blocks of
// `blockSize`: small ones put an event boundary at most events) and checks
// every window. Returns the index, for the caller's checks of its shape.
WindowIndex checkAllWindows(const std::vector<std::uint8_t>& bytes, std::uint64_t segmentEvents, std::size_t blockSize,
                            unsigned seed = 1)
{
    WindowIndex index;
    index.segmentEvents = segmentEvents;
    DecodeControl control;
    control.blockSize = blockSize;
    const Profile whole = loadProfileWithIndex(bytes, index, control);
    [&] { QVERIFY2(index.usable, "the index is usable"); }();
    const std::uint64_t n = whole.totals.eventCount;
    for (const RunRange& window : windowsFor(n, index, seed)) {
        const Profile expected = loadProfile(bytes, {}, nullptr, window);
        const Profile fast = recountWindow(bytes, whole, index, window, control);
        const std::string difference = differenceOf(fast, expected);
        if (!difference.empty()) {
            const std::string message = "window [" + std::to_string(window.first) + ", " + std::to_string(window.last) +
                                        "] of " + std::to_string(n) + " events: " + difference;
            [&] { QFAIL(message.c_str()); }();
            return index;
        }
    }
    return index;
}

// Blocks live long and short, moved, freed twice, at addresses reused and
// at a live address again, sizes of 4 GiB and more; prototypes and traces
// defined again mid-stream, so locations met before are renamed (owner
// locations) while their blocks live on.
std::vector<std::uint8_t> renamingChurn(unsigned seed, int eventCount)
{
    synth::DumpWriter dump;
    dump.symtabPrologue(3);
    for (std::uint64_t proto = 1; proto <= 12; ++proto)
        dump.lfunc(proto * 0x100, "@churn" + std::to_string(proto) + ".lua", proto);
    dump.trace(1, 0x100, 3).trace(2, 0x200, 4);
    dump.symtabEnd().eventsPrologue(3);
    std::mt19937_64 random(seed);
    std::vector<std::pair<std::uint64_t, std::uint64_t>> live;
    std::uint64_t nextAddress = 0x10000;
    for (int i = 0; i < eventCount; ++i) {
        if (i % 701 == 700) // a prototype address defined again: its lines are renamed
            dump.lfuncEvent((random() % 12 + 1) * 0x100, "@again" + std::to_string(i) + ".lua", 1);
        if (i % 1301 == 1300)
            dump.traceEvent(random() % 2 + 1, (random() % 12 + 1) * 0x100, random() % 9);
        const unsigned where = random() % 10;
        const Location loc = where < 7   ? synth::luaAt((random() % 12 + 1) * 0x100, random() % 6 + 1)
                             : where < 9 ? synth::traceAt(random() % 3 + 1)
                                         : synth::internal();
        const std::uint64_t size = random() % 300 == 0 ? (std::uint64_t{1} << 32) + random() % 3 : random() % 2048;
        const unsigned action = live.size() < 300 ? random() % 4 : random() % 10;
        if (action < 4 || live.empty()) {
            const std::uint64_t address = random() % 16 == 0 && !live.empty() ? live[random() % live.size()].first
                                          : random() % 6 == 0                 ? (random() % 512 + 1) * 16
                                                              : (nextAddress += 16 * (random() % 8 + 1));
            dump.alloc(loc, address, size);
            live.emplace_back(address, size);
            continue;
        }
        const std::size_t pick = random() % live.size();
        const auto [address, oldSize] = live[pick];
        if (action < 7) {
            const std::uint64_t newAddress = random() % 4 == 0 ? address : (nextAddress += 16 * (random() % 8 + 1));
            dump.realloc(loc, address, oldSize, newAddress, size);
            live[pick] = {newAddress, size};
        } else {
            dump.free(loc, random() % 40 == 0 ? address + 8 : address, oldSize);
            live[pick] = live.back();
            live.pop_back();
        }
    }
    dump.epilogue();
    return dump.take();
}

} // namespace

class TestWindowRecount : public QObject {
    Q_OBJECT

private slots:
    void fixturesGiveTheFullRecount_data()
    {
        QTest::addColumn<QString>("dump");
        QTest::addColumn<qulonglong>("segmentEvents");
        QTest::addColumn<qulonglong>("blockSize");
        for (const char* folder : {"v3", "v1"})
            for (const QString& name : QDir(QStringLiteral(MEMPROF_TEST_DATA "/") + QLatin1String(folder))
                                           .entryList({"*.bin"}, QDir::Files)) {
                const QString dump = QLatin1String(folder) + QLatin1Char('/') + name;
                // Large fixtures with fewer cuts, and only in the plain pass:
                // the test's time.
                const bool small = QFileInfo(QStringLiteral(MEMPROF_TEST_DATA "/") + dump).size() < (300 << 10);
                if (!small && testsuite::kSanitizedBuild)
                    continue;
                for (const auto& [segment, block] : {std::pair{1ull, 64ull}, std::pair{7ull, 97ull},
                                                     std::pair{50ull, 4096ull}, std::pair{0ull, 1ull << 20}})
                    if (small || segment >= 50)
                        QTest::addRow("%s seg %llu block %llu", qPrintable(dump), segment, block)
                            << dump << qulonglong(segment) << qulonglong(block);
            }
    }
    void fixturesGiveTheFullRecount()
    {
        QFETCH(QString, dump);
        QFETCH(qulonglong, segmentEvents);
        QFETCH(qulonglong, blockSize);
        checkAllWindows(::test::fileBytes(dataPath(dump)), segmentEvents, blockSize);
    }

    // The benchmark's mix, cut into some 60 segments, and cut at the
    // 256-segment limit (the last segment then holds the rest).
    void syntheticDumpGivesTheFullRecount_data()
    {
        QTest::addColumn<qulonglong>("segmentEvents");
        QTest::addRow("60 segments") << qulonglong(500);
        QTest::addRow("segment limit") << qulonglong(40);
    }
    void syntheticDumpGivesTheFullRecount()
    {
        QFETCH(qulonglong, segmentEvents);
        synth::SyntheticOptions options;
        options.seed = 7;
        options.targetBytes = 400 << 10;
        const std::vector<std::uint8_t> bytes = synth::syntheticDump(options);
        const WindowIndex index = checkAllWindows(bytes, segmentEvents, 2048, 7);
        QVERIFY(index.segments.size() > 20);
        QVERIFY(index.records.size() > index.firstRecordLiveAtEnd); // blocks released in a later segment
    }

    void renamedLocationsGiveTheFullRecount()
    {
        const std::vector<std::uint8_t> bytes = renamingChurn(3, 30000);
        const WindowIndex index = checkAllWindows(bytes, 400, 1024, 3);
        QVERIFY(index.segments.size() > 40);
        QVERIFY(!index.ownerChanges.empty()); // the symbols renamed locations
        // Windows from just before to just after each rename.
        WindowIndex again;
        again.segmentEvents = 400;
        DecodeControl control;
        control.blockSize = 1024;
        const Profile whole = loadProfileWithIndex(bytes, again, control);
        for (const WindowIndex::OwnerChange& change : again.ownerChanges) {
            for (const RunRange window : std::initializer_list<RunRange>{
                     {change.eventIndex - 1, change.eventIndex},
                     {change.eventIndex, change.eventIndex + 900},
                     {change.eventIndex > 1000 ? change.eventIndex - 1000 : 1, change.eventIndex + 1}}) {
                const std::string d = differenceOf(recountWindow(bytes, whole, again, window, control),
                                                   loadProfile(bytes, {}, nullptr, window));
                QVERIFY2(d.empty(), d.c_str());
            }
        }
    }

    void dumpCutShortGivesTheFullRecount()
    {
        synth::SyntheticOptions options;
        options.seed = 11;
        options.targetBytes = 200 << 10;
        options.epilogue = false;
        std::vector<std::uint8_t> bytes = synth::syntheticDump(options);
        bytes.resize(bytes.size() - 3); // inside the last event
        const WindowIndex index = checkAllWindows(bytes, 700, 4096, 11);
        QVERIFY(index.segments.size() > 5);
    }

    // From a file, as the viewer does; a file whose size changed since it
    // was indexed is decoded whole.
    void fileGivesTheFullRecount()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath(QStringLiteral("churn.bin")).toStdString();
        std::vector<std::uint8_t> bytes = renamingChurn(5, 20000);
        {
            std::ofstream out(path, std::ios::binary);
            out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
        }
        WindowIndex index;
        index.segmentEvents = 1000;
        DecodeControl control;
        control.blockSize = 2048;
        const Profile whole = loadProfileWithIndex(path, index, control);
        QVERIFY(index.usable);
        QVERIFY(index.segments.size() > 10);
        for (const RunRange& window : windowsFor(whole.totals.eventCount, index, 5)) {
            const std::string d = differenceOf(recountWindow(path, whole, index, window, control),
                                               loadProfile(path, {}, nullptr, window));
            QVERIFY2(d.empty(), d.c_str());
        }
        // Changed: events appended (the old epilogue now a bad header).
        {
            std::ofstream out(path, std::ios::binary | std::ios::app);
            out.put(0x04);
        }
        const RunRange window{100, 15000};
        const std::string d =
            differenceOf(recountWindow(path, whole, index, window), loadProfile(path, {}, nullptr, window));
        QVERIFY2(d.empty(), d.c_str());
    }

    // An index that cannot serve (none kept, or kept by a windowed load)
    // still gives the full re-count.
    void unusableIndexFallsBack()
    {
        const std::vector<std::uint8_t> bytes = renamingChurn(9, 5000);
        const Profile whole = loadProfile(bytes);
        const WindowIndex none;
        QVERIFY(!none.usable);
        for (const RunRange window : std::initializer_list<RunRange>{{1, 10}, {200, 4000}, {4000, 4000}}) {
            const std::string d =
                differenceOf(recountWindow(bytes, whole, none, window), loadProfile(bytes, {}, nullptr, window));
            QVERIFY2(d.empty(), d.c_str());
        }
        ProfileBuilder builder;
        builder.setWindow({10, 20});
        WindowIndex windowed;
        builder.keepWindowIndex(&windowed, bytes.size());
        SpanByteSource source(bytes);
        builder.finish(decode(source, builder));
        QVERIFY(!windowed.usable);
    }

    // Cancel: a raised stop flag ends the re-count as Cancelled.
    void stopFlagCancels()
    {
        const std::vector<std::uint8_t> bytes = renamingChurn(4, 20000);
        WindowIndex index;
        index.segmentEvents = 5000;
        const Profile whole = loadProfileWithIndex(bytes, index);
        QVERIFY(index.usable);
        std::atomic<bool> stop{true};
        DecodeControl control;
        control.stop = &stop;
        control.blockSize = 1024;
        const Profile cancelled = recountWindow(bytes, whole, index, {100, 15000}, control);
        QCOMPARE(int(cancelled.status.end), int(DecodeEnd::Cancelled));
        std::uint64_t lastDone = 0, lastTotal = 0;
        DecodeControl watched;
        watched.blockSize = 1024;
        watched.progress = [&](std::uint64_t done, std::uint64_t total) {
            lastDone = done;
            lastTotal = total;
        };
        recountWindow(bytes, whole, index, {100, 15000}, watched);
        QVERIFY(lastTotal > 0);
        QVERIFY(lastDone <= lastTotal);
        QVERIFY(lastTotal < bytes.size()); // only the edges were decoded
    }
};

MEMPROF_TEST_GUILESS_MAIN(TestWindowRecount)
#include "test_window_recount.moc"
