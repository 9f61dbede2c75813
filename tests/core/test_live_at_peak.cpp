// SPDX-License-Identifier: GPL-3.0-or-later
// Live at the peak and at the end, checked against an independent sink that
// replays the events with its own block map (std::map, no shared code but
// the decoder).
#include "model/profile/ProfileLoader.h"
#include "model/decoder/Decoder.h"

#include <QTest>

#include <map>
#include <tuple>

using namespace memprof;

namespace {

using Key = std::tuple<std::uint64_t, std::uint64_t, std::uint64_t>; // addr, line, traceno

Key keyOf(const Location& loc)
{
    switch (loc.source) {
    case SourceKind::Lua: return {loc.addr, loc.line, 0};
    case SourceKind::C: return {loc.addr, 0, 0};
    case SourceKind::Trace: return {0, 0, loc.traceno};
    case SourceKind::Internal: break;
    }
    return {0, 0, 0};
}

struct ReplaySink {
    struct Block {
        std::uint64_t size;
        Key key;
    };
    std::map<std::uint64_t, Block> blocks;
    std::uint64_t liveBytes = 0;
    std::uint64_t eventIndex = 0;
    std::uint64_t peakBytes = 0;
    std::uint64_t peakIndex = 0;
    std::uint64_t snapshotAt = 0; // second pass: the peak found by the first
    std::map<Key, std::pair<std::uint64_t, std::uint64_t>> atPeak; // bytes, blocks

    void lfunc(const LfuncSymbol&) {}
    void cfunc(const CfuncSymbol&) {}
    void trace(const TraceSymbol&) {}
    void symtabEnd() {}
    void release(std::uint64_t addr)
    {
        if (auto it = blocks.find(addr); it != blocks.end()) {
            liveBytes -= it->second.size;
            blocks.erase(it);
        }
    }
    void place(std::uint64_t addr, std::uint64_t size, const Key& key)
    {
        release(addr);
        blocks[addr] = {size, key};
        liveBytes += size;
    }
    void after()
    {
        ++eventIndex;
        if (liveBytes > peakBytes) {
            peakBytes = liveBytes;
            peakIndex = eventIndex;
        }
        if (eventIndex == snapshotAt) {
            for (const auto& [addr, block] : blocks) {
                atPeak[block.key].first += block.size;
                atPeak[block.key].second += 1;
            }
        }
    }
    void alloc(const AllocEvent& e)
    {
        place(e.naddr, e.nsize, keyOf(e.loc));
        after();
    }
    void realloc(const ReallocEvent& e)
    {
        release(e.oaddr);
        place(e.naddr, e.nsize, keyOf(e.loc));
        after();
    }
    void free(const FreeEvent& e)
    {
        release(e.oaddr);
        after();
    }
};

std::map<Key, std::pair<std::uint64_t, std::uint64_t>> grouped(const Profile& p, const std::vector<LiveRow>& rows)
{
    std::map<Key, std::pair<std::uint64_t, std::uint64_t>> byKey;
    for (const auto& row : rows) {
        const LocationInfo& l = p.locations[row.location];
        auto& entry = byKey[Key{l.addr, l.source == SourceKind::Internal ? 0 : l.line, l.traceno}];
        entry.first += row.heldBytes;
        entry.second += row.blockCount;
    }
    return byKey;
}
} // namespace

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
        QVERIFY(grouped(profile, profile.liveAtPeak) == replay.atPeak);

        std::uint64_t peakSum = 0;
        for (const auto& row : profile.liveAtPeak)
            peakSum += row.heldBytes;
        QCOMPARE(peakSum, profile.totals.peakLiveBytes);

        std::map<Key, std::pair<std::uint64_t, std::uint64_t>> atEnd;
        for (const auto& [addr, block] : replay.blocks) {
            atEnd[block.key].first += block.size;
            atEnd[block.key].second += 1;
        }
        QVERIFY(grouped(profile, profile.liveAtEnd) == atEnd);
    }
};

QTEST_APPLESS_MAIN(TestLiveAtPeak)
#include "test_live_at_peak.moc"
