// SPDX-License-Identifier: GPL-3.0-or-later
// --range with --export: the CLI writes the export of the profile loaded
// over that window, whose figures are the windowed report's (--csv=live).
#include "tests/export/ExportFixtures.h"

#include "model/export/DhatBlocks.h"
#include "model/export/ExportFormat.h"
#include "model/memprofile/ProfileLoader.h"
#include "model/report/RangeOption.h"
#include "tests/support/TestSuite.h"

#include <QTemporaryDir>
#include <QTest>

namespace {

const char* const kDump = MEMPROF_TEST_DATA "/v3/growth.bin";

// The --csv=live held bytes of the window, summed from the CLI's own output
// (its held_bytes column: a function column comes first where the source is
// beside the dump).
std::int64_t csvLiveHeldBytes(const QString& range)
{
    const test::ToolRun run =
        test::runTool(QStringLiteral(MEMPROF_REPORT_EXE), {QStringLiteral("--csv=live"), range, QLatin1String(kDump)});
    std::int64_t total = 0;
    const QList<QByteArray> lines = run.out.split('\n');
    const QList<QByteArray> header = lines[0].trimmed().split(',');
    const qsizetype held = header.indexOf("held_bytes");
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QList<QByteArray> fields = lines[i].trimmed().split(',');
        if (fields.size() == header.size())
            total += fields[held].toLongLong();
    }
    return total;
}

} // namespace

class ExportRangeTest : public QObject {
    Q_OBJECT

private slots:
    void cliExportIsTheWindowsExport_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("range");
        for (const char* format : {"pprof", "speedscope", "dhat", "folded:held", "folded:allocated", "folded:count"}) {
            for (const char* range : {"20%:80%", "1000:5000", ":50%"})
                QTest::addRow("%s %s", format, range) << QString::fromLatin1(format) << QString::fromLatin1(range);
        }
    }
    void cliExportIsTheWindowsExport()
    {
        QFETCH(QString, format);
        QFETCH(QString, range);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString output = dir.filePath(QStringLiteral("export"));
        const test::ToolRun run =
            test::runTool(QStringLiteral(MEMPROF_REPORT_EXE),
                          {QStringLiteral("--export=") + format, QStringLiteral("--range=") + range,
                           QStringLiteral("-o"), output, QLatin1String(kDump)});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QFile file(output);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray written = file.readAll();

        std::string why;
        const std::optional<memprof::RangeOption> option = memprof::parseRangeOption(range.toStdString(), why);
        QVERIFY2(option, why.c_str());
        std::uint64_t eventCount = 0;
        memprof::countEvents(kDump, eventCount);
        const std::optional<memprof::RunRange> window = memprof::resolveRange(*option, eventCount, why);
        QVERIFY2(window, why.c_str());
        // DHAT's block figures come from the same load (other formats ignore them).
        memprof::DhatBlocks windowedBlocks, wholeBlocks;
        const memprof::Profile windowed = memprof::loadWithDhatBlocks(kDump, *window, windowedBlocks);
        const memprof::Profile whole = memprof::loadWithDhatBlocks(kDump, {}, wholeBlocks);
        const std::optional<memprof::ExportFormat> chosen = memprof::exportFormatFromName(format.toStdString());
        QVERIFY(chosen);
        const memprof::FunctionNameTable windowedNames = test::namesBesideTheDump(windowed, QLatin1String(kDump));
        const memprof::FunctionNameTable wholeNames = test::namesBesideTheDump(whole, QLatin1String(kDump));
        QCOMPARE(written,
                 QByteArray::fromStdString(memprof::exportBytes(windowed, *chosen, &windowedBlocks, &windowedNames)));
        // The window changes what is written.
        QVERIFY(written != QByteArray::fromStdString(memprof::exportBytes(whole, *chosen, &wholeBlocks, &wholeNames)));
    }

    void heldBytesOfTheWindowEqualCsvLive()
    {
        for (const char* range : {"20%:80%", "1000:5000"}) {
            const QString option = QStringLiteral("--range=") + QLatin1String(range);
            const test::ToolRun run =
                test::runTool(QStringLiteral(MEMPROF_REPORT_EXE),
                              {QStringLiteral("--export=folded:held"), option, QLatin1String(kDump)});
            QVERIFY2(run.exitCode == 0, run.err.constData());
            std::int64_t total = 0;
            for (const QByteArray& line : run.out.split('\n')) {
                if (!line.isEmpty())
                    total += line.mid(line.lastIndexOf(' ') + 1).toLongLong();
            }
            const std::int64_t expected = csvLiveHeldBytes(option);
            QVERIFY(expected > 0);
            QCOMPARE(total, expected);
        }
    }
};

MEMPROF_TEST_GUILESS_MAIN(ExportRangeTest)
#include "test_export_range.moc"
