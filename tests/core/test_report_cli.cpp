// SPDX-License-Identifier: GPL-3.0-or-later
// memprof-report as a user runs it: exit codes, messages, CSV, -o.
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {
struct Run {
    int exitCode = -1;
    QString out;
    QString err;
};

Run report(const QStringList& args)
{
    QProcess process;
    process.start(QStringLiteral(MEMPROF_REPORT_EXE), args);
    if (!process.waitForFinished(60000))
        qFatal("memprof-report did not finish");
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAllStandardOutput()), QString::fromUtf8(process.readAllStandardError())};
}

QString data(const char* relative)
{
    return QStringLiteral(MEMPROF_TEST_DATA "/") + QLatin1String(relative);
}

QString readFile(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}
} // namespace

class TestReportCli : public QObject {
    Q_OBJECT
private slots:
    void helpAndUsageErrors()
    {
        const Run help = report({"--help"});
        QCOMPARE(help.exitCode, 0);
        QVERIFY(help.out.contains("Usage: memprof-report"));
        const Run none = report({});
        QCOMPARE(none.exitCode, 2);
        QVERIFY(none.err.contains("no dump given"));
        const Run unknown = report({"--frobnicate", data("v3/leak.bin")});
        QCOMPARE(unknown.exitCode, 2);
        QVERIFY(unknown.err.contains("--frobnicate"));
        const Run badTable = report({"--csv=everything", data("v3/leak.bin")});
        QCOMPARE(badTable.exitCode, 2);
    }

    void missingFile()
    {
        const Run run = report({data("no-such.bin")});
        QCOMPARE(run.exitCode, 1);
        QVERIFY(run.err.contains("no-such.bin"));
        QVERIFY(run.err.contains("cannot open"));
        QVERIFY(run.out.isEmpty());
    }

    void brokenDumpIsOneLineWithOffset()
    {
        const Run run = report({data("corrupt/bad-version-ljm.bin")});
        QCOMPARE(run.exitCode, 1);
        QVERIFY(run.out.isEmpty());
        QCOMPARE(run.err.count('\n'), 1);
        QVERIFY(run.err.contains("bad-version-ljm.bin"));
        QVERIFY(run.err.contains("byte 123566"));
        QVERIFY(run.err.contains("version 9"));
    }

    void truncatedDumpReportsWhatWasRead()
    {
        const Run run = report({data("corrupt/trunc-mid-event.bin")});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.startsWith("ALLOCATIONS\n"));
        QVERIFY(run.out.contains("HEAP SUMMARY:"));
        QVERIFY(run.err.contains("warning"));
        QVERIFY(run.err.contains("128481"));
    }

    void reportMatchesReference()
    {
        // A dump without ties in the reference's ranking: byte-identical.
        const Run run = report({"--leak-only", data("v3/leak.bin")});
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.out, readFile(data("v3/leak.leak-only.txt")));
    }

    void csvAndOutputFile()
    {
        const Run csv = report({"--csv=allocations", data("v3/leak.bin")});
        QCOMPARE(csv.exitCode, 0);
        const QStringList lines = csv.out.split("\r\n", Qt::SkipEmptyParts);
        QCOMPARE(lines.first(), QStringLiteral("location,events,allocated_bytes,freed_bytes,net_bytes,overrides"));
        QCOMPARE(lines.size(), 1 + 5);
        QCOMPARE(lines.at(1), QStringLiteral("@leak.lua:14,3420,135069,0,135069,"));

        const Run leaks = report({"--csv=leaks", data("v3/leak.bin")});
        QVERIFY(leaks.out.startsWith("location,held_bytes,allocs,frees\r\n@leak.lua:9,131576,3010,9\r\n"));

        QTemporaryDir dir;
        const QString target = dir.filePath("out dir é.csv");
        const Run written = report({"--csv=allocations", "-o", target, data("v3/leak.bin")});
        QCOMPARE(written.exitCode, 0);
        QVERIFY(written.out.isEmpty());
        QCOMPARE(readFile(target), csv.out);
    }

    void diffOfTwoDumps()
    {
        const Run self = report({"--diff", data("v3/leak.bin"), data("v3/leak.bin")});
        QCOMPARE(self.exitCode, 0);
        QVERIFY(self.out.startsWith("DIFF (NEW - BASE)\nevents: 15887 -> 15887 (0)\n"));
        const Run csv = report({"--diff", "--csv=allocations", data("v3/leak.bin"), data("v3/freed.bin")});
        QCOMPARE(csv.exitCode, 0);
        QVERIFY(csv.out.startsWith("location,presence,base_events,new_events,delta_events,"));
        const Run one = report({"--diff", data("v3/leak.bin")});
        QCOMPARE(one.exitCode, 2);
        QVERIFY(one.err.contains("two dumps"));
        const Run broken = report({"--diff", data("v3/leak.bin"), data("corrupt/empty.bin")});
        QCOMPARE(broken.exitCode, 1);
        QVERIFY(broken.err.contains("empty.bin"));
    }

    void liveSummary()
    {
        const Run run = report({"--leak-only", "--live", data("v3/leak.bin")});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.startsWith("HEAP SUMMARY:\n"));
        QVERIFY(run.out.contains(" live blocks\n"));
    }
};

QTEST_GUILESS_MAIN(TestReportCli)
#include "test_report_cli.moc"
