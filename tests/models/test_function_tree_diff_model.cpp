// SPDX-License-Identifier: GPL-3.0-or-later
// The by-function tree of two dumps as an item model: it passes
// QAbstractItemModelTester, the top level adds up to both totals' change,
// sorting orders by the raw signed change (shrinkage last), changes carry
// their sign, one-sided nodes are marked, line nodes lead to NEW's locations.
#include "tests/support/GuiTestData.h"

#include "model/itemmodels/CostFormat.h"
#include "model/itemmodels/FunctionTreeDiffModel.h"
#include "model/itemmodels/ModelRoles.h"
#include "tests/support/TestSuite.h"

#include <QAbstractItemModelTester>
#include <QFont>
#include <QSortFilterProxyModel>
#include <QTest>

#include <functional>

using namespace memprof;
using namespace memprof::itemmodels;
using M = FunctionTreeDiffModel;

namespace {

qint64 raw(const QModelIndex& index, int column)
{
    return index.siblingAtColumn(column).data(SortRole).toLongLong();
}

// Every index of the model, depth first.
void forEachIndex(const QAbstractItemModel& model, const std::function<void(const QModelIndex&)>& visit,
                  const QModelIndex& parent = {})
{
    for (int r = 0; r < model.rowCount(parent); ++r) {
        const QModelIndex index = model.index(r, 0, parent);
        visit(index);
        forEachIndex(model, visit, index);
    }
}

constexpr int kChangeColumns[] = {M::EventsChangeColumn, M::AllocatedChangeColumn, M::FreedChangeColumn,
                                  M::HeldChangeColumn, M::PeakChangeColumn};
} // namespace

class TestFunctionTreeDiffModel : public QObject {
    Q_OBJECT
private slots:
    void passesTheModelTester();
    void topLevelAddsUpToTheTotals();
    void sortsByTheRawSignedChange();
    void signsMarksBarsAndTargets();
    void dumpAgainstItselfIsZero();
};

void TestFunctionTreeDiffModel::passesTheModelTester()
{
    M model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setProfiles(test::loadSharedFixture(QStringLiteral("v1/medium.bin")),
                      test::loadSharedFixture(QStringLiteral("v3/medium.bin")));
    QVERIFY(model.rowCount() > 0);
    model.setHumanReadable(false);
    model.setProfiles(test::loadSharedFixture(QStringLiteral("v3/leak.bin")),
                      test::loadSharedFixture(QStringLiteral("v3/leak-jit.bin")));
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(SortRole);
    proxy.setRecursiveFilteringEnabled(true);
    QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    proxy.sort(M::HeldChangeColumn, Qt::DescendingOrder);
    proxy.setFilterFixedString(QStringLiteral("leak-jit.lua:1"));
    QVERIFY(proxy.rowCount() > 0);
    model.setProfiles(nullptr, nullptr);
    QCOMPARE(model.rowCount(), 0);
}

void TestFunctionTreeDiffModel::topLevelAddsUpToTheTotals()
{
    const auto base = test::loadSharedFixture(QStringLiteral("v1/leak.bin"));
    const auto current = test::loadSharedFixture(QStringLiteral("v3/leak.bin"));
    M model;
    model.setProfiles(base, current);
    qint64 events = 0, allocated = 0, freed = 0, held = 0, peak = 0, baseAllocated = 0, newHeld = 0;
    for (int r = 0; r < model.rowCount(); ++r) {
        const QModelIndex top = model.index(r, 0);
        events += raw(top, M::EventsChangeColumn);
        allocated += raw(top, M::AllocatedChangeColumn);
        freed += raw(top, M::FreedChangeColumn);
        held += raw(top, M::HeldChangeColumn);
        peak += raw(top, M::PeakChangeColumn);
        baseAllocated += raw(top, M::BaseAllocatedColumn);
        newHeld += raw(top, M::NewHeldColumn);
    }
    const ProfileTotals& b = base->totals;
    const ProfileTotals& n = current->totals;
    QCOMPARE(events, qint64(n.eventCount) - qint64(b.eventCount));
    QCOMPARE(allocated, qint64(n.allocatedBytes) - qint64(b.allocatedBytes));
    QCOMPARE(freed, qint64(n.freedBytes) - qint64(b.freedBytes));
    QCOMPARE(held, qint64(n.liveBytes) - qint64(b.liveBytes));
    QCOMPARE(peak, qint64(n.peakLiveBytes) - qint64(b.peakLiveBytes));
    QCOMPARE(baseAllocated, qint64(b.allocatedBytes));
    QCOMPARE(newHeld, qint64(n.liveBytes));
    // Every change is NEW - BASE of the node's own figures.
    forEachIndex(model, [](const QModelIndex& index) {
        QCOMPARE(raw(index, M::AllocatedChangeColumn),
                 raw(index, M::NewAllocatedColumn) - raw(index, M::BaseAllocatedColumn));
        QCOMPARE(raw(index, M::EventsChangeColumn), raw(index, M::NewEventsColumn) - raw(index, M::BaseEventsColumn));
        QCOMPARE(raw(index, M::PeakChangeColumn), raw(index, M::NewPeakColumn) - raw(index, M::BasePeakColumn));
    });
}

void TestFunctionTreeDiffModel::sortsByTheRawSignedChange()
{
    M model;
    model.setProfiles(test::loadSharedFixture(QStringLiteral("v3/leak.bin")),
                      test::loadSharedFixture(QStringLiteral("v3/leak-jit.bin")));
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(SortRole);
    for (int column : kChangeColumns) {
        QCOMPARE(model.headerData(column, Qt::Horizontal, Qt::InitialSortOrderRole).toInt(), int(Qt::DescendingOrder));
        for (Qt::SortOrder order : {Qt::DescendingOrder, Qt::AscendingOrder}) {
            proxy.sort(column, order);
            int negatives = 0;
            int positives = 0;
            std::function<void(const QModelIndex&)> checkChildren = [&](const QModelIndex& parent) {
                for (int r = 0; r < proxy.rowCount(parent); ++r) {
                    const qint64 value = raw(proxy.index(r, 0, parent), column);
                    negatives += value < 0;
                    positives += value > 0;
                    if (r > 0) {
                        const qint64 previous = raw(proxy.index(r - 1, 0, parent), column);
                        QVERIFY2(
                            order == Qt::DescendingOrder ? previous >= value : previous <= value,
                            qPrintable(QStringLiteral("column %1: %2 then %3").arg(column).arg(previous).arg(value)));
                    }
                    checkChildren(proxy.index(r, 0, parent));
                }
            };
            checkChildren({});
            // Two different scripts: some nodes grow, some shrink.
            QVERIFY(negatives > 0 && positives > 0);
        }
    }
    QCOMPARE(model.headerData(M::LocationColumn, Qt::Horizontal, Qt::InitialSortOrderRole).toInt(),
             int(Qt::AscendingOrder));
    QCOMPARE(model.headerData(M::HeldChangeColumn, Qt::Horizontal, CsvHeaderRole).toString(),
             QStringLiteral("delta_held_bytes"));
}

void TestFunctionTreeDiffModel::signsMarksBarsAndTargets()
{
    const auto current = test::loadSharedFixture(QStringLiteral("v3/leak-jit.bin"));
    M model;
    model.setProfiles(test::loadSharedFixture(QStringLiteral("v3/leak.bin")), current);
    int baseOnly = 0, newOnly = 0, lines = 0;
    forEachIndex(model, [&](const QModelIndex& index) {
        const QString presence = index.siblingAtColumn(M::OnlyInColumn).data(SortRole).toString();
        const QString shown = index.siblingAtColumn(M::OnlyInColumn).data().toString();
        const bool italic = index.data(Qt::FontRole).value<QFont>().italic();
        if (presence == QLatin1String("base")) {
            ++baseOnly;
            QCOMPARE(shown, QStringLiteral("BASE"));
            QVERIFY(italic);
            QCOMPARE(raw(index, M::NewEventsColumn), 0);
            QVERIFY(!index.data(LocationIdRole).isValid()); // NEW has no such line
            QVERIFY(index.data(Qt::ToolTipRole).toString().contains(QStringLiteral("only in BASE")));
        } else if (presence == QLatin1String("new")) {
            ++newOnly;
            QCOMPARE(shown, QStringLiteral("NEW"));
            QVERIFY(italic);
            QCOMPARE(raw(index, M::BaseEventsColumn), 0);
        } else {
            QCOMPARE(presence, QStringLiteral("both"));
            QVERIFY(shown.isEmpty());
            QVERIFY(!index.data(Qt::FontRole).isValid());
        }
        for (int column : kChangeColumns) {
            const QModelIndex cell = index.siblingAtColumn(column);
            const qint64 value = cell.data(SortRole).toLongLong();
            const CostKind kind = column == M::EventsChangeColumn ? CostKind::Count : CostKind::Bytes;
            QCOMPARE(cell.data().toString(), formatCostChange(value, kind, true));
            QVERIFY(value <= 0 || cell.data().toString().startsWith(u'+'));
            QVERIFY(value >= 0 || cell.data().toString().startsWith(u'-'));
            const double fraction = cell.data(CostFractionRole).toDouble();
            QVERIFY(fraction >= -1.0 && fraction <= 1.0);
            QCOMPARE(fraction < 0, value < 0);
        }
        // The tool tip of a cost cell gives both sides.
        const QString tip = index.siblingAtColumn(M::AllocatedChangeColumn).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(formatCost(raw(index, M::BaseAllocatedColumn), CostKind::Bytes, true) +
                              QStringLiteral(" → ") +
                              formatCost(raw(index, M::NewAllocatedColumn), CostKind::Bytes, true)),
                 qPrintable(tip));
        const QVariant location = index.data(LocationIdRole);
        if (location.isValid()) {
            ++lines;
            QCOMPARE(QString::fromStdString(current->nameOf(location.toUInt())), index.data().toString());
            QCOMPARE(model.indexOfLocation(location.toUInt()), index);
            QCOMPARE(int(model.targetOf(index).kind), int(CostTreeModel::NodeTarget::Kind::Location));
        }
        if (index.data(FunctionIndexRole).isValid())
            QCOMPARE(int(model.targetOf(index).kind), int(CostTreeModel::NodeTarget::Kind::Chunk));
    });
    QVERIFY(baseOnly > 0 && newOnly > 0 && lines > 0);
}

void TestFunctionTreeDiffModel::dumpAgainstItselfIsZero()
{
    const auto profile = test::loadSharedFixture(QStringLiteral("v3/medium.bin"));
    M model;
    model.setProfiles(profile, profile);
    int nodes = 0;
    forEachIndex(model, [&](const QModelIndex& index) {
        ++nodes;
        QCOMPARE(index.siblingAtColumn(M::OnlyInColumn).data(SortRole).toString(), QStringLiteral("both"));
        for (int column : kChangeColumns) {
            QCOMPARE(raw(index, column), 0);
            QCOMPARE(index.siblingAtColumn(column).data(CostFractionRole).toDouble(), 0.0);
        }
        QCOMPARE(raw(index, M::BaseAllocatedColumn), raw(index, M::NewAllocatedColumn));
    });
    QVERIFY(nodes > 10);
}

MEMPROF_TEST_MAIN(TestFunctionTreeDiffModel)
#include "test_function_tree_diff_model.moc"
