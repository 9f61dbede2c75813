// SPDX-License-Identifier: GPL-3.0-or-later
// The CPU merge's Instances model: each dump's samples of a function of the
// merge equal that dump's own count of it (self and on the stack, as the
// dump alone counts them), for every function of every view, with raw
// numbers to sort by.
#include "model/itemmodels/ModelRoles.h"
#include "model/itemmodels/SampleShareModel.h"
#include "model/merge/MergeLoad.h"
#include "tests/support/OwnFunctionCounts.h"
#include "tests/support/TestSuite.h"

#include <QAbstractItemModelTester>
#include <QTest>

#include <map>

using namespace memprof;
using namespace memprof::itemmodels;

namespace {

std::string fixture(const char* name)
{
    return std::string(MEMPROF_TEST_DATA "/sysprof/") + name;
}

qint64 raw(const SampleShareModel& model, int row, int column)
{
    return model.index(row, column).data(SortRole).toLongLong();
}

} // namespace

class TestSampleShareModel : public QObject {
    Q_OBJECT

private slots:
    void eachDumpsSamplesOfAFunctionAreItsOwnCount()
    {
        const std::vector<std::string> paths = {fixture("recursion-C-jitoff.bin"), fixture("coroutines-C-jitoff.bin")};
        MergedSysprof merged = loadMergedSysprof(paths, viewerSysprofOptions(), 2);
        auto profile = std::make_shared<const SysprofProfile>(std::move(merged.profile));
        auto breakdown = std::make_shared<const SysprofBreakdown>(std::move(merged.breakdown));
        SampleShareModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.setBreakdown(profile, breakdown);
        QCOMPARE(model.rowCount(), 0);
        for (const StackView view : {StackView::Lua, StackView::Host, StackView::Reference}) {
            const std::array<std::map<test::FrameKey, test::SampleCounts>, 2> own = {
                test::ownFunctionCounts(paths[0], view), test::ownFunctionCounts(paths[1], view)};
            const std::vector<FunctionCost> costs = functionCosts(profile->tree(view));
            QVERIFY(costs.size() > 5);
            for (const FunctionCost& cost : costs) {
                const CallFrame& frame = profile->frames[cost.frame];
                model.showFrame(cost.frame, view);
                QCOMPARE(model.rowCount(), 2);
                qint64 self = 0;
                qint64 total = 0;
                for (int row = 0; row < model.rowCount(); ++row) {
                    const InstanceId instance = model.instanceAt(row);
                    const test::SampleCounts expected = test::countsOf(own[instance], frame);
                    QCOMPARE(model.index(row, SampleShareModel::InstanceColumn).data().toString(),
                             QString::fromStdString(breakdown->instances[instance].name));
                    QCOMPARE(raw(model, row, SampleShareModel::SelfColumn), expected.first);
                    QCOMPARE(raw(model, row, SampleShareModel::TotalColumn), expected.second);
                    self += expected.first;
                    total += expected.second;
                }
                // The parts add up to the merged function's row.
                QCOMPARE(self, qint64(cost.selfSamples));
                QCOMPARE(total, qint64(cost.totalSamples));
            }
        }
        // Nothing selected: no rows.
        model.showFrame(std::nullopt, StackView::Lua);
        QCOMPARE(model.rowCount(), 0);
    }
};

MEMPROF_TEST_MAIN(TestSampleShareModel)
#include "test_sample_share_model.moc"
