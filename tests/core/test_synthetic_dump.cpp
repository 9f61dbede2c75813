// SPDX-License-Identifier: GPL-3.0-or-later
// The dump writers of tests/support: every record DumpWriter emits decodes to
// what it says, and a synthetic dump decodes to the totals its generator
// counted, with the promised mix (sources, aliases, traces, symbols
// mid-stream), deterministically from its seed and close to its target size.
#include "model/synth/DumpWriter.h"
#include "model/synth/SyntheticDump.h"

#include "model/memprofile/ProfileLoader.h"
#include "tests/support/TestSuite.h"

#include <QDir>
#include <QFile>
#include <QTest>

#include <algorithm>
#include <set>

using namespace memprof;
using namespace memprof::synth;

namespace {
Profile decode(const std::vector<std::uint8_t>& bytes)
{
    return loadProfile(std::span<const std::uint8_t>(bytes));
}

std::set<std::string> namesOf(const Profile& p)
{
    std::set<std::string> names;
    for (const auto& loc : p.locations)
        names.insert(loc.name);
    return names;
}

bool anyName(const Profile& p, const std::string& part)
{
    return std::any_of(p.locations.begin(), p.locations.end(),
                       [&](const LocationInfo& loc) { return loc.name.find(part) != std::string::npos; });
}

void compareTotals(const ProfileTotals& t, const SyntheticSummary& s)
{
    QCOMPARE(t.allocCount, s.allocCount);
    QCOMPARE(t.reallocCount, s.reallocCount);
    QCOMPARE(t.freeCount, s.freeCount);
    QCOMPARE(t.eventCount, s.eventCount());
    QCOMPARE(t.initialSymbolCount, s.initialSymbolCount);
    QCOMPARE(t.symbolEventCount, s.symbolEventCount);
    QCOMPARE(t.allocatedBytes, s.allocatedBytes);
    QCOMPARE(t.freedBytes, s.freedBytes);
    QCOMPARE(t.liveBlockCount, s.liveBlockCount);
    QCOMPARE(t.liveBytes, s.liveBytes);
    QCOMPARE(t.peakLiveBytes, s.peakLiveBytes);
}
} // namespace

class TestSyntheticDump : public QObject {
    Q_OBJECT

private slots:
    void everyRecordDecodes()
    {
        DumpWriter dump;
        dump.symtabPrologue()
            .lfunc(0x100, "@a.lua", 1)
            .cfunc(0x1000, "c_fn")
            .trace(5, 0x100, 2)
            .symtabEnd()
            .eventsPrologue()
            .alloc(luaAt(0x100, 3), 0xa0, 10)
            .alloc(cAt(0x1010), 0xb0, 20)
            .alloc(traceAt(5), 0xc0, 30)
            .alloc(internal(), 0xd0, 40)
            .realloc(luaAt(0x100, 4), 0xa0, 10, 0xe0, 50)
            .free(internal(), 0xb0, 20)
            .lfuncEvent(0x200, "@b.lua", 7)
            .alloc(luaAt(0x200, 8), 0xf0, 60)
            .cfuncEvent(0x900, "early")
            .alloc(cAt(0x950), 0x110, 70)
            .traceEvent(6, 0x200, 8)
            .free(traceAt(6), 0xc0, 30)
            .cfuncQuirkEvent(0x800, "quirk")
            .alloc(cAt(0x810), 0x120, 80)
            .epilogue();
        const Profile p = decode(dump.take());
        QCOMPARE(p.status.end, DecodeEnd::Complete);
        QCOMPARE(p.status.symtabVersion, std::uint8_t(3));
        QCOMPARE(p.status.eventsVersion, std::uint8_t(3));
        const std::set<std::string> expected = {
            "@a.lua:3", "c_fn:0x1000", "TRACE [5] started at @a.lua:2", "INTERNAL",   "@a.lua:4",
            "@b.lua:8", "early:0x900", "TRACE [6] started at @b.lua:8", "quirk:0x800"};
        QCOMPARE(namesOf(p), expected);
        QCOMPARE(p.totals.initialSymbolCount, std::uint64_t(3));
        QCOMPARE(p.totals.symbolEventCount, std::uint64_t(4));
        QCOMPARE(p.totals.allocCount, std::uint64_t(7));
        QCOMPARE(p.totals.reallocCount, std::uint64_t(1));
        QCOMPARE(p.totals.freeCount, std::uint64_t(2));
        QCOMPARE(p.totals.allocatedBytes, std::uint64_t(10 + 20 + 30 + 40 + 50 + 60 + 70 + 80));
        QCOMPARE(p.totals.freedBytes, std::uint64_t(10 + 20 + 30));
        QCOMPARE(p.totals.liveBlockCount, std::uint64_t(5)); // 0xd0, 0xe0, 0xf0, 0x110, 0x120
    }

    void terminalsAreTheWireEncoding()
    {
        DumpWriter dump;
        dump.u8(0xab).uleb(0).uleb(127).uleb(128).uleb(~0ull).string("hi").raw({1, 2});
        const std::vector<std::uint8_t> expected = {0xab, 0x00, 0x7f, 0x80, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff,
                                                    0xff, 0xff, 0xff, 0xff, 0x01, 0x02, 'h',  'i',  1,    2};
        QCOMPARE(dump.bytes(), expected);
        QCOMPARE(dump.size(), std::uint64_t(expected.size()));
    }

    void flushingWriterGivesTheSameBytes()
    {
        SyntheticOptions options;
        options.seed = 3;
        options.targetBytes = 300000;
        std::vector<std::uint8_t> flushed;
        int chunks = 0;
        DumpWriter out(
            [&](std::span<const std::uint8_t> chunk) {
                flushed.insert(flushed.end(), chunk.begin(), chunk.end());
                ++chunks;
            },
            4096);
        const SyntheticSummary s = writeSyntheticDump(options, out);
        QVERIFY(out.bytes().empty());
        QCOMPARE(out.size(), s.bytes);
        QCOMPARE(s.bytes, std::uint64_t(flushed.size()));
        QVERIFY(chunks > 10);
        QCOMPARE(flushed, syntheticDump(options));
    }

    void decodesToTheGeneratorsTotals()
    {
        SyntheticOptions options;
        options.seed = 7;
        options.targetBytes = 4u << 20;
        options.writerQuirk = true;
        SyntheticSummary s;
        const std::vector<std::uint8_t> bytes = syntheticDump(options, &s);
        QCOMPARE(std::uint64_t(bytes.size()), s.bytes);
        const Profile p = decode(bytes);
        QCOMPARE(p.status.end, DecodeEnd::Complete);
        compareTotals(p.totals, s);

        // The promised mix.
        QVERIFY2(p.locations.size() >= 300, std::to_string(p.locations.size()).c_str());
        for (SourceKind kind : {SourceKind::Internal, SourceKind::Lua, SourceKind::C, SourceKind::Trace})
            QVERIFY(std::any_of(p.locations.begin(), p.locations.end(),
                                [&](const LocationInfo& loc) { return loc.source == kind; }));
        QCOMPARE(p.aliases.size(), std::size_t(3));
        QVERIFY(anyName(p, "function_alias_2:"));
        QVERIFY(anyName(p, " started at @"));
        QVERIFY(std::any_of(p.locations.begin(), p.locations.end(), [](const LocationInfo& loc) {
            return loc.name.rfind("TRACE [", 0) == 0 && loc.name.find("started") == std::string::npos;
        }));
        QVERIFY(anyName(p, "CFUNC 0x"));
        QVERIFY(anyName(p, "lj_tab_new:0x"));
        QVERIFY(anyName(p, "_v2:0x")); // the renamed C symbol, used after its re-send
        QVERIFY(s.symbolEventCount > 100);
        QVERIFY(s.reallocCount > s.eventCount() / 40);
        QVERIFY(s.liveBlockCount > 1000);
        QVERIFY(s.peakLiveBlockCount >= s.liveBlockCount);
        QVERIFY(!p.reallocations.empty() && !p.frees.empty());
        // Most blocks die young: far fewer live at the end than allocated.
        QVERIFY(s.liveBlockCount * 5 < s.allocCount);
    }

    void sizeAndSeed()
    {
        SyntheticOptions options;
        options.targetBytes = 1u << 20;
        options.seed = 11;
        const std::vector<std::uint8_t> first = syntheticDump(options);
        QVERIFY(first.size() >= options.targetBytes);
        QVERIFY(first.size() < options.targetBytes + 64);
        QCOMPARE(first.back(), std::uint8_t(0x80));
        QCOMPARE(syntheticDump(options), first);
        options.seed = 12;
        QVERIFY(syntheticDump(options) != first);
    }

    void smallDumpsStillDecode()
    {
        for (std::uint64_t target : {1u, 2000u, 16384u}) {
            SyntheticOptions options;
            options.targetBytes = target;
            SyntheticSummary s;
            const Profile p = decode(syntheticDump(options, &s));
            QCOMPARE(p.status.end, DecodeEnd::Complete);
            compareTotals(p.totals, s);
        }
    }

    void withoutEpilogueIsTruncated()
    {
        SyntheticOptions options;
        options.targetBytes = 100000;
        options.epilogue = false;
        SyntheticSummary s;
        const Profile p = decode(syntheticDump(options, &s));
        QCOMPARE(p.status.end, DecodeEnd::Truncated);
        compareTotals(p.totals, s);
    }

    void writesAFile()
    {
        const QString path =
            QDir::temp().filePath(QStringLiteral("memprof-synth-%1.bin").arg(QCoreApplication::applicationPid()));
        SyntheticOptions options;
        options.targetBytes = 200000;
        SyntheticSummary s;
        std::string error;
        QVERIFY(writeSyntheticDumpFile(path.toStdString(), options, &s, &error));
        const Profile p = loadProfile(path.toStdString());
        QFile::remove(path);
        QCOMPARE(p.status.totalBytes, s.bytes);
        compareTotals(p.totals, s);

        QVERIFY(!writeSyntheticDumpFile("/nonexistent-dir/x.bin", options, nullptr, &error));
        QVERIFY2(error.find("/nonexistent-dir/x.bin: ") == 0, error.c_str());
    }
};

MEMPROF_TEST_GUILESS_MAIN(TestSyntheticDump)
#include "test_synthetic_dump.moc"
