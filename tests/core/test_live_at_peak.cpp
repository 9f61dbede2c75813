// SPDX-License-Identifier: GPL-3.0-or-later
// Live at the peak and at the end, checked against an independent sink that
// replays the events with its own block map (std::map, no shared code but
// the decoder).
#include "model/memdecoder/MemprofDecoder.h"
#include "model/memprofile/ProfileLoader.h"
#include "tests/support/ReplaySink.h"
#include "tests/support/TestSuite.h"

#include <QTest>

#include <map>
#include <tuple>

using namespace memprof;
using memprof::test::grouped;
using memprof::test::Key;
using memprof::test::ReplaySink;

class TestLiveAtPeak : public QObject {
    Q_OBJECT
private slots:
    void matchesAnIndependentReplay_data()
    {
        QTest::addColumn<QString>("dump");
        for (const char* name : {"v3/leak.bin", "v3/medium.bin", "v3/table-growth.bin", "v3/freed.bin",
                                 "v3/ffi-load.bin", "v1/medium.bin"})
            QTest::newRow(name) << QString::fromLatin1(name);
    }

    void matchesAnIndependentReplay()
    {
        QFETCH(QString, dump);
        const std::string path = MEMPROF_TEST_DATA "/" + dump.toStdString();
        const Profile profile = loadProfile(path);
        QCOMPARE(profile.status.end, DecodeEnd::Complete);

        // Two passes: find the peak, then snapshot the block map there.
        FileByteSource firstSource(path);
        ReplaySink first;
        QCOMPARE(decode(firstSource, first).end, DecodeEnd::Complete);
        FileByteSource source(path);
        ReplaySink replay;
        replay.snapshotAt = first.peakIndex;
        QCOMPARE(decode(source, replay).end, DecodeEnd::Complete);

        QCOMPARE(profile.totals.peakLiveBytes, replay.peakBytes);
        QCOMPARE(profile.totals.peakEventIndex, replay.peakIndex);
        QCOMPARE(profile.totals.liveBytes, replay.liveBytes);
        QCOMPARE(profile.totals.liveBlockCount, std::uint64_t(replay.blocks.size()));
        QVERIFY(grouped(profile, profile.heldAtPeak) == replay.atPeak);

        std::uint64_t peakSum = 0;
        for (const auto& row : profile.heldAtPeak)
            peakSum += row.heldBytes;
        QCOMPARE(peakSum, profile.totals.peakLiveBytes);

        std::map<Key, std::pair<std::uint64_t, std::uint64_t>> atEnd;
        for (const auto& [addr, block] : replay.blocks) {
            atEnd[block.key].first += block.size;
            atEnd[block.key].second += 1;
        }
        QVERIFY(grouped(profile, profile.heldAtEnd) == atEnd);
    }
};

MEMPROF_TEST_APPLESS_MAIN(TestLiveAtPeak)
#include "test_live_at_peak.moc"
