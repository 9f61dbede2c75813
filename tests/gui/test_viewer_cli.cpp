// SPDX-License-Identifier: GPL-3.0-or-later
// memprof-viewer's command line as scripts use it: --screenshot on a dump
// that cannot be opened exits with an error at once, --size is bounded, and
// --range counts a window first (or says why it is not one).
#include "tests/support/TestSuite.h"
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

namespace {
struct Run {
    int exitCode = -1;
    qint64 milliseconds = 0;
    QString err;
};

Run viewer(const QStringList& args)
{
    QProcess process;
    QElapsedTimer clock;
    clock.start();
    process.start(QStringLiteral(MEMPROF_VIEWER_EXE), args);
    if (!process.waitForFinished(30000)) {
        process.kill();
        process.waitForFinished();
        return {-2, clock.elapsed(), QStringLiteral("did not exit within 30 s")};
    }
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1, clock.elapsed(),
            QString::fromUtf8(process.readAllStandardError())};
}

QString fixture(const char* relative)
{
    return QStringLiteral(MEMPROF_TEST_DATA "/") + QLatin1String(relative);
}
} // namespace

class TestViewerCli : public QObject {
    Q_OBJECT
private slots:
    void screenshotOfAnUnopenableDumpExits_data()
    {
        QTest::addColumn<QStringList>("dumps");
        QTest::addColumn<QString>("named");
        static QTemporaryDir dir;
        const QString empty = dir.filePath("empty.bin");
        QFile(empty).open(QIODevice::WriteOnly);
        const QString fifo = dir.filePath("unfed.fifo");
        ::mkfifo(QFile::encodeName(fifo).constData(), 0600);
        QTest::newRow("empty") << QStringList{empty} << "empty.bin";
        QTest::newRow("missing") << QStringList{dir.filePath("missing.bin")} << "missing.bin";
        QTest::newRow("directory") << QStringList{dir.path()} << dir.path();
        QTest::newRow("fifo without writer") << QStringList{fifo} << "unfed.fifo";
        QTest::newRow("/dev/zero") << QStringList{"/dev/zero"} << "/dev/zero";
        QTest::newRow("diff, base missing")
            << QStringList{"--diff", dir.filePath("missing.bin"), fixture("v3/leak.bin")} << "missing.bin";
        QTest::newRow("diff, new missing")
            << QStringList{"--diff", fixture("v3/leak.bin"), dir.filePath("missing.bin")} << "missing.bin";
        QTest::newRow("diff, directory") << QStringList{"--diff", dir.path(), fixture("v3/leak.bin")} << dir.path();
    }

    void screenshotOfAnUnopenableDumpExits()
    {
        QFETCH(QStringList, dumps);
        QFETCH(QString, named);
        QTemporaryDir out;
        const QString png = out.filePath("shot.png");
        const Run run = viewer(QStringList{"--screenshot", png} + dumps);
        QVERIFY2(run.exitCode > 0, qPrintable(run.err));
        QVERIFY2(run.err.contains(named), qPrintable(run.err));
        QVERIFY(!QFile::exists(png));
        qInfo("exited with %d after %lld ms", run.exitCode, run.milliseconds);
    }

    void screenshotSizeIsBounded_data()
    {
        QTest::addColumn<QString>("size");
        QTest::newRow("100000x100000") << "100000x100000";
        QTest::newRow("16385x100") << "16385x100";
        QTest::newRow("100x16385") << "100x16385";
        QTest::newRow("0x100") << "0x100";
        QTest::newRow("-5x100") << "-5x100";
        QTest::newRow("wide") << "wide";
    }

    void screenshotSizeIsBounded()
    {
        QFETCH(QString, size);
        QTemporaryDir out;
        const QString png = out.filePath("shot.png");
        const Run run = viewer({"--screenshot", png, "--size", size, fixture("v3/leak.bin")});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("--size"), qPrintable(run.err));
        QVERIFY2(run.err.contains("16384"), qPrintable(run.err));
        QVERIFY(!QFile::exists(png));
    }

    // A window of events in a memprof dump, a range of samples in a sysprof one.
    void screenshotOfAWindow_data()
    {
        QTest::addColumn<QString>("dump");
        QTest::newRow("memprof") << fixture("v3/growth.bin");
        QTest::newRow("sysprof") << fixture("sysprof/coroutines-C-jitoff.bin");
    }
    void screenshotOfAWindow()
    {
        QFETCH(QString, dump);
        QTemporaryDir out;
        const QString png = out.filePath("window.png");
        const Run run = viewer({"--screenshot", png, "--size", "900x600", "--range", "20%:60%", dump});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QVERIFY(QFile::exists(png));
        for (const char* range : {"9:2", "1:999999999", "abc"}) {
            const QString bad = out.filePath("bad.png");
            const Run refused = viewer({"--screenshot", bad, "--range", range, dump});
            QVERIFY2(refused.exitCode == 2,
                     qPrintable(QStringLiteral("exit %1: %2").arg(refused.exitCode).arg(refused.err)));
            QVERIFY2(refused.err.contains("--range"), qPrintable(refused.err));
            QVERIFY(!QFile::exists(bad));
        }
    }

    // A refused --range exits while the window's background jobs (the window
    // index, the function names) are still reading the dump: they stop
    // before the process's globals go, and emit nothing into a torn-down Qt.
    void exitWhileJobsRunStopsThem()
    {
        QTemporaryDir out;
        for (int attempt = 0; attempt < 3; ++attempt) {
            const QString bad = out.filePath("bad.png");
            const Run refused = viewer({"--screenshot", bad, "--range", "abc", QStringLiteral(MEMPROF_SAMPLE_DUMP)});
            QVERIFY2(refused.exitCode == 2,
                     qPrintable(QStringLiteral("exit %1: %2").arg(refused.exitCode).arg(refused.err)));
            QVERIFY2(!refused.err.contains("invalid type"), qPrintable(refused.err));
            QVERIFY2(!refused.err.contains("Destroyed while thread"), qPrintable(refused.err));
        }
    }
};

MEMPROF_TEST_GUILESS_MAIN(TestViewerCli)
#include "test_viewer_cli.moc"
