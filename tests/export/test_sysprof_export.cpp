// SPDX-License-Identifier: GPL-3.0-or-later
// Sysprof dumps through `memprof-report --export=pprof|speedscope|chrome`,
// read back by the tools that open them (go tool pprof, speedscope's
// schema, a JSON reader) and added up against the profile's sample count.
#include "tests/export/ExportFixtures.h"

#include "model/export/SysprofExport.h"
#include "model/sysprofile/SysprofLoader.h"
#include "tests/support/TestSuite.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <map>

namespace {

constexpr std::int64_t kIntervalMs = 10;

// The sysprof fixtures the decoder reads whole (the others are broken on purpose).
QStringList sysprofFixtures()
{
    const QDir dir(QStringLiteral(MEMPROF_TEST_DATA "/sysprof"));
    QStringList paths;
    for (const QString& name : dir.entryList({QStringLiteral("*.bin")}, QDir::Files, QDir::Name)) {
        if (!QFile::exists(dir.filePath(name.chopped(4) + QStringLiteral(".exitcode"))))
            paths << dir.filePath(name);
    }
    return paths;
}

void addSysprofRows()
{
    QTest::addColumn<QString>("dump");
    QTest::addColumn<bool>("withInterval");
    for (const QString& path : sysprofFixtures()) {
        const QString name = path.section('/', -1);
        QTest::newRow(qPrintable(name + QStringLiteral(" counts"))) << path << false;
        QTest::newRow(qPrintable(name + QStringLiteral(" timed"))) << path << true;
    }
}

memprof::SysprofProfile loadInOrder(const QString& dump)
{
    memprof::SysprofLoadOptions options;
    options.keepSampleOrder = true;
    return memprof::loadSysprof(dump.toStdString(), {}, options);
}

} // namespace

class SysprofExportTest : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    QProcessEnvironment goEnvironment_ = QProcessEnvironment::systemEnvironment();

    // The export written by the CLI to a file, and that file's path.
    QString exportTo(const QString& format, const QString& dump, bool withInterval, const char* formatName = nullptr)
    {
        const QString path = dir_.filePath(QStringLiteral("export.") + format);
        const QString name = formatName ? QString::fromLatin1(formatName) : format;
        QStringList args{QStringLiteral("--export=") + name, QStringLiteral("-o"), path, dump};
        if (withInterval)
            args.prepend(QStringLiteral("--interval=%1").arg(kIntervalMs));
        const test::ToolRun made = test::runTool(QStringLiteral(MEMPROF_REPORT_EXE), args);
        if (made.exitCode != 0)
            qWarning("%s", made.err.constData());
        return made.exitCode == 0 ? path : QString();
    }

    static QJsonObject readJson(const QString& path)
    {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return {};
        return QJsonDocument::fromJson(file.readAll()).object();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        QVERIFY(!sysprofFixtures().isEmpty());
        // CI runs as root with no Go cache: keep go's caches in the temporary dir.
        goEnvironment_.insert(QStringLiteral("HOME"), dir_.path());
        goEnvironment_.insert(QStringLiteral("GOCACHE"), dir_.filePath(QStringLiteral("gocache")));
        goEnvironment_.insert(QStringLiteral("GOTOOLCHAIN"), QStringLiteral("local"));
        goEnvironment_.insert(QStringLiteral("GOPROXY"), QStringLiteral("off"));
    }

    // memprof-report builds only the call tree a format reads; what it
    // writes equals the export of a load with every tree, as the viewer
    // writes it.
    void theCommandWritesWhatTheViewerWrites_data() { addSysprofRows(); }
    void theCommandWritesWhatTheViewerWrites()
    {
        QFETCH(QString, dump);
        QFETCH(bool, withInterval);
        const memprof::SysprofProfile everyTree = loadInOrder(dump);
        const memprof::FunctionNameTable names = test::namesBesideTheDump(everyTree, dump);
        const memprof::SysprofExportOptions options{
            withInterval ? std::optional<std::uint64_t>(kIntervalMs) : std::nullopt, &names};
        using memprof::StackView;
        const std::pair<const char*, StackView> formats[] = {
            {"pprof", StackView::Lua},        {"speedscope", StackView::Lua},
            {"chrome", StackView::Lua},       {"folded:lua", StackView::Lua},
            {"folded:host", StackView::Host}, {"folded:reference", StackView::Reference}};
        for (const auto& [name, view] : formats) {
            const std::optional<memprof::ExportFormat> format =
                memprof::exportFormatFromName(name, memprof::ExportSubject::Sysprof);
            QVERIFY(format);
            QVERIFY2(memprof::exportedStackView(*format) == view, name);
            const QString path = exportTo(QString::fromLatin1(name).replace(u':', u'-'), dump, withInterval, name);
            QVERIFY(!path.isEmpty());
            QFile written(path);
            QVERIFY(written.open(QIODevice::ReadOnly));
            const std::string expected = memprof::sysprofExportBytes(everyTree, *format, options);
            QVERIFY2(written.readAll() == QByteArray::fromStdString(expected), name);
        }
    }

    void pprofAddsUpInGoToolPprof_data() { addSysprofRows(); }
    void pprofAddsUpInGoToolPprof()
    {
        QFETCH(QString, dump);
        QFETCH(bool, withInterval);
        const QString go = QStandardPaths::findExecutable(QStringLiteral("go"));
        if (go.isEmpty())
            QSKIP(
                "go is not installed (Debian golang-go, in the Makefile's deps): go tool pprof cannot read the "
                "exports");
        const QString path = exportTo(QStringLiteral("pprof"), dump, withInterval);
        QVERIFY(!path.isEmpty());
        const memprof::SysprofProfile profile = memprof::loadSysprof(dump.toStdString());
        QVERIFY(profile.sampleCount > 0);
        const auto samples = static_cast<std::int64_t>(profile.sampleCount);

        const test::ToolRun raw = test::runTool(
            go, {QStringLiteral("tool"), QStringLiteral("pprof"), QStringLiteral("-raw"), path}, goEnvironment_);
        QVERIFY2(raw.exitCode == 0, raw.err.constData());
        const test::ToolRun top = test::runTool(
            go, {QStringLiteral("tool"), QStringLiteral("pprof"), QStringLiteral("-top"), path}, goEnvironment_);
        QVERIFY2(top.exitCode == 0, top.err.constData());
        if (withInterval) {
            QVERIFY2(raw.out.contains("PeriodType: cpu nanoseconds"), raw.out.constData());
            QVERIFY2(raw.out.contains("Period: 10000000\n"), raw.out.constData());
            QVERIFY2(raw.out.contains("samples/count cpu/nanoseconds"), raw.out.constData());
            const std::vector<std::int64_t> totals = test::rawTotals(raw.out, 2);
            QCOMPARE(totals[0], samples);
            QCOMPARE(totals[1], samples * kIntervalMs * 1000000);
            // pprof shows the last sample type unless told: the CPU time.
            QVERIFY2(top.out.contains("Type: cpu\n"), top.out.constData());
            QVERIFY2(top.out.contains(QStringLiteral("of %1ms total").arg(samples * kIntervalMs).toUtf8()) ||
                         top.out.contains(QStringLiteral("of %1s total").arg(samples * kIntervalMs / 1000.0).toUtf8()),
                     top.out.constData());
        } else {
            QVERIFY2(raw.out.contains("samples/count\n"), raw.out.constData());
            QCOMPARE(test::rawTotals(raw.out, 1)[0], samples);
            QVERIFY2(top.out.contains("Type: samples\n"), top.out.constData());
            QVERIFY2(top.out.contains(QStringLiteral("of %1 total").arg(samples).toUtf8()), top.out.constData());
        }
    }

    void speedscopeFollowsTheSchemaInTimeOrder_data() { addSysprofRows(); }
    void speedscopeFollowsTheSchemaInTimeOrder()
    {
        QFETCH(QString, dump);
        QFETCH(bool, withInterval);
        const QString path = exportTo(QStringLiteral("speedscope"), dump, withInterval);
        QVERIFY(!path.isEmpty());
        const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
        if (!QFile::exists(QStringLiteral(MEMPROF_SPEEDSCOPE_SCHEMA)) || python.isEmpty()) {
            qWarning("speedscope's schema was not fetched or python3 is missing: the schema is not checked");
        } else {
            const test::ToolRun checked = test::runTool(
                python, {QStringLiteral(MEMPROF_JSON_SCHEMA_CHECK), QStringLiteral(MEMPROF_SPEEDSCOPE_SCHEMA), path});
            if (checked.exitCode == 3)
                qWarning("python3-jsonschema is not installed: the schema is not checked");
            else
                QVERIFY2(checked.exitCode == 0, checked.err.constData());
        }

        const memprof::SysprofProfile profile = loadInOrder(dump);
        QCOMPARE(profile.luaNodeBySample.size(), profile.sampleCount);
        // Lua functions are named by their sources beside the dump.
        const memprof::FunctionNameTable functionNames = test::namesBesideTheDump(profile, dump);
        const QJsonObject root = readJson(path);
        const QJsonArray frames =
            root.value(QStringLiteral("shared")).toObject().value(QStringLiteral("frames")).toArray();
        const QJsonArray profiles = root.value(QStringLiteral("profiles")).toArray();
        QCOMPARE(profiles.size(), 1);
        const QJsonObject sampled = profiles[0].toObject();
        QCOMPARE(sampled.value(QStringLiteral("unit")).toString(),
                 withInterval ? QStringLiteral("milliseconds") : QStringLiteral("none"));
        const QJsonArray stacks = sampled.value(QStringLiteral("samples")).toArray();
        const QJsonArray weights = sampled.value(QStringLiteral("weights")).toArray();
        QCOMPARE(stacks.size(), weights.size());
        // Replaying the runs gives back every sample's stack, in order.
        const memprof::CallTree& tree = profile.tree(memprof::StackView::Lua);
        const qint64 perSample = withInterval ? kIntervalMs : 1;
        std::size_t next = 0;
        qint64 total = 0;
        for (qsizetype run = 0; run < stacks.size(); ++run) {
            const qint64 weight = weights[run].toInteger();
            QVERIFY(weight > 0 && weight % perSample == 0);
            total += weight;
            if (run > 0)
                QVERIFY2(stacks[run] != stacks[run - 1], "consecutive identical stacks are one run");
            QStringList names;
            for (const QJsonValue frame : stacks[run].toArray()) {
                QVERIFY(frame.toInteger() >= 0 && frame.toInteger() < frames.size());
                names << frames[frame.toInteger()].toObject().value(QStringLiteral("name")).toString();
            }
            for (qint64 i = 0; i < weight / perSample; ++i, ++next) {
                QVERIFY(next < profile.luaNodeBySample.size());
                QStringList expected;
                for (const memprof::FrameId frame : tree.pathTo(profile.luaNodeBySample[next]))
                    expected << QString::fromStdString(
                        memprof::exportFrame(profile.frames[frame], &functionNames).name);
                QCOMPARE(names, expected);
            }
        }
        QCOMPARE(next, profile.luaNodeBySample.size());
        QCOMPARE(total, static_cast<qint64>(profile.sampleCount) * perSample);
        QCOMPARE(sampled.value(QStringLiteral("endValue")).toInteger(), total);
    }

    void chromeCpuProfileIsATreeOfTheSamples_data() { addSysprofRows(); }
    void chromeCpuProfileIsATreeOfTheSamples()
    {
        QFETCH(QString, dump);
        QFETCH(bool, withInterval);
        const QString path = exportTo(QStringLiteral("chrome"), dump, withInterval);
        QVERIFY(!path.isEmpty());
        const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
        if (!python.isEmpty()) {
            const test::ToolRun parsed = test::runTool(
                python, {QStringLiteral("-c"),
                         QStringLiteral("import json,sys; p=json.load(open(sys.argv[1])); "
                                        "assert set(p) >= {'nodes','startTime','endTime','samples','timeDeltas'}"),
                         path});
            QVERIFY2(parsed.exitCode == 0, parsed.err.constData());
        }

        const memprof::SysprofProfile profile = loadInOrder(dump);
        const QJsonObject root = readJson(path);
        const QJsonArray nodes = root.value(QStringLiteral("nodes")).toArray();
        QCOMPARE(static_cast<std::size_t>(nodes.size()), profile.tree(memprof::StackView::Lua).size());
        QSet<qint64> ids;
        for (const QJsonValue node : nodes) {
            const qint64 id = node.toObject().value(QStringLiteral("id")).toInteger();
            QVERIFY(id >= 1);
            QVERIFY2(!ids.contains(id), "node ids are unique");
            ids.insert(id);
        }
        QCOMPARE(nodes[0].toObject().value(QStringLiteral("id")).toInteger(), 1);
        QCOMPARE(nodes[0]
                     .toObject()
                     .value(QStringLiteral("callFrame"))
                     .toObject()
                     .value(QStringLiteral("functionName"))
                     .toString(),
                 QStringLiteral("(root)"));
        qint64 hits = 0;
        QSet<qint64> childIds;
        for (const QJsonValue value : nodes) {
            const QJsonObject node = value.toObject();
            hits += node.value(QStringLiteral("hitCount")).toInteger();
            const QJsonObject frame = node.value(QStringLiteral("callFrame")).toObject();
            QCOMPARE(frame.value(QStringLiteral("scriptId")).toString(), QStringLiteral("0"));
            QVERIFY(frame.value(QStringLiteral("lineNumber")).toInteger() >= -1);
            QVERIFY(!frame.value(QStringLiteral("url")).toString().startsWith('@'));
            for (const QJsonValue child : node.value(QStringLiteral("children")).toArray()) {
                QVERIFY2(ids.contains(child.toInteger()), "children are nodes");
                QVERIFY2(!childIds.contains(child.toInteger()), "a node has one parent");
                childIds.insert(child.toInteger());
            }
        }
        QVERIFY2(!childIds.contains(1), "the root is no one's child");
        QCOMPARE(childIds.size() + 1, ids.size());
        const QJsonArray samples = root.value(QStringLiteral("samples")).toArray();
        const QJsonArray deltas = root.value(QStringLiteral("timeDeltas")).toArray();
        QCOMPARE(static_cast<std::uint64_t>(samples.size()), profile.sampleCount);
        QCOMPARE(static_cast<std::uint64_t>(hits), profile.sampleCount);
        QCOMPARE(deltas.size(), samples.size());
        std::map<qint64, qint64> hitsBySample;
        for (qsizetype i = 0; i < samples.size(); ++i) {
            QVERIFY2(ids.contains(samples[i].toInteger()), "samples are nodes");
            QCOMPARE(samples[i].toInteger(),
                     static_cast<qint64>(profile.luaNodeBySample[static_cast<std::size_t>(i)]) + 1);
            ++hitsBySample[samples[i].toInteger()];
        }
        for (const QJsonValue value : nodes) {
            const QJsonObject node = value.toObject();
            QCOMPARE(node.value(QStringLiteral("hitCount")).toInteger(),
                     hitsBySample[node.value(QStringLiteral("id")).toInteger()]);
        }
        const qint64 deltaUs = (withInterval ? kIntervalMs : 1) * 1000;
        qint64 elapsed = 0;
        for (const QJsonValue delta : deltas) {
            QCOMPARE(delta.toInteger(), deltaUs);
            elapsed += delta.toInteger();
        }
        QCOMPARE(root.value(QStringLiteral("endTime")).toInteger() -
                     root.value(QStringLiteral("startTime")).toInteger(),
                 elapsed);
    }
};

MEMPROF_TEST_GUILESS_MAIN(SysprofExportTest)
#include "test_sysprof_export.moc"
