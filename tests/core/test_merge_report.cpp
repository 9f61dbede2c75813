// SPDX-License-Identifier: GPL-3.0-or-later
// memprof-report --merge as a user runs it: the merged report is the sum of
// the dumps' reference reports, row by row by name; dumps of two kinds are
// refused, a broken dump among several is named and left out; --csv writes
// a line per row and dump; sysprof stacks sum by their names; a folder
// stands for the dumps in it.
#include "model/memprofile/ProfileLoader.h"
#include "model/merge/MatchName.h"
#include "tests/support/TestSuite.h"

#include <QDir>
#include <QFile>
#include <QMap>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace memprof;

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
    if (!process.waitForFinished(120000))
        qFatal("memprof-report did not finish");
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAllStandardOutput()), QString::fromUtf8(process.readAllStandardError())};
}

QString data(const QString& relative)
{
    return QStringLiteral(MEMPROF_TEST_DATA "/") + relative;
}

QString readFile(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return QString::fromUtf8(file.readAll());
}

QString matchName(const QString& name)
{
    return QString::fromStdString(withoutLoadAddress(name.toStdString()));
}

// A report's rows, as its text says them, by section and name (the
// address of a native symbol left out): events, allocated and freed bytes
// summed over the rows of one name, and the names of their Overrides.
struct Row {
    qint64 events = 0, allocated = 0, freed = 0;
    QStringList overrides;
    bool operator==(const Row& other) const
    {
        return events == other.events && allocated == other.allocated && freed == other.freed &&
               overrides == other.overrides;
    }
};
using Rows = QMap<QString, QMap<QString, Row>>;

Rows rowsOf(const QString& text)
{
    static const QRegularExpression rowLine(QStringLiteral("^(.*): (\\d+) events\\t\\+(\\d+)B\\t-(\\d+)B$"));
    Rows rows;
    QString section;
    Row* current = nullptr;
    for (const QString& line : text.split('\n')) {
        if (line == "ALLOCATIONS" || line == "REALLOCATIONS" || line == "DEALLOCATIONS") {
            section = line;
            current = nullptr;
        } else if (line.startsWith("HEAP SUMMARY") || line.startsWith("ALIASES")) {
            section.clear();
            current = nullptr;
        } else if (section.isEmpty()) {
            continue;
        } else if (const auto m = rowLine.match(line); m.hasMatch()) {
            current = &rows[section][matchName(m.captured(1))];
            current->events += m.captured(2).toLongLong();
            current->allocated += m.captured(3).toLongLong();
            current->freed += m.captured(4).toLongLong();
        } else if (line.startsWith("\t\t") && current) {
            const QString name = matchName(line.mid(2));
            if (!current->overrides.contains(name)) {
                current->overrides << name;
                current->overrides.sort();
            }
        }
    }
    return rows;
}

Rows sumOf(const QList<Rows>& reports)
{
    Rows sum;
    for (const Rows& one : reports)
        for (auto section = one.begin(); section != one.end(); ++section)
            for (auto row = section->begin(); row != section->end(); ++row) {
                Row& into = sum[section.key()][row.key()];
                into.events += row->events;
                into.allocated += row->allocated;
                into.freed += row->freed;
                for (const QString& name : row->overrides)
                    if (!into.overrides.contains(name))
                        into.overrides << name;
                into.overrides.sort();
            }
    return sum;
}

// The HEAP SUMMARY lines: name -> "bytes allocs frees".
QMap<QString, QString> heapSummaryOf(const QString& text)
{
    static const QRegularExpression line(QStringLiteral("^(.*) holds (\\d+)B: (\\d+) allocs, (\\d+) frees$"));
    QMap<QString, QString> summary;
    bool in = false;
    for (const QString& l : text.split('\n')) {
        if (l == "HEAP SUMMARY:")
            in = true;
        else if (l.isEmpty())
            in = false;
        else if (const auto m = line.match(l); in && m.hasMatch())
            summary[m.captured(1)] = m.captured(2) + " " + m.captured(3) + " " + m.captured(4);
    }
    return summary;
}

QStringList v3Dumps()
{
    QStringList dumps;
    for (const QString& name : QDir(data("v3")).entryList({"*.bin"}, QDir::Files, QDir::Name))
        dumps << data("v3/" + name);
    return dumps;
}

// The reference lines of a sysprof report, by stack (native symbols
// without their addresses), counts summed, each `times` over.
QMap<QString, qint64> stacksOf(const QString& text, qint64 times = 1)
{
    QMap<QString, qint64> stacks;
    for (const QString& line : text.split('\n', Qt::SkipEmptyParts)) {
        const qsizetype tab = line.lastIndexOf('\t');
        QStringList frames = line.left(tab).split(';');
        for (QString& frame : frames)
            frame = matchName(frame);
        stacks[frames.join(';')] += times * line.mid(tab + 1).toLongLong();
    }
    return stacks;
}

const QStringList kSysprofDumps = {"sysprof/recursion-C-jitoff.bin", "sysprof/coroutines-C-jitoff.bin",
                                   "sysprof/modules-L-jiton.bin", "sysprof/jit-loops-L-jiton.bin"};

} // namespace

class TestMergeReport : public QObject {
    Q_OBJECT
private slots:
    void mergeIsTheSumOfTheReferenceReports()
    {
        const QStringList dumps = v3Dumps();
        QList<Rows> references;
        for (const QString& dump : dumps)
            references << rowsOf(readFile(QString(dump).replace(".bin", ".report.txt")));
        const Run merged = report(QStringList{"--merge"} + dumps);
        QCOMPARE(merged.exitCode, 0);
        QVERIFY2(merged.err.isEmpty(), qPrintable(merged.err));
        const Rows expected = sumOf(references);
        const Rows actual = rowsOf(merged.out);
        QCOMPARE(actual.keys(), expected.keys());
        for (const QString& section : expected.keys()) {
            QCOMPARE(actual[section].keys(), expected[section].keys());
            for (const QString& name : expected[section].keys())
                QVERIFY2(actual[section][name] == expected[section][name], qPrintable(section + ": " + name));
        }
        // The HEAP SUMMARY: each dump's net per name (negative ones too,
        // which the reports leave out), summed, listed where positive.
        QMap<QString, std::tuple<qint64, quint64, quint64>> sum;
        for (const QString& dump : dumps)
            for (const HeapSummaryRow& row : loadProfile(dump.toStdString()).heapSummary) {
                auto& [bytes, allocs, frees] = sum[matchName(QString::fromStdString(row.name))];
                bytes += row.summaryBytes;
                allocs += row.allocCount;
                frees += row.freeCount;
            }
        QMap<QString, QString> expectedSummary;
        for (auto it = sum.begin(); it != sum.end(); ++it)
            if (std::get<0>(*it) > 0)
                expectedSummary[it.key()] = QString::number(std::get<0>(*it)) + " " +
                                            QString::number(std::get<1>(*it)) + " " + QString::number(std::get<2>(*it));
        QCOMPARE(heapSummaryOf(merged.out), expectedSummary);
    }

    void selfMergeDoublesTheReport()
    {
        const QString dump = data("v3/medium.bin");
        const Run merged = report({"--merge", dump, dump});
        QCOMPARE(merged.exitCode, 0);
        const Rows once = rowsOf(readFile(data("v3/medium.report.txt")));
        QCOMPARE(rowsOf(merged.out), sumOf({once, once}));
        QMap<QString, QString> doubled;
        const QMap<QString, QString> summary = heapSummaryOf(readFile(data("v3/medium.report.txt")));
        for (auto it = summary.begin(); it != summary.end(); ++it) {
            const QStringList f = it->split(' ');
            doubled[it.key()] = QString::number(2 * f[0].toLongLong()) + " " + QString::number(2 * f[1].toLongLong()) +
                                " " + QString::number(2 * f[2].toLongLong());
        }
        QCOMPARE(heapSummaryOf(merged.out), doubled);
    }

    void mixedKindsAreRefused()
    {
        const Run run = report({"--merge", data("v3/leak.bin"), data("sysprof/recursion-L-jitoff.bin")});
        QCOMPARE(run.exitCode, 2);
        QVERIFY(run.out.isEmpty());
        QVERIFY2(run.err.contains("recursion-L-jitoff.bin is a sysprof dump"), qPrintable(run.err));
        QVERIFY2(run.err.contains("leak.bin a memprof dump"), qPrintable(run.err));
    }

    void brokenDumpIsNamedAndTheRestMerged()
    {
        const QString broken = data("corrupt/bad-version-ljm.bin");
        const Run run = report({"--merge", data("v3/leak.bin"), broken, data("v3/growth.bin")});
        QCOMPARE(run.exitCode, 0);
        // Which, and where: the message of a report of that dump alone.
        const Run alone = report({broken});
        QCOMPARE(alone.exitCode, 1);
        QVERIFY2(run.err.contains(alone.err.trimmed()), qPrintable(run.err));
        QVERIFY2(run.err.contains("warning: " + broken + " is left out of the merge: the report is of 2 of 3 dumps"),
                 qPrintable(run.err));
        const Run rest = report({"--merge", data("v3/leak.bin"), data("v3/growth.bin")});
        QCOMPARE(run.out, rest.out);
        const Run none = report({"--merge", broken, data("corrupt/empty.bin")});
        QCOMPARE(none.exitCode, 1);
        QVERIFY(none.out.isEmpty());
        QVERIFY2(none.err.contains("none of the 2 dumps could be read"), qPrintable(none.err));
    }

    void cutDumpMergesWithAWarning()
    {
        const QString cut = data("corrupt/trunc-mid-event.bin");
        const Run run = report({"--merge", data("v3/leak.bin"), cut});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.err.contains("warning: " + cut), qPrintable(run.err));
        QVERIFY(!run.err.contains("left out"));
        QVERIFY(run.out.contains("ALLOCATIONS"));
    }

    void unsupportedCombinationsAreRefused_data()
    {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<QString>("named");
        QTest::newRow("diff") << QStringList{"--diff"} << "--diff";
        QTest::newRow("range") << QStringList{"--range=1:10"} << "--range=1:10";
        QTest::newRow("peak") << QStringList{"--peak"} << "--peak";
        QTest::newRow("suspects") << QStringList{"--suspects"} << "--suspects";
        QTest::newRow("history") << QStringList{"--csv=history"} << "--csv=history";
        QTest::newRow("dhat") << QStringList{"--export=dhat"} << "--export=dhat";
    }

    void unsupportedCombinationsAreRefused()
    {
        QFETCH(QStringList, options);
        QFETCH(QString, named);
        const Run run =
            report(QStringList{"--merge"} + options + QStringList{data("v3/leak.bin"), data("v3/growth.bin")});
        QCOMPARE(run.exitCode, 2);
        QVERIFY(run.out.isEmpty());
        QVERIFY2(run.err.contains(named), qPrintable(run.err));
        QVERIFY2(run.err.contains("--merge"), qPrintable(run.err));
        const Run stdinRun = report({"--merge", data("v3/leak.bin"), "-"});
        QCOMPARE(stdinRun.exitCode, 2);
        QVERIFY(stdinRun.err.contains("standard input"));
    }

    void csvHasALinePerRowAndInstance()
    {
        const QString leak = data("v3/leak.bin");
        const QString growth = data("v3/growth.bin");
        const Run merged = report({"--merge", leak, growth});
        const Rows rows = rowsOf(merged.out);
        const Run csv = report({"--merge", "--csv=allocations", leak, growth});
        QCOMPARE(csv.exitCode, 0);
        QStringList lines = csv.out.split("\r\n", Qt::SkipEmptyParts);
        // The sources beside the dumps name their functions: a function
        // column, then the instance.
        QCOMPARE(lines.takeFirst(),
                 QString("location,function,instance,events,allocated_bytes,freed_bytes,net_bytes,overrides"));
        // Each instance's lines are that dump's own rows; together, the merged rows.
        QMap<QString, Row> sum;
        QMap<QString, QMap<QString, Row>> byInstance;
        for (const QString& line : lines) {
            // Names here hold no comma or quote.
            const QStringList f = line.split(',');
            QVERIFY2(f[2] == "leak.bin" || f[2] == "growth.bin", qPrintable(line));
            Row& row = sum[f[0]];
            row.events += f[3].toLongLong();
            row.allocated += f[4].toLongLong();
            row.freed += f[5].toLongLong();
            byInstance[f[2]][f[0]].events += f[3].toLongLong();
        }
        const QMap<QString, Row> allocations = rows.value("ALLOCATIONS");
        QVERIFY(!allocations.isEmpty());
        for (auto it = allocations.cbegin(); it != allocations.cend(); ++it) {
            QCOMPARE(sum.value(it.key()).events, it->events);
            QCOMPARE(sum.value(it.key()).allocated, it->allocated);
        }
        QCOMPARE(sum.size(), allocations.size());
        const QMap<QString, Row> leakAlone = rowsOf(report({leak}).out).value("ALLOCATIONS");
        const QMap<QString, Row> leakShares = byInstance.value("leak.bin");
        QCOMPARE(leakShares.size(), leakAlone.size());
        for (auto it = leakAlone.cbegin(); it != leakAlone.cend(); ++it)
            QCOMPARE(leakShares.value(it.key()).events, it->events);
        // The held and HEAP SUMMARY tables are broken down too.
        const Run live = report({"--merge", "--csv=live", leak, growth});
        QVERIFY2(live.out.startsWith("location,function,instance,held_bytes,live_blocks\r\n"), qPrintable(live.out));
        const Run leaks = report({"--merge", "--csv=leaks", leak, growth});
        QVERIFY2(leaks.out.startsWith("location,function,instance,summary_bytes,allocs,frees\r\n"),
                 qPrintable(leaks.out));
        QVERIFY(leaks.out.contains(",leak.bin,"));
    }

    // A dump merged with itself: each table's lines are the dump's own
    // lines once per instance, with the dump's own figures (not the sums).
    void csvOfASelfMergeRepeatsTheDumpsLines_data()
    {
        QTest::addColumn<QString>("table");
        for (const char* table : {"allocations", "reallocations", "frees", "leaks", "live"})
            QTest::newRow(table) << QString::fromLatin1(table);
    }

    void csvOfASelfMergeRepeatsTheDumpsLines()
    {
        QFETCH(QString, table);
        const QString dump = data("v3/medium.bin");
        const Run alone = report({"--csv=" + table, dump});
        const Run merged = report({"--merge", "--csv=" + table, dump, dump});
        QCOMPARE(merged.exitCode, 0);
        QStringList expected;
        const QStringList aloneLines = alone.out.split("\r\n", Qt::SkipEmptyParts);
        QVERIFY(aloneLines.size() > 1);
        // The instance column comes after the location and the function.
        const int at = aloneLines[0].startsWith("location,function,") ? 2 : 1;
        for (const QString& instance : {QStringLiteral("medium.bin"), QStringLiteral("medium.bin #2")})
            for (const QString& line : aloneLines) {
                QStringList fields = line.split(',');
                fields.insert(at, line == aloneLines[0] ? QStringLiteral("instance") : instance);
                expected << fields.join(',');
            }
        expected.removeDuplicates(); // the header, once
        QStringList actual = merged.out.split("\r\n", Qt::SkipEmptyParts);
        QCOMPARE(actual.first(), expected.first());
        actual.sort();
        expected.sort();
        QCOMPARE(actual, expected);
    }

    void sysprofSelfMergeDoublesEveryStack_data()
    {
        QTest::addColumn<QString>("dump");
        for (const QString& dump : kSysprofDumps)
            QTest::newRow(qPrintable(dump)) << dump;
    }

    void sysprofSelfMergeDoublesEveryStack()
    {
        QFETCH(QString, dump);
        const Run once = report({data(dump)});
        QCOMPARE(once.exitCode, 0);
        const Run twice = report({"--merge", data(dump), data(dump)});
        QCOMPARE(twice.exitCode, 0);
        QVERIFY(!stacksOf(once.out).isEmpty());
        QCOMPARE(stacksOf(twice.out), stacksOf(once.out, 2));
        // No native symbol keeps an address it had in one process only.
        QVERIFY(!QRegularExpression(":0x[0-9a-f]+;").match(twice.out).hasMatch());
    }

    void sysprofMergeIsTheSumByStackName()
    {
        QStringList dumps;
        QMap<QString, qint64> sum;
        for (const QString& dump : kSysprofDumps) {
            dumps << data(dump);
            const QMap<QString, qint64> one = stacksOf(readFile(data(QString(dump).replace(".bin", ".folded.txt"))));
            for (auto it = one.begin(); it != one.end(); ++it)
                sum[it.key()] += *it;
        }
        const Run merged = report(QStringList{"--merge"} + dumps);
        QCOMPARE(merged.exitCode, 0);
        QCOMPARE(stacksOf(merged.out), sum);
        const Run summary = report(QStringList{"--merge", "--summary"} + dumps);
        QCOMPARE(summary.exitCode, 0);
        QVERIFY(!summary.out.isEmpty());
    }

    // A recorded cluster's folder given whole: its dumps by name; a file in
    // it that is not a dump and its subfolders (here one with a dump of the
    // other kind, which would be refused) are passed over.
    void aFolderStandsForTheDumpsInIt()
    {
        QTemporaryDir folder;
        QVERIFY(folder.isValid());
        const QDir dir(folder.path());
        // Named in the other order than the one given below.
        QVERIFY(QFile::copy(data("v3/leak.bin"), dir.filePath("b.bin")));
        QVERIFY(QFile::copy(data("v3/growth.bin"), dir.filePath("a.bin")));
        QFile notes(dir.filePath("notes.txt"));
        QVERIFY(notes.open(QIODevice::WriteOnly) && notes.write("recorded on db1 and db2\n") > 0);
        notes.close();
        QVERIFY(dir.mkdir("older"));
        QVERIFY(QFile::copy(data("sysprof/recursion-L-jitoff.bin"), dir.filePath("older/cpu.bin")));
        // Speedscope's profiles, a dump's each, keep the order of the dumps.
        const QStringList ordered = {"--merge", "--export=speedscope"};
        const Run byFolder = report(ordered + QStringList{folder.path()});
        QCOMPARE(byFolder.exitCode, 0);
        QVERIFY2(byFolder.err.isEmpty(), qPrintable(byFolder.err));
        const Run byName = report(ordered + QStringList{dir.filePath("a.bin"), dir.filePath("b.bin")});
        QCOMPARE(byFolder.out, byName.out);
        QVERIFY(byName.out != report(ordered + QStringList{dir.filePath("b.bin"), dir.filePath("a.bin")}).out);
        // Beside dumps given by name too.
        const Run mixed = report({"--merge", data("v3/medium.bin"), folder.path()});
        QCOMPARE(mixed.exitCode, 0);
        const Run byNames = report({"--merge", data("v3/medium.bin"), dir.filePath("a.bin"), dir.filePath("b.bin")});
        QCOMPARE(mixed.out, byNames.out);
    }

    void aFolderWithoutDumpsIsRefusedNamingIt()
    {
        QTemporaryDir folder;
        QVERIFY(folder.isValid());
        const Run empty = report({"--merge", data("v3/leak.bin"), folder.path()});
        QCOMPARE(empty.exitCode, 2);
        QVERIFY(empty.out.isEmpty());
        QVERIFY2(empty.err.contains("--merge: folder '" + folder.path() + "' is empty"), qPrintable(empty.err));
        QFile notes(QDir(folder.path()).filePath("notes.txt"));
        QVERIFY(notes.open(QIODevice::WriteOnly) && notes.write("no dump here\n") > 0);
        notes.close();
        const Run none = report({"--merge", folder.path()});
        QCOMPARE(none.exitCode, 2);
        QVERIFY2(none.err.contains("--merge: folder '" + folder.path() + "' has no memprof or sysprof dump in it"),
                 qPrintable(none.err));
    }

    void sysprofBrokenDumpIsLeftOut()
    {
        const QString broken = data("sysprof/bad-version.bin");
        const Run run = report({"--merge", data("sysprof/recursion-L-jitoff.bin"), broken});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.err.contains("warning: " + broken + " is left out of the merge"), qPrintable(run.err));
        QCOMPARE(stacksOf(run.out), stacksOf(report({data("sysprof/recursion-L-jitoff.bin")}).out));
    }
};

MEMPROF_TEST_APPLESS_MAIN(TestMergeReport)
#include "test_merge_report.moc"
