// SPDX-License-Identifier: GPL-3.0-or-later
// The Qt models against the aggregates of fixture dumps (and the reference
// parser's HEAP SUMMARY text), their sort role, units and cost fractions,
// the CSV of a sorted and filtered table, and the loading job.
#include "model/synth/DumpWriter.h"
#include "model/synth/SyntheticDump.h"
#include "tests/support/GuiTestData.h"

#include "model/itemmodels/ChunkLineCosts.h"
#include "model/itemmodels/CostFormat.h"
#include "model/itemmodels/FilterExpression.h"
#include "model/itemmodels/FunctionTreeModel.h"
#include "model/itemmodels/HeldModel.h"
#include "model/itemmodels/LocationTableModel.h"
#include "model/itemmodels/OverridesModel.h"
#include "model/itemmodels/TableCsv.h"
#include "model/memprofile/ProfileLoader.h"
#include "model/report/CsvExport.h"
#include "model/services/WindowCount.h"
#include "tests/support/TestSuite.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

#include <functional>
#include <map>

using namespace memprof;
using namespace memprof::itemmodels;
using namespace memprof::services;

namespace {
const QStringList kFixtures = {QStringLiteral("v3/medium.bin"),
                               QStringLiteral("v3/table-growth.bin"),
                               QStringLiteral("v3/leak.bin"),
                               QStringLiteral("v3/loadstring.bin"),
                               QStringLiteral("v3/closures-coroutines.bin"),
                               QStringLiteral("v3/ffi-load.bin"),
                               QStringLiteral("v3/empty.bin"),
                               QStringLiteral("v1/medium.bin")};

qint64 sortValue(const QAbstractItemModel& model, int row, int column)
{
    return model.index(row, column).data(SortRole).toLongLong();
}

// Two Lua lines of one chunk: line 1 allocates 900 B in three blocks, line 2
// one 2 KiB block; line 2 frees them all.
ProfilePtr twoLineProfile()
{
    synth::DumpWriter dump;
    dump.symtabPrologue(3).lfunc(0x100, "@two.lua", 0).symtabEnd().eventsPrologue(3);
    dump.alloc(synth::luaAt(0x100, 1), 0x1000, 300)
        .alloc(synth::luaAt(0x100, 1), 0x2000, 300)
        .alloc(synth::luaAt(0x100, 1), 0x3000, 300);
    dump.alloc(synth::luaAt(0x100, 2), 0x4000, 2048);
    dump.free(synth::luaAt(0x100, 2), 0x1000, 300)
        .free(synth::luaAt(0x100, 2), 0x2000, 300)
        .free(synth::luaAt(0x100, 2), 0x3000, 300);
    dump.free(synth::luaAt(0x100, 2), 0x4000, 2048);
    dump.epilogue();
    return std::make_shared<const Profile>(loadProfile(dump.bytes()));
}
} // namespace

class TestGuiModels : public QObject {
    Q_OBJECT
private slots:
    void locationTablesEqualAggregates_data();
    void locationTablesEqualAggregates();
    void heldModelLiveEqualsLiveBlocks_data();
    void heldModelLiveEqualsLiveBlocks();
    void heldModelHeapDifferenceEqualsReferenceText();
    void heldModelAtThePeakAddsUpToThePeak_data();
    void heldModelAtThePeakAddsUpToThePeak();
    void sortRoleOrdersByRawNumbers();
    void humanReadableSwitch();
    void costFractionsAndSortOrders();
    void overridesModelListsPrimaries();
    void csvOfSortedFilteredTable();
    void filterExpressions();
    void chunkLineCostsAddUp();
    void windowCountsShareTheWindowIndex();
    void hugeSizesReadUnsignedAndOnlyOverflowedSumsMarked();
    void namesShowControlAndBidiCharactersVisibly();
};

void TestGuiModels::locationTablesEqualAggregates_data()
{
    QTest::addColumn<QString>("dump");
    for (const QString& f : kFixtures)
        QTest::newRow(qPrintable(f)) << f;
}

void TestGuiModels::locationTablesEqualAggregates()
{
    QFETCH(QString, dump);
    auto profile = std::make_shared<const Profile>(test::loadFixture(dump));
    QCOMPARE(int(profile->status.end), int(DecodeEnd::Complete));
    std::uint64_t allocatedSum = 0;
    std::uint64_t freedSum = 0;
    std::uint64_t eventSum = 0;
    for (EventKind kind : {EventKind::Alloc, EventKind::Realloc, EventKind::Free}) {
        LocationTableModel model(kind);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setProfile(profile);
        const auto& rows = profile->rows(kind);
        QCOMPARE(model.rowCount(), int(rows.size()));
        QCOMPARE(model.columnCount(), 7); // with the held-over-the-run column
        for (int r = 0; r < model.rowCount(); ++r) {
            const LocationRow& row = rows[std::size_t(r)];
            QCOMPARE(model.index(r, 0).data(SortRole).toString().toStdString(), profile->locations[row.location].name);
            QCOMPARE(model.index(r, 0).data(LocationIdRole).toUInt(), row.location);
            QCOMPARE(sortValue(model, r, LocationTableModel::EventsColumn), qint64(row.eventCount));
            QCOMPARE(sortValue(model, r, LocationTableModel::AllocatedColumn), qint64(row.allocatedBytes));
            QCOMPARE(sortValue(model, r, LocationTableModel::FreedColumn), qint64(row.freedBytes));
            QCOMPARE(sortValue(model, r, LocationTableModel::NetColumn),
                     qint64(row.allocatedBytes) - qint64(row.freedBytes));
            QCOMPARE(sortValue(model, r, LocationTableModel::OverridesColumn), qint64(row.overrides.size()));
            // The full name; a name two identities share goes on with the identity.
            const std::string tip = model.index(r, 3).data(Qt::ToolTipRole).toString().toStdString();
            const std::string& name = profile->locations[row.location].name;
            const auto sharing = std::count_if(profile->locations.begin(), profile->locations.end(),
                                               [&name](const LocationInfo& l) { return l.name == name; });
            if (sharing == 1)
                QCOMPARE(tip, name);
            else
                QVERIFY2(tip.rfind(name, 0) == 0 && tip.find("printed as") != std::string::npos, tip.c_str());
            allocatedSum += std::uint64_t(sortValue(model, r, LocationTableModel::AllocatedColumn));
            freedSum += std::uint64_t(sortValue(model, r, LocationTableModel::FreedColumn));
            eventSum += std::uint64_t(sortValue(model, r, LocationTableModel::EventsColumn));
        }
    }
    // The tables together account for every event and byte of the totals.
    QCOMPARE(eventSum, profile->totals.eventCount);
    QCOMPARE(allocatedSum, profile->totals.allocatedBytes);
    QCOMPARE(freedSum, profile->totals.freedBytes);
}

void TestGuiModels::heldModelLiveEqualsLiveBlocks_data()
{
    locationTablesEqualAggregates_data();
}

void TestGuiModels::heldModelLiveEqualsLiveBlocks()
{
    QFETCH(QString, dump);
    auto profile = std::make_shared<const Profile>(test::loadFixture(dump));
    HeldModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setProfile(profile);
    QCOMPARE(int(model.scope()), int(HeldModel::Scope::HeldAtEnd));

    // Group the live blocks by name here, independently of the ranking.
    std::map<std::string, std::pair<qint64, qint64>> expected;
    for (const HeldRow& live : profile->heldAtEnd) {
        auto& e = expected[profile->nameOf(live.location)];
        e.first += qint64(live.heldBytes);
        e.second += qint64(live.blockCount);
    }
    QCOMPARE(model.rowCount(), int(expected.size()));
    qint64 held = 0;
    double shares = 0;
    qint64 previous = std::numeric_limits<qint64>::max();
    for (int r = 0; r < model.rowCount(); ++r) {
        const std::string name = model.index(r, 0).data(SortRole).toString().toStdString();
        QVERIFY2(expected.count(name), name.c_str());
        QCOMPARE(sortValue(model, r, 1), expected[name].first);
        QCOMPARE(sortValue(model, r, 2), expected[name].second);
        QVERIFY(sortValue(model, r, 1) <= previous); // ranked, largest first
        previous = sortValue(model, r, 1);
        // The row's identity carries the name.
        const LocationId id = model.index(r, 0).data(LocationIdRole).toUInt();
        QCOMPARE(profile->nameOf(id), name);
        held += sortValue(model, r, 1);
        shares += model.index(r, model.shareColumn()).data(SortRole).toDouble();
    }
    QCOMPARE(held, qint64(profile->totals.liveBytes));
    if (model.rowCount() > 0)
        QVERIFY(std::abs(shares - 1.0) < 1e-9);
}

void TestGuiModels::heldModelHeapDifferenceEqualsReferenceText()
{
    auto profile = std::make_shared<const Profile>(test::loadFixture(QStringLiteral("v3/medium.bin")));
    HeldModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setProfile(profile);
    model.setScope(HeldModel::Scope::HeapSummary);
    QCOMPARE(model.columnCount(), 5);

    QFile reference(test::fixture(QStringLiteral("v3/medium.leak-only.txt")));
    QVERIFY(reference.open(QIODevice::ReadOnly | QIODevice::Text));
    const QRegularExpression line(QStringLiteral("^(.*) holds (\\d+)B: (\\d+) allocs, (\\d+) frees$"));
    int r = 0;
    for (const QString& text : QString::fromUtf8(reference.readAll()).split(u'\n')) {
        const auto m = line.match(text);
        if (!m.hasMatch())
            continue;
        QVERIFY(r < model.rowCount());
        QCOMPARE(model.index(r, 0).data(SortRole).toString(), m.captured(1));
        QCOMPARE(sortValue(model, r, 1), m.captured(2).toLongLong());
        QCOMPARE(sortValue(model, r, 2), m.captured(3).toLongLong());
        QCOMPARE(sortValue(model, r, 3), m.captured(4).toLongLong());
        ++r;
    }
    QVERIFY(r > 10);
    QCOMPARE(model.rowCount(), r);

    model.setScope(HeldModel::Scope::HeldAtEnd);
    QCOMPARE(model.columnCount(), 5); // with the held-over-the-run column
    QVERIFY(!HeldModel::explanation(HeldModel::Scope::HeldAtEnd).isEmpty());
}

void TestGuiModels::heldModelAtThePeakAddsUpToThePeak_data()
{
    locationTablesEqualAggregates_data();
}

void TestGuiModels::heldModelAtThePeakAddsUpToThePeak()
{
    QFETCH(QString, dump);
    auto profile = std::make_shared<const Profile>(test::loadFixture(dump));
    HeldModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setProfile(profile);
    model.setScope(HeldModel::Scope::HeldAtPeak);
    std::map<std::string, qint64> expected;
    for (const HeldRow& live : profile->heldAtPeak)
        expected[profile->nameOf(live.location)] += qint64(live.heldBytes);
    QCOMPARE(model.rowCount(), int(expected.size()));
    qint64 held = 0;
    for (int r = 0; r < model.rowCount(); ++r) {
        QCOMPARE(sortValue(model, r, 1), expected[model.index(r, 0).data(SortRole).toString().toStdString()]);
        held += sortValue(model, r, 1);
    }
    QCOMPARE(held, qint64(profile->totals.peakLiveBytes));
    QVERIFY(HeldModel::explanation(HeldModel::Scope::HeldAtPeak) !=
            HeldModel::explanation(HeldModel::Scope::HeldAtEnd));
}

void TestGuiModels::sortRoleOrdersByRawNumbers()
{
    auto profile = twoLineProfile();
    LocationTableModel model(EventKind::Alloc);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setProfile(profile);
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(SortRole);
    proxy.sort(LocationTableModel::AllocatedColumn, Qt::DescendingOrder);
    QCOMPARE(proxy.rowCount(), 2);
    // As text "900B" would sort above "2KiB"; by the raw number it is below.
    QCOMPARE(proxy.index(0, LocationTableModel::AllocatedColumn).data().toString(), QStringLiteral("2KiB"));
    QCOMPARE(proxy.index(1, LocationTableModel::AllocatedColumn).data().toString(), QStringLiteral("900B"));
    QCOMPARE(proxy.index(0, 0).data().toString(), QStringLiteral("@two.lua:2"));
    proxy.sort(LocationTableModel::EventsColumn, Qt::DescendingOrder);
    QCOMPARE(proxy.index(0, 0).data().toString(), QStringLiteral("@two.lua:1"));
    proxy.sort(LocationTableModel::AllocatedColumn, Qt::AscendingOrder);
    QCOMPARE(proxy.index(0, 0).data().toString(), QStringLiteral("@two.lua:1"));
}

void TestGuiModels::humanReadableSwitch()
{
    auto profile = twoLineProfile();
    LocationTableModel model(EventKind::Alloc);
    model.setProfile(profile);
    const int row = model.index(0, 0).data().toString() == QStringLiteral("@two.lua:2") ? 0 : 1;
    QCOMPARE(model.index(row, LocationTableModel::AllocatedColumn).data().toString(), QStringLiteral("2KiB"));
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    model.setHumanReadable(false);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(model.index(row, LocationTableModel::AllocatedColumn).data().toString(), QStringLiteral("2048B"));
    QCOMPARE(model.index(row, LocationTableModel::AllocatedColumn).data(SortRole).toLongLong(), 2048);
}

void TestGuiModels::costFractionsAndSortOrders()
{
    auto profile = twoLineProfile();
    LocationTableModel model(EventKind::Alloc);
    model.setProfile(profile);
    QCOMPARE(model.headerData(0, Qt::Horizontal, Qt::InitialSortOrderRole).toInt(), int(Qt::AscendingOrder));
    for (int c = 1; c < model.columnCount(); ++c)
        QCOMPARE(model.headerData(c, Qt::Horizontal, Qt::InitialSortOrderRole).toInt(), int(Qt::DescendingOrder));
    QVERIFY(!model.index(0, 0).data(CostFractionRole).isValid());
    double maxFraction = 0;
    for (int r = 0; r < 2; ++r)
        maxFraction = std::max(maxFraction,
                               model.index(r, LocationTableModel::AllocatedColumn).data(CostFractionRole).toDouble());
    QCOMPARE(maxFraction, 1.0);

    // The frees: line 2 freed everything, so its net is negative.
    LocationTableModel frees(EventKind::Free);
    frees.setProfile(profile);
    QCOMPARE(frees.rowCount(), 1);
    QCOMPARE(frees.index(0, LocationTableModel::NetColumn).data(SortRole).toLongLong(), -(900 + 2048));
    QCOMPARE(frees.index(0, LocationTableModel::NetColumn).data(CostFractionRole).toDouble(), -1.0);
    QCOMPARE(frees.index(0, LocationTableModel::NetColumn).data().toString(), QStringLiteral("-2.88KiB"));
}

void TestGuiModels::overridesModelListsPrimaries()
{
    auto profile = std::make_shared<const Profile>(test::loadFixture(QStringLiteral("v3/table-growth.bin")));
    OverridesModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setProfile(profile);
    QCOMPARE(model.rowCount(), 0);
    const LocationRow* withOverrides = nullptr;
    for (const LocationRow& row : profile->reallocations)
        if (row.overrides.size() >= 2)
            withOverrides = &row;
    QVERIFY(withOverrides);
    model.setRow(withOverrides);
    QCOMPARE(model.rowCount(), int(withOverrides->overrides.size()));
    for (int r = 0; r < model.rowCount(); ++r) {
        const OverrideStats& o = withOverrides->overrides[std::size_t(r)];
        QCOMPARE(model.index(r, 0).data(LocationIdRole).toUInt(), o.location);
        QCOMPARE(model.index(r, 0).data().toString().toStdString(), profile->nameOf(o.location));
        QCOMPARE(sortValue(model, r, OverridesModel::BlocksColumn), qint64(o.blockCount));
        QCOMPARE(sortValue(model, r, OverridesModel::FreedColumn), qint64(o.freedBytes));
        QCOMPARE(sortValue(model, r, OverridesModel::AllocatedColumn), qint64(o.allocatedBytes));
    }
    model.setRow(nullptr);
    QCOMPARE(model.rowCount(), 0);
}

void TestGuiModels::csvOfSortedFilteredTable()
{
    auto profile = std::make_shared<const Profile>(test::loadFixture(QStringLiteral("v3/medium.bin")));
    LocationTableModel model(EventKind::Alloc);
    model.setProfile(profile);
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(SortRole);
    proxy.setFilterKeyColumn(0);
    proxy.setFilterRegularExpression(filterExpression(QStringLiteral("TRACE [1"), FilterSyntax::Substring));
    proxy.sort(LocationTableModel::EventsColumn, Qt::DescendingOrder);

    std::vector<const LocationRow*> rows;
    for (const LocationRow& row : profile->allocations)
        if (profile->nameOf(row.location).find("TRACE [1") != std::string::npos)
            rows.push_back(&row);
    std::stable_sort(rows.begin(), rows.end(),
                     [](const LocationRow* a, const LocationRow* b) { return a->eventCount > b->eventCount; });
    QVERIFY(rows.size() >= 2);
    std::string expected = csvRecord({"location", "events", "allocated_bytes"});
    for (const LocationRow* row : rows)
        expected += csvRecord(
            {profile->nameOf(row->location), std::to_string(row->eventCount), std::to_string(row->allocatedBytes)});
    QCOMPARE(tableToCsv(proxy, {0, 1, 2}), expected);

    const QString copied = rowsToTabSeparated(proxy, {0}, {0, 1});
    QCOMPARE(copied, QStringLiteral("Location\tEvents\n%1\t%2\n")
                         .arg(QString::fromStdString(profile->nameOf(rows[0]->location)))
                         .arg(QLocale().toString(qint64(rows[0]->eventCount))));
}

void TestGuiModels::filterExpressions()
{
    const QRegularExpression literal = filterExpression(QStringLiteral("trace [8]"), FilterSyntax::Substring);
    QVERIFY(literal.match(QStringLiteral("TRACE [8] started at @medium.lua:14")).hasMatch());
    QVERIFY(!literal.match(QStringLiteral("TRACE 8")).hasMatch());
    const QRegularExpression regex =
        filterExpression(QStringLiteral("trace \\[(8|9)\\]"), FilterSyntax::RegularExpression);
    QVERIFY(regex.match(QStringLiteral("TRACE [9] started")).hasMatch());
    QVERIFY(!regex.match(QStringLiteral("TRACE [7] started")).hasMatch());
    QVERIFY(!filterExpression(QStringLiteral("(unclosed"), FilterSyntax::RegularExpression).isValid());
}

void TestGuiModels::chunkLineCostsAddUp()
{
    const Profile profile = test::loadFixture(QStringLiteral("v3/medium.bin"));
    const ChunkLineCosts costs(profile);
    const auto& lines = costs.linesOf("@medium.lua");
    QVERIFY(!lines.empty());
    std::uint64_t held = 0;
    for (const auto& [line, cost] : lines)
        held += cost.heldBytes;
    // Everything live is in the chunk but INTERNAL's blocks.
    std::uint64_t internalHeld = 0;
    for (const HeldRow& live : profile.heldAtEnd)
        if (profile.locations[live.location].function == kNoFunction)
            internalHeld += live.heldBytes;
    QCOMPARE(held + internalHeld, profile.totals.liveBytes);
    // Line 37 (`audit[#audit + 1] = body`) allocated exactly what its row says.
    std::uint64_t line37 = 0;
    for (const auto* rows : {&profile.allocations, &profile.reallocations})
        for (const LocationRow& row : *rows)
            if (profile.nameOf(row.location) == "@medium.lua:37")
                line37 += row.allocatedBytes;
    QVERIFY(line37 > 0);
    QVERIFY(lines.count(37));
    QVERIFY(lines.at(37).allocatedBytes >= line37);
    QVERIFY(costs.linesOf("@absent.lua").empty());
}

// A window counted by counts sharing a page's index slot: the first builds
// the index, the next counts from it; both give what loadProfile gives.
void TestGuiModels::windowCountsShareTheWindowIndex()
{
    const QString path = test::fixture(QStringLiteral("v3/growth.bin"));
    const std::string file = QFile::encodeName(path).toStdString();
    const auto whole = std::make_shared<const Profile>(loadProfile(file));
    const auto slot = std::make_shared<WindowIndexSlot>();
    const std::uint64_t n = whole->totals.eventCount;
    for (const RunRange window : {RunRange{n / 5 + 1, n - n / 5}, RunRange{n / 2, n}}) {
        DecodeControl control;
        const auto counted = std::make_shared<const Profile>(countWindow(file, window, whole, slot, control, 0));
        QVERIFY(slot->index()); // built by the first count, kept for the next
        const Profile expected = loadProfile(file, {}, nullptr, window);
        QCOMPARE(int(counted->status.end), int(DecodeEnd::Complete));
        QCOMPARE(counted->window, expected.window);
        for (const EventKind kind : {EventKind::Alloc, EventKind::Realloc, EventKind::Free}) {
            QCOMPARE(counted->rows(kind).size(), expected.rows(kind).size());
            for (std::size_t i = 0; i < expected.rows(kind).size(); ++i) {
                QCOMPARE(counted->rows(kind)[i].location, expected.rows(kind)[i].location);
                QCOMPARE(counted->rows(kind)[i].eventCount, expected.rows(kind)[i].eventCount);
                QCOMPARE(counted->rows(kind)[i].allocatedBytes, expected.rows(kind)[i].allocatedBytes);
                QCOMPARE(counted->rows(kind)[i].freedBytes, expected.rows(kind)[i].freedBytes);
            }
        }
        for (const HeldRule rule :
             {HeldRule::SurvivorsAtEnd, HeldRule::WindowBlocksAtWindowEnd, HeldRule::LiveAtWindowEnd}) {
            QCOMPARE(counted->held(rule).size(), expected.held(rule).size());
            for (std::size_t i = 0; i < expected.held(rule).size(); ++i) {
                QCOMPARE(counted->held(rule)[i].location, expected.held(rule)[i].location);
                QCOMPARE(counted->held(rule)[i].heldBytes, expected.held(rule)[i].heldBytes);
                QCOMPARE(counted->held(rule)[i].blockCount, expected.held(rule)[i].blockCount);
            }
        }
    }
}

// 2^63 bytes and more: unsigned, never "-1B"; a sum past 2^64 marked, not
// shown as 0, and an exact 2^64-1 shown plainly in the tables and the held
// pane (tests/data/hostile/size-max.bin, overflow-sum.bin).
void TestGuiModels::hugeSizesReadUnsignedAndOnlyOverflowedSumsMarked()
{
    QCOMPARE(formatCost(QVariant::fromValue(qulonglong(1) << 63), CostKind::Bytes, false),
             QStringLiteral("9223372036854775808B"));
    const auto sizeMax = std::make_shared<const Profile>(test::loadFixture(QStringLiteral("hostile/size-max.bin")));
    LocationTableModel allocations(EventKind::Alloc);
    QAbstractItemModelTester tester(&allocations, QAbstractItemModelTester::FailureReportingMode::QtTest);
    allocations.setProfile(sizeMax);
    QCOMPARE(allocations.rowCount(), 2);
    QStringList shown;
    for (int r = 0; r < allocations.rowCount(); ++r)
        shown << allocations.index(r, 0).data().toString() + u' ' +
                     allocations.index(r, LocationTableModel::AllocatedColumn).data().toString();
    shown.sort();
    QCOMPARE(shown, (QStringList{QStringLiteral("@a.lua:10 17179869184GiB"), QStringLiteral("@a.lua:11 1B")}));
    HeldModel exactHeld;
    exactHeld.setProfile(sizeMax);
    QStringList held;
    for (int r = 0; r < exactHeld.rowCount(); ++r)
        held << exactHeld.index(r, exactHeld.heldColumn()).data().toString();
    held.sort();
    QCOMPARE(held, (QStringList{QStringLiteral("17179869184GiB"), QStringLiteral("1B")}));

    // The by-function tree: each line as in the tables; a node summing both
    // (2^64-1 + 1 bytes) overflowed and is marked, and sorts as the largest.
    FunctionTreeModel tree;
    QAbstractItemModelTester treeTester(&tree, QAbstractItemModelTester::FailureReportingMode::QtTest);
    tree.setProfile(sizeMax);
    QStringList treeShown;
    const std::function<void(const QModelIndex&)> walk = [&](const QModelIndex& parent) {
        for (int r = 0; r < tree.rowCount(parent); ++r) {
            const QModelIndex node = tree.index(r, 0, parent);
            const QModelIndex allocated = tree.index(r, FunctionTreeModel::AllocatedColumn, parent);
            treeShown << node.data().toString() + u' ' + allocated.data().toString();
            QVERIFY(allocated.data(SortRole).toULongLong() >= 1);
            walk(node);
        }
    };
    walk({});
    QVERIFY2(treeShown.contains(QStringLiteral("@a.lua:10 17179869184GiB")), qPrintable(treeShown.join(u'|')));
    QVERIFY2(treeShown.contains(QStringLiteral("@a.lua:11 1B")), qPrintable(treeShown.join(u'|')));
    QVERIFY2(treeShown.filter(QStringLiteral(" >=17179869184GiB")).size() >= 1, qPrintable(treeShown.join(u'|')));
    QVERIFY2(treeShown.filter(QStringLiteral(" -")).isEmpty(), qPrintable(treeShown.join(u'|')));
    // The source gutter: the two lines apart, neither marked.
    const ChunkLineCosts gutter(*sizeMax);
    const auto& lines = gutter.linesOf("@a.lua");
    QCOMPARE(lines.at(10).allocatedBytes, kSaturatedBytes);
    QVERIFY(!lines.at(10).allocated().overflowed);
    QCOMPARE(lines.at(11).allocatedBytes, std::uint64_t(1));

    const auto overflow =
        std::make_shared<const Profile>(test::loadFixture(QStringLiteral("hostile/overflow-sum.bin")));
    allocations.setProfile(overflow);
    QCOMPARE(allocations.index(0, LocationTableModel::AllocatedColumn).data().toString(),
             QStringLiteral(">=17179869184GiB")); // the models' units are human-readable at first
    HeldModel leaks;
    leaks.setProfile(overflow);
    QCOMPARE(leaks.rowCount(), 1);
    QCOMPARE(leaks.index(0, leaks.heldColumn()).data().toString(), QStringLiteral(">=17179869184GiB"));
    QCOMPARE(leaks.index(0, leaks.heldColumn() + 1).data().toString(), QStringLiteral("2"));
    // The gutter's line sums the overflowed rows: marked, not wrapped.
    const ChunkLineCosts overflowGutter(*overflow);
    bool gutterMarked = false;
    for (const FunctionInfo& function : overflow->functions)
        for (const auto& [line, cost] : overflowGutter.linesOf(function.chunkname))
            gutterMarked = gutterMarked || (cost.allocated().overflowed && cost.allocatedBytes == kSaturatedBytes);
    QVERIFY(gutterMarked);

    // The Overrides pane: the pair that freed exactly 2^64-1 bytes plain,
    // the pair whose reallocs overflowed marked.
    const auto overrideSums = std::make_shared<const Profile>(loadProfile(synth::overrideSumsDump()));
    OverridesModel overrides;
    QAbstractItemModelTester overridesTester(&overrides, QAbstractItemModelTester::FailureReportingMode::QtTest);
    overrides.setProfile(overrideSums);
    QCOMPARE(overrideSums->frees.size(), std::size_t(1));
    overrides.setRow(&overrideSums->frees[0]);
    QCOMPARE(overrides.rowCount(), 1);
    QCOMPARE(overrides.index(0, OverridesModel::FreedColumn).data().toString(), QStringLiteral("17179869184GiB"));
    QCOMPARE(overrideSums->reallocations.size(), std::size_t(1));
    overrides.setRow(&overrideSums->reallocations[0]);
    QCOMPARE(overrides.rowCount(), 1);
    QCOMPARE(overrides.index(0, OverridesModel::AllocatedColumn).data().toString(), QStringLiteral(">=17179869184GiB"));
    QCOMPARE(overrides.index(0, OverridesModel::FreedColumn).data().toString(), QStringLiteral("2B"));
}

// names.bin: no control or bidi-override character reaches a view; the raw
// name stays in the SortRole.
void TestGuiModels::namesShowControlAndBidiCharactersVisibly()
{
    const auto profile = std::make_shared<const Profile>(test::loadFixture(QStringLiteral("hostile/names.bin")));
    auto hidden = [](const QString& text) {
        for (const uint c : text.toUcs4())
            if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069))
                return true;
        return false;
    };
    LocationTableModel allocations(EventKind::Alloc);
    allocations.setProfile(profile);
    QVERIFY(allocations.rowCount() > 10);
    QStringList shown;
    bool rawKept = false;
    for (int r = 0; r < allocations.rowCount(); ++r) {
        const QString display = allocations.index(r, 0).data().toString();
        QVERIFY2(!hidden(display), qPrintable(display));
        QVERIFY2(!hidden(allocations.index(r, 0).data(Qt::ToolTipRole).toString()), qPrintable(display));
        shown << display;
        rawKept = rawKept || allocations.index(r, 0).data(SortRole).toString().contains(QChar(0x202e));
    }
    QVERIFY(rawKept);
    QVERIFY2(shown.contains(QStringLiteral("@\\u202e.lua:26")), qPrintable(shown.join(u'|')));
    QVERIFY(shown.contains(QStringLiteral("@esc\\x1b[31mRED\\x1b[0m.lua:16")));
    // A C symbol without its address (the tool tip has it).
    QVERIFY(shown.contains(QStringLiteral("c,\"f\"\\nname\\x1b[7m")));

    HeldModel leaks;
    leaks.setProfile(profile);
    for (int r = 0; r < leaks.rowCount(); ++r)
        QVERIFY(!hidden(leaks.index(r, 0).data().toString()));

    OverridesModel overrides;
    overrides.setProfile(profile);
    for (const LocationRow& row : profile->reallocations) {
        overrides.setRow(&row);
        for (int r = 0; r < overrides.rowCount(); ++r) {
            QVERIFY(!hidden(overrides.index(r, 0).data().toString()));
            QVERIFY(!hidden(overrides.index(r, 0).data(Qt::ToolTipRole).toString().section(u'\n', 0, 0)));
        }
    }

    FunctionTreeModel tree;
    tree.setProfile(profile);
    std::function<void(const QModelIndex&)> visit = [&](const QModelIndex& parent) {
        for (int r = 0; r < tree.rowCount(parent); ++r) {
            const QModelIndex index = tree.index(r, 0, parent);
            QVERIFY2(!hidden(index.data().toString()), qPrintable(index.data().toString()));
            visit(index);
        }
    };
    visit({});
}

MEMPROF_TEST_GUILESS_MAIN(TestGuiModels)
#include "test_gui_models.moc"
