// SPDX-License-Identifier: GPL-3.0-or-later
// Exports and tables name Lua functions as their sources do, read back by
// the tools that open them (go tool pprof, speedscope's schema, JSON):
// with the source beside the dump or in a --source-dir; without one, the
// names the dump gives.
#include "tests/export/ExportFixtures.h"

#include "tests/support/TestSuite.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

namespace {

QString dataPath(const char* relative)
{
    return QStringLiteral(MEMPROF_TEST_DATA "/") + QLatin1String(relative);
}

// leak.lua beside it defines `remember` on line 7 and `scratch` on line 12.
const char* const kMemprofDump = "v3/leak.bin";
// coroutines.lua beside it defines `consume` on line 12.
const char* const kSysprofDump = "sysprof/coroutines-L-jitoff.bin";

test::ToolRun report(const QStringList& args)
{
    return test::runTool(QStringLiteral(MEMPROF_REPORT_EXE), args);
}

// The frames of a speedscope file as (name, file, line) texts.
QStringList speedscopeFrames(const QByteArray& json)
{
    QStringList frames;
    const QJsonObject root = QJsonDocument::fromJson(json).object();
    for (const QJsonValue& value :
         root.value(QStringLiteral("shared")).toObject().value(QStringLiteral("frames")).toArray()) {
        const QJsonObject frame = value.toObject();
        frames << QStringLiteral("%1|%2|%3")
                      .arg(frame.value(QStringLiteral("name")).toString(),
                           frame.value(QStringLiteral("file")).toString())
                      .arg(frame.value(QStringLiteral("line")).toInteger());
    }
    return frames;
}

} // namespace

class NamedExportsTest : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    QString go_;
    QString python_;
    QProcessEnvironment goEnvironment_ = QProcessEnvironment::systemEnvironment();

    // The dump copied where no source is beside it.
    QString aloneCopy(const char* relative)
    {
        const QString copy = dir_.filePath(QFileInfo(dataPath(relative)).fileName());
        QFile::remove(copy);
        if (!QFile::copy(dataPath(relative), copy))
            qFatal("cannot copy %s", relative);
        return copy;
    }

    // Checks `json` against speedscope's schema; false when it cannot be checked.
    bool followsSpeedscopeSchema(const QByteArray& json)
    {
        if (python_.isEmpty() || !QFile::exists(QStringLiteral(MEMPROF_SPEEDSCOPE_SCHEMA)))
            return false;
        const QString path = dir_.filePath(QStringLiteral("named.speedscope.json"));
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            qFatal("cannot write %s", qPrintable(path));
        file.write(json);
        file.close();
        const test::ToolRun checked = test::runTool(
            python_, {QStringLiteral(MEMPROF_JSON_SCHEMA_CHECK), QStringLiteral(MEMPROF_SPEEDSCOPE_SCHEMA), path});
        if (checked.exitCode == 3)
            return false; // python3-jsonschema is missing
        if (checked.exitCode != 0)
            qFatal("the schema refuses the file: %s", checked.err.constData());
        return true;
    }

    test::ToolRun goPprof(const QStringList& args) const
    {
        return test::runTool(go_, QStringList{QStringLiteral("tool"), QStringLiteral("pprof")} + args, goEnvironment_);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        go_ = QStandardPaths::findExecutable(QStringLiteral("go"));
        python_ = QStandardPaths::findExecutable(QStringLiteral("python3"));
        goEnvironment_.insert(QStringLiteral("HOME"), dir_.path());
        goEnvironment_.insert(QStringLiteral("GOCACHE"), dir_.filePath(QStringLiteral("gocache")));
        goEnvironment_.insert(QStringLiteral("GOTOOLCHAIN"), QStringLiteral("local"));
        goEnvironment_.insert(QStringLiteral("GOPROXY"), QStringLiteral("off"));
    }

    // `go tool pprof -top` lists the functions by name; `-list NAME` with
    // the source folder shows their lines.
    void pprofListsTheNamesAndTheSource_data()
    {
        QTest::addColumn<QString>("dump");
        QTest::addColumn<QString>("sourceFolder");
        QTest::addColumn<QStringList>("names");
        QTest::addColumn<QString>("listed");
        QTest::addColumn<QString>("definition");
        QTest::newRow("memprof") << dataPath(kMemprofDump) << dataPath("v3")
                                 << QStringList{QStringLiteral("remember"), QStringLiteral("scratch")}
                                 << QStringLiteral("remember") << QStringLiteral("7:local function remember(n)");
        QTest::newRow("sysprof") << dataPath(kSysprofDump) << dataPath("sysprof")
                                 << QStringList{QStringLiteral("consume"),
                                                QStringLiteral("function at coroutines.lua:3")}
                                 << QStringLiteral("consume")
                                 << QStringLiteral("12:local function consume(next_item, keep)");
    }
    void pprofListsTheNamesAndTheSource()
    {
        QFETCH(QString, dump);
        QFETCH(QString, sourceFolder);
        QFETCH(QStringList, names);
        QFETCH(QString, listed);
        QFETCH(QString, definition);
        if (go_.isEmpty())
            QSKIP(
                "go is not installed (Debian golang-go, in the Makefile's deps): go tool pprof cannot read the "
                "exports");
        const QString exported = dir_.filePath(QStringLiteral("named.pb.gz"));
        const test::ToolRun made = report({QStringLiteral("--export=pprof"), QStringLiteral("-o"), exported, dump});
        QVERIFY2(made.exitCode == 0, made.err.constData());
        const test::ToolRun top = goPprof({QStringLiteral("-top"), exported});
        QVERIFY2(top.exitCode == 0, top.err.constData());
        for (const QString& name : names) {
            // A line of -top ends with the function's name.
            const QRegularExpression row(QStringLiteral("%\\s+%1\\n").arg(QRegularExpression::escape(name)));
            QVERIFY2(row.match(QString::fromUtf8(top.out)).hasMatch(), top.out.constData());
        }
        QVERIFY2(!top.out.contains("@"), top.out.constData()); // no chunk:line names left
        const test::ToolRun list =
            goPprof({QStringLiteral("-list"), listed, QStringLiteral("-source_path"), sourceFolder, exported});
        QVERIFY2(list.exitCode == 0, list.err.constData());
        const QString text = QString::fromUtf8(list.out).simplified();
        QVERIFY2(text.contains(QStringLiteral("ROUTINE ======================== %1 in ").arg(listed)),
                 list.out.constData());
        QVERIFY2(text.contains(definition), list.out.constData());
    }

    // speedscope's frames carry the name, the file and the line, and the
    // file still follows speedscope's schema.
    void speedscopeFramesFollowTheSchema_data()
    {
        QTest::addColumn<QString>("dump");
        QTest::addColumn<QString>("frame");
        QTest::newRow("memprof") << dataPath(kMemprofDump) << QStringLiteral("remember|leak.lua|7");
        QTest::newRow("sysprof") << dataPath(kSysprofDump) << QStringLiteral("consume|coroutines.lua|12");
    }
    void speedscopeFramesFollowTheSchema()
    {
        QFETCH(QString, dump);
        QFETCH(QString, frame);
        const test::ToolRun made = report({QStringLiteral("--export=speedscope"), dump});
        QVERIFY2(made.exitCode == 0, made.err.constData());
        const QStringList frames = speedscopeFrames(made.out);
        QVERIFY2(frames.contains(frame), qPrintable(frames.join(u'\n')));
        if (!followsSpeedscopeSchema(made.out))
            QSKIP("speedscope's schema was not fetched or python3-jsonschema is missing: the schema is not checked");
    }

    // A .cpuprofile's call frames: DevTools' functionName, url and line (from 0).
    void chromeCallFramesCarryTheNames()
    {
        const test::ToolRun made = report({QStringLiteral("--export=chrome"), dataPath(kSysprofDump)});
        QVERIFY2(made.exitCode == 0, made.err.constData());
        const QJsonArray nodes = QJsonDocument::fromJson(made.out).object().value(QStringLiteral("nodes")).toArray();
        bool found = false;
        for (const QJsonValue& node : nodes) {
            const QJsonObject frame = node.toObject().value(QStringLiteral("callFrame")).toObject();
            if (frame.value(QStringLiteral("functionName")).toString() != QLatin1String("consume"))
                continue;
            found = true;
            QCOMPARE(frame.value(QStringLiteral("url")).toString(), QStringLiteral("coroutines.lua"));
            QCOMPARE(frame.value(QStringLiteral("lineNumber")).toInt(), 11);
        }
        QVERIFY(found);
        QVERIFY(!made.out.contains("\"functionName\":\"@coroutines.lua:12\""));
    }

    // DHAT's frame table and the folded stacks write a function as
    // "name (file:line)", where it is defined.
    void dhatAndFoldedFramesCarryTheNames()
    {
        const test::ToolRun dhat = report({QStringLiteral("--export=dhat"), dataPath(kMemprofDump)});
        QVERIFY2(dhat.exitCode == 0, dhat.err.constData());
        const QJsonArray table = QJsonDocument::fromJson(dhat.out).object().value(QStringLiteral("ftbl")).toArray();
        QVERIFY(table.contains(QStringLiteral("remember (leak.lua:7)")));
        QVERIFY(table.contains(QStringLiteral("scratch (leak.lua:12)")));
        QVERIFY(table.contains(QStringLiteral("leak.lua:9")));

        const test::ToolRun memprofFolded = report({QStringLiteral("--export=folded"), dataPath(kMemprofDump)});
        QVERIFY2(memprofFolded.exitCode == 0, memprofFolded.err.constData());
        QVERIFY2(memprofFolded.out.contains("\nleak.lua;remember (leak.lua:7);leak.lua:9 ") ||
                     memprofFolded.out.startsWith("leak.lua;remember (leak.lua:7);leak.lua:9 "),
                 memprofFolded.out.constData());
        const test::ToolRun sysprofFolded = report({QStringLiteral("--export=folded"), dataPath(kSysprofDump)});
        QVERIFY2(sysprofFolded.exitCode == 0, sysprofFolded.err.constData());
        QVERIFY2(sysprofFolded.out.contains(";consume (coroutines.lua:12);"), sysprofFolded.out.constData());
        QVERIFY2(sysprofFolded.out.contains("main chunk of record.lua;"), sysprofFolded.out.constData());
    }

    // Without a source at hand the export is the one the dump alone gives;
    // --source-dir (repeatable) finds the sources elsewhere.
    void sourceDirFindsSourcesElsewhere()
    {
        const QString alone = aloneCopy(kMemprofDump);
        const test::ToolRun unnamed = report({QStringLiteral("--export=folded"), alone});
        QVERIFY2(unnamed.exitCode == 0, unnamed.err.constData());
        QVERIFY2(unnamed.out.contains("@leak.lua;@leak.lua:7;@leak.lua:9 "), unnamed.out.constData());
        QVERIFY(!unnamed.out.contains("remember"));

        const test::ToolRun named =
            report({QStringLiteral("--source-dir"), dataPath("sysprof"),
                    QStringLiteral("--source-dir=") + dataPath("v3"), QStringLiteral("--export=folded"), alone});
        QVERIFY2(named.exitCode == 0, named.err.constData());
        QVERIFY2(named.out.contains("leak.lua;remember (leak.lua:7);leak.lua:9 "), named.out.constData());
        // The same bytes as with the source beside the dump.
        QCOMPARE(named.out, report({QStringLiteral("--export=folded"), dataPath(kMemprofDump)}).out);
    }

    // The CSV tables get a function column after the location where the
    // sources are at hand; without them, the columns they always had.
    void csvTablesGetAFunctionColumn_data()
    {
        QTest::addColumn<QString>("table");
        QTest::addColumn<QString>("header");
        QTest::addColumn<QString>("row");
        QTest::newRow("allocations") << "allocations"
                                     << "location,function,events,allocated_bytes"
                                     << "@leak.lua:9,remember,";
        QTest::newRow("frees") << "frees"
                               << "location,function,events,allocated_bytes"
                               << "";
        QTest::newRow("live") << "live"
                              << "location,function,held_bytes,live_blocks"
                              << "@leak.lua:9,remember,";
        QTest::newRow("leaks") << "leaks"
                               << "location,function,summary_bytes"
                               << "@leak.lua:9,remember,";
        QTest::newRow("suspects") << "suspects"
                                  << "location,function,rank,"
                                  << "";
        QTest::newRow("history") << "history"
                                 << "location,function,held_bytes_to_event_"
                                 << "@leak.lua:9,remember,";
    }
    void csvTablesGetAFunctionColumn()
    {
        QFETCH(QString, table);
        QFETCH(QString, header);
        QFETCH(QString, row);
        const QString csv = QStringLiteral("--csv=") + table;
        const test::ToolRun named = report({csv, dataPath(kMemprofDump)});
        QVERIFY2(named.exitCode == 0, named.err.constData());
        QVERIFY2(named.out.startsWith(header.toUtf8()), named.out.constData());
        QVERIFY2(named.out.contains("\r\n" + row.toUtf8()), named.out.constData());

        const test::ToolRun unnamed = report({csv, aloneCopy(kMemprofDump)});
        QVERIFY2(unnamed.exitCode == 0, unnamed.err.constData());
        QVERIFY2(unnamed.out.startsWith(QString(header).remove(QStringLiteral("function,")).toUtf8()),
                 unnamed.out.constData());
        // The same table, less the column (an Overrides cell's further
        // names are lines of their own, with no comma: kept whole).
        QByteArray withoutColumn;
        for (const QByteArray& line : named.out.split('\n')) {
            if (line.isEmpty())
                continue;
            QList<QByteArray> fields = line.split(',');
            if (fields.size() > 1)
                fields.removeAt(1);
            withoutColumn += fields.join(',') + '\n';
        }
        QCOMPARE(withoutColumn, unnamed.out);
    }

    // sysprof's --summary names each Lua function in a column before its frame.
    void summaryGetsAFunctionColumn()
    {
        const test::ToolRun named = report({QStringLiteral("--summary"), dataPath(kSysprofDump)});
        QVERIFY2(named.exitCode == 0, named.err.constData());
        const QRegularExpression consume(QStringLiteral("%\\s+consume\\s+@coroutines.lua:12\\n"));
        QVERIFY2(consume.match(QString::fromUtf8(named.out)).hasMatch(), named.out.constData());
        const test::ToolRun unnamed = report({QStringLiteral("--summary"), aloneCopy(kSysprofDump)});
        QVERIFY2(unnamed.exitCode == 0, unnamed.err.constData());
        const QRegularExpression bare(QStringLiteral("%  @coroutines.lua:12\\n"));
        QVERIFY2(bare.match(QString::fromUtf8(unnamed.out)).hasMatch(), unnamed.out.constData());
    }

    // The reference's outputs never name functions: --source-dir there, or
    // a folder that is not there, is bad usage.
    void sourceDirIsRefusedWhereNothingIsNamed_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("report") << QStringList{QStringLiteral("--source-dir"), dataPath("v3"), dataPath(kMemprofDump)};
        QTest::newRow("leak-only") << QStringList{QStringLiteral("--leak-only"), QStringLiteral("--source-dir"),
                                                  dataPath("v3"), dataPath(kMemprofDump)};
        QTest::newRow("sysprof lines") << QStringList{QStringLiteral("--source-dir"), dataPath("sysprof"),
                                                      dataPath(kSysprofDump)};
        QTest::newRow("no such folder") << QStringList{QStringLiteral("--source-dir"), dataPath("no-such-folder"),
                                                       QStringLiteral("--export=folded"), dataPath(kMemprofDump)};
        QTest::newRow("no folder given") << QStringList{QStringLiteral("--export=folded"), dataPath(kMemprofDump),
                                                        QStringLiteral("--source-dir")};
    }
    void sourceDirIsRefusedWhereNothingIsNamed()
    {
        QFETCH(QStringList, args);
        const test::ToolRun run = report(args);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("--source-dir"), run.err.constData());
        QVERIFY(run.out.isEmpty());
    }
};

MEMPROF_TEST_GUILESS_MAIN(NamedExportsTest)
#include "test_named_exports.moc"
