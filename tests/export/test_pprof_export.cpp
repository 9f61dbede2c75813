// SPDX-License-Identifier: GPL-3.0-or-later
// --export=pprof read by the real `go tool pprof`: every sample type adds
// up to the report's figures, and the largest holder comes first.
#include "tests/export/ExportFixtures.h"

#include "model/memprofile/ProfileLoader.h"
#include "model/memprofile/ProfileRanking.h"
#include "tests/support/TestSuite.h"

#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

class PprofExportTest : public QObject {
    Q_OBJECT

    QString go_;
    QTemporaryDir home_;
    QProcessEnvironment environment_ = QProcessEnvironment::systemEnvironment();

private slots:
    void initTestCase()
    {
        go_ = QStandardPaths::findExecutable(QStringLiteral("go"));
        if (go_.isEmpty())
            QSKIP(
                "go is not installed (Debian golang-go, in the Makefile's deps): go tool pprof cannot read the "
                "exports");
        QVERIFY(home_.isValid());
        // CI runs as root with no Go cache: keep go's caches in a temporary home.
        environment_.insert(QStringLiteral("HOME"), home_.path());
        environment_.insert(QStringLiteral("GOCACHE"), home_.filePath(QStringLiteral("gocache")));
        environment_.insert(QStringLiteral("GOTOOLCHAIN"), QStringLiteral("local"));
        environment_.insert(QStringLiteral("GOPROXY"), QStringLiteral("off"));
    }

    void totalsEqualTheReport_data() { test::addFixtureRows(); }
    void totalsEqualTheReport()
    {
        QFETCH(QString, dump);
        const QString exported = home_.filePath(QStringLiteral("profile.pb.gz"));
        const test::ToolRun made =
            test::runTool(QStringLiteral(MEMPROF_REPORT_EXE),
                          {QStringLiteral("--export=pprof"), QStringLiteral("-o"), exported, dump});
        QCOMPARE(made.exitCode, 0);
        const test::ToolRun raw = test::runTool(
            go_, {QStringLiteral("tool"), QStringLiteral("pprof"), QStringLiteral("-raw"), exported}, environment_);
        QVERIFY2(raw.exitCode == 0, raw.err.constData());
        QVERIFY2(raw.out.contains("alloc_objects/count alloc_space/bytes inuse_objects/count inuse_space/bytes"),
                 raw.out.constData());
        QVERIFY(raw.out.contains("PeriodType: space bytes"));

        const memprof::Profile profile = memprof::loadProfile(dump.toStdString(), {}, nullptr, {});
        const test::ProfileFigures figures = test::figuresOf(profile);
        const std::vector<std::int64_t> totals = test::rawTotals(raw.out, 4);
        QCOMPARE(totals[0], figures.allocEvents);
        QCOMPARE(totals[1], figures.allocBytes);
        QCOMPARE(totals[2], figures.heldBlocks);
        QCOMPARE(totals[3], figures.heldBytes);
    }

    // pprof's default view, by line, names the report's largest holder first:
    // its function (named by growth.lua beside the dump) and its line.
    void largestHolderComesFirst()
    {
        const QString dump = QStringLiteral(MEMPROF_TEST_DATA "/v3/growth.bin");
        const QString exported = home_.filePath(QStringLiteral("growth.pb.gz"));
        QCOMPARE(test::runTool(QStringLiteral(MEMPROF_REPORT_EXE),
                               {QStringLiteral("--export=pprof"), QStringLiteral("-o"), exported, dump})
                     .exitCode,
                 0);
        const test::ToolRun top =
            test::runTool(go_,
                          {QStringLiteral("tool"), QStringLiteral("pprof"), QStringLiteral("-top"),
                           QStringLiteral("-lines"), QStringLiteral("-sample_index=inuse_space"), exported},
                          environment_);
        QVERIFY2(top.exitCode == 0, top.err.constData());
        const memprof::Profile profile = memprof::loadProfile(dump.toStdString(), {}, nullptr, {});
        const std::vector<memprof::HeldByName> held = memprof::rankHeldByName(profile);
        QVERIFY(held.size() >= 2 && held[0].heldBytes > held[1].heldBytes);
        const QList<QByteArray> lines = top.out.split('\n');
        const auto header = std::find_if(lines.begin(), lines.end(),
                                         [](const QByteArray& line) { return line.trimmed().startsWith("flat"); });
        QVERIFY(header != lines.end() && header + 1 != lines.end());
        const QByteArray first = (header + 1)->trimmed();
        QCOMPARE(held[0].name, std::string("@growth.lua:18"));
        QVERIFY2(first.endsWith(" take_token growth.lua:18"), first.constData());
        QVERIFY(top.out.contains("Type: inuse_space"));
    }
};

MEMPROF_TEST_GUILESS_MAIN(PprofExportTest)
#include "test_pprof_export.moc"
