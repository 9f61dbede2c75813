// SPDX-License-Identifier: GPL-3.0-or-later
// The by-function tree as an item model on fixture dumps: the top level
// adds up to the profile's totals and every node to its children, line nodes
// carry their locations, file and function nodes their function, the sort
// role is raw, and recursive filtering keeps a match's ancestors.
#include "tests/support/GuiTestData.h"

#include "model/itemmodels/FunctionTreeModel.h"
#include "model/itemmodels/ModelRoles.h"
#include "tests/support/TestSuite.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTest>

#include <map>

using namespace memprof;
using namespace memprof::itemmodels;

namespace {
const QStringList kFixtures = {QStringLiteral("v3/medium.bin"),   QStringLiteral("v3/leak.bin"),
                               QStringLiteral("v3/leak-jit.bin"), QStringLiteral("v3/loadstring.bin"),
                               QStringLiteral("v3/ffi-load.bin"), QStringLiteral("v3/closures-coroutines.bin"),
                               QStringLiteral("v3/empty.bin"),    QStringLiteral("v1/medium.bin")};

qint64 raw(const QModelIndex& index, int column)
{
    return index.siblingAtColumn(column).data(SortRole).toLongLong();
}

const int kCostColumns[] = {FunctionTreeModel::EventsColumn, FunctionTreeModel::AllocatedColumn,
                            FunctionTreeModel::FreedColumn, FunctionTreeModel::HeldColumn,
                            FunctionTreeModel::PeakColumn};

// Every node below `parent`, depth first.
void collect(const QAbstractItemModel& model, const QModelIndex& parent, QModelIndexList& out)
{
    for (int r = 0; r < model.rowCount(parent); ++r) {
        const QModelIndex child = model.index(r, 0, parent);
        out << child;
        collect(model, child, out);
    }
}

} // namespace

class TestFunctionTreeModel : public QObject {
    Q_OBJECT
private slots:
    void sumsEqualTheTotals_data();
    void sumsEqualTheTotals();
    void nodesCarryTheirTargets();
    void filteringKeepsAncestors();
    void sortRoleAndHumanReadable();
};

void TestFunctionTreeModel::sumsEqualTheTotals_data()
{
    QTest::addColumn<QString>("dump");
    for (const QString& f : kFixtures)
        QTest::newRow(qPrintable(f)) << f;
}

void TestFunctionTreeModel::sumsEqualTheTotals()
{
    QFETCH(QString, dump);
    auto profile = test::loadSharedFixture(dump);
    FunctionTreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setProfile(profile);

    qint64 top[FunctionTreeModel::ColumnCount] = {};
    for (int r = 0; r < model.rowCount(); ++r)
        for (int c : kCostColumns)
            top[c] += raw(model.index(r, 0), c);
    QCOMPARE(top[FunctionTreeModel::EventsColumn], qint64(profile->totals.eventCount));
    QCOMPARE(top[FunctionTreeModel::AllocatedColumn], qint64(profile->totals.allocatedBytes));
    QCOMPARE(top[FunctionTreeModel::FreedColumn], qint64(profile->totals.freedBytes));
    QCOMPARE(top[FunctionTreeModel::HeldColumn], qint64(profile->totals.liveBytes));
    QCOMPARE(top[FunctionTreeModel::PeakColumn], qint64(profile->totals.peakLiveBytes));

    // The leaves are exactly the locations of the flat tables, with their
    // figures; every inner node is the sum of its children.
    std::map<LocationId, qint64> allocatedByLocation;
    std::map<LocationId, qint64> eventsByLocation;
    for (EventKind kind : {EventKind::Alloc, EventKind::Realloc, EventKind::Free})
        for (const LocationRow& row : profile->rows(kind)) {
            allocatedByLocation[row.location] += qint64(row.allocatedBytes);
            eventsByLocation[row.location] += qint64(row.eventCount);
        }
    QModelIndexList nodes;
    collect(model, {}, nodes);
    std::size_t leaves = 0;
    for (const QModelIndex& node : nodes) {
        const int children = model.rowCount(node);
        if (children == 0) {
            ++leaves;
            const QVariant id = node.data(LocationIdRole);
            QVERIFY2(id.isValid(), qPrintable(node.data().toString()));
            QCOMPARE(raw(node, FunctionTreeModel::AllocatedColumn), allocatedByLocation.at(id.toUInt()));
            QCOMPARE(raw(node, FunctionTreeModel::EventsColumn), eventsByLocation.at(id.toUInt()));
            // The location's name; one two identities share goes on with what tells them apart.
            const std::string shown = node.data().toString().toStdString();
            // A C symbol reads without its address.
            std::string name = profile->nameOf(id.toUInt());
            if (profile->locations[id.toUInt()].source == SourceKind::C && name.rfind(":0x") != std::string::npos &&
                name.rfind(":0x") > 0)
                name.resize(name.rfind(":0x"));
            QVERIFY2(shown == name || shown.rfind(name + " (", 0) == 0, shown.c_str());
            continue;
        }
        for (int c : kCostColumns) {
            qint64 sum = 0;
            for (int r = 0; r < children; ++r)
                sum += raw(model.index(r, 0, node), c);
            QCOMPARE(sum, raw(node, c));
        }
    }
    QCOMPARE(leaves, eventsByLocation.size());
}

void TestFunctionTreeModel::nodesCarryTheirTargets()
{
    auto profile = test::loadSharedFixture(QStringLiteral("v3/leak.bin"));
    FunctionTreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setProfile(profile);

    QModelIndexList nodes;
    collect(model, {}, nodes);
    int functions = 0;
    for (const QModelIndex& node : nodes) {
        const FunctionFrame* frame = model.frameAt(node);
        QVERIFY(frame);
        const auto target = model.targetOf(node);
        switch (frame->kind) {
        case FrameKind::Line:
            QCOMPARE(int(target.kind), int(FunctionTreeModel::NodeTarget::Kind::Location));
            QCOMPARE(target.location, node.data(LocationIdRole).toUInt());
            QCOMPARE(model.indexOfLocation(target.location), node);
            QVERIFY(!node.data(FunctionIndexRole).isValid());
            break;
        case FrameKind::Lua: {
            ++functions;
            QCOMPARE(int(target.kind), int(FunctionTreeModel::NodeTarget::Kind::Chunk));
            const FunctionInfo& fn = profile->functions[std::size_t(node.data(FunctionIndexRole).toInt())];
            QCOMPARE(target.function, node.data(FunctionIndexRole).toInt());
            QCOMPARE(std::uint64_t(target.line), fn.linedefined);
            // Named as a function (not like one of its lines), under its file.
            QCOMPARE(node.data().toString().toStdString(),
                     fn.linedefined == 0 ? "main chunk of " + fn.chunkname
                                         : "function at " + fn.chunkname + ":" + std::to_string(fn.linedefined));
            QCOMPARE(node.parent().data().toString().toStdString(), fn.chunkname);
            QVERIFY(!node.data(LocationIdRole).isValid());
            break;
        }
        case FrameKind::File:
            QCOMPARE(int(target.kind), int(FunctionTreeModel::NodeTarget::Kind::Chunk));
            QCOMPARE(target.line, 0);
            QCOMPARE(node.data().toString(), QStringLiteral("@leak.lua"));
            break;
        case FrameKind::Group:
            QCOMPARE(node.data().toString(), QStringLiteral("INTERNAL"));
            QCOMPARE(int(target.kind), int(FunctionTreeModel::NodeTarget::Kind::Explanation));
            QCOMPARE(profile->nameOf(target.location), std::string("INTERNAL"));
            break;
        default:
            QFAIL("a by-function tree holds only files, functions, lines and groups");
        }
        QVERIFY(!node.data(Qt::ToolTipRole).toString().isEmpty());
    }
    // leak.lua: remember (defined at line 7) and scratch (line 12).
    QCOMPARE(functions, 2);
    // @leak.lua:14 (the scratch loop) is a line under @leak.lua:12.
    const QModelIndexList line14 = model.match(model.index(0, 0), Qt::DisplayRole, QStringLiteral("@leak.lua:14"), 1,
                                               Qt::MatchExactly | Qt::MatchRecursive);
    QCOMPARE(line14.size(), 1);
    QCOMPARE(line14.first().parent().data().toString(), QStringLiteral("function at @leak.lua:12"));
    QCOMPARE(model.indexOfLocation(LocationId(profile->locations.size() + 5)), QModelIndex());
}

void TestFunctionTreeModel::filteringKeepsAncestors()
{
    auto profile = test::loadSharedFixture(QStringLiteral("v3/leak.bin"));
    FunctionTreeModel model;
    model.setProfile(profile);
    QSortFilterProxyModel proxy;
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    proxy.setRecursiveFilteringEnabled(true);
    proxy.setSourceModel(&model);
    QCOMPARE(proxy.rowCount(), 2); // @leak.lua and INTERNAL

    proxy.setFilterFixedString(QStringLiteral("leak.lua:9"));
    QCOMPARE(proxy.rowCount(), 1);
    const QModelIndex file = proxy.index(0, 0);
    QCOMPARE(file.data().toString(), QStringLiteral("@leak.lua"));
    QCOMPARE(proxy.rowCount(file), 1);
    const QModelIndex function = proxy.index(0, 0, file);
    QCOMPARE(function.data().toString(), QStringLiteral("function at @leak.lua:7"));
    QCOMPARE(proxy.rowCount(function), 1);
    QCOMPARE(proxy.index(0, 0, function).data().toString(), QStringLiteral("@leak.lua:9"));
    // The ancestors keep their full figures (the whole file), not the match's.
    QCOMPARE(raw(file, FunctionTreeModel::AllocatedColumn), raw(model.index(0, 0), FunctionTreeModel::AllocatedColumn));

    proxy.setFilterFixedString(QStringLiteral("internal"));
    proxy.setFilterCaseSensitivity(Qt::CaseInsensitive);
    QCOMPARE(proxy.rowCount(), 1);
    QCOMPARE(proxy.index(0, 0).data().toString(), QStringLiteral("INTERNAL"));

    proxy.setFilterFixedString(QStringLiteral("no such location"));
    QCOMPARE(proxy.rowCount(), 0);
}

void TestFunctionTreeModel::sortRoleAndHumanReadable()
{
    auto profile = test::loadSharedFixture(QStringLiteral("v3/leak.bin"));
    FunctionTreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setProfile(profile);

    for (int c : kCostColumns)
        QCOMPARE(model.headerData(c, Qt::Horizontal, Qt::InitialSortOrderRole).toInt(), int(Qt::DescendingOrder));
    QCOMPARE(model.headerData(0, Qt::Horizontal, Qt::InitialSortOrderRole).toInt(), int(Qt::AscendingOrder));
    QCOMPARE(model.headerData(FunctionTreeModel::PeakColumn, Qt::Horizontal, CsvHeaderRole).toString(),
             QStringLiteral("peak_live_bytes"));

    // @leak.lua allocated 135069+156104+32000+24893+33697 + 40000+64 (reallocs) bytes.
    const QModelIndex file = model.index(0, FunctionTreeModel::AllocatedColumn);
    QCOMPARE(file.siblingAtColumn(0).data().toString(), QStringLiteral("@leak.lua"));
    QCOMPARE(file.data(SortRole).toLongLong(), 421827);
    QCOMPARE(file.data().toString(), QStringLiteral("411.94KiB"));
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    model.setHumanReadable(false);
    QVERIFY(changed.count() > 0);
    QCOMPARE(file.data().toString(), QStringLiteral("421827B"));
    QCOMPARE(file.data(SortRole).toLongLong(), 421827);
    // Bars: a node's share of the column's total.
    const double fraction = file.data(CostFractionRole).toDouble();
    QCOMPARE(fraction, 421827.0 / double(profile->totals.allocatedBytes));
    QVERIFY(!model.index(0, 0).data(CostFractionRole).isValid());

    // Sorted by a cost column, every level orders by the raw number.
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(SortRole);
    proxy.sort(FunctionTreeModel::EventsColumn, Qt::DescendingOrder);
    QModelIndexList nodes;
    collect(proxy, {}, nodes);
    nodes.prepend(QModelIndex());
    for (const QModelIndex& parent : nodes)
        for (int r = 1; r < proxy.rowCount(parent); ++r)
            QVERIFY(raw(proxy.index(r - 1, 0, parent), 1) >= raw(proxy.index(r, 0, parent), 1));
}

MEMPROF_TEST_MAIN(TestFunctionTreeModel)
#include "test_function_tree_model.moc"
