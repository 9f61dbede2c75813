// SPDX-License-Identifier: GPL-3.0-or-later
// memprof-report as a user runs it: exit codes, messages, CSV, -o.
#include "tests/support/FileBytes.h"
#include "tests/support/TestSuite.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

namespace {
using test::readBytes;
using test::writeBytes;

struct Run {
    int exitCode = -1;
    QString out;
    QString err;
};

Run finish(QProcess& process)
{
    if (!process.waitForFinished(60000))
        qFatal("memprof-report did not finish");
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAllStandardOutput()), QString::fromUtf8(process.readAllStandardError())};
}

Run report(const QStringList& args)
{
    QProcess process;
    process.start(QStringLiteral(MEMPROF_REPORT_EXE), args);
    return finish(process);
}

// The file names in `dir` (a failed write must leave no temporary behind).
QStringList entries(const QTemporaryDir& dir)
{
    return QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot, QDir::Name);
}

bool isCharacterDevice(const char* path)
{
    struct stat info {};
    return ::stat(path, &info) == 0 && S_ISCHR(info.st_mode);
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

// A sysprof recording, and where its stream header ('ljp') follows the
// symbol table.
const char* const kSysprofDump = "sysprof/recursion-L-jitoff.bin";

qsizetype sysprofHeaderAt(const QByteArray& dump)
{
    const qsizetype at = dump.indexOf("ljp");
    if (at < 7 || dump.indexOf("ljp", at + 1) >= 0)
        qFatal("the sysprof fixture's stream header is not where the test expects it");
    return at;
}

// What a run on a dump broken before its kind can be told must not say:
// that it is a memprof dump (a usage error), or what a memprof reader
// expected.
void checkReadAsBroken(const Run& run, const QString& what)
{
    QVERIFY2(run.exitCode != 2, qPrintable(what + ": " + run.err));
    QVERIFY2(!run.err.contains("is a memprof dump"), qPrintable(what + ": " + run.err));
    QVERIFY2(!run.err.contains("expected 'ljm'"), qPrintable(what + ": " + run.err));
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

    // Damage in the middle is a broken dump, as in the viewer: exit 1 and
    // the cause with its offset, no report of a part.
    void damagedDumpIsBroken()
    {
        const Run run = report({data("hostile/huge-string-midstream.bin")});
        QCOMPARE(run.exitCode, 1);
        QCOMPARE(run.out, QString());
        QVERIFY2(run.err.contains("byte 7038"), qPrintable(run.err));
        QVERIFY2(run.err.contains("damaged"), qPrintable(run.err));
        QVERIFY2(!run.err.contains("warning"), qPrintable(run.err));
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
        // leak.lua beside the dump names each location's function.
        QCOMPARE(lines.first(),
                 QStringLiteral("location,function,events,allocated_bytes,freed_bytes,net_bytes,overrides"));
        QCOMPARE(lines.size(), 1 + 5);
        QCOMPARE(lines.at(1), QStringLiteral("@leak.lua:14,scratch,3420,135069,0,135069,"));

        const Run leaks = report({"--csv=leaks", data("v3/leak.bin")});
        QVERIFY(leaks.out.startsWith(
            "location,function,summary_bytes,allocs,frees\r\n@leak.lua:9,remember,131576,3010,9\r\n"));

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

    void outputThatIsTheInputIsRefused()
    {
        QTemporaryDir dir;
        const QString dump = dir.filePath("in.bin");
        const QByteArray original = readBytes(data("v3/leak.bin"));
        writeBytes(dump, original);
        const QString link = dir.filePath("link.bin");
        QVERIFY(QFile::link(dump, link));
        for (const QStringList& args :
             {QStringList{"-o", dump, dump}, QStringList{"-o", link, dump}, QStringList{"--output=" + dump, link},
              QStringList{"--diff", "-o", dump, data("v3/leak.bin"), dump}}) {
            const Run run = report(args);
            QCOMPARE(run.exitCode, 2);
            QVERIFY2(run.err.contains("over its input"), qPrintable(run.err));
            QCOMPARE(readBytes(dump), original);
        }
        // Standard output redirected onto the dump (`>>` keeps its bytes).
        QProcess appending;
        appending.setStandardOutputFile(dump, QIODevice::Append);
        appending.start(QStringLiteral(MEMPROF_REPORT_EXE), {dump});
        QCOMPARE(finish(appending).exitCode, 2);
        QCOMPARE(readBytes(dump), original);
    }

    void failedWriteKeepsTheOldFile()
    {
        // A file-size limit makes write() fail part-way, as a full disk does.
        QTemporaryDir dir;
        const QString target = dir.filePath("report.txt");
        writeBytes(target, "the old report\n");
        QProcess process;
        process.setChildProcessModifier([] {
            std::signal(SIGXFSZ, SIG_IGN);
            const rlimit limit{4096, 4096};
            ::setrlimit(RLIMIT_FSIZE, &limit);
        });
        process.start(QStringLiteral(MEMPROF_REPORT_EXE), {"-o", target, data("v3/medium.bin")});
        const Run run = finish(process);
        QCOMPARE(run.exitCode, 3);
        QVERIFY2(run.err.contains("cannot write " + target + ": File too large"), qPrintable(run.err));
        QCOMPARE(readBytes(target), QByteArray("the old report\n"));
        QCOMPARE(entries(dir), QStringList{"report.txt"});
        // The same report without the limit is larger than the limit.
        QVERIFY(report({data("v3/medium.bin")}).out.size() > 4096);
    }

    void failedWriteToStandardOutput()
    {
        QProcess process;
        process.setStandardOutputFile(QStringLiteral("/dev/full"));
        process.start(QStringLiteral(MEMPROF_REPORT_EXE), {data("v3/leak.bin")});
        const Run run = finish(process);
        QCOMPARE(run.exitCode, 3);
        QVERIFY2(run.err.contains("cannot write the report to standard output: No space left on device"),
                 qPrintable(run.err));
        const Run help = report({"--help"});
        QVERIFY(help.out.contains("3 when the report\ncould not be written"));
    }

    void devicesAndFifosAreWrittenInPlace()
    {
        // A null device of our own (as root), so that a regression replaces
        // it and not the system's /dev/null.
        QTemporaryDir dir;
        const QByteArray null = QFile::encodeName(dir.filePath("null"));
        const QByteArray device = ::mknod(null.constData(), S_IFCHR | 0666, makedev(1, 3)) == 0 ? null : "/dev/null";
        const Run toNull = report({"-o", QFile::decodeName(device), data("v3/leak.bin")});
        QCOMPARE(toNull.exitCode, 0);
        QVERIFY(isCharacterDevice(device.constData()));
        if (device == null)
            QVERIFY(QFile::remove(QFile::decodeName(null)));

        // -o /dev/stderr writes to descriptor 2, whatever file it is.
        const QString errors = dir.filePath("errors.txt");
        QProcess process;
        process.setStandardErrorFile(errors);
        process.start(QStringLiteral(MEMPROF_REPORT_EXE), {"--leak-only", "-o", "/dev/stderr", data("v3/leak.bin")});
        QCOMPARE(finish(process).exitCode, 0);
        QCOMPARE(QString::fromUtf8(readBytes(errors)), readFile(data("v3/leak.leak-only.txt")));
        QCOMPARE(entries(dir), QStringList{"errors.txt"});

        // A FIFO stays a FIFO, and its reader gets the report.
        const QString fifo = dir.filePath("report.fifo");
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        QProcess reader;
        reader.start(QStringLiteral("cat"), {fifo});
        QVERIFY(reader.waitForStarted());
        const Run written = report({"--leak-only", "-o", fifo, data("v3/leak.bin")});
        QCOMPARE(written.exitCode, 0);
        QCOMPARE(finish(reader).out, readFile(data("v3/leak.leak-only.txt")));
        struct stat info {};
        QCOMPARE(::stat(QFile::encodeName(fifo).constData(), &info), 0);
        QVERIFY(S_ISFIFO(info.st_mode));

        const Run toDirectory = report({"-o", dir.path(), data("v3/leak.bin")});
        QCOMPARE(toDirectory.exitCode, 3);
        QVERIFY(toDirectory.err.contains("is a directory"));
    }

    void dashReadsStandardInput()
    {
        const Run fromFile = report({"--leak-only", data("v3/leak.bin")});
        // Redirected from a file, and through a pipe.
        QProcess redirected;
        redirected.setStandardInputFile(data("v3/leak.bin"));
        redirected.start(QStringLiteral(MEMPROF_REPORT_EXE), {"--leak-only", "-"});
        QCOMPARE(finish(redirected).out, fromFile.out);
        QProcess piped;
        piped.start(QStringLiteral(MEMPROF_REPORT_EXE), {"--leak-only", "-"});
        QVERIFY(piped.waitForStarted());
        piped.write(readBytes(data("v3/leak.bin")));
        piped.closeWriteChannel();
        const Run run = finish(piped);
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.out, fromFile.out);
        // A broken dump on standard input is named as such.
        QProcess broken;
        broken.setStandardInputFile(data("corrupt/bad-version-ljm.bin"));
        broken.start(QStringLiteral(MEMPROF_REPORT_EXE), {"-"});
        const Run failed = finish(broken);
        QCOMPARE(failed.exitCode, 1);
        QVERIFY2(failed.err.startsWith("memprof-report: standard input: byte 123566"), qPrintable(failed.err));
    }

    void contradictoryOptionsAreRejected_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("named");
        const QString dump = data("v3/leak.bin");
        QTest::newRow("peak and live") << QStringList{"--peak", "--live", dump} << "--peak and --live";
        QTest::newRow("csv and leak-only") << QStringList{"--csv=allocations", "--leak-only", dump} << "--leak-only";
        QTest::newRow("csv and human") << QStringList{"--human-readable", "--csv=leaks", dump} << "--human-readable";
        QTest::newRow("csv and live") << QStringList{"--csv=leaks", "--live", dump} << "--live";
        QTest::newRow("two tables") << QStringList{"--csv=leaks", "--csv=frees", dump} << "give one table";
        QTest::newRow("two outputs") << QStringList{"-o", "a.txt", "-o", "b.txt", dump} << "two output files";
        QTest::newRow("empty output") << QStringList{"-o", "", dump} << "output file name is empty";
        QTest::newRow("empty output=") << QStringList{"--output=", dump} << "output file name is empty";
        QTest::newRow("diff and peak") << QStringList{"--diff", "--peak", dump, dump} << "--peak";
        QTest::newRow("diff and leak-only") << QStringList{"--diff", "--leak-only", dump, dump} << "--leak-only";
    }

    void contradictoryOptionsAreRejected()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, named);
        const Run run = report(args);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains(named), qPrintable(run.err));
        QVERIFY(run.out.isEmpty());
    }

    void otherFilesAreNotDumps()
    {
        // /proc files report no size but have content: it is read, and it is
        // not a dump.
        const Run run = report({"/proc/cpuinfo"});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains("/proc/cpuinfo: byte 0: bad magic: not a memprof dump"), qPrintable(run.err));
        const Run zero = report({"/dev/zero"});
        QCOMPARE(zero.exitCode, 1);
        QVERIFY2(zero.err.contains("not a memprof dump"), qPrintable(zero.err));
        const Run directory = report({QStringLiteral(MEMPROF_TEST_DATA)});
        QCOMPARE(directory.exitCode, 1);
        QVERIFY2(directory.err.contains("is a directory"), qPrintable(directory.err));
        QCOMPARE(directory.err.count("read error"), 1);
    }

    // A sysprof dump whose symbol table is damaged is a broken dump, not a
    // memprof one: exit 1, the byte, and both stream headers named, whatever
    // the options.
    void sysprofWithDamagedSymbolTableIsBroken()
    {
        QByteArray dump = readBytes(data(kSysprofDump));
        // The first entry's header made an end marker: the table "ends"
        // at byte 8, where no stream header is.
        QCOMPARE(dump.at(7), char(0x00));
        dump[7] = char(0x80);
        QTemporaryDir dir;
        const QString damaged = dir.filePath("damaged.bin");
        writeBytes(damaged, dump);
        for (const QStringList& options : {QStringList{}, QStringList{"--summary"}}) {
            const Run run = report(options + QStringList{damaged});
            QCOMPARE(run.exitCode, 1);
            QVERIFY(run.out.isEmpty());
            QCOMPARE(run.err.count('\n'), 1);
            QVERIFY2(run.err.startsWith("memprof-report: " + damaged + ": byte 8: "), qPrintable(run.err));
            QVERIFY2(run.err.contains("'ljm' (memprof)"), qPrintable(run.err));
            QVERIFY2(run.err.contains("'ljp' (sysprof)"), qPrintable(run.err));
            checkReadAsBroken(run, options.join(' '));
        }
    }

    // A symbol table that stops being readable (here the file ends inside
    // its first entry's chunk name) is named with where it stops.
    void sysprofSymbolTableStopsBeingReadable()
    {
        QTemporaryDir dir;
        const QString cut = dir.filePath("cut.bin");
        writeBytes(cut, readBytes(data(kSysprofDump)).left(20));
        const Run run = report({"--summary", cut});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains("the symbol table stops being readable at byte 7"), qPrintable(run.err));
        QVERIFY2(run.err.contains("'ljm'") && run.err.contains("'ljp'"), qPrintable(run.err));
        checkReadAsBroken(run, "cut at byte 20");
    }

    // Bytes across a sysprof dump's symbol table and stream header, each
    // with its top bit flipped (a header becomes an end marker, a ULEB128
    // runs on): none reads as a memprof dump, with or without a sysprof
    // option.
    void sysprofMutationsAreNeverMemprof()
    {
        const QByteArray intact = readBytes(data(kSysprofDump));
        const qsizetype header = sysprofHeaderAt(intact);
        QList<qsizetype> offsets;
        constexpr int kSteps = 24;
        for (int k = 0; k <= kSteps; ++k)
            offsets << 7 + k * (header - 7) / kSteps;
        offsets << header << header + 1 << header + 2;
        QTemporaryDir dir;
        const QString mutated = dir.filePath("mutated.bin");
        for (const qsizetype at : offsets) {
            QByteArray dump = intact;
            dump[at] = char(dump.at(at) ^ 0x80);
            writeBytes(mutated, dump);
            for (const QStringList& options : {QStringList{}, QStringList{"--summary"}}) {
                const Run run = report(options + QStringList{mutated});
                checkReadAsBroken(run, QString("byte %1 flipped %2").arg(at).arg(options.join(' ')));
                if (QTest::currentTestFailed())
                    return;
                if (run.exitCode == 1)
                    QVERIFY2(run.err.contains("'ljm'") && run.err.contains("'ljp'"), qPrintable(run.err));
            }
        }
    }

    void liveSummary()
    {
        const Run run = report({"--leak-only", "--live", data("v3/leak.bin")});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.startsWith("HEAP SUMMARY:\n"));
        QVERIFY(run.out.contains(" live blocks\n"));
    }
};

MEMPROF_TEST_GUILESS_MAIN(TestReportCli)
#include "test_report_cli.moc"
