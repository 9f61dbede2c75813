// SPDX-License-Identifier: GPL-3.0-or-later
// --export=dhat: the fields DHAT's readers (dh_view.html, the Firefox
// Profiler) read, with the types they expect, adding up to the report's
// figures.
#include "tests/export/ExportFixtures.h"

#include "model/memprofile/ProfileLoader.h"
#include "tests/support/TestSuite.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

class DhatExportTest : public QObject {
    Q_OBJECT

private slots:
    void fieldsAndTotals_data() { test::addFixtureRows(); }
    void fieldsAndTotals()
    {
        QFETCH(QString, dump);
        const test::ToolRun run =
            test::runTool(QStringLiteral(MEMPROF_REPORT_EXE), {QStringLiteral("--export=dhat"), dump});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QJsonParseError error;
        const QJsonObject root = QJsonDocument::fromJson(run.out, &error).object();
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));

        QCOMPARE(root.value(QStringLiteral("dhatFileVersion")).toInteger(), 2);
        QCOMPARE(root.value(QStringLiteral("bklt")).toBool(false), true);
        QVERIFY(root.value(QStringLiteral("bkacc")).isBool());
        QCOMPARE(root.value(QStringLiteral("mode")).toString(), QStringLiteral("memprof"));
        for (const char* key : {"verb", "tu", "Mtu", "cmd"})
            QVERIFY2(root.value(QLatin1String(key)).isString(), key);
        for (const char* key : {"te", "tg", "pid", "tuth"})
            QVERIFY2(root.value(QLatin1String(key)).isDouble(), key);
        const QJsonArray frames = root.value(QStringLiteral("ftbl")).toArray();
        QVERIFY(!frames.isEmpty());
        QCOMPARE(frames[0].toString(), QStringLiteral("[root]"));
        for (const QJsonValue& frame : frames)
            QVERIFY(frame.isString());

        const memprof::Profile profile = memprof::loadProfile(dump.toStdString(), {}, nullptr, {});
        const test::ProfileFigures figures = test::figuresOf(profile);
        std::int64_t tb = 0, tbk = 0, gb = 0, eb = 0, ebk = 0;
        for (const QJsonValue& value : root.value(QStringLiteral("pps")).toArray()) {
            const QJsonObject point = value.toObject();
            for (const char* key : {"tb", "tbk", "mb", "mbk", "gb", "gbk", "eb", "ebk"})
                QVERIFY2(point.value(QLatin1String(key)).isDouble() && point.value(QLatin1String(key)).toInteger() >= 0,
                         key);
            const QJsonArray fs = point.value(QStringLiteral("fs")).toArray();
            QVERIFY(!fs.isEmpty());
            for (const QJsonValue& frame : fs)
                QVERIFY(frame.toInt() > 0 && frame.toInt() < frames.size());
            // The most held at once is at least what was held at the peak and at the end.
            const std::int64_t mb = point.value(QStringLiteral("mb")).toInteger();
            QVERIFY(mb >= point.value(QStringLiteral("gb")).toInteger());
            QVERIFY(mb >= point.value(QStringLiteral("eb")).toInteger());
            tb += point.value(QStringLiteral("tb")).toInteger();
            tbk += point.value(QStringLiteral("tbk")).toInteger();
            gb += point.value(QStringLiteral("gb")).toInteger();
            eb += point.value(QStringLiteral("eb")).toInteger();
            ebk += point.value(QStringLiteral("ebk")).toInteger();
        }
        QCOMPARE(tb, figures.allocBytes);
        QCOMPARE(tbk, figures.allocEvents);
        QCOMPARE(eb, figures.heldBytes);
        QCOMPARE(ebk, figures.heldBlocks);
        QCOMPARE(gb, static_cast<std::int64_t>(profile.totals.peakLiveBytes));
        QCOMPARE(root.value(QStringLiteral("te")).toInteger(), static_cast<qint64>(profile.totals.eventCount));
    }

    // fs runs leaf to root: a Lua location's line, its function, its chunk.
    void framesRunLeafToRoot()
    {
        const test::ToolRun run =
            test::runTool(QStringLiteral(MEMPROF_REPORT_EXE),
                          {QStringLiteral("--export=dhat"), QStringLiteral(MEMPROF_TEST_DATA "/v3/growth.bin")});
        const QJsonObject root = QJsonDocument::fromJson(run.out).object();
        const QJsonArray frames = root.value(QStringLiteral("ftbl")).toArray();
        bool found = false;
        for (const QJsonValue& value : root.value(QStringLiteral("pps")).toArray()) {
            const QJsonArray fs = value.toObject().value(QStringLiteral("fs")).toArray();
            QStringList names;
            for (const QJsonValue& frame : fs)
                names << frames[frame.toInt()].toString();
            if (names == QStringList{QStringLiteral("@growth.lua:18"), QStringLiteral("@growth.lua:15"),
                                     QStringLiteral("@growth.lua")})
                found = true;
        }
        QVERIFY(found);
    }
};

MEMPROF_TEST_GUILESS_MAIN(DhatExportTest)
#include "test_dhat_export.moc"
