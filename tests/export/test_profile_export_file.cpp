// SPDX-License-Identifier: GPL-3.0-or-later
// The viewer's Export Profile As: the format named by the file's type, and
// a window's export the same bytes as memprof-report --range writes, from
// the profile the viewer shows (re-counted from its window index).
#include "tests/export/ExportFixtures.h"

#include "model/export/ExportFormat.h"
#include "model/export/ProfileExportFile.h"
#include "model/memprofile/ProfileLoader.h"
#include "model/memprofile/WindowIndex.h"
#include "model/memprofile/WindowRecount.h"
#include "tests/support/TestSuite.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

namespace {

const char* const kDump = MEMPROF_TEST_DATA "/v3/growth.bin";

QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

class ProfileExportFileTest : public QObject {
    Q_OBJECT

private slots:
    void formatByFileType()
    {
        using memprof::ExportFormat;
        QCOMPARE(memprof::exportFormatForFileName("a.pb.gz"), ExportFormat::Pprof);
        QCOMPARE(memprof::exportFormatForFileName("a.pprof"), ExportFormat::Pprof);
        QCOMPARE(memprof::exportFormatForFileName("a.speedscope.json"), ExportFormat::Speedscope);
        QCOMPARE(memprof::exportFormatForFileName("a.dhat.json"), ExportFormat::Dhat);
        QCOMPARE(memprof::exportFormatForFileName("a.folded"), ExportFormat::FoldedHeld);
        QVERIFY(!memprof::exportFormatForFileName("a.json"));
        QVERIFY(!memprof::exportFormatForFileName("a.gz"));
        QVERIFY(!memprof::exportFormatForFileName("a.cpuprofile"));
    }

    // A CPU profile's types: no DHAT (a memory profile's), a Chrome
    // .cpuprofile, and .folded for its Lua call chains.
    void cpuProfileFormatByFileType()
    {
        using memprof::ExportFormat;
        constexpr auto cpu = memprof::ExportSubject::Sysprof;
        QCOMPARE(memprof::exportFormatForFileName("a.pb.gz", cpu), ExportFormat::Pprof);
        QCOMPARE(memprof::exportFormatForFileName("a.pprof", cpu), ExportFormat::Pprof);
        QCOMPARE(memprof::exportFormatForFileName("a.speedscope.json", cpu), ExportFormat::Speedscope);
        QCOMPARE(memprof::exportFormatForFileName("a.cpuprofile", cpu), ExportFormat::Chrome);
        QCOMPARE(memprof::exportFormatForFileName("a.folded", cpu), ExportFormat::FoldedLua);
        QVERIFY(!memprof::exportFormatForFileName("a.dhat.json", cpu));
        const QStringList filters = memprof::exportFileFilters(cpu).split(QStringLiteral(";;"));
        QCOMPARE(filters.size(), 4);
        QCOMPARE(memprof::exportPathForFilter(QStringLiteral("/tmp/cpu"), filters[2], cpu),
                 QStringLiteral("/tmp/cpu.cpuprofile"));
        QCOMPARE(memprof::exportPathForFilter(QStringLiteral("/tmp/cpu.cpuprofile"), filters[0], cpu),
                 QStringLiteral("/tmp/cpu.cpuprofile"));
    }

    void aNameWithoutTypeTakesTheChosenFilters()
    {
        const QStringList filters = memprof::exportFileFilters().split(QStringLiteral(";;"));
        QCOMPARE(filters.size(), 4);
        QCOMPARE(memprof::exportPathForFilter(QStringLiteral("/tmp/heap"), filters[0]),
                 QStringLiteral("/tmp/heap.pb.gz"));
        QCOMPARE(memprof::exportPathForFilter(QStringLiteral("/tmp/heap"), filters[1]),
                 QStringLiteral("/tmp/heap.speedscope.json"));
        QCOMPARE(memprof::exportPathForFilter(QStringLiteral("/tmp/heap"), filters[2]),
                 QStringLiteral("/tmp/heap.dhat.json"));
        QCOMPARE(memprof::exportPathForFilter(QStringLiteral("/tmp/heap"), filters[3]),
                 QStringLiteral("/tmp/heap.folded"));
        // A name that names a format keeps it, whatever the filter.
        QCOMPARE(memprof::exportPathForFilter(QStringLiteral("/tmp/heap.folded"), filters[0]),
                 QStringLiteral("/tmp/heap.folded"));
    }

    void unknownTypeWritesNothing()
    {
        QTemporaryDir dir;
        const memprof::Profile profile = memprof::loadProfile(kDump, {}, nullptr, {});
        const QString path = dir.filePath(QStringLiteral("profile.json"));
        QString error;
        QVERIFY(!memprof::writeProfileExport(kDump, profile, path, &error));
        QVERIFY(error.contains(QStringLiteral(".pb.gz")));
        QVERIFY(!QFile::exists(path));
    }

    void windowExportEqualsTheCli_data()
    {
        QTest::addColumn<QString>("fileName");
        QTest::addColumn<QString>("format");
        QTest::newRow("pprof") << "w.pb.gz"
                               << "pprof";
        QTest::newRow("speedscope") << "w.speedscope.json"
                                    << "speedscope";
        QTest::newRow("dhat") << "w.dhat.json"
                              << "dhat";
        QTest::newRow("folded") << "w.folded"
                                << "folded";
    }
    void windowExportEqualsTheCli()
    {
        QFETCH(QString, fileName);
        QFETCH(QString, format);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        memprof::WindowIndex index;
        const memprof::Profile whole = memprof::loadProfileWithIndex(kDump, index);
        const memprof::RunRange window{1000, 5000};
        const memprof::Profile shown = memprof::recountWindow(kDump, whole, index, window);
        const QString viewerPath = dir.filePath(fileName);
        QString error;
        const memprof::FunctionNameTable names = test::namesBesideTheDump(shown, QLatin1String(kDump));
        QVERIFY2(memprof::writeProfileExport(kDump, shown, viewerPath, &error, &names), qPrintable(error));

        const QString cliPath = dir.filePath(QStringLiteral("cli-") + fileName);
        const test::ToolRun run =
            test::runTool(QStringLiteral(MEMPROF_REPORT_EXE),
                          {QStringLiteral("--export=") + format, QStringLiteral("--range=1000:5000"),
                           QStringLiteral("-o"), cliPath, QLatin1String(kDump)});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QByteArray viewerBytes = readAll(viewerPath);
        QVERIFY(!viewerBytes.isEmpty());
        QCOMPARE(viewerBytes, readAll(cliPath));
    }
};

MEMPROF_TEST_GUILESS_MAIN(ProfileExportFileTest)
#include "test_profile_export_file.moc"
