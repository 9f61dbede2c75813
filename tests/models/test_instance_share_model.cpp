// SPDX-License-Identifier: GPL-3.0-or-later
// The Instances pane's model: each dump's part of a merged row, whose parts
// add up to the row, with raw numbers to sort by and costs sorted
// descending first.
#include "model/itemmodels/InstanceShareModel.h"
#include "model/itemmodels/ModelRoles.h"
#include "model/merge/MergeLoad.h"
#include "tests/support/TestSuite.h"

#include <QAbstractItemModelTester>
#include <QTest>

#include <map>

using namespace memprof;
using namespace memprof::itemmodels;

namespace {

std::vector<std::string> fixtures(std::initializer_list<const char*> names)
{
    std::vector<std::string> paths;
    for (const char* name : names)
        paths.push_back(std::string(MEMPROF_TEST_DATA "/") + name);
    return paths;
}

qint64 columnSum(const InstanceShareModel& model, int column)
{
    qint64 sum = 0;
    for (int row = 0; row < model.rowCount(); ++row)
        sum += model.index(row, column).data(SortRole).toLongLong();
    return sum;
}

} // namespace

class TestInstanceShareModel : public QObject {
    Q_OBJECT

private slots:
    void eachRowIsTheSumOfItsDumpsParts()
    {
        const MergedMemprof merged =
            loadMergedMemprof(fixtures({"v3/leak.bin", "v3/growth.bin", "v3/medium.bin"}), 2);
        InstanceShareModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setBreakdown(std::make_shared<const MemprofBreakdown>(merged.breakdown));
        QCOMPARE(model.rowCount(), 0); // nothing selected

        std::map<LocationId, const HeldRow*> held;
        for (const HeldRow& row : merged.profile.heldAtEnd)
            held[row.location] = &row;
        int checked = 0;
        for (const EventKind kind : {EventKind::Alloc, EventKind::Realloc, EventKind::Free}) {
            for (const LocationRow& row : merged.profile.rows(kind)) {
                model.showLocation(row.location, kind);
                QCOMPARE(model.rowCount(), 3); // every dump, zeros where it has nothing
                QCOMPARE(columnSum(model, InstanceShareModel::EventsColumn), qint64(row.eventCount));
                QCOMPARE(columnSum(model, InstanceShareModel::AllocatedColumn), qint64(row.allocatedBytes));
                QCOMPARE(columnSum(model, InstanceShareModel::FreedColumn), qint64(row.freedBytes));
                const auto found = held.find(row.location);
                QCOMPARE(columnSum(model, InstanceShareModel::HeldColumn),
                         found == held.end() ? 0 : qint64(found->second->heldBytes));
                QCOMPARE(columnSum(model, InstanceShareModel::BlocksColumn),
                         found == held.end() ? 0 : qint64(found->second->blockCount));
                ++checked;
            }
        }
        QVERIFY(checked > 10);
    }

    void namesTheDumpsFormatsAndSortsCostsDescendingFirst()
    {
        const MergedMemprof merged = loadMergedMemprof(fixtures({"v3/leak.bin", "v3/leak.bin"}), 2);
        InstanceShareModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setBreakdown(std::make_shared<const MemprofBreakdown>(merged.breakdown));
        const LocationRow& top = *std::max_element(
            merged.profile.allocations.begin(), merged.profile.allocations.end(),
            [](const LocationRow& a, const LocationRow& b) { return a.allocatedBytes < b.allocatedBytes; });
        model.showLocation(top.location, EventKind::Alloc);
        QCOMPARE(model.rowCount(), 2);
        // One file twice: called by its file name, the second numbered (InstanceNames.h).
        QCOMPARE(model.index(0, InstanceShareModel::InstanceColumn).data().toString(), QStringLiteral("leak.bin"));
        QCOMPARE(model.index(1, InstanceShareModel::InstanceColumn).data().toString(), QStringLiteral("leak.bin #2"));
        // The same file twice: each holds half of the row.
        for (int row = 0; row < 2; ++row)
            QCOMPARE(model.index(row, InstanceShareModel::AllocatedColumn).data(SortRole).toLongLong() * 2,
                     qint64(top.allocatedBytes));
        // Raw bytes to sort by, units shown.
        model.setHumanReadable(true);
        const QModelIndex bytes = model.index(0, InstanceShareModel::AllocatedColumn);
        QVERIFY(bytes.data().toString().contains(u'B'));
        QVERIFY(bytes.data(SortRole).canConvert<qlonglong>());
        QCOMPARE(model.headerData(InstanceShareModel::AllocatedColumn, Qt::Horizontal, Qt::InitialSortOrderRole)
                     .value<Qt::SortOrder>(),
                 Qt::DescendingOrder);
        QCOMPARE(model.headerData(InstanceShareModel::InstanceColumn, Qt::Horizontal, Qt::InitialSortOrderRole)
                     .value<Qt::SortOrder>(),
                 Qt::AscendingOrder);
        QCOMPARE(model.initialSortColumn(), int(InstanceShareModel::AllocatedColumn));
        // Nothing selected again: no rows.
        model.showLocation(std::nullopt, EventKind::Alloc);
        QCOMPARE(model.rowCount(), 0);
    }

    void aDumpNotReadIsNotListed()
    {
        const MergedMemprof merged =
            loadMergedMemprof(fixtures({"v3/leak.bin", "corrupt/bad-magic-ljs.bin", "v3/growth.bin"}), 2);
        InstanceShareModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setBreakdown(std::make_shared<const MemprofBreakdown>(merged.breakdown));
        model.showLocation(merged.profile.allocations.front().location, EventKind::Alloc);
        QCOMPARE(model.rowCount(), 2);
        for (int row = 0; row < model.rowCount(); ++row)
            QVERIFY(model.index(row, 0).data().toString() != QStringLiteral("bad-magic-ljs.bin"));
    }
};

MEMPROF_TEST_MAIN(TestInstanceShareModel)
#include "test_instance_share_model.moc"
