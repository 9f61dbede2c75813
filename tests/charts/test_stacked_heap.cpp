// SPDX-License-Identifier: GPL-3.0-or-later
// The heap of a merge stacked by dump (StackedHeap.h, StackedHeapChart),
// against each dump read alone: a self-merge has two equal layers and a top
// edge twice one dump's curve at every share; a merge of two different
// dumps has each layer equal to that dump's own timeline resampled on the
// share axis (here by brute force: every bucket against every cell); the
// top edge's peak lies between the largest dump's own peak and the sum of
// the peaks; the chart draws each layer on the ones below it and names the
// dump under the pointer.
#include "model/memprofile/ProfileLoader.h"
#include "model/merge/MergeLoad.h"
#include "model/merge/StackedHeap.h"
#include "model/report/TextReport.h"
#include "views/charts/StackedHeapChart.h"

#include "tests/support/TestSuite.h"

#include <QTest>

#include <algorithm>

using namespace memprof;
using namespace memprof::charts;

namespace {

std::string fixture(const char* name)
{
    return std::string(MEMPROF_TEST_DATA "/") + name;
}

// Event e of N covers the shares [(e-1)/N, e/N), cell j of G the shares
// [j/G, (j+1)/G): a bucket counts in a cell when the two overlap.
std::vector<std::uint64_t> bruteForceOnShares(const HeapTimeline& timeline, std::size_t cells)
{
    std::vector<std::uint64_t> layer(cells, 0);
    const std::uint64_t events = timeline.eventCount();
    for (std::size_t cell = 0; cell < cells; ++cell)
        for (std::size_t bucket = 0; bucket < timeline.buckets().size(); ++bucket) {
            const std::uint64_t from = timeline.firstEventOf(bucket) - 1; // shares from/N to to/N
            const std::uint64_t to = timeline.lastEventOf(bucket);
            if (from * cells < (cell + 1) * events && cell * events < to * cells)
                layer[cell] = std::max(layer[cell], timeline.buckets()[bucket].maxLiveBytes);
        }
    return layer;
}

} // namespace

class TestStackedHeap : public QObject {
    Q_OBJECT

private slots:
    void aMergeKeepsEachDumpsTimeline()
    {
        const std::string leak = fixture("v3/leak.bin");
        const std::string growth = fixture("v3/growth.bin");
        const MergedMemprof merged = loadMergedMemprof({leak, growth, leak}, 2);
        QCOMPARE(merged.breakdown.timelines.size(), std::size_t(3));
        const Profile alone[] = {loadProfile(leak), loadProfile(growth)};
        for (std::size_t dump = 0; dump < 3; ++dump) {
            const HeapTimeline& kept = merged.breakdown.timeline(static_cast<InstanceId>(dump));
            const HeapTimeline& own = alone[dump % 2].timeline;
            QVERIFY(own.eventCount() > 0);
            QCOMPARE(kept.eventCount(), own.eventCount());
            QCOMPARE(kept.eventsPerBucket(), own.eventsPerBucket());
            QCOMPARE(kept.buckets().size(), own.buckets().size());
            for (std::size_t b = 0; b < own.buckets().size(); ++b) {
                QCOMPARE(kept.buckets()[b].maxLiveBytes, own.buckets()[b].maxLiveBytes);
                QCOMPARE(kept.buckets()[b].minLiveBytes, own.buckets()[b].minLiveBytes);
            }
        }
    }

    void aSelfMergeStacksTwoEqualLayers()
    {
        const std::string medium = fixture("v3/medium.bin");
        const MergedMemprof merged = loadMergedMemprof({medium, medium}, 2);
        const StackedHeap stacked = stackHeap(merged.breakdown);
        QCOMPARE(stacked.layers.size(), std::size_t(2));
        QCOMPARE(stacked.layers[0], stacked.layers[1]);
        const std::vector<std::uint64_t> one =
            bruteForceOnShares(loadProfile(medium).timeline, stacked.cellCount);
        QVERIFY(*std::max_element(one.begin(), one.end()) > 0);
        for (std::size_t cell = 0; cell < stacked.cellCount; ++cell)
            QCOMPARE(stacked.top[cell], 2 * one[cell]);
    }

    void eachLayerIsItsDumpOnTheShareAxis_data()
    {
        QTest::addColumn<int>("cells");
        // Cells wider and narrower than the dumps' buckets.
        QTest::newRow("default") << int(StackedHeap::kDefaultCells);
        QTest::newRow("few") << 7;
        QTest::newRow("many") << 50000;
    }

    void eachLayerIsItsDumpOnTheShareAxis()
    {
        QFETCH(int, cells);
        const std::vector<std::string> paths = {fixture("v3/growth.bin"), fixture("v3/leak-jit.bin"),
                                                fixture("v3/medium.bin")};
        const MergedMemprof merged = loadMergedMemprof(paths, 2);
        const StackedHeap stacked = stackHeap(merged.breakdown, static_cast<std::size_t>(cells));
        QCOMPARE(stacked.instances, (std::vector<InstanceId>{0, 1, 2}));
        std::uint64_t largestPeak = 0;
        std::uint64_t sumOfPeaks = 0;
        for (std::size_t dump = 0; dump < paths.size(); ++dump) {
            const Profile alone = loadProfile(paths[dump]);
            QCOMPARE(stacked.layers[dump], bruteForceOnShares(alone.timeline, stacked.cellCount));
            largestPeak = std::max(largestPeak, alone.totals.peakLiveBytes);
            sumOfPeaks += alone.totals.peakLiveBytes;
        }
        QCOMPARE(sumOfPeaks, merged.profile.totals.peakLiveBytes);
        // The top edge's peak: no less than any dump's own, no more than
        // all of them at once.
        QVERIFY(stacked.peakBytes >= largestPeak);
        QVERIFY(stacked.peakBytes <= sumOfPeaks);
        QCOMPARE(stacked.peakBytes, *std::max_element(stacked.top.begin(), stacked.top.end()));
        QCOMPARE(stacked.top[stacked.peakCell], stacked.peakBytes);
    }

    void aDumpNotReadIsNoLayer()
    {
        const MergedMemprof merged =
            loadMergedMemprof({fixture("v3/leak.bin"), fixture("corrupt/bad-magic-ljs.bin"), fixture("v3/growth.bin")}, 2);
        const StackedHeap stacked = stackHeap(merged.breakdown);
        QCOMPARE(stacked.instances, (std::vector<InstanceId>{0, 2}));
        QCOMPARE(merged.breakdown.timeline(1).eventCount(), std::uint64_t(0));
    }

    void theChartDrawsEachLayerOnTheOnesBelow()
    {
        const MergedMemprof merged =
            loadMergedMemprof({fixture("v3/growth.bin"), fixture("v3/leak-jit.bin")}, 2);
        StackedHeap stacked = stackHeap(merged.breakdown, 512);
        StackedHeapChart chart;
        chart.resize(900, 520);
        chart.setStack(stacked, {QStringLiteral("growth.bin"), QStringLiteral("leak-jit.bin")});
        chart.replot();
        QCOMPARE(chart.layerCount(), 2);
        const auto valuesOf = [](QCPGraph* graph) {
            std::vector<double> values;
            for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it)
                values.push_back(it->value);
            return values;
        };
        const std::vector<double> bottom = valuesOf(chart.layerGraph(0));
        const std::vector<double> upper = valuesOf(chart.layerGraph(1));
        const std::vector<double> top = valuesOf(chart.topGraph());
        QCOMPARE(bottom.size(), stacked.cellCount + 1); // the last step ends at 100%
        for (std::size_t cell = 0; cell < stacked.cellCount; ++cell) {
            QCOMPARE(bottom[cell], double(stacked.layers[0][cell]));
            QCOMPARE(upper[cell], double(stacked.layers[0][cell] + stacked.layers[1][cell]));
            QCOMPARE(top[cell], upper[cell]);
        }
        QCOMPARE(chart.layerGraph(0)->channelFillGraph(), nullptr);
        QCOMPARE(chart.layerGraph(1)->channelFillGraph(), chart.layerGraph(0));
        QCOMPARE(chart.layerGraph(1)->name(), QStringLiteral("leak-jit.bin"));
        QVERIFY2(chart.xAxis->label().contains(QStringLiteral("share of each run")), qPrintable(chart.xAxis->label()));
        QVERIFY2(chart.peakLabel().contains(QStringLiteral("not a measured moment")), qPrintable(chart.peakLabel()));

        // Under the pointer in the middle of the bottom area of a cell: the
        // bottom dump named with its bytes, and the sum.
        std::size_t cell = stacked.cellCount / 2;
        while (cell < stacked.cellCount && stacked.layers[0][cell] < 4096)
            ++cell;
        QVERIFY(cell < stacked.cellCount);
        const double x = chart.xAxis->coordToPixel((stacked.shareAt(cell) + 0.5 / double(stacked.cellCount)) * 100);
        const QString over = chart.readoutAt({x, chart.yAxis->coordToPixel(double(stacked.layers[0][cell]) / 2)});
        QVERIFY2(over.contains(QStringLiteral("growth.bin")), qPrintable(over));
        QVERIFY2(!over.contains(QStringLiteral("leak-jit.bin")), qPrintable(over));
        QVERIFY2(over.contains(QString::fromStdString(formatBytes(stacked.layers[0][cell], true))), qPrintable(over));
        QVERIFY2(over.contains(QString::fromStdString(formatBytes(stacked.top[cell], true))), qPrintable(over));
        // Above the top edge: no dump, the sum only.
        const QString above = chart.readoutAt({x, chart.yAxis->coordToPixel(double(stacked.top[cell]) * 1.1 + 1024)});
        QVERIFY2(!above.contains(QStringLiteral(".bin")), qPrintable(above));
    }
};

MEMPROF_TEST_MAIN(TestStackedHeap)
#include "test_stacked_heap.moc"
