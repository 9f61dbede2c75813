// SPDX-License-Identifier: GPL-3.0-or-later
// The reports on hostile dumps (tests/data/hostile, and hand-made ones):
// sizes of 2^63 and more print unsigned, sums that do not fit 64 bits are
// marked, names with control characters are escaped in the text report
// and exact in CSV, and the accurate live figures name a block by the
// symbols in force when it was allocated.
#include "model/memprofile/ProfileLoader.h"
#include "model/report/CsvExport.h"
#include "model/report/TextReport.h"
#include "model/synth/DumpWriter.h"
#include "model/synth/SyntheticDump.h"
#include "tests/support/TestSuite.h"

#include <QTest>

#include <algorithm>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

using namespace memprof;
using memprof::synth::DumpWriter;

namespace {
std::string hostile(const char* name)
{
    return std::string(MEMPROF_TEST_DATA "/hostile/") + name;
}

Profile loadBytes(const DumpWriter& dump)
{
    return loadProfile(std::span<const std::uint8_t>(dump.bytes()));
}

std::string report(const Profile& profile, ReportOptions options = {})
{
    std::ostringstream text;
    writeTextReport(text, profile, options);
    return text.str();
}

std::string csv(const Profile& profile, CsvTable table)
{
    std::ostringstream text;
    writeCsv(text, profile, table);
    return text.str();
}

// RFC 4180: records of fields, quoted fields may hold commas, quotes
// (doubled), CR and LF; records end with CRLF. Fails the test on anything else.
std::vector<std::vector<std::string>> parseCsv(const std::string& text)
{
    std::vector<std::vector<std::string>> records;
    std::vector<std::string> record;
    std::string field;
    std::size_t i = 0;
    while (i < text.size()) {
        if (text[i] == '"') {
            ++i;
            for (;;) {
                if (i >= text.size())
                    qFatal("unterminated quoted field");
                if (text[i] == '"') {
                    if (i + 1 < text.size() && text[i + 1] == '"') {
                        field += '"';
                        i += 2;
                        continue;
                    }
                    ++i;
                    break;
                }
                field += text[i++];
            }
        } else {
            while (i < text.size() && text[i] != ',' && text[i] != '\r') {
                if (text[i] == '"' || text[i] == '\n')
                    qFatal("a quote or LF in an unquoted field at %zu", i);
                field += text[i++];
            }
        }
        record.push_back(std::move(field));
        field.clear();
        if (i < text.size() && text[i] == ',') {
            ++i;
            continue;
        }
        if (text.compare(i, 2, "\r\n") != 0)
            qFatal("a record does not end with CRLF at %zu", i);
        i += 2;
        records.push_back(std::move(record));
        record.clear();
    }
    return records;
}

// The Overrides cell back into names (CsvExport.h: one per line, "\\" and
// "\n" escaped).
std::vector<std::string> splitOverrides(const std::string& cell)
{
    std::vector<std::string> names(1);
    for (std::size_t i = 0; i < cell.size(); ++i) {
        if (cell[i] == '\n') {
            names.emplace_back();
        } else if (cell[i] == '\\' && i + 1 < cell.size()) {
            names.back() += cell[i + 1] == 'n' ? '\n' : cell[i + 1];
            ++i;
        } else {
            names.back() += cell[i];
        }
    }
    return names;
}
} // namespace

class TestHostileDumps : public QObject {
    Q_OBJECT
private slots:
    void sizesFromTwoToTheSixtyThreePrintUnsigned()
    {
        QCOMPARE(formatBytes(std::uint64_t(1) << 63, false), std::string("9223372036854775808B"));
        QCOMPARE(formatBytes(std::uint64_t(1) << 63, true), std::string("8589934592GiB"));
        QCOMPARE(formatBytes(std::uint64_t(0xfffffffffffffffe), false), std::string("18446744073709551614B"));
    }

    // An allocation of 2^64-1 bytes: never "-1B", and exact: it did not
    // overflow, so it is not marked. The heap summary, a signed figure,
    // clamps it to 2^63-1 and marks that.
    void sizeMaxIsNotMinusOne()
    {
        const Profile p = loadProfile(hostile("size-max.bin"));
        QCOMPARE(p.status.end, DecodeEnd::Complete);
        const std::string text = report(p);
        QVERIFY2(text.find("-1B") == std::string::npos, text.c_str());
        QVERIFY2(text.find("@a.lua:10: 1 events\t+18446744073709551615B\t-0B\n") != std::string::npos, text.c_str());
        QVERIFY2(text.find("@a.lua:11: 1 events\t+1B\t-0B\n") != std::string::npos, text.c_str());
        QVERIFY2(text.find("@a.lua:10 holds >=9223372036854775807B: 1 allocs, 0 frees\n") != std::string::npos,
                 text.c_str());
        const std::string live = report(p, ReportOptions{false, false, true, false});
        QVERIFY2(live.find("@a.lua:10 holds 18446744073709551615B: 1 live blocks\n") != std::string::npos,
                 live.c_str());
    }

    // A sum of exactly 2^64-1 beside one that overflowed, in one dump: only
    // the overflowed one is marked, in every printed figure that holds it.
    void onlyOverflowedSumsAreMarked()
    {
        constexpr std::uint64_t kMax = ~std::uint64_t{0};
        constexpr std::uint64_t kHalf = std::uint64_t{1} << 63;
        DumpWriter exactOnly;
        exactOnly.symtabPrologue()
            .lfunc(0x100, "@a.lua", 1)
            .symtabEnd()
            .eventsPrologue()
            .alloc(synth::luaAt(0x100, 10), 0x1000, kMax)
            .epilogue();
        const Profile exact = loadBytes(exactOnly);
        QCOMPARE(exact.status.end, DecodeEnd::Complete);
        const std::string peak = report(exact, ReportOptions{false, false, false, true});
        QVERIFY2(peak.find("LIVE AT THE PEAK (event 1, 18446744073709551615B):\n"
                           "@a.lua:10 holds 18446744073709551615B: 1 live blocks\n") != std::string::npos,
                 peak.c_str());

        DumpWriter mixed;
        mixed.symtabPrologue()
            .lfunc(0x100, "@a.lua", 1)
            .symtabEnd()
            .eventsPrologue()
            .alloc(synth::luaAt(0x100, 10), 0x1000, kMax)
            .alloc(synth::luaAt(0x100, 20), 0x2000, kHalf)
            .alloc(synth::luaAt(0x100, 20), 0x3000, kHalf)
            .epilogue();
        const Profile p = loadBytes(mixed);
        QCOMPARE(p.status.end, DecodeEnd::Complete);
        const std::string text = report(p);
        QVERIFY2(text.find("@a.lua:10: 1 events\t+18446744073709551615B\t-0B\n") != std::string::npos, text.c_str());
        QVERIFY2(text.find("@a.lua:20: 2 events\t+>=18446744073709551615B\t-0B\n") != std::string::npos, text.c_str());
        const std::string live = report(p, ReportOptions{false, false, true, false});
        QVERIFY2(live.find("@a.lua:10 holds 18446744073709551615B: 1 live blocks\n") != std::string::npos,
                 live.c_str());
        QVERIFY2(live.find("@a.lua:20 holds >=18446744073709551615B: 2 live blocks\n") != std::string::npos,
                 live.c_str());
        const std::string allocations = csv(p, CsvTable::Allocations);
        QVERIFY2(allocations.find("\r\n@a.lua:10,1,18446744073709551615,0,>=9223372036854775807,\r\n") !=
                     std::string::npos,
                 allocations.c_str());
        QVERIFY2(allocations.find("\r\n@a.lua:20,2,>=18446744073709551615,0,>=9223372036854775807,\r\n") !=
                     std::string::npos,
                 allocations.c_str());
        const std::string held = csv(p, CsvTable::Held);
        QVERIFY2(held.find("\r\n@a.lua:10,18446744073709551615,1\r\n") != std::string::npos, held.c_str());
        QVERIFY2(held.find("\r\n@a.lua:20,>=18446744073709551615,2\r\n") != std::string::npos, held.c_str());
        // The peak is where the live bytes overflowed, past the exact 2^64-1
        // of the first event.
        const std::string overflowedPeak = report(p, ReportOptions{false, false, false, true});
        QVERIFY2(overflowedPeak.find("LIVE AT THE PEAK (event 2, >=18446744073709551615B):\n") != std::string::npos,
                 overflowedPeak.c_str());
    }

    // An Override's sums flag an overflow as a row's do: the pair freeing
    // exactly 2^64-1 bytes is exact (the heap summary of its allocating
    // line is 2^64-1 minus 2^64-1: 0), the pair whose reallocs gave 2^64
    // bytes is flagged, and the heap summary it adds to is marked.
    void overrideSumsFlagOnlyAnOverflow()
    {
        const std::vector<std::uint8_t> bytes = synth::overrideSumsDump();
        const Profile p = loadProfile(std::span<const std::uint8_t>(bytes));
        QCOMPARE(p.status.end, DecodeEnd::Complete);
        QCOMPARE(p.frees.size(), std::size_t(1));
        QCOMPARE(p.frees[0].overrides.size(), std::size_t(1));
        const OverrideStats& exactFree = p.frees[0].overrides[0];
        QCOMPARE(p.nameOf(exactFree.location), std::string("@a.lua:10"));
        QCOMPARE(exactFree.freedBytes, kSaturatedBytes);
        QVERIFY(!exactFree.freed().overflowed);
        QCOMPARE(p.reallocations.size(), std::size_t(1));
        QCOMPARE(p.reallocations[0].overrides.size(), std::size_t(1));
        const OverrideStats& overflowedRealloc = p.reallocations[0].overrides[0];
        QCOMPARE(p.nameOf(overflowedRealloc.location), std::string("@a.lua:20"));
        QVERIFY(overflowedRealloc.allocated().overflowed);
        QCOMPARE(overflowedRealloc.freedBytes, std::uint64_t(2));
        QVERIFY(!overflowedRealloc.freed().overflowed);
        QCOMPARE(overflowedRealloc.blockCount, std::uint64_t(2));

        const auto summaryOf = [&](const char* name) {
            const auto row = std::find_if(p.heapSummary.begin(), p.heapSummary.end(),
                                          [&](const HeapSummaryRow& r) { return r.name == name; });
            return row == p.heapSummary.end() ? std::optional<HeapSummaryRow>() : std::optional(*row);
        };
        QVERIFY(summaryOf("@a.lua:10"));
        QCOMPARE(summaryOf("@a.lua:10")->summaryBytes, std::int64_t(0));
        QVERIFY(summaryOf("@a.lua:20"));
        QCOMPARE(summaryOf("@a.lua:20")->summaryBytes, kSaturatedHigh);
        const std::string text = report(p);
        QVERIFY2(text.find("@a.lua:20 holds >=9223372036854775807B: 4 allocs, 2 frees\n") != std::string::npos,
                 text.c_str());
        QVERIFY2(text.find("@a.lua:10 holds") == std::string::npos, text.c_str());
    }

    // Two blocks of 2^63 bytes at one line: their sum 2^64 is marked, not
    // wrapped to 0, in every figure that holds it.
    void overflowingSumsAreMarked()
    {
        const Profile p = loadProfile(hostile("overflow-sum.bin"));
        QCOMPARE(p.status.end, DecodeEnd::Complete);
        const std::string text = report(p);
        QVERIFY2(text.find("+0B") == std::string::npos, text.c_str());
        QVERIFY2(text.find("@a.lua:10: 2 events\t+>=18446744073709551615B\t-0B\n") != std::string::npos, text.c_str());
        QVERIFY2(text.find("@a.lua:10 holds >=9223372036854775807B: 2 allocs, 0 frees\n") != std::string::npos,
                 text.c_str());
        const std::string live = report(p, ReportOptions{false, false, true, false});
        QVERIFY2(live.find("holds 0B") == std::string::npos, live.c_str());
        QVERIFY2(live.find("@a.lua:10 holds >=18446744073709551615B: 2 live blocks\n") != std::string::npos,
                 live.c_str());
        const std::string peak = report(p, ReportOptions{false, false, false, true});
        QVERIFY2(peak.find("LIVE AT THE PEAK (event 2, >=18446744073709551615B):\n"
                           "@a.lua:10 holds >=18446744073709551615B: 2 live blocks\n") != std::string::npos,
                 peak.c_str());
        QCOMPARE(p.totals.allocatedBytes, ~std::uint64_t(0));
        QCOMPARE(p.totals.liveBytes, ~std::uint64_t(0));

        const std::string allocations = csv(p, CsvTable::Allocations);
        QVERIFY2(allocations.find("\r\n@a.lua:10,2,>=18446744073709551615,0,>=9223372036854775807,\r\n") !=
                     std::string::npos,
                 allocations.c_str());
        const std::string liveCsv = csv(p, CsvTable::Held);
        QVERIFY2(liveCsv.find("\r\n@a.lua:10,>=18446744073709551615,2\r\n") != std::string::npos, liveCsv.c_str());
    }

    // Control characters in names: escaped in the text report, each row on
    // its line; no byte a terminal acts on (ESC, CR, BEL, NUL, C1) is left.
    void textReportEscapesControlCharacters()
    {
        const Profile p = loadProfile(hostile("names.bin"));
        QCOMPARE(p.status.end, DecodeEnd::Complete);
        const std::string text = report(p);
        for (unsigned char c : text)
            QVERIFY2(c >= 0x20 || c == '\n' || c == '\t', qPrintable(QStringLiteral("byte 0x%1").arg(c, 2, 16)));
        QVERIFY(text.find("@esc\\x1b[31mRED\\x1b[0m.lua:16: 1 events\t+106B\t-0B\n") != std::string::npos);
        QVERIFY(text.find("\\x1b]0;TITLE\\x07:17: 1 events") != std::string::npos);
        QVERIFY(text.find("@cr\\r.lua:13: 1 events") != std::string::npos);
        QVERIFY(text.find("@nul\\x00z.lua:14: 1 events") != std::string::npos);
        QVERIFY(text.find("@tab\\there.lua:21: 1 events") != std::string::npos);
        QVERIFY(text.find("@\\u202e.lua:26: 1 events") != std::string::npos);
        QVERIFY(text.find("@\\xff\\xfe.lua:15: 1 events") != std::string::npos);
        QVERIFY(text.find("c,\"f\"\\nname\\x1b[7m:0x500000: 1 events") != std::string::npos);
        // Names without control characters are as they are.
        QVERIFY(text.find("@a\"b\".lua:11: 1 events\t+101B\t-0B\n") != std::string::npos);
        QVERIFY(text.find("@ lead.lua:20: 1 events\t+110B\t-0B\n") != std::string::npos);
        // One row per line: every line of ALLOCATIONS is a whole row.
        const std::size_t begin = text.find("ALLOCATIONS\n") + 12;
        const std::size_t end = text.find("\n\nREALLOCATIONS");
        std::istringstream rows(text.substr(begin, end - begin));
        int count = 0;
        for (std::string line; std::getline(rows, line); ++count)
            QVERIFY2(line.find(": 1 events\t+") != std::string::npos, line.c_str());
        QCOMPARE(count, int(p.allocations.size()));
    }

    // CSV keeps names exact (valid RFC 4180), and a list of names in one
    // Overrides cell splits back into exactly those names.
    void csvNamesAreExactAndOverridesUnambiguous()
    {
        const Profile p = loadProfile(hostile("names.bin"));
        const auto records = parseCsv(csv(p, CsvTable::Allocations));
        QCOMPARE(records.size(), p.allocations.size() + 1);
        std::vector<std::string> names, expected;
        for (std::size_t i = 1; i < records.size(); ++i) {
            QCOMPARE(records[i].size(), std::size_t(6));
            names.push_back(records[i][0]);
        }
        for (const auto& row : p.allocations)
            expected.push_back(p.nameOf(row.location));
        std::sort(names.begin(), names.end());
        std::sort(expected.begin(), expected.end());
        QVERIFY(names == expected);

        // Blocks from "@a; b.lua:1", "x\ny" (a C symbol) and "@c\\d.lua:2",
        // freed at one line: three names in one cell.
        DumpWriter dump;
        dump.symtabPrologue()
            .lfunc(0x100, "@a; b.lua", 1)
            .lfunc(0x200, "@c\\d.lua", 1)
            .cfunc(0x3000, "x\ny")
            .symtabEnd()
            .eventsPrologue()
            .alloc(synth::luaAt(0x100, 1), 0x10, 8)
            .alloc(synth::luaAt(0x200, 2), 0x20, 8)
            .alloc(synth::cAt(0x3000), 0x30, 8)
            .free(synth::luaAt(0x200, 9), 0x10, 8)
            .free(synth::luaAt(0x200, 9), 0x20, 8)
            .free(synth::luaAt(0x200, 9), 0x30, 8)
            .epilogue();
        const Profile freed = loadBytes(dump);
        const auto frees = parseCsv(csv(freed, CsvTable::Frees));
        QCOMPARE(frees.size(), std::size_t(2));
        QCOMPARE(frees[1][0], std::string("@c\\d.lua:9"));
        const std::vector<std::string> overrides = splitOverrides(frees[1][5]);
        QCOMPARE(overrides.size(), std::size_t(3));
        QCOMPARE(overrides[0], std::string("@a; b.lua:1"));
        QCOMPARE(overrides[1], std::string("@c\\d.lua:2"));
        QCOMPARE(overrides[2], std::string("x\ny:0x3000"));
    }

    // A prototype address redefined mid-stream: the reference's rows and
    // HEAP SUMMARY keep the first name; the live figures name each block
    // by the prototype in force when it was allocated.
    void liveFiguresNameBlocksAsWhenAllocated()
    {
        DumpWriter dump;
        dump.symtabPrologue()
            .lfunc(0x100, "@a.lua", 1)
            .symtabEnd()
            .eventsPrologue()
            .alloc(synth::luaAt(0x100, 10), 0x1000, 100)
            .lfuncEvent(0x100, "@b.lua", 1)
            .alloc(synth::luaAt(0x100, 10), 0x2000, 200)
            .alloc(synth::luaAt(0x100, 10), 0x3000, 400)
            .free(synth::internal(), 0x3000, 400)
            .epilogue();
        const Profile p = loadBytes(dump);
        QCOMPARE(p.status.end, DecodeEnd::Complete);
        const std::string reference = report(p);
        QVERIFY2(reference.find("ALLOCATIONS\n@a.lua:10: 3 events\t+700B\t-0B\n\n") != std::string::npos,
                 reference.c_str());
        QVERIFY2(reference.find("HEAP SUMMARY:\n@a.lua:10 holds 300B: 3 allocs, 1 frees\n\n") != std::string::npos,
                 reference.c_str());
        const std::string live = report(p, ReportOptions{true, false, true, false});
        QCOMPARE(live, std::string("HEAP SUMMARY:\n@b.lua:10 holds 200B: 1 live blocks\n"
                                   "@a.lua:10 holds 100B: 1 live blocks\n\n"));
        // The peak (event 3: 700 bytes live) holds 100 from @a.lua, 600 from @b.lua.
        const std::string peak = report(p, ReportOptions{true, false, false, true});
        QCOMPARE(peak, std::string("LIVE AT THE PEAK (event 3, 700B):\n@b.lua:10 holds 600B: 2 live blocks\n"
                                   "@a.lua:10 holds 100B: 1 live blocks\n\n"));
        const auto liveCsv = parseCsv(csv(p, CsvTable::Held));
        QCOMPARE(liveCsv.size(), std::size_t(3));
        QCOMPARE(liveCsv[1][0], std::string("@b.lua:10"));
    }
};

MEMPROF_TEST_APPLESS_MAIN(TestHostileDumps)
#include "test_hostile_dumps.moc"
