// SPDX-License-Identifier: GPL-3.0-or-later
// The charts' series (HeapTimeline, SizeHistogram, LocationHistory) against
// an independent replay of the decoded events: its own block map (std::map),
// its own per-event record and its own size buckets, sharing nothing with
// ProfileBuilder but the decoder.
#include "model/memdecoder/MemprofDecoder.h"
#include "model/memprofile/LocationHistory.h"
#include "model/memprofile/ProfileLoader.h"
#include "tests/support/ReplaySink.h"

#include "tests/support/TestSuite.h"
#include "views/charts/HeapChart.h"

#include <QTest>

#include <algorithm>
#include <map>
#include <tuple>

using namespace memprof;
using memprof::test::Key;
using memprof::test::ReplaySink;

namespace {

ReplaySink replay(const std::string& path, const Key* followed = nullptr)
{
    ReplaySink r;
    if (followed) {
        r.following = true;
        r.followed = *followed;
    }
    FileByteSource source(path);
    decode(source, r);
    return r;
}

// The buckets the timeline must hold: the narrowest power-of-two width that
// fits the events into maxBuckets, each bucket's min/max/last over its events.
void compareTimeline(const HeapTimeline& timeline, const std::vector<std::uint64_t>& live,
                     const std::vector<std::uint64_t>* allocated)
{
    const std::uint64_t n = live.size();
    QCOMPARE(timeline.eventCount(), n);
    std::uint64_t width = 1;
    while ((n + width - 1) / width > timeline.maxBuckets())
        width *= 2;
    QCOMPARE(timeline.eventsPerBucket(), width);
    QCOMPARE(std::uint64_t(timeline.buckets().size()), (n + width - 1) / width);
    for (std::size_t b = 0; b < timeline.buckets().size(); ++b) {
        const auto begin = live.begin() + static_cast<std::ptrdiff_t>(b * width);
        const auto end = live.begin() + static_cast<std::ptrdiff_t>(std::min<std::uint64_t>(n, (b + 1) * width));
        const HeapTimelineBucket& bucket = timeline.buckets()[b];
        QCOMPARE(bucket.minLiveBytes, *std::min_element(begin, end));
        QCOMPARE(bucket.maxLiveBytes, *std::max_element(begin, end));
        QCOMPARE(bucket.lastLiveBytes, *(end - 1));
        if (allocated)
            QCOMPARE(bucket.allocatedBytes, (*allocated)[static_cast<std::size_t>(end - live.begin()) - 1]);
        QCOMPARE(timeline.firstEventOf(b), std::uint64_t(begin - live.begin()) + 1);
        QCOMPARE(timeline.lastEventOf(b), std::uint64_t(end - live.begin()));
    }
}

void compareHistogram(const SizeHistogram& histogram,
                      const std::map<std::size_t, std::pair<std::uint64_t, std::uint64_t>>& expected)
{
    for (std::size_t b = 0; b < SizeHistogram::kBucketCount; ++b) {
        const auto it = expected.find(b);
        QCOMPARE(histogram.allocCount[b], it == expected.end() ? 0 : it->second.first);
        QCOMPARE(histogram.allocatedBytes[b], it == expected.end() ? 0 : it->second.second);
    }
}

const char* const kDumps[] = {"v3/leak.bin",     "v3/medium.bin",   "v3/table-growth.bin", "v3/freed.bin",
                              "v3/ffi-load.bin", "v3/leak-jit.bin", "v3/empty.bin",        "v3/closures-coroutines.bin",
                              "v1/medium.bin",   "v1/leak.bin"};

} // namespace

class TestChartSeries : public QObject {
    Q_OBJECT
private slots:
    void timelineMergesPairs()
    {
        // 37 events into at most 4 buckets: widths 1, 2, 4, 8 -> 5 buckets
        // would overflow, so 16 wide: events 1-16, 17-32, 33-37.
        HeapTimeline timeline(4);
        std::vector<std::uint64_t> live;
        for (std::uint64_t i = 1; i <= 37; ++i) {
            const std::uint64_t value = (i * 7919) % 101; // not monotonic
            live.push_back(value);
            timeline.add(value, i * 10);
            std::vector<std::uint64_t> allocated;
            for (std::uint64_t k = 1; k <= i; ++k)
                allocated.push_back(k * 10);
            compareTimeline(timeline, live, &allocated);
        }
        QCOMPARE(timeline.eventsPerBucket(), std::uint64_t(16));
        QCOMPARE(timeline.buckets().size(), std::size_t(3));
        QCOMPARE(timeline.peakLiveBytes(), *std::max_element(live.begin(), live.end()));
        QCOMPARE(timeline.finalLiveBytes(), live.back());
    }

    void sizeBuckets()
    {
        QCOMPARE(SizeHistogram::bucketOf(0), std::size_t(0));
        QCOMPARE(SizeHistogram::bucketOf(1), std::size_t(1));
        QCOMPARE(SizeHistogram::bucketOf(1023), std::size_t(10));
        QCOMPARE(SizeHistogram::bucketOf(1024), std::size_t(11));
        QCOMPARE(SizeHistogram::lowerBound(11), std::uint64_t(1024));
        QCOMPARE(SizeHistogram::upperBound(11), std::uint64_t(2047));
        QCOMPARE(SizeHistogram::bucketOf(~std::uint64_t{0}), std::size_t(64));
        QCOMPARE(SizeHistogram::upperBound(64), ~std::uint64_t{0});
    }

    void profileSeriesMatchReplay_data()
    {
        QTest::addColumn<QString>("dump");
        for (const char* name : kDumps)
            QTest::newRow(name) << QString::fromLatin1(name);
    }

    void profileSeriesMatchReplay()
    {
        QFETCH(QString, dump);
        const std::string path = MEMPROF_TEST_DATA "/" + dump.toStdString();
        const Profile profile = loadProfile(path);
        QCOMPARE(profile.status.end, DecodeEnd::Complete);
        const ReplaySink r = replay(path);
        QCOMPARE(profile.totals.eventCount, std::uint64_t(r.liveAfter.size()));
        compareTimeline(profile.timeline, r.liveAfter, &r.allocatedAfter);
        compareHistogram(profile.sizeHistogram, r.sizes);
        QCOMPARE(profile.sizeHistogram.totalAllocatedBytes(), profile.totals.allocatedBytes);

        // The peak survives down-sampling, and the series ends on the held bytes.
        const std::uint64_t peak = r.liveAfter.empty() ? 0 : *std::max_element(r.liveAfter.begin(), r.liveAfter.end());
        QCOMPARE(profile.timeline.peakLiveBytes(), peak);
        QCOMPARE(profile.totals.peakLiveBytes, peak);
        QCOMPARE(profile.timeline.finalLiveBytes(), profile.totals.liveBytes);
        QCOMPARE(profile.timeline.finalLiveBytes(), r.liveBytes);
        if (peak > 0) {
            const std::size_t peakBucket = (profile.totals.peakEventIndex - 1) / profile.timeline.eventsPerBucket();
            QCOMPARE(profile.timeline.buckets()[peakBucket].maxLiveBytes, peak);
        }

        // What the chart draws: steps through the maxima, ending on the held bytes.
        const charts::StepSeries steps = charts::stepSeries(profile.timeline, charts::BucketValue::Max);
        if (r.liveAfter.empty()) {
            QVERIFY(steps.keys.isEmpty());
            return;
        }
        QCOMPARE(steps.keys.size(), qsizetype(profile.timeline.buckets().size() + 1));
        QCOMPARE(steps.keys.back(), double(r.liveAfter.size()));
        QCOMPARE(steps.values.back(), double(profile.totals.liveBytes));
        QCOMPARE(*std::max_element(steps.values.begin(), steps.values.end()), double(peak));
        QVERIFY(std::is_sorted(steps.keys.begin(), steps.keys.end()));
        const charts::StepSeries allocated = charts::stepSeries(profile.timeline, charts::BucketValue::Allocated);
        QCOMPARE(allocated.values.back(), double(profile.totals.allocatedBytes));
    }

    void locationHistoryMatchesReplay_data()
    {
        QTest::addColumn<QString>("dump");
        for (const char* name :
             {"v3/leak.bin", "v3/medium.bin", "v3/table-growth.bin", "v3/leak-jit.bin", "v1/medium.bin"})
            QTest::newRow(name) << QString::fromLatin1(name);
    }

    void locationHistoryMatchesReplay()
    {
        QFETCH(QString, dump);
        const std::string path = MEMPROF_TEST_DATA "/" + dump.toStdString();
        const Profile profile = loadProfile(path);
        QVERIFY(!profile.heldAtEnd.empty());
        // The largest holder, and a location that reallocates (blocks move
        // between locations), when there is one.
        std::vector<LocationId> followed;
        followed.push_back(
            std::max_element(profile.heldAtEnd.begin(), profile.heldAtEnd.end(),
                             [](const HeldRow& a, const HeldRow& b) { return a.heldBytes < b.heldBytes; })
                ->location);
        if (!profile.reallocations.empty())
            followed.push_back(profile.reallocations.front().location);
        for (const LocationId location : followed) {
            const LocationInfo& info = profile.locations[location];
            const Key key{info.addr, info.line, info.traceno};
            const ReplaySink r = replay(path, &key);
            // A small bucket count forces merging on every fixture.
            const LocationHistory history = loadLocationHistory(path, location, {}, 64);
            QCOMPARE(history.eventCount, profile.totals.eventCount);
            QCOMPARE(history.location, location);
            compareTimeline(history.timeline, r.followedLiveAfter, nullptr);
            compareHistogram(history.sizeHistogram, r.followedSizes);
            std::uint64_t held = 0;
            for (const HeldRow& row : profile.heldAtEnd)
                if (row.location == location)
                    held = row.heldBytes;
            QCOMPARE(history.timeline.finalLiveBytes(), held);
            std::uint64_t allocated = 0;
            for (const auto* rows : {&profile.allocations, &profile.reallocations})
                for (const LocationRow& row : *rows)
                    if (row.location == location)
                        allocated += row.allocatedBytes;
            QCOMPARE(history.sizeHistogram.totalAllocatedBytes(), allocated);
            QCOMPARE(history.timeline.buckets().back().allocatedBytes, allocated);
        }
    }

    void locationHistoryOfMissingFileFails()
    {
        const LocationHistory history = loadLocationHistory("/nonexistent/dump.bin", 0);
        QCOMPARE(history.status.end, DecodeEnd::Failed);
        QCOMPARE(history.timeline.eventCount(), std::uint64_t(0));
    }
};

MEMPROF_TEST_GUILESS_MAIN(TestChartSeries)
#include "test_chart_series.moc"
