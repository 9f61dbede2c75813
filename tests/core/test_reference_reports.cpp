// SPDX-License-Identifier: GPL-3.0-or-later
// memprof-report's text against the reference parser's outputs for every
// intact fixture dump: same rows, counts, bytes, Overrides, HEAP SUMMARY and
// ALIASES, in an order the reference's ranking allows.
#include "model/memprofile/ProfileLoader.h"
#include "model/report/TextReport.h"
#include "tests/core/ReportText.h"
#include "tests/support/TestSuite.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTest>

#include <sstream>

using namespace memprof;
using memprof::test::parseReport;
using memprof::test::ReportText;

namespace {

QString readText(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return QString::fromUtf8(file.readAll());
}

QString ourReport(const Profile& profile, const ReportOptions& options)
{
    std::ostringstream text;
    writeTextReport(text, profile, options);
    return QString::fromStdString(text.str());
}

// The 2.8 parser (format 1) printed "+N bytes" and raw multi-line chunk
// names; bring its text to the current parser's shape.
QString normalizeFormat1(QString text, const Profile& profile)
{
    for (const auto& alias : profile.aliases)
        text.replace(QString::fromStdString(alias.source), QString::fromStdString(alias.name));
    static const QRegularExpression bytes(QStringLiteral("(\\d+) bytes"));
    text.replace(bytes, QStringLiteral("\\1B"));
    return text;
}

void compareReports(const ReportText& ours, const ReportText& reference, bool compareAliases)
{
    QCOMPARE(ours.sectionOrder.mid(0, reference.sectionOrder.size()), reference.sectionOrder);
    for (auto it = reference.sections.begin(); it != reference.sections.end(); ++it) {
        const auto& mine = ours.sections.value(it.key());
        // Same ranking keys in the same order, and the same blocks: then our
        // order is one the reference's ranking allows.
        QCOMPARE(mine.rankKeys, it.value().rankKeys);
        QCOMPARE(mine.blocks, it.value().blocks);
    }
    if (compareAliases)
        QCOMPARE(ours.aliases, reference.aliases);
}

} // namespace

class TestReferenceReports : public QObject {
    Q_OBJECT
private slots:
    void format3_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("mode");
        const QStringList dumps = QDir(QStringLiteral(MEMPROF_TEST_DATA "/v3")).entryList({"*.bin"}, QDir::Files);
        QVERIFY(dumps.size() >= 10);
        for (const QString& dump : dumps) {
            const QString name = dump.chopped(4);
            for (const char* mode : {"report", "leak-only", "human"})
                QTest::newRow(qPrintable(name + "/" + mode)) << name << QString::fromLatin1(mode);
        }
    }

    void format3()
    {
        QFETCH(QString, name);
        QFETCH(QString, mode);
        const QString base = QStringLiteral(MEMPROF_TEST_DATA "/v3/") + name;
        const Profile profile = loadProfile((base + ".bin").toStdString());
        QCOMPARE(profile.status.end, DecodeEnd::Complete);
        QCOMPARE(int(profile.status.symtabVersion), 3);
        ReportOptions options;
        options.leakOnly = mode == QLatin1String("leak-only");
        options.humanReadable = mode == QLatin1String("human");
        const QString expected = readText(base + "." + mode + ".txt");
        const QString actual = ourReport(profile, options);
        compareReports(parseReport(actual), parseReport(expected), true);
        // Nothing outside the compared parts differs.
        QCOMPARE(actual.size(), expected.size());
    }

    void format1_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("mode");
        const QStringList dumps = QDir(QStringLiteral(MEMPROF_TEST_DATA "/v1")).entryList({"*.bin"}, QDir::Files);
        QVERIFY(dumps.size() >= 4);
        for (const QString& dump : dumps) {
            const QString name = dump.chopped(4);
            for (const char* mode : {"report", "leak-only"})
                QTest::newRow(qPrintable(name + "/" + mode)) << name << QString::fromLatin1(mode);
        }
    }

    void format1()
    {
        QFETCH(QString, name);
        QFETCH(QString, mode);
        const QString base = QStringLiteral(MEMPROF_TEST_DATA "/v1/") + name;
        const Profile profile = loadProfile((base + ".bin").toStdString());
        QCOMPARE(profile.status.end, DecodeEnd::Complete);
        QCOMPARE(int(profile.status.symtabVersion), 1);
        QCOMPARE(int(profile.status.eventsVersion), 1);
        ReportOptions options;
        options.leakOnly = mode == QLatin1String("leak-only");
        const QString expected = normalizeFormat1(readText(base + "." + mode + ".txt"), profile);
        // The 2.8 parser had no ALIASES section: compare everything else.
        compareReports(parseReport(ourReport(profile, options)), parseReport(expected), false);
    }

    void eventCountsMatchTheManifest()
    {
        // Sums of "N events" per section equal the alloc/realloc/free counts.
        const Profile profile = loadProfile(std::string(MEMPROF_TEST_DATA "/v3/medium.bin"));
        QCOMPARE(quint64(profile.totals.allocCount), quint64(71554));
        QCOMPARE(quint64(profile.totals.reallocCount), quint64(3656));
        QCOMPARE(quint64(profile.totals.freeCount), quint64(69367));
        QCOMPARE(quint64(profile.totals.symbolEventCount), quint64(36));
        const Profile ffi = loadProfile(std::string(MEMPROF_TEST_DATA "/v3/ffi-load.bin"));
        QCOMPARE(quint64(ffi.totals.symbolEventCount), quint64(40698));
        QCOMPARE(quint64(ffi.totals.eventCount), quint64(167));
    }
};

MEMPROF_TEST_APPLESS_MAIN(TestReferenceReports)
#include "test_reference_reports.moc"
