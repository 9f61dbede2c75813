// SPDX-License-Identifier: GPL-3.0-or-later
// --merge with --export: pprof read by the real `go tool pprof`, each
// sample labelled with its dump (`instance`), so filtering on a label gives
// that dump's own figures; speedscope checked against its schema, with a
// profile per dump adding up to that dump's figures; folded stacks with the
// dump as each stack's root frame. Both kinds of dump.
#include "tests/export/ExportFixtures.h"

#include "model/memprofile/ProfileLoader.h"
#include "model/sysprofile/SysprofLoader.h"
#include "tests/support/TestSuite.h"

#include <algorithm>

#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

namespace {

const QString kLeak = QStringLiteral(MEMPROF_TEST_DATA "/v3/leak.bin");
const QString kGrowth = QStringLiteral(MEMPROF_TEST_DATA "/v3/growth.bin");
const QString kRecursion = QStringLiteral(MEMPROF_TEST_DATA "/sysprof/recursion-C-jitoff.bin");
const QString kModules = QStringLiteral(MEMPROF_TEST_DATA "/sysprof/modules-L-jiton.bin");

std::vector<std::int64_t> memprofTotals(const QString& dump)
{
    const test::ProfileFigures f = test::figuresOf(memprof::loadProfile(dump.toStdString()));
    return {f.allocEvents, f.allocBytes, f.heldBlocks, f.heldBytes};
}

std::int64_t luaSamples(const QString& dump)
{
    return static_cast<std::int64_t>(
        memprof::loadSysprof(dump.toStdString()).tree(memprof::StackView::Lua).totalSamples());
}

std::int64_t weightOf(const QJsonObject& profile)
{
    std::int64_t total = 0;
    for (const QJsonValue& weight : profile.value(QStringLiteral("weights")).toArray())
        total += weight.toInteger();
    return total;
}

} // namespace

class MergedExportTest : public QObject {
    Q_OBJECT

    QString go_;
    QString python_;
    QTemporaryDir home_;
    QProcessEnvironment environment_ = QProcessEnvironment::systemEnvironment();

    test::ToolRun pprofRaw(const QString& exported, const QStringList& options = {})
    {
        return test::runTool(go_,
                             QStringList{QStringLiteral("tool"), QStringLiteral("pprof"), QStringLiteral("-raw")} +
                                 options + QStringList{exported},
                             environment_);
    }

    // The speedscope file of `args`, checked against the schema.
    QJsonObject speedscope(const QStringList& args)
    {
        const test::ToolRun made = test::runTool(QStringLiteral(MEMPROF_REPORT_EXE), args);
        if (made.exitCode != 0)
            qFatal("memprof-report failed: %s", made.err.constData());
        if (QFile::exists(QStringLiteral(MEMPROF_SPEEDSCOPE_SCHEMA)) && !python_.isEmpty()) {
            const QString path = home_.filePath(QStringLiteral("merged.speedscope.json"));
            QFile file(path);
            if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
                qFatal("cannot write %s", qPrintable(path));
            file.write(made.out);
            file.close();
            const test::ToolRun checked = test::runTool(
                python_, {QStringLiteral(MEMPROF_JSON_SCHEMA_CHECK), QStringLiteral(MEMPROF_SPEEDSCOPE_SCHEMA), path});
            if (checked.exitCode != 3 && checked.exitCode != 0)
                qFatal("not speedscope's schema: %s", checked.err.constData());
            if (checked.exitCode == 3)
                qWarning("python3-jsonschema is not installed: the schema is not checked");
        } else {
            qWarning("speedscope's schema or python3 is missing: the schema is not checked");
        }
        return QJsonDocument::fromJson(made.out).object();
    }

private slots:
    void initTestCase()
    {
        go_ = QStandardPaths::findExecutable(QStringLiteral("go"));
        python_ = QStandardPaths::findExecutable(QStringLiteral("python3"));
        QVERIFY(home_.isValid());
        environment_.insert(QStringLiteral("HOME"), home_.path());
        environment_.insert(QStringLiteral("GOCACHE"), home_.filePath(QStringLiteral("gocache")));
        environment_.insert(QStringLiteral("GOTOOLCHAIN"), QStringLiteral("local"));
        environment_.insert(QStringLiteral("GOPROXY"), QStringLiteral("off"));
    }

    void memprofPprofLabelsEachSampleWithItsDump()
    {
        if (go_.isEmpty())
            QSKIP("go is not installed (Debian golang-go): go tool pprof cannot read the exports");
        const QString exported = home_.filePath(QStringLiteral("merged.pb.gz"));
        const test::ToolRun made = test::runTool(QStringLiteral(MEMPROF_REPORT_EXE),
                                                 {"--merge", "--export=pprof", "-o", exported, kLeak, kGrowth});
        QVERIFY2(made.exitCode == 0, made.err.constData());
        const test::ToolRun raw = pprofRaw(exported);
        QVERIFY2(raw.exitCode == 0, raw.err.constData());
        QVERIFY2(raw.out.contains("instance:[leak.bin]") && raw.out.contains("instance:[growth.bin]"),
                 raw.out.constData());
        const std::vector<std::int64_t> leak = memprofTotals(kLeak);
        const std::vector<std::int64_t> growth = memprofTotals(kGrowth);
        const std::vector<std::int64_t> all = test::rawTotals(raw.out, 4);
        for (std::size_t i = 0; i < 4; ++i)
            QCOMPARE(all[i], leak[i] + growth[i]);
        // Filtered to one dump by its label: that dump's own figures.
        const test::ToolRun onlyLeak = pprofRaw(exported, {QStringLiteral("-tagfocus=instance=leak.bin")});
        QVERIFY2(onlyLeak.exitCode == 0, onlyLeak.err.constData());
        QCOMPARE(test::rawTotals(onlyLeak.out, 4), leak);
        const test::ToolRun onlyGrowth = pprofRaw(exported, {QStringLiteral("-tagfocus=instance=growth.bin")});
        QCOMPARE(test::rawTotals(onlyGrowth.out, 4), growth);
    }

    void sysprofPprofLabelsEachSampleWithItsDump()
    {
        if (go_.isEmpty())
            QSKIP("go is not installed (Debian golang-go): go tool pprof cannot read the exports");
        const QString exported = home_.filePath(QStringLiteral("merged-cpu.pb.gz"));
        const test::ToolRun made = test::runTool(QStringLiteral(MEMPROF_REPORT_EXE),
                                                 {"--merge", "--export=pprof", "-o", exported, kRecursion, kModules});
        QVERIFY2(made.exitCode == 0, made.err.constData());
        const test::ToolRun raw = pprofRaw(exported);
        QVERIFY2(raw.exitCode == 0, raw.err.constData());
        QCOMPARE(test::rawTotals(raw.out, 1)[0], luaSamples(kRecursion) + luaSamples(kModules));
        const test::ToolRun one = pprofRaw(exported, {QStringLiteral("-tagfocus=instance=modules-L-jiton.bin")});
        QVERIFY2(one.exitCode == 0, one.err.constData());
        QCOMPARE(test::rawTotals(one.out, 1)[0], luaSamples(kModules));
    }

    void memprofSpeedscopeHasAProfilePerDump()
    {
        const QJsonObject root = speedscope({"--merge", "--export=speedscope", kLeak, kGrowth});
        const QJsonArray profiles = root.value(QStringLiteral("profiles")).toArray();
        QCOMPARE(profiles.size(), 6); // two dumps, three views each
        const std::vector<std::int64_t> leak = memprofTotals(kLeak);
        const std::vector<std::int64_t> growth = memprofTotals(kGrowth);
        const QStringList names = {"leak.bin: Allocated bytes",         "leak.bin: Allocation count",
                                   "leak.bin: Held at the end (bytes)", "growth.bin: Allocated bytes",
                                   "growth.bin: Allocation count",      "growth.bin: Held at the end (bytes)"};
        const std::int64_t expected[] = {leak[1], leak[0], leak[3], growth[1], growth[0], growth[3]};
        for (int i = 0; i < 6; ++i) {
            const QJsonObject p = profiles[i].toObject();
            QCOMPARE(p.value(QStringLiteral("name")).toString(), names[i]);
            QCOMPARE(weightOf(p), expected[i]);
        }
    }

    void sysprofSpeedscopeHasAProfilePerDump()
    {
        const QJsonObject root = speedscope({"--merge", "--export=speedscope", kRecursion, kModules});
        const QJsonArray profiles = root.value(QStringLiteral("profiles")).toArray();
        QCOMPARE(profiles.size(), 2);
        QCOMPARE(profiles[0].toObject().value(QStringLiteral("name")).toString(),
                 QStringLiteral("recursion-C-jitoff.bin: Samples"));
        QCOMPARE(weightOf(profiles[0].toObject()), luaSamples(kRecursion));
        QCOMPARE(weightOf(profiles[1].toObject()), luaSamples(kModules));
    }

    // Folded stacks of a merge: each dump's own lines, each with the dump as
    // its root frame (stackcollapse's process frame), so a flame graph of
    // the file shows the dumps side by side and nothing is summed away.
    void foldedStartsEachStackWithItsDump_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("first");
        QTest::addColumn<QString>("second");
        for (const char* format : {"folded:held", "folded:allocated", "folded:count"})
            QTest::newRow(format) << QString::fromLatin1(format) << kLeak << kGrowth;
        // A merge names native symbols without their load address
        // (MatchName.h), which each process has its own.
        for (const char* format : {"folded:lua", "folded:host", "folded:reference"})
            QTest::newRow(format) << QString::fromLatin1(format) << kRecursion << kModules;
    }

    void foldedStartsEachStackWithItsDump()
    {
        QFETCH(QString, format);
        QFETCH(QString, first);
        QFETCH(QString, second);
        const auto lines = [](const QByteArray& text) {
            QList<QByteArray> split = text.split('\n');
            split.removeAll(QByteArray());
            std::sort(split.begin(), split.end());
            return split;
        };
        const auto exported = [&](const QStringList& args) {
            const test::ToolRun run = test::runTool(QStringLiteral(MEMPROF_REPORT_EXE), args);
            if (run.exitCode != 0)
                qFatal("memprof-report %s failed: %s", qPrintable(args.join(' ')), run.err.constData());
            return run.out;
        };
        QList<QByteArray> expected;
        for (const QString& dump : {first, second}) {
            const QByteArray root = QFileInfo(dump).fileName().toUtf8() + ';';
            const QString own = QString::fromUtf8(exported({"--export=" + format, dump}))
                                    .remove(QRegularExpression(QStringLiteral(":0x[0-9a-f]+")));
            for (const QByteArray& line : lines(own.toUtf8()))
                expected.append(root + line);
        }
        QVERIFY(!expected.isEmpty());
        std::sort(expected.begin(), expected.end());
        QCOMPARE(lines(exported({"--merge", "--export=" + format, first, second})), expected);
    }

    // DHAT describes one process's heap over its run and Chrome's profile is
    // a timeline: neither is written for dumps with no common clock.
    void timedFormatsAreRefused()
    {
        for (const QStringList& args : {QStringList{"--merge", "--export=dhat", kLeak, kGrowth},
                                        QStringList{"--merge", "--export=chrome", kRecursion, kModules}}) {
            const test::ToolRun run = test::runTool(QStringLiteral(MEMPROF_REPORT_EXE), args);
            QCOMPARE(run.exitCode, 2);
            QVERIFY(run.out.isEmpty());
            QVERIFY2(run.err.contains("share no clock"), run.err.constData());
        }
    }
};

MEMPROF_TEST_GUILESS_MAIN(MergedExportTest)
#include "test_merged_export.moc"
