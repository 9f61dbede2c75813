// SPDX-License-Identifier: GPL-3.0-or-later
// --export=folded: lines every flame-graph reader takes, adding up to the
// report's figures, with names that cannot split a frame or a line.
#include "tests/export/ExportFixtures.h"

#include "model/export/FoldedExport.h"
#include "model/memprofile/ProfileLoader.h"
#include "tests/support/TestSuite.h"

#include <QRegularExpression>
#include <QTest>

#include <sstream>

namespace {

// The stricter of speedscope's and the Firefox Profiler's line patterns:
// frames without empty ones, one space, an integer count.
const QRegularExpression kFoldedLine(QStringLiteral("^[^;\\n]+(;[^;\\n]+)* [0-9]+$"));

std::int64_t foldedTotal(const QByteArray& folded)
{
    std::int64_t total = 0;
    for (const QByteArray& line : folded.split('\n')) {
        if (line.isEmpty())
            continue;
        total += line.mid(line.lastIndexOf(' ') + 1).toLongLong();
    }
    return total;
}

} // namespace

class FoldedExportTest : public QObject {
    Q_OBJECT

private slots:
    void totalsEqualTheReport_data() { test::addFixtureRows(); }
    void totalsEqualTheReport()
    {
        QFETCH(QString, dump);
        const memprof::Profile profile = memprof::loadProfile(dump.toStdString(), {}, nullptr, {});
        const test::ProfileFigures figures = test::figuresOf(profile);
        const struct {
            const char* format;
            std::int64_t expected;
        } cases[] = {{"folded", figures.heldBytes},
                     {"folded:held", figures.heldBytes},
                     {"folded:allocated", figures.allocBytes},
                     {"folded:count", figures.allocEvents}};
        for (const auto& c : cases) {
            const test::ToolRun run = test::runTool(QStringLiteral(MEMPROF_REPORT_EXE),
                                                    {QStringLiteral("--export=") + QLatin1String(c.format), dump});
            QVERIFY2(run.exitCode == 0, run.err.constData());
            QCOMPARE(foldedTotal(run.out), c.expected);
            for (const QByteArray& line : run.out.split('\n')) {
                if (!line.isEmpty())
                    QVERIFY2(kFoldedLine.match(QString::fromUtf8(line)).hasMatch(), line.constData());
            }
        }
    }

    void separatorsInNamesAreEscapedVisibly()
    {
        QCOMPARE(memprof::foldedFrameName("a;b\nc\\d"), std::string("a\\x3bb\\nc\\\\d"));
        memprof::StackProfile stacks;
        stacks.sampleTypes = {{"space", "bytes"}};
        stacks.frames = {{"=chunk;with\nbreaks", "", 0, 0, memprof::FrameKind::Lua, false, {}},
                         {"leaf", "@x.lua", 3, 1, memprof::FrameKind::Lua, false, {}}};
        stacks.samples = {{{0, 1}, {42}}};
        std::ostringstream out;
        memprof::writeFolded(out, stacks, 0);
        QCOMPARE(out.str(), std::string("=chunk\\x3bwith\\nbreaks;@x.lua;leaf;@x.lua:3 42\n"));
    }

    void zeroValuesAreLeftOut()
    {
        memprof::StackProfile stacks;
        stacks.sampleTypes = {{"a", "count"}, {"b", "count"}};
        stacks.frames = {{"f", "", 0, 0, memprof::FrameKind::C, false, {}},
                         {"g", "", 0, 0, memprof::FrameKind::C, false, {}}};
        stacks.samples = {{{0}, {0, 5}}, {{1}, {7, 0}}};
        std::ostringstream out;
        memprof::writeFolded(out, stacks, 0);
        QCOMPARE(out.str(), std::string("g 7\n"));
    }

    void pprofNeedsAnOutputFile()
    {
        const test::ToolRun run =
            test::runTool(QStringLiteral(MEMPROF_REPORT_EXE),
                          {QStringLiteral("--export=pprof"), QStringLiteral(MEMPROF_TEST_DATA "/v3/growth.bin")});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("give the file to write with -o"), run.err.constData());
        QVERIFY(run.out.isEmpty());
    }

    void unknownFormatIsAUsageError()
    {
        const test::ToolRun run =
            test::runTool(QStringLiteral(MEMPROF_REPORT_EXE),
                          {QStringLiteral("--export=folded:peak"), QStringLiteral(MEMPROF_TEST_DATA "/v3/growth.bin")});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("unknown format 'folded:peak'"), run.err.constData());
    }
};

MEMPROF_TEST_GUILESS_MAIN(FoldedExportTest)
#include "test_folded_export.moc"
