// SPDX-License-Identifier: GPL-3.0-or-later
// --export=speedscope against the schema speedscope publishes in its npm
// package, with each profile's weights adding up to the report's figures.
#include "tests/export/ExportFixtures.h"

#include "model/export/SpeedscopeExport.h"
#include "model/memprofile/ProfileLoader.h"
#include "tests/support/TestSuite.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <sstream>

class SpeedscopeExportTest : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    QString python_;

private slots:
    void initTestCase()
    {
        if (!QFile::exists(QStringLiteral(MEMPROF_SPEEDSCOPE_SCHEMA)))
            QSKIP("speedscope's schema was not fetched (the build fetches it with npm, which is missing or offline)");
        python_ = QStandardPaths::findExecutable(QStringLiteral("python3"));
        if (python_.isEmpty())
            QSKIP("python3 is not installed: no JSON schema validator");
        QVERIFY(dir_.isValid());
    }

    void followsTheSchemaAndAddsUp_data() { test::addFixtureRows(); }
    void followsTheSchemaAndAddsUp()
    {
        QFETCH(QString, dump);
        const test::ToolRun made =
            test::runTool(QStringLiteral(MEMPROF_REPORT_EXE), {QStringLiteral("--export=speedscope"), dump});
        QVERIFY2(made.exitCode == 0, made.err.constData());
        const QString path = dir_.filePath(QStringLiteral("profile.speedscope.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(made.out);
        file.close();

        const test::ToolRun checked = test::runTool(
            python_, {QStringLiteral(MEMPROF_JSON_SCHEMA_CHECK), QStringLiteral(MEMPROF_SPEEDSCOPE_SCHEMA), path});
        if (checked.exitCode == 3)
            QSKIP("python3-jsonschema is not installed (in the Makefile's deps)");
        QVERIFY2(checked.exitCode == 0, checked.err.constData());

        const QJsonObject root = QJsonDocument::fromJson(made.out).object();
        const QJsonArray profiles = root.value(QStringLiteral("profiles")).toArray();
        QCOMPARE(profiles.size(), 3);
        const memprof::Profile profile = memprof::loadProfile(dump.toStdString(), {}, nullptr, {});
        const test::ProfileFigures figures = test::figuresOf(profile);
        const std::int64_t expected[] = {figures.allocBytes, figures.allocEvents, figures.heldBytes};
        const char* units[] = {"bytes", "none", "bytes"};
        const int frameCount =
            root.value(QStringLiteral("shared")).toObject().value(QStringLiteral("frames")).toArray().size();
        for (int i = 0; i < 3; ++i) {
            const QJsonObject p = profiles[i].toObject();
            QCOMPARE(p.value(QStringLiteral("unit")).toString(), QLatin1String(units[i]));
            std::int64_t total = 0;
            for (const QJsonValue& weight : p.value(QStringLiteral("weights")).toArray())
                total += weight.toInteger();
            QCOMPARE(total, expected[i]);
            QCOMPARE(p.value(QStringLiteral("endValue")).toInteger(), expected[i]);
            for (const QJsonValue& stack : p.value(QStringLiteral("samples")).toArray()) {
                for (const QJsonValue& frame : stack.toArray())
                    QVERIFY(frame.toInt() >= 0 && frame.toInt() < frameCount);
            }
        }
    }

    // Frames that only read alike stay apart: functions named alike in
    // different files, a C symbol at two addresses (its name carries the
    // address: "f:0x10", "f:0x20"); the same function met in two stacks is
    // one frame. Both writers, the memprof one and the time-ordered one.
    void framesThatOnlyLookAlikeStayApart()
    {
        using memprof::FrameKind;
        memprof::StackProfile stacks;
        stacks.sampleTypes = {{"samples", "count"}};
        stacks.frames = {{"init", "@a/util.lua", 0, 3, FrameKind::Lua, false, {}},
                         {"init", "@b/util.lua", 0, 3, FrameKind::Lua, false, {}},
                         {"f:0x10", "", 0, 0, FrameKind::C, false, {}},
                         {"f:0x20", "", 0, 0, FrameKind::C, false, {}},
                         {"init", "@a/util.lua", 0, 3, FrameKind::Lua, false, {}}}; // the first one again
        stacks.samples = {{{0, 2}, {1}}, {{1, 3}, {1}}, {{4, 2}, {1}}};
        stacks.timeOrder = {{0, 1}, {1, 1}, {2, 1}};

        const auto framesOf = [](const QByteArray& json) {
            QStringList names;
            const QJsonObject shared =
                QJsonDocument::fromJson(json).object().value(QStringLiteral("shared")).toObject();
            for (const QJsonValue& frame : shared.value(QStringLiteral("frames")).toArray())
                names << frame.toObject().value(QStringLiteral("name")).toString() + QLatin1Char('@') +
                             frame.toObject().value(QStringLiteral("file")).toString();
            return names;
        };
        std::ostringstream timed;
        memprof::writeSpeedscopeTimeOrder(timed, stacks, {0, "Samples"}, "test");
        QCOMPARE(framesOf(QByteArray::fromStdString(timed.str())),
                 QStringList({QStringLiteral("init@@a/util.lua"), QStringLiteral("f:0x10@"),
                              QStringLiteral("init@@b/util.lua"), QStringLiteral("f:0x20@")}));
        const QStringList totals =
            framesOf(QByteArray::fromStdString(memprof::speedscopeJson(stacks, {{0, "Samples"}}, "test")));
        QCOMPARE(totals, QStringList({QStringLiteral("init@@a/util.lua"), QStringLiteral("f:0x10@"),
                                      QStringLiteral("init@@b/util.lua"), QStringLiteral("f:0x20@")}));
    }
};

MEMPROF_TEST_GUILESS_MAIN(SpeedscopeExportTest)
#include "test_speedscope_export.moc"
