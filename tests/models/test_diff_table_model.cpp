// SPDX-License-Identifier: GPL-3.0-or-later
// The comparison of two dumps as table models: a dump against itself is all
// zeros; two fixture dumps give, per name, the difference computed here
// independently from both profiles' rows (and one row checked by hand
// against the reference parser's reports); signs, one-sided names, bars.
#include "tests/support/GuiTestData.h"

#include "model/itemmodels/DiffTableModel.h"
#include "model/itemmodels/ModelRoles.h"
#include "model/memprofile/ProfileRanking.h"
#include "tests/support/TestSuite.h"

#include <QAbstractItemModelTester>
#include <QFont>
#include <QTest>

#include <map>

using namespace memprof;
using namespace memprof::itemmodels;
using Table = DiffTableModel::Table;

namespace {

qint64 raw(const QAbstractItemModel& model, int row, int column)
{
    return model.index(row, column).data(SortRole).toLongLong();
}

constexpr Table kTables[] = {Table::Allocations, Table::Reallocations, Table::Frees, Table::Held};

EventKind kindOf(Table table)
{
    return table == Table::Allocations     ? EventKind::Alloc
           : table == Table::Reallocations ? EventKind::Realloc
                                           : EventKind::Free;
}

int findRow(const QAbstractItemModel& model, const QString& name)
{
    for (int r = 0; r < model.rowCount(); ++r)
        if (model.index(r, 0).data(SortRole).toString() == name)
            return r;
    return -1;
}

// The figures of one table, per name, summed from the profile's own rows.
struct Figures {
    qint64 events = 0, allocated = 0, freed = 0, held = 0, blocks = 0;
};
std::map<std::string, Figures> figuresByName(const Profile& profile, Table table)
{
    std::map<std::string, Figures> byName;
    if (table == Table::Held) {
        for (const HeldRow& live : profile.heldAtEnd) {
            auto& f = byName[profile.nameOf(live.location)];
            f.held += qint64(live.heldBytes);
            f.blocks += qint64(live.blockCount);
        }
        return byName;
    }
    for (const LocationRow& row : profile.rows(kindOf(table))) {
        auto& f = byName[profile.nameOf(row.location)];
        f.events += qint64(row.eventCount);
        f.allocated += qint64(row.allocatedBytes);
        f.freed += qint64(row.freedBytes);
    }
    return byName;
}
} // namespace

class TestDiffTableModel : public QObject {
    Q_OBJECT
private slots:
    void dumpAgainstItselfIsZero_data();
    void dumpAgainstItselfIsZero();
    void twoDumpsEqualTheIndependentDifference();
    void rowCheckedByHandAgainstTheReports();
    void signsMarksAndBars();
};

void TestDiffTableModel::dumpAgainstItselfIsZero_data()
{
    QTest::addColumn<QString>("dump");
    for (const char* name : {"v3/medium.bin", "v3/leak.bin", "v3/leak-jit.bin", "v3/loadstring.bin", "v1/medium.bin"})
        QTest::newRow(name) << QString::fromLatin1(name);
}

void TestDiffTableModel::dumpAgainstItselfIsZero()
{
    QFETCH(QString, dump);
    auto first = test::loadSharedFixture(dump);
    auto second = test::loadSharedFixture(dump); // a second decode, not the same object
    auto diff = std::make_shared<const ProfileDiff>(diffProfiles(*first, *second));
    for (Table table : kTables) {
        DiffTableModel model(table);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setDiff(diff, second);
        QCOMPARE(model.rowCount(), int(figuresByName(*first, table).size()));
        if (table == Table::Allocations)
            QVERIFY(model.rowCount() > 0);
        for (int r = 0; r < model.rowCount(); ++r) {
            QCOMPARE(model.index(r, DiffTableModel::OnlyInColumn).data().toString(), QString());
            QCOMPARE(model.index(r, DiffTableModel::OnlyInColumn).data(SortRole).toString(), QStringLiteral("both"));
            for (int c = 2; c < model.columnCount(); ++c) {
                const QString header = model.headerData(c, Qt::Horizontal, CsvHeaderRole).toString();
                if (header.startsWith(QLatin1String("delta_"))) {
                    QCOMPARE(raw(model, r, c), 0);
                    QCOMPARE(model.index(r, c).data(CostFractionRole).toDouble(), 0.0);
                } else if (header.startsWith(QLatin1String("base_"))) {
                    // BASE and NEW columns stand side by side.
                    QCOMPARE(raw(model, r, c), raw(model, r, c + 1));
                }
            }
            QVERIFY(model.index(r, 0).data(LocationIdRole).isValid());
        }
    }
}

void TestDiffTableModel::twoDumpsEqualTheIndependentDifference()
{
    auto base = test::loadSharedFixture(QStringLiteral("v3/leak.bin"));
    auto current = test::loadSharedFixture(QStringLiteral("v3/freed.bin"));
    auto diff = std::make_shared<const ProfileDiff>(diffProfiles(*base, *current));
    for (Table table : kTables) {
        DiffTableModel model(table);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setDiff(diff, current);
        const auto baseFigures = figuresByName(*base, table);
        const auto newFigures = figuresByName(*current, table);
        std::map<std::string, int> names;
        for (const auto& [name, f] : baseFigures)
            names[name] |= 1;
        for (const auto& [name, f] : newFigures)
            names[name] |= 2;
        QCOMPARE(model.rowCount(), int(names.size()));
        for (const auto& [name, sides] : names) {
            const int r = findRow(model, QString::fromStdString(name));
            QVERIFY2(r >= 0, name.c_str());
            const Figures b = baseFigures.count(name) ? baseFigures.at(name) : Figures();
            const Figures n = newFigures.count(name) ? newFigures.at(name) : Figures();
            const QString presence = sides == 3   ? QStringLiteral("both")
                                     : sides == 1 ? QStringLiteral("base")
                                                  : QStringLiteral("new");
            QCOMPARE(model.index(r, DiffTableModel::OnlyInColumn).data(SortRole).toString(), presence);
            if (table == Table::Held) {
                QCOMPARE(raw(model, r, DiffTableModel::HeldChangeColumn), n.held - b.held);
                QCOMPARE(raw(model, r, DiffTableModel::BaseHeldColumn), b.held);
                QCOMPARE(raw(model, r, DiffTableModel::NewHeldColumn), n.held);
                QCOMPARE(raw(model, r, DiffTableModel::BlocksChangeColumn), n.blocks - b.blocks);
                continue;
            }
            QCOMPARE(raw(model, r, DiffTableModel::EventsChangeColumn), n.events - b.events);
            QCOMPARE(raw(model, r, DiffTableModel::AllocatedChangeColumn), n.allocated - b.allocated);
            QCOMPARE(raw(model, r, DiffTableModel::FreedChangeColumn), n.freed - b.freed);
            QCOMPARE(raw(model, r, DiffTableModel::BaseEventsColumn), b.events);
            QCOMPARE(raw(model, r, DiffTableModel::NewEventsColumn), n.events);
            QCOMPARE(raw(model, r, DiffTableModel::BaseAllocatedColumn), b.allocated);
            QCOMPARE(raw(model, r, DiffTableModel::NewAllocatedColumn), n.allocated);
            QCOMPARE(raw(model, r, DiffTableModel::BaseFreedColumn), b.freed);
            QCOMPARE(raw(model, r, DiffTableModel::NewFreedColumn), n.freed);
            // A name NEW met has its identity there, for the source pane.
            if (sides & 2)
                QCOMPARE(current->nameOf(model.index(r, 0).data(LocationIdRole).toUInt()), name);
        }
        // And the model shows memprof::diffProfiles' rows in its order.
        const auto& rows = table == Table::Held ? diff->held : diff->rows(kindOf(table));
        for (int r = 0; r < model.rowCount(); ++r)
            QCOMPARE(model.index(r, 0).data(SortRole).toString().toStdString(), rows[std::size_t(r)].name);
    }
}

void TestDiffTableModel::rowCheckedByHandAgainstTheReports()
{
    // From v3/leak.report.txt (BASE) and v3/freed.report.txt (NEW):
    //   DEALLOCATIONS INTERNAL: 5441 events -157486B  ->  5280 events -309683B
    //   REALLOCATIONS INTERNAL: 2 events +1200B -1128B -> 4 events +13488B -25704B
    //   ALLOCATIONS @leak.lua:14: 3420 events +135069B -> (none)
    //   ALLOCATIONS INTERNAL: (none) -> 1 events +4096B
    auto base = test::loadSharedFixture(QStringLiteral("v3/leak.bin"));
    auto current = test::loadSharedFixture(QStringLiteral("v3/freed.bin"));
    auto diff = std::make_shared<const ProfileDiff>(diffProfiles(*base, *current));

    DiffTableModel frees(Table::Frees);
    frees.setDiff(diff, current);
    int r = findRow(frees, QStringLiteral("INTERNAL"));
    QVERIFY(r >= 0);
    QCOMPARE(raw(frees, r, DiffTableModel::EventsChangeColumn), -161);
    QCOMPARE(raw(frees, r, DiffTableModel::FreedChangeColumn), 152197);
    QCOMPARE(frees.index(r, DiffTableModel::EventsChangeColumn).data().toString(), QStringLiteral("-161"));
    QCOMPARE(frees.index(r, DiffTableModel::FreedChangeColumn).data().toString(), QStringLiteral("+148.63KiB"));

    DiffTableModel reallocs(Table::Reallocations);
    reallocs.setDiff(diff, current);
    r = findRow(reallocs, QStringLiteral("INTERNAL"));
    QCOMPARE(raw(reallocs, r, DiffTableModel::EventsChangeColumn), 2);
    QCOMPARE(raw(reallocs, r, DiffTableModel::AllocatedChangeColumn), 12288);
    QCOMPARE(raw(reallocs, r, DiffTableModel::FreedChangeColumn), 24576);

    DiffTableModel allocs(Table::Allocations);
    allocs.setDiff(diff, current);
    r = findRow(allocs, QStringLiteral("@leak.lua:14"));
    QCOMPARE(allocs.index(r, DiffTableModel::OnlyInColumn).data().toString(), QStringLiteral("BASE"));
    QCOMPARE(raw(allocs, r, DiffTableModel::EventsChangeColumn), -3420);
    QCOMPARE(raw(allocs, r, DiffTableModel::AllocatedChangeColumn), -135069);
    QVERIFY(!allocs.index(r, 0).data(LocationIdRole).isValid()); // freed.bin has no leak.lua
    r = findRow(allocs, QStringLiteral("INTERNAL"));
    QCOMPARE(allocs.index(r, DiffTableModel::OnlyInColumn).data().toString(), QStringLiteral("NEW"));
    QCOMPARE(raw(allocs, r, DiffTableModel::AllocatedChangeColumn), 4096);
    QCOMPARE(allocs.index(r, DiffTableModel::AllocatedChangeColumn).data().toString(), QStringLiteral("+4KiB"));
}

void TestDiffTableModel::signsMarksAndBars()
{
    auto base = test::loadSharedFixture(QStringLiteral("v3/leak.bin"));
    auto current = test::loadSharedFixture(QStringLiteral("v3/freed.bin"));
    auto diff = std::make_shared<const ProfileDiff>(diffProfiles(*base, *current));
    DiffTableModel model(Table::Allocations);
    model.setDiff(diff, current);
    QCOMPARE(model.headerData(DiffTableModel::AllocatedChangeColumn, Qt::Horizontal, Qt::InitialSortOrderRole).toInt(),
             int(Qt::DescendingOrder));
    double smallest = 0;
    double largest = 0;
    for (int r = 0; r < model.rowCount(); ++r) {
        const qint64 change = raw(model, r, DiffTableModel::AllocatedChangeColumn);
        const QModelIndex cell = model.index(r, DiffTableModel::AllocatedChangeColumn);
        const double fraction = cell.data(CostFractionRole).toDouble();
        // Bars keep the sign: shrinkage draws as a negative fraction.
        QCOMPARE(fraction < 0, change < 0);
        smallest = std::min(smallest, fraction);
        largest = std::max(largest, fraction);
        QCOMPARE(cell.data().toString().startsWith(u'+'), change > 0);
        QCOMPARE(cell.data().toString().startsWith(u'-'), change < 0);
        // One-sided names read in italics.
        const bool oneSided =
            model.index(r, DiffTableModel::OnlyInColumn).data(SortRole).toString() != QLatin1String("both");
        QCOMPARE(model.index(r, 0).data(Qt::FontRole).value<QFont>().italic(), oneSided);
        if (oneSided)
            QVERIFY(model.index(r, 0).data(Qt::ToolTipRole).toString().contains(QLatin1String("only in")));
    }
    // The largest magnitude is a full bar: leak.lua's line 9 (-156104 B) or
    // freed.lua's line 8 (+260805 B).
    QCOMPARE(std::max(-smallest, largest), 1.0);
    QVERIFY(smallest < 0);
    model.setHumanReadable(false);
    const int r = findRow(model, QStringLiteral("@freed.lua:8"));
    QCOMPARE(model.index(r, DiffTableModel::AllocatedChangeColumn).data().toString(), QStringLiteral("+260805B"));
}

MEMPROF_TEST_MAIN(TestDiffTableModel)
#include "test_diff_table_model.moc"
