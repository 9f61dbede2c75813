// SPDX-License-Identifier: GPL-3.0-or-later
// The order of location names (file, then line as a number; other names as
// text with numbers compared as numbers) and the proxy every table sorts
// through, on a location table model of a written dump.
#include "model/synth/DumpWriter.h"

#include "model/itemmodels/LocationOrder.h"
#include "model/itemmodels/LocationTableModel.h"
#include "model/itemmodels/TableSortProxy.h"
#include "model/memprofile/ProfileLoader.h"
#include "tests/support/TestSuite.h"

#include <QAbstractItemModelTester>
#include <QRandomGenerator>
#include <QStandardItemModel>
#include <QTest>

#include <algorithm>

using namespace memprof;
using namespace memprof::itemmodels;

class TestLocationOrder : public QObject {
    Q_OBJECT
private slots:
    void lineNumbersCompareAsNumbers();
    void fileComesBeforeLine();
    void otherNamesSortAsNaturalText();
    void orderIsStrictAndTotal();
    void proxySortsLocationColumnByLine();
    void proxyKeepsNumbersRaw();
};

void TestLocationOrder::lineNumbersCompareAsNumbers()
{
    QVERIFY(compareLocationNames(u"@x.lua:7", u"@x.lua:22") < 0);
    QVERIFY(compareLocationNames(u"@x.lua:22", u"@x.lua:100") < 0);
    QVERIFY(compareLocationNames(u"@x.lua:100", u"@x.lua:7") > 0);
    QCOMPARE(compareLocationNames(u"@x.lua:22", u"@x.lua:22"), 0);
    // A line number longer than any integer still compares by value.
    QVERIFY(compareLocationNames(u"@x.lua:99999999999999999999", u"@x.lua:100000000000000000000") < 0);
    // C symbols: the address after ":0x" is hexadecimal (0x9a > 0x10).
    QVERIFY(compareLocationNames(u"libc.so:0x10", u"libc.so:0x9a") < 0);
    QVERIFY(compareLocationNames(u"libc.so:0xff", u"libc.so:0x100") < 0);
}

void TestLocationOrder::fileComesBeforeLine()
{
    // The file decides before the line: @a.lua:900 before @b.lua:1.
    QVERIFY(compareLocationNames(u"@a.lua:900", u"@b.lua:1") < 0);
    // A file that is a prefix of another comes first whatever the lines.
    QVERIFY(compareLocationNames(u"@a:50", u"@a.lua:1") < 0);
    // File names compare case-insensitively, with their numbers as numbers.
    QVERIFY(compareLocationNames(u"@mod9.lua:40", u"@mod10.lua:3") < 0);
    QVERIFY(compareLocationNames(u"@A.lua:30", u"@b.lua:2") < 0);
    QVERIFY(compareLocationNames(u"function_alias_2:5", u"function_alias_10:1") < 0);
}

void TestLocationOrder::otherNamesSortAsNaturalText()
{
    QVERIFY(compareLocationNames(u"TRACE [2]", u"TRACE [10]") < 0);
    QVERIFY(compareLocationNames(u"TRACE [3] started at @f.lua:7", u"TRACE [3] started at @f.lua:22") < 0);
    QVERIFY(compareLocationNames(u"TRACE [3] started at @f.lua:22", u"TRACE [12] started at @f.lua:7") < 0);
    QVERIFY(compareLocationNames(u"INTERNAL", u"TRACE [1]") < 0);
    QVERIFY(compareLocationNames(u"CFUNC 0x7f00", u"INTERNAL") < 0);
    QVERIFY(compareNatural(u"item2", u"item10") < 0);
    QVERIFY(compareNatural(u"item10", u"Item11") < 0);
    // Equal but for case or leading zeros: still ordered, never equal.
    QVERIFY(compareNatural(u"Item", u"item") != 0);
    QVERIFY(compareNatural(u"a07", u"a7") != 0);
    QCOMPARE(compareNatural(u"a07", u"a07"), 0);
}

void TestLocationOrder::orderIsStrictAndTotal()
{
    // Antisymmetric and transitive over a mix of every kind of name: a
    // sort over it must not depend on the input order.
    const QStringList names = {QStringLiteral("@x.lua:7"),
                               QStringLiteral("@x.lua:22"),
                               QStringLiteral("@x.lua:100"),
                               QStringLiteral("@x.lua"),
                               QStringLiteral("@x.luab:1"),
                               QStringLiteral("@x:3"),
                               QStringLiteral("@X.lua:22"),
                               QStringLiteral("@x.lua:022"),
                               QStringLiteral("INTERNAL"),
                               QStringLiteral("TRACE [2]"),
                               QStringLiteral("TRACE [10]"),
                               QStringLiteral("TRACE [2] started at @x.lua:9"),
                               QStringLiteral("libc.so:0x10"),
                               QStringLiteral("libc.so:0x9a"),
                               QStringLiteral("libc.so:17"),
                               QStringLiteral("CFUNC 0xdeadbeef"),
                               QStringLiteral("function_alias_1:3"),
                               QStringLiteral("function_alias_12:3"),
                               QStringLiteral(":5"),
                               QStringLiteral("a:"),
                               QStringLiteral("")};
    for (const QString& a : names) {
        QCOMPARE(compareLocationNames(a, a), 0);
        for (const QString& b : names) {
            const int ab = compareLocationNames(a, b);
            QCOMPARE(ab<0, compareLocationNames(b, a)> 0);
            QCOMPARE(ab == 0, a == b);
            for (const QString& c : names)
                if (ab < 0 && compareLocationNames(b, c) < 0)
                    QVERIFY2(compareLocationNames(a, c) < 0,
                             qPrintable(QStringList({a, b, c}).join(QStringLiteral(" < "))));
        }
    }
    QStringList shuffled = names;
    QStringList sorted = names;
    const auto less = [](const QString& a, const QString& b) { return compareLocationNames(a, b) < 0; };
    std::sort(sorted.begin(), sorted.end(), less);
    std::shuffle(shuffled.begin(), shuffled.end(), *QRandomGenerator::global());
    std::sort(shuffled.begin(), shuffled.end(), less);
    QCOMPARE(shuffled, sorted);
}

void TestLocationOrder::proxySortsLocationColumnByLine()
{
    // One chunk allocating at lines 100, 7 and 22 (in that order of first
    // use, so the model's own order is not the sorted one).
    synth::DumpWriter dump;
    dump.symtabPrologue(3).lfunc(0x100, "@x.lua", 0).symtabEnd().eventsPrologue(3);
    dump.alloc(synth::luaAt(0x100, 100), 0x1000, 10).alloc(synth::luaAt(0x100, 7), 0x2000, 30);
    dump.alloc(synth::luaAt(0x100, 22), 0x3000, 20).epilogue();
    auto profile = std::make_shared<const Profile>(loadProfile(dump.bytes()));
    LocationTableModel model(EventKind::Alloc);
    model.setProfile(profile);
    TableSortProxy proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(proxy.rowCount(), 3);

    proxy.sort(0, Qt::AscendingOrder);
    QStringList shown;
    for (int row = 0; row < proxy.rowCount(); ++row)
        shown << proxy.index(row, 0).data(SortRole).toString();
    QCOMPARE(shown,
             QStringList({QStringLiteral("@x.lua:7"), QStringLiteral("@x.lua:22"), QStringLiteral("@x.lua:100")}));

    proxy.sort(0, Qt::DescendingOrder);
    QCOMPARE(proxy.index(0, 0).data(SortRole).toString(), QStringLiteral("@x.lua:100"));
    QCOMPARE(proxy.index(2, 0).data(SortRole).toString(), QStringLiteral("@x.lua:7"));

    // The filter works on the location column, case-insensitive.
    proxy.setFilterRegularExpression(
        QRegularExpression(QStringLiteral("X\\.LUA:2"), QRegularExpression::CaseInsensitiveOption));
    QCOMPARE(proxy.rowCount(), 1);
    QCOMPARE(proxy.index(0, 0).data(SortRole).toString(), QStringLiteral("@x.lua:22"));
}

void TestLocationOrder::proxyKeepsNumbersRaw()
{
    // Numeric columns still sort by their raw values (9 < 10 < 100).
    QStandardItemModel model(3, 1);
    const QList<qint64> values = {100, 9, 10};
    for (int row = 0; row < 3; ++row)
        model.setData(model.index(row, 0), values[row], SortRole);
    TableSortProxy proxy;
    proxy.setSourceModel(&model);
    proxy.sort(0, Qt::AscendingOrder);
    QCOMPARE(proxy.index(0, 0).data(SortRole).toLongLong(), 9);
    QCOMPARE(proxy.index(1, 0).data(SortRole).toLongLong(), 10);
    QCOMPARE(proxy.index(2, 0).data(SortRole).toLongLong(), 100);
}

MEMPROF_TEST_GUILESS_MAIN(TestLocationOrder)
#include "test_location_order.moc"
