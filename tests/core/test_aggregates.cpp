// SPDX-License-Identifier: GPL-3.0-or-later
// The aggregates on hand-made dumps: naming with symbols learnt mid-stream,
// the writer's cfunc quirk, format 2, the reference's heap summary beside
// the accurate live figure, and the peak.
#include "model/memprofile/ProfileLoader.h"
#include "model/memprofile/ProfileRanking.h"
#include "model/report/TextReport.h"
#include "model/synth/DumpWriter.h"
#include "tests/support/TestSuite.h"

#include <QTest>

#include <algorithm>
#include <sstream>

using namespace memprof;
using memprof::synth::DumpWriter;

namespace {
Profile loadBytes(const DumpWriter& dump)
{
    return loadProfile(std::span<const std::uint8_t>(dump.bytes()));
}

const LocationRow* rowNamed(const Profile& p, EventKind kind, const std::string& name)
{
    for (const auto& row : p.rows(kind))
        if (p.nameOf(row.location) == name)
            return &row;
    return nullptr;
}

const HeapSummaryRow* heapRowNamed(const Profile& p, const std::string& name)
{
    for (const auto& row : p.heapSummary)
        if (row.name == name)
            return &row;
    return nullptr;
}

std::vector<std::string> allNames(const Profile& p)
{
    std::vector<std::string> names;
    for (const auto& l : p.locations)
        names.push_back(l.name);
    std::sort(names.begin(), names.end());
    return names;
}
} // namespace

class TestAggregates : public QObject {
    Q_OBJECT
private slots:
    void reallocElsewhereGivesFalseReferenceLeakButNoLiveBlock()
    {
        DumpWriter dump;
        dump.symtabPrologue(3).lfunc(0x100, "@a.lua", 0).symtabEnd().eventsPrologue(3);
        dump.alloc(synth::luaAt(0x100, 1), 0xA0, 100); // A allocates
        dump.realloc(synth::luaAt(0x100, 2), 0xA0, 100, 0xB0, 200); // R moves it
        dump.free(synth::luaAt(0x100, 3), 0xB0, 200); // F frees it
        dump.alloc(synth::luaAt(0x100, 1), 0xC0, 50); // A allocates a block that stays
        dump.epilogue();
        const Profile p = loadBytes(dump);
        QCOMPARE(p.status.end, DecodeEnd::Complete);

        // The reference: A "holds" 100 + 200 - 100 + 50; R goes negative.
        const auto* a = heapRowNamed(p, "@a.lua:1");
        QVERIFY(a);
        QCOMPARE(a->summaryBytes, std::int64_t(250));
        QCOMPARE(a->allocCount, std::uint64_t(3));
        QCOMPARE(a->freeCount, std::uint64_t(1));
        const auto* r = heapRowNamed(p, "@a.lua:2");
        QVERIFY(r);
        QCOMPARE(r->summaryBytes, std::int64_t(-200));
        const auto ranked = rankHeapSummary(p);
        QCOMPARE(int(ranked.size()), 1);

        // The accurate answer: only the 50-byte block at A is live.
        const auto live = rankHeldByName(p);
        QCOMPARE(int(live.size()), 1);
        QCOMPARE(live[0].name, std::string("@a.lua:1"));
        QCOMPARE(live[0].heldBytes, std::uint64_t(50));
        QCOMPARE(live[0].blockCount, std::uint64_t(1));
        QCOMPARE(p.totals.liveBytes, std::uint64_t(50));
        QCOMPARE(p.totals.liveBlockCount, std::uint64_t(1));
        // Live bytes: 100, 200, 0, 50 -> the peak is 200 at event 2.
        QCOMPARE(p.totals.peakLiveBytes, std::uint64_t(200));
        QCOMPARE(p.totals.peakEventIndex, std::uint64_t(2));

        // Overrides: R's realloc overrides A, F's free overrides R.
        const auto* realloc = rowNamed(p, EventKind::Realloc, "@a.lua:2");
        QVERIFY(realloc);
        QCOMPARE(overrideNames(p, *realloc), std::vector<std::string>{"@a.lua:1"});
        QCOMPARE(realloc->overrides[0].allocatedBytes, std::uint64_t(200));
        QCOMPARE(realloc->overrides[0].freedBytes, std::uint64_t(100));
        const auto* free = rowNamed(p, EventKind::Free, "@a.lua:3");
        QVERIFY(free);
        QCOMPARE(overrideNames(p, *free), std::vector<std::string>{"@a.lua:2"});
    }

    void blocksFromBeforeProfilingHaveNoOverrides()
    {
        DumpWriter dump;
        dump.symtabPrologue(3).symtabEnd().eventsPrologue(3);
        dump.free(synth::internal(), 0xDEAD, 64).epilogue();
        const Profile p = loadBytes(dump);
        QCOMPARE(int(p.frees.size()), 1);
        QVERIFY(p.frees[0].overrides.empty());
        QCOMPARE(p.nameOf(p.frees[0].location), std::string("INTERNAL"));
        QCOMPARE(p.totals.liveBytes, std::uint64_t(0));
    }

    void symbolsLearntMidStreamApplyFromThenOn()
    {
        DumpWriter dump;
        dump.symtabPrologue(3).symtabEnd().eventsPrologue(3);
        dump.alloc(synth::luaAt(0x200, 5), 0x10, 8); // proto unknown yet
        dump.u8(0x08).uleb(0x200).string("@b.lua").uleb(4); // symtab event: Lua
        dump.alloc(synth::luaAt(0x200, 6), 0x20, 8);
        dump.alloc(synth::luaAt(0x200, 5), 0x30, 8); // same identity as the first
        dump.epilogue();
        const Profile p = loadBytes(dump);
        // "@b.lua:5" names the third block in the live figures (the
        // identity's name when it was allocated); the rows keep the first.
        QCOMPARE(allNames(p), (std::vector<std::string>{"@b.lua:5", "@b.lua:6", "CFUNC 0x200"}));
        QVERIFY(!rowNamed(p, EventKind::Alloc, "@b.lua:5"));
        const auto* first = rowNamed(p, EventKind::Alloc, "CFUNC 0x200");
        QVERIFY(first);
        QCOMPARE(first->eventCount, std::uint64_t(2));
        QCOMPARE(p.totals.symbolEventCount, std::uint64_t(1));
    }

    void cSymbolsNameTheNearestBelowAndTheLastSentWins()
    {
        DumpWriter dump;
        dump.symtabPrologue(3).cfunc(0x5000, "old_name").cfunc(0x6000, "other").symtabEnd().eventsPrologue(3);
        dump.u8(0x0c).uleb(0x5000).string("lj_cf_string_rep"); // symtab event, C: re-sent
        dump.u8(0x0d).uleb(0x5010).uleb(0x40).uleb(16); // alloc from C at 0x5010
        dump.u8(0x0d).uleb(0x4000).uleb(0x50).uleb(16); // below every symbol
        dump.epilogue();
        const Profile p = loadBytes(dump);
        QVERIFY(rowNamed(p, EventKind::Alloc, "lj_cf_string_rep:0x5000"));
        QVERIFY(rowNamed(p, EventKind::Alloc, "CFUNC 0x4000"));
    }

    void writerQuirkCfuncHeaderInEventStream()
    {
        DumpWriter dump;
        dump.symtabPrologue(3).symtabEnd().eventsPrologue(3);
        dump.u8(0x01).uleb(0x7000).string("inflate"); // cfunc record with the table's header
        dump.u8(0x0d).uleb(0x7004).uleb(0x40).uleb(16);
        dump.epilogue();
        const Profile p = loadBytes(dump);
        QCOMPARE(p.status.end, DecodeEnd::Complete);
        QVERIFY(rowNamed(p, EventKind::Alloc, "inflate:0x7000"));
    }

    void tracesAndInternal()
    {
        DumpWriter dump;
        dump.symtabPrologue(3).lfunc(0x100, "@t.lua", 0);
        dump.u8(0x02).uleb(3).uleb(0x100).uleb(7); // trace 3 started at @t.lua:7
        dump.symtabEnd().eventsPrologue(3);
        dump.u8(0x11).uleb(3).uleb(0x10).uleb(8); // alloc from trace 3
        dump.u8(0x11).uleb(4).uleb(0x20).uleb(8); // trace 4: unknown
        dump.alloc(synth::luaAt(0, 9), 0x30, 8); // Lua address 0
        dump.u8(0x05).uleb(0x40).uleb(8); // internal
        dump.epilogue();
        const Profile p = loadBytes(dump);
        const auto* trace = rowNamed(p, EventKind::Alloc, "TRACE [3] started at @t.lua:7");
        QVERIFY(trace);
        QCOMPARE(p.locations[trace->location].sourceLine, std::uint64_t(7));
        QVERIFY(p.locations[trace->location].function >= 0);
        QVERIFY(rowNamed(p, EventKind::Alloc, "TRACE [4]"));
        // Lua address 0 and the internal source are distinct identities with one name.
        int internalRows = 0;
        for (const auto& row : p.allocations)
            internalRows += p.nameOf(row.location) == "INTERNAL";
        QCOMPARE(internalRows, 2);
        const auto* heap = heapRowNamed(p, "INTERNAL");
        QVERIFY(heap);
        QCOMPARE(heap->summaryBytes, std::int64_t(16));
        QCOMPARE(heap->allocCount, std::uint64_t(2));
    }

    void format2TracesCarryAnMcodeAddress()
    {
        DumpWriter dump;
        dump.symtabPrologue(2).lfunc(0x100, "@v2.lua", 0);
        dump.u8(0x02).uleb(5).uleb(0xABCDEF).uleb(0x100).uleb(12); // traceno mcode addr line
        dump.symtabEnd().eventsPrologue(2);
        dump.u8(0x11).uleb(5).uleb(0xABCDEF).uleb(0x10).uleb(8); // loc-trace: traceno mcode
        dump.u8(0x10).uleb(6).uleb(0x1234).uleb(0x100).uleb(3); // symtab event: trace 6
        dump.u8(0x12).uleb(6).uleb(0x1234).uleb(0x10).uleb(8); // free from trace 6
        dump.epilogue();
        const Profile p = loadBytes(dump);
        QCOMPARE(p.status.end, DecodeEnd::Complete);
        QCOMPARE(int(p.status.symtabVersion), 2);
        QVERIFY(rowNamed(p, EventKind::Alloc, "TRACE [5] started at @v2.lua:12"));
        const auto* free = rowNamed(p, EventKind::Free, "TRACE [6] started at @v2.lua:3");
        QVERIFY(free);
        QCOMPARE(overrideNames(p, *free), std::vector<std::string>{"TRACE [5] started at @v2.lua:12"});
    }

    void multiLineChunksGetAliases()
    {
        DumpWriter dump;
        dump.symtabPrologue(3).lfunc(0x100, "local t = {}\n\nreturn t\n", 0).lfunc(0x200, "x = 1\ny = 2", 0);
        dump.lfunc(0x300, "local t = {}\n\nreturn t\n", 0); // same source: same alias
        dump.symtabEnd().eventsPrologue(3);
        dump.alloc(synth::luaAt(0x100, 3), 0x10, 8)
            .alloc(synth::luaAt(0x200, 2), 0x20, 8)
            .alloc(synth::luaAt(0x300, 1), 0x30, 8);
        dump.epilogue();
        const Profile p = loadBytes(dump);
        QCOMPARE(int(p.aliases.size()), 2);
        QVERIFY(rowNamed(p, EventKind::Alloc, "function_alias_1:3"));
        QVERIFY(rowNamed(p, EventKind::Alloc, "function_alias_2:2"));
        QVERIFY(rowNamed(p, EventKind::Alloc, "function_alias_1:1"));
        std::ostringstream text;
        writeTextReport(text, p, ReportOptions{true, false, false});
        const std::string report = text.str();
        // Empty lines are skipped and not counted, as the reference lists them.
        QVERIFY(report.find("ALIASES:\nfunction_alias_1:\n1\t| local t = {}\n2\t| return t\n\n\n") !=
                std::string::npos);
    }

    void humanReadableUnits()
    {
        QCOMPARE(formatBytes(0, true), std::string("0B"));
        QCOMPARE(formatBytes(1023, true), std::string("1023B"));
        QCOMPARE(formatBytes(1024, true), std::string("1KiB"));
        QCOMPARE(formatBytes(1536, true), std::string("1.50KiB"));
        QCOMPARE(formatBytes(36480, true), std::string("35.63KiB")); // a tie rounds away from zero
        QCOMPARE(formatBytes(3 * 1024 * 1024, true), std::string("3MiB"));
        QCOMPARE(formatBytes(std::int64_t(5) << 40, true), std::string("5120GiB"));
        QCOMPARE(formatBytes(123, false), std::string("123B"));
    }
};

MEMPROF_TEST_APPLESS_MAIN(TestAggregates)
#include "test_aggregates.moc"
