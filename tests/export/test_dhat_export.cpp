// SPDX-License-Identifier: GPL-3.0-or-later
// --export=dhat: the fields DHAT's readers (dh_view.html, the Firefox
// Profiler) read, with the types they expect, adding up to the report's
// figures; the block lifetimes and maxima equal a replay's of the events.
#include "tests/export/ExportFixtures.h"

#include "model/dump/ByteSource.h"
#include "model/export/DhatBlocks.h"
#include "model/memdecoder/MemprofDecoder.h"
#include "model/memprofile/ProfileLoader.h"
#include "tests/support/ReplaySink.h"
#include "tests/support/TestSuite.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <map>

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
        QVERIFY(root.value(QStringLiteral("tuth")).toInteger() > 0);
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
            for (const char* key : {"tb", "tbk", "tl", "mb", "mbk", "gb", "gbk", "eb", "ebk"})
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

    // tl is the lives of the blocks, each from its allocation to its release
    // or the run's end; mbk the blocks held when the location held its most
    // bytes: both as a replay of the decoded events (ReplaySink, its own
    // block map) finds them, per location and in the file.
    void lifetimesAndMaximaAreTheBlocks_data() { test::addFixtureRows(); }
    void lifetimesAndMaximaAreTheBlocks()
    {
        QFETCH(QString, dump);
        const std::string path = dump.toStdString();
        memprof::test::ReplaySink replay;
        memprof::FileByteSource source(path);
        memprof::decode(source, replay);
        memprof::DhatBlocks blocks;
        const memprof::Profile profile = memprof::loadWithDhatBlocks(path, {}, blocks);
        QVERIFY(blocks.size() <= profile.locations.size());

        std::map<memprof::test::Key, std::uint64_t> lifetimes;
        std::map<memprof::test::Key, std::vector<memprof::DhatBlockRow>> rows;
        for (std::size_t id = 0; id < blocks.size(); ++id) {
            const memprof::test::Key key = memprof::test::keyOf(profile.locations[id]);
            if (blocks[id].lifetimes != 0)
                lifetimes[key] += blocks[id].lifetimes;
            rows[key].push_back(blocks[id]);
        }
        std::map<memprof::test::Key, std::uint64_t> expected;
        std::uint64_t expectedTotal = 0;
        for (const auto& [key, life] : replay.lifetimesTo(profile.totals.eventCount)) {
            expectedTotal += life;
            if (life != 0)
                expected[key] = life;
        }
        QCOMPARE(lifetimes, expected);
        std::uint64_t expectedMaxBlocks = 0;
        for (const auto& [key, most] : replay.mostHeld) {
            // A location renamed by a later symbol holds under two names:
            // their maxima are not the key's.
            if (rows[key].size() != 1)
                continue;
            QCOMPARE(rows[key][0].maxBytes, most.first);
            QCOMPARE(rows[key][0].maxBlocks, most.second);
            expectedMaxBlocks += most.second;
        }

        const test::ToolRun run =
            test::runTool(QStringLiteral(MEMPROF_REPORT_EXE), {QStringLiteral("--export=dhat"), dump});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        std::uint64_t tl = 0, mbk = 0;
        for (const QJsonValue& value :
             QJsonDocument::fromJson(run.out).object().value(QStringLiteral("pps")).toArray()) {
            tl += static_cast<std::uint64_t>(value.toObject().value(QStringLiteral("tl")).toInteger());
            mbk += static_cast<std::uint64_t>(value.toObject().value(QStringLiteral("mbk")).toInteger());
        }
        QCOMPARE(tl, expectedTotal);
        bool renamed = false;
        for (const auto& [key, owners] : rows)
            renamed = renamed || owners.size() > 1;
        if (!renamed)
            QCOMPARE(mbk, expectedMaxBlocks);
    }

    // Over a window tl counts the blocks its events allocated, each to its
    // release or the run's end, wherever that falls.
    void windowLifetimesAreItsBlocks()
    {
        const std::string path = MEMPROF_TEST_DATA "/v3/growth.bin";
        const memprof::RunRange window{1000, 5000};
        memprof::test::ReplaySink replay;
        replay.lifeFirst = window.first;
        replay.lifeLast = window.last;
        memprof::FileByteSource source(path);
        memprof::decode(source, replay);
        memprof::DhatBlocks blocks, whole;
        const memprof::Profile profile = memprof::loadWithDhatBlocks(path, window, blocks);
        memprof::loadWithDhatBlocks(path, {}, whole);
        std::map<memprof::test::Key, std::uint64_t> lifetimes;
        std::uint64_t total = 0, wholeTotal = 0;
        for (std::size_t id = 0; id < blocks.size(); ++id) {
            if (blocks[id].lifetimes != 0)
                lifetimes[memprof::test::keyOf(profile.locations[id])] += blocks[id].lifetimes;
            total += blocks[id].lifetimes;
        }
        for (const memprof::DhatBlockRow& row : whole)
            wholeTotal += row.lifetimes;
        std::map<memprof::test::Key, std::uint64_t> expected;
        for (const auto& [key, life] : replay.lifetimesTo(profile.totals.eventCount)) {
            if (life != 0)
                expected[key] = life;
        }
        QVERIFY(total > 0 && total < wholeTotal);
        QCOMPARE(lifetimes, expected);
    }

    // fs runs leaf to root: a Lua location's line, its function (named by
    // growth.lua beside the dump), its chunk.
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
            if (names == QStringList{QStringLiteral("growth.lua:18"), QStringLiteral("take_token (growth.lua:15)"),
                                     QStringLiteral("growth.lua")})
                found = true;
        }
        QVERIFY(found);
    }
};

MEMPROF_TEST_GUILESS_MAIN(DhatExportTest)
#include "test_dhat_export.moc"
