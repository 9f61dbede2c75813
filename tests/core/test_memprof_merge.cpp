// SPDX-License-Identifier: GPL-3.0-or-later
// Merging memprof dumps (model/merge): a dump merged with itself is the dump
// with every figure doubled, by name; each merged row's shares per dump add
// up to it; names are matched without load addresses and with aliases by
// their source; the dumps fold in the same order whatever the workers.
#include "model/memprofile/ProfileLoader.h"
#include "model/memprofile/ProfileRanking.h"
#include "model/merge/AliasRenumbering.h"
#include "model/merge/InstanceNames.h"
#include "model/merge/MatchName.h"
#include "model/merge/MergeLoad.h"
#include "model/merge/OrderedLoads.h"
#include "model/report/TextReport.h"
#include "tests/support/TestSuite.h"

#include <QDir>
#include <QTest>

#include <atomic>
#include <map>
#include <sstream>
#include <tuple>
#include <utility>

using namespace memprof;

namespace {

std::string dataPath(const QString& relative)
{
    return (QStringLiteral(MEMPROF_TEST_DATA "/") + relative).toStdString();
}

// Everything a profile's rows say, by name, counted here apart from the
// merge: a row's figures and its Overrides' figures by their names.
struct RowFigures {
    std::uint64_t events = 0, allocated = 0, freed = 0;
    std::map<std::string, std::tuple<std::uint64_t, std::uint64_t, std::uint64_t>> overrides;
    bool operator==(const RowFigures&) const = default;
};
using RowsByName = std::map<std::string, RowFigures>;

RowsByName rowsByName(const Profile& profile, EventKind kind, std::uint64_t times = 1)
{
    RowsByName byName;
    for (const LocationRow& row : profile.rows(kind)) {
        RowFigures& f = byName[withoutLoadAddress(profile.nameOf(row.location))];
        f.events += times * row.eventCount;
        f.allocated += times * row.allocatedBytes;
        f.freed += times * row.freedBytes;
        for (const OverrideStats& o : row.overrides) {
            auto& [allocated, freed, blocks] = f.overrides[withoutLoadAddress(profile.nameOf(o.location))];
            allocated += times * o.allocatedBytes;
            freed += times * o.freedBytes;
            blocks += times * o.blockCount;
        }
    }
    return byName;
}

using HeldByNameMap = std::map<std::string, std::pair<std::uint64_t, std::uint64_t>>;
HeldByNameMap heldByName(const Profile& profile, const std::vector<HeldRow>& rows, std::uint64_t times = 1)
{
    HeldByNameMap byName;
    for (const HeldRow& row : rows) {
        auto& [bytes, blocks] = byName[withoutLoadAddress(profile.nameOf(row.location))];
        bytes += times * row.heldBytes;
        blocks += times * row.blockCount;
    }
    return byName;
}

using SummaryByName = std::map<std::string, std::tuple<std::int64_t, std::uint64_t, std::uint64_t>>;
SummaryByName summaryByName(const Profile& profile, std::int64_t times = 1)
{
    SummaryByName byName;
    for (const HeapSummaryRow& row : profile.heapSummary) {
        auto& [bytes, allocs, frees] = byName[withoutLoadAddress(row.name)];
        bytes += times * row.summaryBytes;
        allocs += static_cast<std::uint64_t>(times) * row.allocCount;
        frees += static_cast<std::uint64_t>(times) * row.freeCount;
    }
    return byName;
}

MergedMemprof mergeOf(const std::vector<const Profile*>& dumps)
{
    std::vector<std::string> names;
    for (std::size_t i = 0; i < dumps.size(); ++i)
        names.push_back("dump" + std::to_string(i));
    MemprofMerge merge(names);
    for (std::size_t i = 0; i < dumps.size(); ++i)
        merge.add(static_cast<InstanceId>(i), *dumps[i]);
    return {merge.takeProfile(), merge.takeBreakdown()};
}

std::string reportOf(const Profile& profile)
{
    std::ostringstream text;
    writeTextReport(text, profile, {});
    return text.str();
}

// A load's result that counts how many exist at once.
class CountedResult {
public:
    static inline std::atomic<int> alive{0};
    static inline std::atomic<int> most{0};

    CountedResult() = default;
    explicit CountedResult(std::size_t index) : index_(index), live_(true)
    {
        const int now = ++alive;
        int seen = most.load();
        while (now > seen && !most.compare_exchange_weak(seen, now)) {
        }
    }
    CountedResult(CountedResult&& other) noexcept : index_(other.index_), live_(std::exchange(other.live_, false)) {}
    CountedResult& operator=(CountedResult&& other) noexcept
    {
        if (live_)
            --alive;
        index_ = other.index_;
        live_ = std::exchange(other.live_, false);
        return *this;
    }
    ~CountedResult()
    {
        if (live_)
            --alive;
    }
    std::size_t index() const { return index_; }

private:
    std::size_t index_ = 0;
    bool live_ = false;
};

QStringList v3Dumps()
{
    return QDir(QStringLiteral(MEMPROF_TEST_DATA "/v3")).entryList({"*.bin"}, QDir::Files, QDir::Name);
}

} // namespace

class TestMemprofMerge : public QObject {
    Q_OBJECT
private slots:
    void selfMergeDoublesEveryFigure_data()
    {
        QTest::addColumn<QString>("dump");
        for (const QString& dump : v3Dumps())
            QTest::newRow(qPrintable(dump)) << dump;
    }

    void selfMergeDoublesEveryFigure()
    {
        QFETCH(QString, dump);
        const Profile profile = loadProfile(dataPath("v3/" + dump));
        QCOMPARE(profile.status.end, DecodeEnd::Complete);
        const MergedMemprof merged = mergeOf({&profile, &profile});
        const Profile& twice = merged.profile;
        QCOMPARE(twice.status.end, DecodeEnd::Complete);
        for (const EventKind kind : {EventKind::Alloc, EventKind::Realloc, EventKind::Free}) {
            QVERIFY(rowsByName(twice, kind) == rowsByName(profile, kind, 2));
            // One row per name.
            QCOMPARE(twice.rows(kind).size(), rowsByName(profile, kind).size());
        }
        QVERIFY(summaryByName(twice) == summaryByName(profile, 2));
        QVERIFY(heldByName(twice, twice.heldAtEnd) == heldByName(profile, profile.heldAtEnd, 2));
        QVERIFY(heldByName(twice, twice.heldAtPeak) == heldByName(profile, profile.heldAtPeak, 2));
        QVERIFY(heldByName(twice, twice.heldAtWindowEnd) == heldByName(profile, profile.heldAtWindowEnd, 2));
        QVERIFY(heldByName(twice, twice.windowBlocksAtWindowEnd) ==
                heldByName(profile, profile.windowBlocksAtWindowEnd, 2));
        const ProfileTotals& t = twice.totals;
        const ProfileTotals& one = profile.totals;
        QCOMPARE(t.eventCount, 2 * one.eventCount);
        QCOMPARE(t.allocCount, 2 * one.allocCount);
        QCOMPARE(t.reallocCount, 2 * one.reallocCount);
        QCOMPARE(t.freeCount, 2 * one.freeCount);
        QCOMPARE(t.allocatedBytes, 2 * one.allocatedBytes);
        QCOMPARE(t.freedBytes, 2 * one.freedBytes);
        QCOMPARE(t.liveBytes, 2 * one.liveBytes);
        QCOMPARE(t.liveBlockCount, 2 * one.liveBlockCount);
        // The merged peak is the sum of the dumps' peaks, at no one event.
        QCOMPARE(t.peakLiveBytes, 2 * one.peakLiveBytes);
        QCOMPARE(t.peakEventIndex, std::uint64_t(0));
        QCOMPARE(twice.sizeHistogram.totalAllocCount(), 2 * profile.sizeHistogram.totalAllocCount());
        // Aliases are by source: the same chunks, not twice as many.
        QCOMPARE(twice.aliases.size(), profile.aliases.size());
        for (std::size_t i = 0; i < profile.aliases.size(); ++i) {
            QCOMPARE(twice.aliases[i].name, profile.aliases[i].name);
            QCOMPARE(twice.aliases[i].source, profile.aliases[i].source);
        }
    }

    void sharesAddUpToTheMergedRows()
    {
        const QStringList dumps = v3Dumps();
        std::vector<Profile> profiles;
        for (const QString& dump : dumps)
            profiles.push_back(loadProfile(dataPath("v3/" + dump)));
        std::vector<const Profile*> pointers;
        for (const Profile& p : profiles)
            pointers.push_back(&p);
        const MergedMemprof merged = mergeOf(pointers);
        const Profile& profile = merged.profile;
        const MemprofBreakdown& breakdown = merged.breakdown;
        QCOMPARE(breakdown.instances.size(), profiles.size());
        for (const EventKind kind : {EventKind::Alloc, EventKind::Realloc, EventKind::Free}) {
            for (const LocationRow& row : profile.rows(kind)) {
                std::uint64_t events = 0, allocated = 0, freed = 0;
                InstanceId last = 0;
                bool first = true;
                for (const RowShare& share : breakdown.rows(kind, row.location)) {
                    QVERIFY(first || share.instance > last); // one share per dump, in order
                    first = false;
                    last = share.instance;
                    // The share is that dump's own row.
                    const RowsByName own = rowsByName(profiles[share.instance], kind);
                    const RowFigures& figures = own.at(profile.nameOf(row.location));
                    QCOMPARE(share.eventCount, figures.events);
                    QCOMPARE(share.allocatedBytes, figures.allocated);
                    QCOMPARE(share.freedBytes, figures.freed);
                    events += share.eventCount;
                    allocated += share.allocatedBytes;
                    freed += share.freedBytes;
                }
                QCOMPARE(events, row.eventCount);
                QCOMPARE(allocated, row.allocatedBytes);
                QCOMPARE(freed, row.freedBytes);
            }
        }
        for (const HeldRow& row : profile.heldAtEnd) {
            std::uint64_t bytes = 0, blocks = 0;
            for (const HeldShare& share : breakdown.heldAtEnd(row.location)) {
                // The share is that dump's own held bytes of the name.
                const auto own = heldByName(profiles[share.instance], profiles[share.instance].heldAtEnd);
                QCOMPARE(share.heldBytes, own.at(profile.nameOf(row.location)).first);
                QCOMPARE(share.blockCount, own.at(profile.nameOf(row.location)).second);
                bytes += share.heldBytes;
                blocks += share.blockCount;
            }
            QCOMPARE(bytes, row.heldBytes);
            QCOMPARE(blocks, row.blockCount);
        }
        for (std::size_t i = 0; i < profile.heapSummary.size(); ++i) {
            std::int64_t bytes = 0;
            std::uint64_t allocs = 0, frees = 0;
            for (const HeapSummaryShare& share : breakdown.heapSummary(i)) {
                const auto own = summaryByName(profiles[share.instance]).at(profile.heapSummary[i].name);
                QCOMPARE(share.summaryBytes, std::get<0>(own));
                QCOMPARE(share.allocCount, std::get<1>(own));
                QCOMPARE(share.freeCount, std::get<2>(own));
                bytes += share.summaryBytes;
                allocs += share.allocCount;
                frees += share.freeCount;
            }
            QCOMPARE(bytes, profile.heapSummary[i].summaryBytes);
            QCOMPARE(allocs, profile.heapSummary[i].allocCount);
            QCOMPARE(frees, profile.heapSummary[i].freeCount);
        }
        // Every dump's rows are in the merge, each by its name.
        for (const EventKind kind : {EventKind::Alloc, EventKind::Realloc, EventKind::Free}) {
            RowsByName sum;
            for (const Profile& p : profiles)
                for (const auto& [name, f] : rowsByName(p, kind)) {
                    sum[name].events += f.events;
                    sum[name].allocated += f.allocated;
                }
            const RowsByName mergedRows = rowsByName(profile, kind);
            QCOMPARE(mergedRows.size(), sum.size());
            for (const auto& [name, f] : sum) {
                QCOMPARE(mergedRows.at(name).events, f.events);
                QCOMPARE(mergedRows.at(name).allocated, f.allocated);
            }
        }
    }

    void foldsInTheSameOrderWhateverTheWorkers()
    {
        std::vector<std::string> paths;
        for (const QString& dump : v3Dumps())
            paths.push_back(dataPath("v3/" + dump));
        const MergedMemprof alone = loadMergedMemprof(paths, 1);
        const MergedMemprof sideBySide = loadMergedMemprof(paths, 2);
        QCOMPARE(reportOf(sideBySide.profile), reportOf(alone.profile));
        QCOMPARE(sideBySide.profile.locations.size(), alone.profile.locations.size());
        for (std::size_t i = 0; i < alone.profile.locations.size(); ++i)
            QCOMPARE(sideBySide.profile.locations[i].name, alone.profile.locations[i].name);
    }

    void atMostAsManyLoadsAsWorkersInOrder()
    {
        for (const unsigned workers : {1u, 2u, 3u}) {
            CountedResult::alive = 0;
            CountedResult::most = 0;
            std::vector<std::size_t> folded;
            loadInOrder(
                12, workers, [](std::size_t index) { return CountedResult(index); },
                [&folded](std::size_t index, const CountedResult& result) {
                    QCOMPARE(result.index(), index);
                    folded.push_back(index);
                });
            QCOMPARE(folded, (std::vector<std::size_t>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}));
            QVERIFY2(CountedResult::most <= int(workers), qPrintable(QString::number(CountedResult::most)));
            QCOMPARE(CountedResult::alive.load(), 0);
        }
    }

    void brokenDumpIsRecordedNotSummed()
    {
        const std::vector<std::string> paths = {dataPath("v3/leak.bin"), dataPath("corrupt/bad-version-ljm.bin"),
                                                dataPath("v3/leak.bin")};
        std::vector<std::size_t> reads;
        const MergedMemprof merged =
            loadMergedMemprof(paths, 2, [&reads](std::size_t dump, const DecodeStatus&) { reads.push_back(dump); });
        QCOMPARE(reads, (std::vector<std::size_t>{0, 1, 2}));
        const auto& instances = merged.breakdown.instances;
        QVERIFY(instances[0].merged);
        QVERIFY(!instances[1].merged);
        QCOMPARE(instances[1].status.end, DecodeEnd::Failed);
        QVERIFY(instances[2].merged);
        const Profile leak = loadProfile(dataPath("v3/leak.bin"));
        QCOMPARE(merged.profile.totals.eventCount, 2 * leak.totals.eventCount);
        QCOMPARE(merged.profile.status.end, DecodeEnd::Complete);
    }

    void cutDumpMergesAsFarAsItGoes()
    {
        const MergedMemprof merged =
            loadMergedMemprof({dataPath("v3/leak.bin"), dataPath("corrupt/trunc-mid-event.bin")}, 2);
        QVERIFY(merged.breakdown.instances[1].merged);
        QCOMPARE(merged.profile.status.end, DecodeEnd::Truncated);
        const Profile cut = loadProfile(dataPath("corrupt/trunc-mid-event.bin"));
        const Profile leak = loadProfile(dataPath("v3/leak.bin"));
        QCOMPARE(merged.profile.totals.eventCount, cut.totals.eventCount + leak.totals.eventCount);
    }

    // Two identities of one name in one dump (two closures on one line, a
    // symbol at two addresses) are one merged row and one share, summed.
    void identitiesOfOneNameAreOneRow()
    {
        Profile dump;
        dump.locations = {{"@a.lua:1", SourceKind::Lua, 0x10, 1, 0, kNoFunction, 1},
                          {"@a.lua:1", SourceKind::Lua, 0x20, 1, 0, kNoFunction, 1},
                          {"lj_str_new:0x5555", SourceKind::C, 0x5555, 0, 0, kNoFunction, 0},
                          {"lj_str_new:0x7777", SourceKind::C, 0x7777, 0, 0, kNoFunction, 0}};
        dump.allocations = {{0, 3, 30, 0, {}, 0}, {1, 4, 40, 0, {}, 0}, {2, 1, 8, 0, {}, 0}, {3, 2, 16, 0, {}, 0}};
        dump.frees = {{0, 1, 0, 5, {{0, 0, 2, 1, 0}, {1, 0, 3, 1, 0}}, 0}};
        dump.heldAtEnd = {{0, 20, 2, false}, {1, 30, 3, false}, {2, 8, 1, false}, {3, 16, 2, false}};
        dump.heapSummary = {{"@a.lua:1", 65, 7, 1}, {"lj_str_new:0x5555", 8, 1, 0}, {"lj_str_new:0x7777", 16, 2, 0}};
        const MergedMemprof merged = mergeOf({&dump});
        const Profile& profile = merged.profile;
        QCOMPARE(profile.locations.size(), std::size_t(2));
        QCOMPARE(profile.allocations.size(), std::size_t(2));
        const LocationRow& lua = profile.allocations[0];
        QCOMPARE(profile.nameOf(lua.location), std::string("@a.lua:1"));
        QCOMPARE(lua.eventCount, std::uint64_t(7));
        QCOMPARE(lua.allocatedBytes, std::uint64_t(70));
        const LocationRow& c = profile.allocations[1];
        QCOMPARE(profile.nameOf(c.location), std::string("lj_str_new"));
        QCOMPARE(c.eventCount, std::uint64_t(3));
        QCOMPARE(profile.frees[0].overrides.size(), std::size_t(1));
        QCOMPARE(profile.frees[0].overrides[0].freedBytes, std::uint64_t(5));
        QCOMPARE(profile.frees[0].overrides[0].blockCount, std::uint64_t(2));
        QCOMPARE(profile.heldAtEnd.size(), std::size_t(2));
        QCOMPARE(profile.heldAtEnd[0].heldBytes, std::uint64_t(50));
        QCOMPARE(profile.heldAtEnd[0].blockCount, std::uint64_t(5));
        QCOMPARE(profile.heapSummary.size(), std::size_t(2));
        QCOMPARE(profile.heapSummary[1].name, std::string("lj_str_new"));
        QCOMPARE(profile.heapSummary[1].summaryBytes, std::int64_t(24));
        const MemprofBreakdown& breakdown = merged.breakdown;
        QCOMPARE(breakdown.rows(EventKind::Alloc, lua.location).size(), std::size_t(1));
        QCOMPARE(breakdown.rows(EventKind::Alloc, lua.location)[0].eventCount, std::uint64_t(7));
        QCOMPARE(breakdown.heldAtEnd(lua.location).size(), std::size_t(1));
        QCOMPARE(breakdown.heldAtEnd(lua.location)[0].heldBytes, std::uint64_t(50));
        QCOMPARE(breakdown.heldAtEnd(lua.location)[0].blockCount, std::uint64_t(5));
        QCOMPARE(breakdown.heapSummary(1)[0].allocCount, std::uint64_t(3));
    }

    void namesWithoutLoadAddresses()
    {
        QCOMPARE(withoutLoadAddress("lj_cf_string_rep:0x55cae125f110"), std::string("lj_cf_string_rep"));
        QCOMPARE(withoutLoadAddress("CFUNC 0x40813370"), std::string("CFUNC 0x40813370"));
        QCOMPARE(withoutLoadAddress("@a.lua:12"), std::string("@a.lua:12"));
        QCOMPARE(withoutLoadAddress("@b.lua:0x:3"), std::string("@b.lua:0x:3"));
    }

    void aliasesAreNumberedBySource()
    {
        AliasRenumbering aliases;
        QCOMPARE(aliases.aliasOf("return 1\nend"), std::size_t(0));
        QCOMPARE(aliases.aliasOf("return 2\nend"), std::size_t(1));
        QCOMPARE(aliases.aliasOf("return 1\nend"), std::size_t(0));
        QCOMPARE(aliases.aliases()[1].name, std::string("function_alias_2"));
        // A second dump that met the chunks the other way round.
        const AliasRenames renames = {{"function_alias_1", "function_alias_2"},
                                      {"function_alias_2", "function_alias_1"}};
        QCOMPARE(AliasRenumbering::renamed("function_alias_1:3", renames), std::string("function_alias_2:3"));
        QCOMPARE(AliasRenumbering::renamed("TRACE [4] started at function_alias_2:7", renames),
                 std::string("TRACE [4] started at function_alias_1:7"));
        QCOMPARE(AliasRenumbering::renamed("@function_alias_1.lua:3", renames), std::string("@function_alias_1.lua:3"));
        QCOMPARE(AliasRenumbering::renamed("function_alias_12:1", renames), std::string("function_alias_12:1"));
    }

    void instancesAreNamedByFile()
    {
        QCOMPARE(instanceNames({"/a/node1.bin", "/b/node2.bin"}), (std::vector<std::string>{"node1.bin", "node2.bin"}));
        QCOMPARE(instanceNames({"h1/memprof.bin", "h2/memprof.bin"}),
                 (std::vector<std::string>{"h1/memprof.bin", "h2/memprof.bin"}));
        QCOMPARE(instanceNames({"/data/h1/memprof.bin", "/data/h2/memprof.bin", "/data/other.bin"}),
                 (std::vector<std::string>{"h1/memprof.bin", "h2/memprof.bin", "other.bin"}));
        QCOMPARE(instanceNames({"/d/a/x/m.bin", "/d/b/m.bin"}), (std::vector<std::string>{"a/x/m.bin", "b/m.bin"}));
        QCOMPARE(instanceNames({"h1/m.bin", "/abs/h2/m.bin"}), (std::vector<std::string>{"h1/m.bin", "/abs/h2/m.bin"}));
        QCOMPARE(instanceNames({"x/a.bin", "x/a.bin"}), (std::vector<std::string>{"a.bin", "a.bin #2"}));
    }
};

MEMPROF_TEST_APPLESS_MAIN(TestMemprofMerge)
#include "test_memprof_merge.moc"
