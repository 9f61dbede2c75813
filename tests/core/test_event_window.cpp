// SPDX-License-Identifier: GPL-3.0-or-later
// Event windows, the held history and the leak suspects: a window of the
// whole run gives the numbers of no window; adjacent windows add up to their
// union; the survivors, the held bytes at a window's end, the peak in a
// window and the history match an independent replay (std::map, no shared
// code but the decoder); suspects rank a steady leak above a flat cache, a
// spike and a saw-tooth; memprof-report --range, --suspects and the CSVs.
#include "model/memdecoder/MemprofDecoder.h"
#include "model/memprofile/FunctionTree.h"
#include "model/memprofile/LeakSuspects.h"
#include "model/memprofile/ProfileLoader.h"
#include "model/report/RangeOption.h"
#include "model/synth/DumpWriter.h"
#include "tests/support/ReplaySink.h"
#include "tests/support/SanitizedBuild.h"
#include "tests/support/TestSuite.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <map>

using namespace memprof;
using memprof::test::grouped;
using memprof::test::HeldByKey;
using memprof::test::Key;
using memprof::test::keyOf;

namespace {

std::string dataPath(const QString& relative)
{
    return (QStringLiteral(MEMPROF_TEST_DATA "/") + relative).toStdString();
}

QStringList fixtureDumps()
{
    QStringList dumps;
    for (const char* folder : {"v3", "v1"})
        for (const QString& name :
             QDir(QStringLiteral(MEMPROF_TEST_DATA "/") + QLatin1String(folder)).entryList({"*.bin"}, QDir::Files))
            dumps << QLatin1String(folder) + QLatin1Char('/') + name;
    return dumps;
}

// A replay that remembers, per block, the event that last allocated it.
struct WindowReplay {
    struct Block {
        std::uint64_t size;
        Key key;
        std::uint64_t allocEvent;
    };
    RunRange window;
    std::map<std::uint64_t, Block> blocks;
    std::uint64_t eventIndex = 0;
    std::uint64_t liveBytes = 0;
    std::uint64_t peakBytes = 0; // in the window
    std::uint64_t peakIndex = 0;
    HeldByKey windowBlocksAtWindowEnd;
    HeldByKey heldAtWindowEnd;
    // Held bytes per key after every event (history check), when asked.
    bool keepHeld = false;
    std::map<Key, std::uint64_t> held;
    std::vector<std::map<Key, std::uint64_t>> heldAfter;

    void lfunc(const LfuncSymbol&) {}
    void cfunc(const CfuncSymbol&) {}
    void trace(const TraceSymbol&) {}
    void symtabEnd() {}
    void release(std::uint64_t addr)
    {
        if (auto it = blocks.find(addr); it != blocks.end()) {
            liveBytes -= it->second.size;
            held[it->second.key] -= it->second.size;
            blocks.erase(it);
        }
    }
    void place(std::uint64_t addr, std::uint64_t size, const Key& key)
    {
        release(addr);
        blocks[addr] = {size, key, eventIndex + 1};
        liveBytes += size;
        held[key] += size;
    }
    void after()
    {
        ++eventIndex;
        if (window.contains(eventIndex) && liveBytes > peakBytes) {
            peakBytes = liveBytes;
            peakIndex = eventIndex;
        }
        if (eventIndex == window.last) {
            for (const auto& [addr, b] : blocks) {
                auto& all = heldAtWindowEnd[b.key];
                all.first += b.size;
                all.second += 1;
                if (window.contains(b.allocEvent)) {
                    auto& own = windowBlocksAtWindowEnd[b.key];
                    own.first += b.size;
                    own.second += 1;
                }
            }
        }
        if (keepHeld)
            heldAfter.push_back(held);
    }
    void alloc(const AllocEvent& e)
    {
        place(e.naddr, e.nsize, keyOf(e.loc));
        after();
    }
    void realloc(const ReallocEvent& e)
    {
        release(e.oaddr);
        place(e.naddr, e.nsize, keyOf(e.loc));
        after();
    }
    void free(const FreeEvent& e)
    {
        release(e.oaddr);
        after();
    }

    HeldByKey survivors() const
    {
        HeldByKey byKey;
        for (const auto& [addr, b] : blocks) {
            if (window.contains(b.allocEvent)) {
                byKey[b.key].first += b.size;
                byKey[b.key].second += 1;
            }
        }
        return byKey;
    }
};

WindowReplay replay(const std::string& path, RunRange window, bool keepHeld = false)
{
    WindowReplay sink;
    sink.window = window;
    sink.keepHeld = keepHeld;
    FileByteSource source(path);
    decode(source, sink);
    return sink;
}

bool sameRows(const std::vector<LocationRow>& a, const std::vector<LocationRow>& b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const LocationRow& x = a[i];
        const LocationRow& y = b[i];
        if (x.location != y.location || x.eventCount != y.eventCount || x.allocatedBytes != y.allocatedBytes ||
            x.freedBytes != y.freedBytes || x.overrides.size() != y.overrides.size())
            return false;
        for (std::size_t k = 0; k < x.overrides.size(); ++k) {
            const OverrideStats& o = x.overrides[k];
            const OverrideStats& p = y.overrides[k];
            if (o.location != p.location || o.allocatedBytes != p.allocatedBytes || o.freedBytes != p.freedBytes ||
                o.blockCount != p.blockCount)
                return false;
        }
    }
    return true;
}

bool sameLive(const std::vector<HeldRow>& a, const std::vector<HeldRow>& b)
{
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const HeldRow& x, const HeldRow& y) {
        return x.location == y.location && x.heldBytes == y.heldBytes && x.blockCount == y.blockCount;
    });
}

// Per kind and location: events, allocated and freed bytes.
using KindSums = std::map<std::pair<int, LocationId>, std::array<std::uint64_t, 3>>;
KindSums kindSums(const Profile& p)
{
    KindSums sums;
    for (EventKind kind : {EventKind::Alloc, EventKind::Realloc, EventKind::Free})
        for (const auto& row : p.rows(kind)) {
            auto& s = sums[{static_cast<int>(kind), row.location}];
            s[0] += row.eventCount;
            s[1] += row.allocatedBytes;
            s[2] += row.freedBytes;
        }
    return sums;
}

// Overrides per (kind, row, primary): count, allocated, freed.
KindSums overrideSums(const Profile& p)
{
    KindSums sums;
    for (EventKind kind : {EventKind::Realloc, EventKind::Free})
        for (const auto& row : p.rows(kind))
            for (const auto& o : row.overrides) {
                auto& s = sums[{static_cast<int>(kind) * 1000003 + static_cast<int>(row.location), o.location}];
                s[0] += o.blockCount;
                s[1] += o.allocatedBytes;
                s[2] += o.freedBytes;
            }
    return sums;
}

void addInto(KindSums& total, const KindSums& part)
{
    for (const auto& [key, s] : part)
        for (int i = 0; i < 3; ++i)
            total[key][i] += s[i];
}

// A dump with four patterns over 40,000 events: a cache filled in the first
// 5% and then left alone (2 MB), a steady leak (200 KB), a 2 MB spike at the
// middle freed soon after, a saw-tooth of 1 MB emptied every 10% of the run
// (it ends half full), and churn.
std::vector<std::uint8_t> fourPatternDump()
{
    using namespace memprof::synth;
    DumpWriter dump;
    dump.symtabPrologue(3).lfunc(0x100, "@patterns.lua", 1).symtabEnd().eventsPrologue(3);
    const Location cache = luaAt(0x100, 10), leak = luaAt(0x100, 20), spike = luaAt(0x100, 30), saw = luaAt(0x100, 40),
                   churn = luaAt(0x100, 50);
    constexpr int kSteps = 40000;
    std::uint64_t next = 0x100000;
    std::vector<std::uint64_t> spikeBlocks, sawBlocks;
    for (int step = 0; step < kSteps; ++step) {
        if (step < 2000) {
            dump.alloc(cache, next, 1000);
            next += 0x1000;
        } else if (step % 40 == 0) {
            dump.alloc(leak, next, 200);
            next += 0x1000;
        } else if (step >= 20000 && step < 20500) {
            dump.alloc(spike, next, 4000);
            spikeBlocks.push_back(next);
            next += 0x1000;
        } else if (step >= 20500 && !spikeBlocks.empty()) {
            dump.free(spike, spikeBlocks.back(), 4000);
            spikeBlocks.pop_back();
        } else if (step % 4000 == 3999) {
            for (std::uint64_t addr : sawBlocks)
                dump.free(saw, addr, 1000);
            sawBlocks.clear();
        } else if (step % 4 == 1) {
            dump.alloc(saw, next, 1000);
            sawBlocks.push_back(next);
            next += 0x1000;
        } else {
            dump.alloc(churn, next, 64);
            dump.free(churn, next, 64);
            next += 0x1000;
        }
    }
    dump.epilogue();
    return dump.take();
}

struct Run {
    int exitCode = -1;
    QByteArray out;
    QString err;
};

Run report(const QStringList& args)
{
    QProcess process;
    process.start(QStringLiteral(MEMPROF_REPORT_EXE), args);
    if (!process.waitForFinished(60000))
        qFatal("memprof-report did not finish");
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1, process.readAllStandardOutput(),
            QString::fromUtf8(process.readAllStandardError())};
}

std::size_t rankOf(const std::vector<LeakSuspect>& suspects, const std::string& name)
{
    for (std::size_t i = 0; i < suspects.size(); ++i)
        if (suspects[i].name == name)
            return i;
    return suspects.size(); // not a suspect: below every one
}

} // namespace

class TestEventWindow : public QObject {
    Q_OBJECT
private slots:
    void wholeRunWindowGivesTheSameAggregates_data()
    {
        QTest::addColumn<QString>("dump");
        for (const QString& dump : fixtureDumps())
            QTest::newRow(qPrintable(dump)) << dump;
    }

    void wholeRunWindowGivesTheSameAggregates()
    {
        QFETCH(QString, dump);
        const std::string path = dataPath(dump);
        const Profile whole = loadProfile(path);
        const std::uint64_t n = whole.totals.eventCount;
        const Profile windowed = loadProfile(path, {}, nullptr, RunRange{1, n});
        for (EventKind kind : {EventKind::Alloc, EventKind::Realloc, EventKind::Free})
            QVERIFY(sameRows(whole.rows(kind), windowed.rows(kind)));
        QCOMPARE(whole.heapSummary.size(), windowed.heapSummary.size());
        for (std::size_t i = 0; i < whole.heapSummary.size(); ++i) {
            QCOMPARE(whole.heapSummary[i].name, windowed.heapSummary[i].name);
            QCOMPARE(whole.heapSummary[i].summaryBytes, windowed.heapSummary[i].summaryBytes);
            QCOMPARE(whole.heapSummary[i].allocCount, windowed.heapSummary[i].allocCount);
            QCOMPARE(whole.heapSummary[i].freeCount, windowed.heapSummary[i].freeCount);
        }
        QVERIFY(sameLive(whole.heldAtEnd, windowed.heldAtEnd));
        QVERIFY(sameLive(whole.heldAtPeak, windowed.heldAtPeak));
        QVERIFY(sameLive(whole.heldAtEnd, windowed.heldAtWindowEnd));
        QVERIFY(sameLive(whole.heldAtEnd, windowed.windowBlocksAtWindowEnd));
        QVERIFY(sameLive(whole.heldAtEnd, whole.heldAtWindowEnd));
        QVERIFY(whole.sizeHistogram.allocCount == windowed.sizeHistogram.allocCount);
        QVERIFY(whole.sizeHistogram.allocatedBytes == windowed.sizeHistogram.allocatedBytes);
        const ProfileTotals& a = whole.totals;
        const ProfileTotals& b = windowed.totals;
        QCOMPARE(a.eventCount, b.eventCount);
        QCOMPARE(a.allocCount, b.allocCount);
        QCOMPARE(a.reallocCount, b.reallocCount);
        QCOMPARE(a.freeCount, b.freeCount);
        QCOMPARE(a.allocatedBytes, b.allocatedBytes);
        QCOMPARE(a.freedBytes, b.freedBytes);
        QCOMPARE(a.liveBytes, b.liveBytes);
        QCOMPARE(a.liveBlockCount, b.liveBlockCount);
        QCOMPARE(a.peakLiveBytes, b.peakLiveBytes);
        QCOMPARE(a.peakEventIndex, b.peakEventIndex);
        const FunctionTree treeA = buildFunctionTree(whole);
        const FunctionTree treeB = buildFunctionTree(windowed);
        QCOMPARE(treeA.size(), treeB.size());
        for (StackNodeId i = 1; i < StackNodeId(treeA.size()); ++i) {
            QCOMPARE(treeA.frameOf(i).label, treeB.frameOf(i).label);
            QCOMPARE(treeA.node(i).eventCount, treeB.node(i).eventCount);
            QCOMPARE(treeA.node(i).allocatedBytes, treeB.node(i).allocatedBytes);
            QCOMPARE(treeA.node(i).freedBytes, treeB.node(i).freedBytes);
            QCOMPARE(treeA.node(i).heldBytes, treeB.node(i).heldBytes);
            QCOMPARE(treeA.node(i).peakBytes, treeB.node(i).peakBytes);
        }
    }

    void wholeRunRangePrintsTheSameReport_data()
    {
        QTest::addColumn<QString>("dump");
        for (const QString& dump : fixtureDumps())
            QTest::newRow(qPrintable(dump)) << dump;
    }

    void wholeRunRangePrintsTheSameReport()
    {
        QFETCH(QString, dump);
        const QString path = QString::fromStdString(dataPath(dump));
        const std::uint64_t n = loadProfile(path.toStdString()).totals.eventCount;
        const QStringList ranges = {QStringLiteral("--range=0%:100%"), QStringLiteral("--range=1:%1").arg(n),
                                    QStringLiteral("--range=:")};
        // Under the sanitizers, one spelling per mode, each mode taking the
        // next (every spelling meets every mode over the fixtures).
        qsizetype sweep = fixtureDumps().indexOf(dump);
        for (const QStringList& options : {QStringList{},
                                           {"--live"},
                                           {"--peak"},
                                           {"--leak-only", "--human-readable"},
                                           {"--suspects"},
                                           {"--csv=allocations"},
                                           {"--csv=reallocations"},
                                           {"--csv=frees"},
                                           {"--csv=leaks"},
                                           {"--csv=live"},
                                           {"--csv=suspects"},
                                           {"--csv=history"}}) {
            const Run plain = report(options + QStringList{path});
            QCOMPARE(plain.exitCode, 0);
            QVERIFY(!plain.out.isEmpty());
            const QString sanitizedRange = ranges[sweep++ % ranges.size()];
            for (const QString& range : ranges) {
                if (testsuite::kSanitizedBuild && range != sanitizedRange)
                    continue;
                if (n == 0 && range.startsWith(QLatin1String("--range=1:")))
                    continue; // an empty run has no event 1
                const Run windowed = report(options + QStringList{range, path});
                QCOMPARE(windowed.exitCode, 0);
                QCOMPARE(windowed.out, plain.out);
            }
        }
    }

    void adjacentWindowsAddUpToTheirUnion_data()
    {
        QTest::addColumn<QString>("dump");
        for (const char* name :
             {"v3/medium.bin", "v3/table-growth.bin", "v3/growth.bin", "v3/leak-jit.bin", "v1/medium.bin"})
            QTest::newRow(name) << QString::fromLatin1(name);
    }

    void adjacentWindowsAddUpToTheirUnion()
    {
        QFETCH(QString, dump);
        const std::string path = dataPath(dump);
        const std::uint64_t n = loadProfile(path).totals.eventCount;
        QVERIFY(n > 10);
        const std::uint64_t a = n / 7 + 1, b = n / 2, c = n - n / 5;
        const Profile left = loadProfile(path, {}, nullptr, RunRange{a, b});
        const Profile right = loadProfile(path, {}, nullptr, RunRange{b + 1, c});
        const Profile both = loadProfile(path, {}, nullptr, RunRange{a, c});
        KindSums sums = kindSums(left);
        addInto(sums, kindSums(right));
        QVERIFY(sums == kindSums(both));
        KindSums overrides = overrideSums(left);
        addInto(overrides, overrideSums(right));
        QVERIFY(overrides == overrideSums(both));
        QCOMPARE(left.totals.allocCount + right.totals.allocCount, both.totals.allocCount);
        QCOMPARE(left.totals.reallocCount + right.totals.reallocCount, both.totals.reallocCount);
        QCOMPARE(left.totals.freeCount + right.totals.freeCount, both.totals.freeCount);
        QCOMPARE(left.totals.allocatedBytes + right.totals.allocatedBytes, both.totals.allocatedBytes);
        QCOMPARE(left.totals.freedBytes + right.totals.freedBytes, both.totals.freedBytes);
        QCOMPARE(left.totals.allocCount + left.totals.reallocCount + left.totals.freeCount, b - a + 1);
        for (std::size_t i = 0; i < SizeHistogram::kBucketCount; ++i) {
            QCOMPARE(left.sizeHistogram.allocCount[i] + right.sizeHistogram.allocCount[i],
                     both.sizeHistogram.allocCount[i]);
            QCOMPARE(left.sizeHistogram.allocatedBytes[i] + right.sizeHistogram.allocatedBytes[i],
                     both.sizeHistogram.allocatedBytes[i]);
        }
        // The run's own figures do not depend on the window.
        QCOMPARE(left.totals.eventCount, n);
        QCOMPARE(left.timeline.buckets().size(), both.timeline.buckets().size());
    }

    void heldBytesOfAWindowMatchAReplay_data()
    {
        QTest::addColumn<QString>("dump");
        QTest::addColumn<double>("from"); // fractions of the run
        QTest::addColumn<double>("to");
        for (const char* name : {"v3/medium.bin", "v3/growth.bin", "v3/table-growth.bin", "v3/freed.bin",
                                 "v3/leak-jit.bin", "v1/medium.bin"})
            for (auto [from, to] : {std::pair{0.0, 1.0}, {0.3, 1.0}, {0.8, 1.0}, {0.2, 0.6}, {0.5, 0.5}})
                QTest::newRow(qPrintable(QStringLiteral("%1 %2-%3").arg(name).arg(from).arg(to)))
                    << QString::fromLatin1(name) << from << to;
    }

    void heldBytesOfAWindowMatchAReplay()
    {
        QFETCH(QString, dump);
        QFETCH(double, from);
        QFETCH(double, to);
        const std::string path = dataPath(dump);
        const std::uint64_t n = loadProfile(path).totals.eventCount;
        const RunRange window{static_cast<std::uint64_t>(from * static_cast<double>(n)) + 1,
                              std::max<std::uint64_t>(static_cast<std::uint64_t>(to * static_cast<double>(n)),
                                                      static_cast<std::uint64_t>(from * static_cast<double>(n)) + 1)};
        const Profile profile = loadProfile(path, {}, nullptr, window);
        const WindowReplay expected = replay(path, window);
        QVERIFY(!expected.blocks.empty() || window.first > 1);
        QVERIFY(grouped(profile, profile.heldAtEnd) == expected.survivors());
        QVERIFY(grouped(profile, profile.windowBlocksAtWindowEnd) == expected.windowBlocksAtWindowEnd);
        QVERIFY(grouped(profile, profile.heldAtWindowEnd) == expected.heldAtWindowEnd);
        // The tree's held bytes follow the rule asked for.
        for (HeldRule rule : {HeldRule::SurvivorsAtEnd, HeldRule::WindowBlocksAtWindowEnd, HeldRule::LiveAtWindowEnd}) {
            const FunctionTree tree = buildFunctionTree(profile, rule);
            std::uint64_t treeHeld = 0, rowsHeld = 0;
            for (const StackNodeId root : tree.roots())
                treeHeld += tree.node(root).heldBytes;
            for (const HeldRow& row : profile.held(rule))
                if (row.location < profile.locations.size())
                    rowsHeld += row.heldBytes;
            QCOMPARE(treeHeld, rowsHeld);
        }
        QCOMPARE(profile.totals.peakLiveBytes, expected.peakBytes);
        QCOMPARE(profile.totals.peakEventIndex, expected.peakIndex);
        if (window.last >= n) {
            QVERIFY(sameLive(profile.heldAtEnd, profile.windowBlocksAtWindowEnd));
        }
    }

    void heldHistoryMatchesAReplay_data()
    {
        QTest::addColumn<QString>("dump");
        for (const char* name : {"v3/leak.bin", "v3/growth.bin", "v3/table-growth.bin", "v1/medium.bin"})
            QTest::newRow(name) << QString::fromLatin1(name);
    }

    void heldHistoryMatchesAReplay()
    {
        QFETCH(QString, dump);
        const std::string path = dataPath(dump);
        const Profile profile = loadProfile(path);
        const WindowReplay expected = replay(path, {}, true);
        const HeldHistory& history = profile.heldHistory;
        QCOMPARE(history.eventCount(), profile.totals.eventCount);
        QVERIFY(history.pointCount() >= HeldHistory::kPointCount / 2);
        QVERIFY(history.pointCount() <= HeldHistory::kPointCount);
        QCOMPARE(history.lastEventOf(history.pointCount() - 1), profile.totals.eventCount);
        QCOMPARE(history.sampledLocationCount(), profile.locations.size());
        for (LocationId id = 0; id < profile.locations.size(); ++id) {
            const Key key = keyOf(profile.locations[id]);
            for (std::size_t p = 0; p < history.pointCount(); ++p) {
                // From the point's start: what it held after the event before.
                std::uint64_t largest = 0;
                for (std::uint64_t e = history.firstEventOf(p) - 1; e <= history.lastEventOf(p); ++e) {
                    if (e == 0)
                        continue; // nothing held before the first event
                    const auto& after = expected.heldAfter[e - 1];
                    if (auto it = after.find(key); it != after.end())
                        largest = std::max(largest, it->second);
                }
                if (history.heldAt(id, p) != largest)
                    QFAIL(qPrintable(QStringLiteral("%1 at point %2: %3, expected %4")
                                         .arg(QString::fromStdString(profile.nameOf(id)))
                                         .arg(p)
                                         .arg(history.heldAt(id, p))
                                         .arg(largest)));
            }
        }
    }

    void suspectsOnTheGrowthFixture_data()
    {
        QTest::addColumn<QString>("dump");
        QTest::newRow("v3") << QStringLiteral("v3/growth.bin");
        QTest::newRow("v1") << QStringLiteral("v1/growth.bin");
    }

    void suspectsOnTheGrowthFixture()
    {
        QFETCH(QString, dump);
        const Profile profile = loadProfile(dataPath(dump));
        const std::vector<LeakSuspect> suspects = rankLeakSuspects(profile);
        QVERIFY(!suspects.empty());
        // The rate limiter's buckets never forget a client: the steady leak.
        QCOMPARE(suspects.front().name, std::string("@growth.lua:18"));
        QVERIFY(suspects.front().fallingStepCount * 50 <= suspects.front().stepCount); // fell in 2% at most
        // The configuration, loaded once, holds 1.9 MB at the end but is flat.
        QCOMPARE(rankOf(suspects, "@growth.lua:11"), suspects.size());
        // The memo table, emptied every 5000 requests (a saw-tooth), and the
        // per-request temporaries rank below the leak's table (:19).
        QVERIFY(rankOf(suspects, "@growth.lua:30") > rankOf(suspects, "@growth.lua:19"));
        QVERIFY(rankOf(suspects, "@growth.lua:36") > rankOf(suspects, "@growth.lua:19"));
        for (const LeakSuspect& s : suspects) {
            QVERIFY(s.keptRatio > 0 && s.keptRatio <= 1);
            QVERIFY(s.trendBytes <= static_cast<std::uint64_t>(s.netGrowthBytes));
            QCOMPARE(s.scoreBytes, static_cast<std::uint64_t>(static_cast<double>(s.trendBytes) * s.keptRatio));
        }
        // Over the second half only, the leak still ranks first.
        const std::uint64_t n = profile.totals.eventCount;
        const std::vector<LeakSuspect> late = rankLeakSuspects(profile, {n / 2, n});
        QVERIFY(!late.empty());
        QCOMPARE(late.front().name, std::string("@growth.lua:18"));
    }

    void suspectsOfFourPatterns()
    {
        const std::vector<std::uint8_t> bytes = fourPatternDump();
        const Profile profile = loadProfile(std::span<const std::uint8_t>(bytes));
        QCOMPARE(profile.status.end, DecodeEnd::Complete);
        const std::vector<LeakSuspect> suspects = rankLeakSuspects(profile);
        QVERIFY(!suspects.empty());
        QCOMPARE(suspects.front().name, std::string("@patterns.lua:20"));
        // The cache holds ten times the leak's bytes at the end, the saw-tooth
        // five times: neither ranks above it, nor does the spike.
        for (const char* other : {"@patterns.lua:10", "@patterns.lua:30", "@patterns.lua:40", "@patterns.lua:50"})
            QVERIFY2(rankOf(suspects, other) > 0, other);
        QCOMPARE(rankOf(suspects, "@patterns.lua:10"), suspects.size()); // flat: score 0
        QCOMPARE(rankOf(suspects, "@patterns.lua:30"), suspects.size()); // back to zero
        const LeakSuspect& leak = suspects.front();
        QVERIFY(leak.keptRatio > 0.99);
        QVERIFY(leak.growthBytes >= 190000);
    }

    void rangeOptionResolvesPercentagesWithoutOverlap()
    {
        std::string why;
        const auto half1 = parseRangeOption("0%:50%", why);
        const auto half2 = parseRangeOption("50%:100%", why);
        QVERIFY(half1 && half2);
        const auto w1 = resolveRange(*half1, 101, why);
        const auto w2 = resolveRange(*half2, 101, why);
        QVERIFY(w1 && w2);
        QCOMPARE(w1->first, std::uint64_t(1));
        QCOMPARE(w1->last, std::uint64_t(50));
        QCOMPARE(w2->first, std::uint64_t(51));
        QCOMPARE(w2->last, std::uint64_t(101));
        const auto whole = resolveRange(*parseRangeOption("1:101", why), 101, why);
        QVERIFY(whole && *whole == RunRange{});
        QVERIFY(!parseRangeOption("5:3", why));
        QVERIFY(!parseRangeOption("0:3", why));
        QVERIFY(!parseRangeOption("120%:", why));
        QVERIFY(!parseRangeOption("10", why));
        QVERIFY(!resolveRange(*parseRangeOption("1:200", why), 101, why));
        QVERIFY(why.find("101 events") != std::string::npos);
    }

    void reportRangeOptions()
    {
        // The dump where its source is not beside it: the CSV tables have
        // the columns they have without names (the function column is
        // tested in tests/export/test_named_exports.cpp).
        QTemporaryDir alone;
        QVERIFY(alone.isValid());
        const QString growth = alone.filePath(QStringLiteral("growth.bin"));
        QVERIFY(QFile::copy(QString::fromStdString(dataPath(QStringLiteral("v3/growth.bin"))), growth));
        const Profile profile = loadProfile(growth.toStdString());
        const std::uint64_t n = profile.totals.eventCount;
        for (const QStringList& bad : {QStringList{"--range=9:2", growth},
                                       {"--range=abc", growth},
                                       {"--range=1:99999999", growth},
                                       {"--range=50%:50%", growth},
                                       {"--suspects", "--csv=live", growth},
                                       {"--range=1:10", "--diff", growth, growth},
                                       {"--csv=history", "--diff", growth, growth}}) {
            const Run run = report(bad);
            QCOMPARE(run.exitCode, 2);
            QVERIFY(run.out.isEmpty());
            QVERIFY(run.err.startsWith(QLatin1String("memprof-report: ")));
        }
        // --live with a range: the survivors, by name.
        const std::uint64_t first = n / 3;
        const Run live = report({QStringLiteral("--csv=live"), QStringLiteral("--range=%1:").arg(first), growth});
        QCOMPARE(live.exitCode, 0);
        const WindowReplay expected = replay(growth.toStdString(), {first, RunRange::kRunEnd});
        std::map<std::string, std::uint64_t> byName;
        for (const auto& [addr, b] : expected.blocks)
            if (b.allocEvent >= first)
                for (const LocationInfo& l : profile.locations)
                    if (keyOf(l) == b.key) {
                        byName[l.name] += b.size;
                        break;
                    }
        const QList<QByteArray> lines = live.out.split('\n');
        QCOMPARE(lines.front(), QByteArray("location,held_bytes,live_blocks\r"));
        std::map<std::string, std::uint64_t> printed;
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const QList<QByteArray> fields = lines[i].trimmed().split(',');
            if (fields.size() == 3)
                printed[fields[0].toStdString()] = fields[1].toULongLong();
        }
        QVERIFY(printed == byName);
        // The suspects CSV: location first, rows in rank order.
        const Run csv = report({QStringLiteral("--csv=suspects"), growth});
        QCOMPARE(csv.exitCode, 0);
        const QList<QByteArray> rows = csv.out.split('\n');
        QVERIFY(rows.front().startsWith("location,rank,score_bytes,"));
        QVERIFY(rows[1].startsWith("@growth.lua:18,1,"));
        const std::vector<LeakSuspect> suspects = rankLeakSuspects(profile);
        QCOMPARE(rows.size(), qsizetype(suspects.size() + 2)); // header and the last CRLF
        for (std::size_t i = 0; i < suspects.size(); ++i)
            QVERIFY(rows[qsizetype(i) + 1].startsWith(QByteArray::fromStdString(
                suspects[i].name + "," + std::to_string(i + 1) + "," + std::to_string(suspects[i].scoreBytes) + ",")));
        // The history CSV: a column per point, a row per location name.
        const Run history = report({QStringLiteral("--csv=history"), growth});
        QCOMPARE(history.exitCode, 0);
        const QList<QByteArray> series = history.out.trimmed().split('\n');
        QCOMPARE(series.front().count(','), qsizetype(profile.heldHistory.pointCount()));
        QVERIFY(series.front().trimmed().endsWith("held_bytes_to_event_" + QByteArray::number(qulonglong(n))));
        // The text section, and a window that changes every section.
        const Run text = report({QStringLiteral("--suspects"), QStringLiteral("--leak-only"), growth});
        QVERIFY(text.out.contains("LEAK SUSPECTS (events 1.." + QByteArray::number(qulonglong(n))));
        QVERIFY(text.out.contains("\n@growth.lua:18: score "));
        const Run late = report({QStringLiteral("--range=50%:100%"), growth});
        const Run all = report({growth});
        QCOMPARE(late.exitCode, 0);
        QVERIFY(late.out != all.out);
    }
};

MEMPROF_TEST_APPLESS_MAIN(TestEventWindow)
#include "test_event_window.moc"
