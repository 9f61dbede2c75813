// SPDX-License-Identifier: GPL-3.0-or-later
// The aggregation's hash tables against the standard library's: FlatU64Map
// (open addressing, backward-shift deletion, key 0 beside the array) under
// random inserts and erases, OverrideTable's cached sums against a plain
// map, and the builder over each block map giving the same profile.
#include "bench/BlockMapAdapters.h"
#include "model/dump/ByteSource.h"
#include "model/memdecoder/MemprofDecoder.h"
#include "model/memprofile/OverrideTable.h"
#include "model/memprofile/ProfileBuilder.h"
#include "model/report/TextReport.h"
#include "model/support/FlatU64Map.h"
#include "model/synth/DumpWriter.h"
#include "tests/support/TestSuite.h"

#include <QTest>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <map>
#include <random>
#include <sstream>
#include <unordered_map>

using namespace memprof;
using memprof::synth::DumpWriter;

namespace {

struct Entry {
    std::uint64_t size = 0;
    std::uint32_t tag = 0;
};

// Every key of `universe` is found in `map` exactly when `expected` has it,
// with the same value, and forEach visits exactly the expected entries.
void compareMaps(FlatU64Map<Entry>& map, const std::unordered_map<std::uint64_t, Entry>& expected,
                 const std::vector<std::uint64_t>& universe)
{
    QCOMPARE(map.size(), expected.size());
    for (std::uint64_t key : universe) {
        const Entry* found = map.find(key);
        const auto it = expected.find(key);
        QCOMPARE(found != nullptr, it != expected.end());
        if (found) {
            QCOMPARE(found->size, it->second.size);
            QCOMPARE(found->tag, it->second.tag);
        }
    }
    std::size_t visited = 0;
    map.forEach([&](std::uint64_t key, const Entry& value) {
        ++visited;
        const auto it = expected.find(key);
        QVERIFY(it != expected.end());
        QCOMPARE(value.size, it->second.size);
    });
    QCOMPARE(visited, expected.size());
}

std::vector<std::uint8_t> readFile(const QString& path)
{
    std::ifstream in(path.toStdString(), std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

template <class Builder>
std::string reportsOf(const std::vector<std::uint8_t>& bytes, Counting counting = Counting::Inline)
{
    SpanByteSource source(bytes);
    Builder builder(counting);
    const DecodeStatus status = decode(source, builder);
    const Profile profile = builder.finish(status);
    std::ostringstream out;
    ReportOptions options;
    writeTextReport(out, profile, options);
    options.live = true;
    writeTextReport(out, profile, options);
    options.live = false;
    options.peak = true;
    writeTextReport(out, profile, options);
    const ProfileTotals& t = profile.totals;
    out << "events " << t.eventCount << " live blocks " << t.liveBlockCount << " peak " << t.peakEventIndex
        << " symbols " << t.initialSymbolCount << '+' << t.symbolEventCount << '\n';
    return out.str();
}

// A dump in the builder's worst case: thousands of blocks live at once,
// freed and moved long after they were made, from many (row, primary)
// pairs, so the look-ahead queue, the growing block table, the override
// cache's evictions and address reuse all take part.
std::vector<std::uint8_t> churnDump(unsigned seed, int eventCount = 60000)
{
    DumpWriter dump;
    dump.symtabPrologue(3);
    for (std::uint64_t proto = 1; proto <= 40; ++proto)
        dump.lfunc(proto * 0x100, "@churn" + std::to_string(proto) + ".lua", proto);
    dump.symtabEnd().eventsPrologue(3);
    std::mt19937_64 random(seed);
    std::vector<std::pair<std::uint64_t, std::uint64_t>> live; // address, size
    std::uint64_t nextAddress = 0x10000;
    std::uint64_t protoCount = 40;
    for (int i = 0; i < eventCount; ++i) {
        // Functions loaded mid-stream: locations appear in later batches.
        if (i % 5000 == 4999) {
            ++protoCount;
            dump.u8(0x08).uleb(protoCount * 0x100).string("@late" + std::to_string(protoCount) + ".lua").uleb(1);
        }
        const std::uint64_t proto = (random() % protoCount + 1) * 0x100;
        const std::uint64_t line = random() % 50 + 1;
        // Now and then a block of 4 GiB or more (the block map keeps those
        // sizes aside).
        const std::uint64_t size =
            random() % 512 == 0 ? (std::uint64_t{1} << 32) - 2 + random() % 4 : random() % 4096 + 1;
        const unsigned action = live.size() < 5000 ? random() % 4 : random() % 10;
        if (action < 4 || live.empty()) {
            // Addresses are sometimes reused, as an allocator does.
            const std::uint64_t address =
                random() % 8 == 0 ? (random() % 4096 + 1) * 16 : (nextAddress += 16 * (random() % 64 + 1));
            dump.alloc(synth::luaAt(proto, line), address, size);
            live.emplace_back(address, size);
            continue;
        }
        const std::size_t pick = random() % live.size();
        const auto [address, oldSize] = live[pick];
        if (action < 7) {
            const std::uint64_t newAddress = nextAddress += 16 * (random() % 64 + 1);
            dump.realloc(synth::luaAt(proto, line), address, oldSize, newAddress, size);
            live[pick] = {newAddress, size};
        } else {
            // Now and then a size that disagrees with the allocation's, or a
            // block never allocated: the reference tolerates both.
            const std::uint64_t freedSize = random() % 16 == 0 ? oldSize + 1 : oldSize;
            if (random() % 32 == 0)
                dump.free(synth::luaAt(proto, line), address + 8, freedSize);
            else
                dump.free(synth::luaAt(proto, line), address, freedSize);
            live[pick] = live.back();
            live.pop_back();
        }
    }
    dump.epilogue();
    return dump.take();
}

} // namespace

class TestBlockMaps : public QObject {
    Q_OBJECT
private slots:
    void flatMapMatchesUnorderedMap_data()
    {
        QTest::addColumn<unsigned>("seed");
        QTest::addColumn<int>("keySpace");
        // A small key space packs the table (long runs, many shifts); a
        // large one grows it; aligned keys are what block addresses are.
        QTest::newRow("dense") << 1u << 3000;
        QTest::newRow("sparse") << 2u << 1000000;
        QTest::newRow("dense-2") << 3u << 700;
    }
    void flatMapMatchesUnorderedMap()
    {
        QFETCH(unsigned, seed);
        QFETCH(int, keySpace);
        std::mt19937_64 random(seed);
        std::vector<std::uint64_t> universe;
        for (int k = 0; k < keySpace; ++k)
            universe.push_back(std::uint64_t(k) * 16); // key 0 included
        FlatU64Map<Entry> map;
        std::unordered_map<std::uint64_t, Entry> expected;
        for (int step = 0; step < 200000; ++step) {
            const std::uint64_t key = universe[random() % universe.size()];
            // Mostly inserts at first, then as many erases as inserts.
            const bool insert = step < 100000 ? random() % 3 != 0 : random() % 2 == 0;
            if (insert) {
                const Entry value{random(), std::uint32_t(step)};
                const auto [slot, inserted] = map.tryEmplace(key, value);
                const auto [it, expectedInserted] = expected.try_emplace(key, value);
                QCOMPARE(inserted, expectedInserted);
                QCOMPARE(slot->size, it->second.size);
            } else if (Entry* found = map.find(key)) {
                QVERIFY(expected.erase(key) == 1);
                map.erase(key, found);
            } else {
                QVERIFY(!expected.contains(key));
            }
            if (step % 20000 == 0)
                compareMaps(map, expected, universe);
        }
        compareMaps(map, expected, universe);
        // Emptied completely, it finds nothing and takes keys again.
        for (std::uint64_t key : universe)
            if (Entry* found = map.find(key))
                map.erase(key, found);
        expected.clear();
        compareMaps(map, expected, universe);
        QVERIFY(map.tryEmplace(0, Entry{7, 1}).second);
        QVERIFY(map.tryEmplace(16, Entry{8, 2}).second);
        QCOMPARE(map.size(), std::size_t{2});
        QCOMPARE(map.find(0)->size, std::uint64_t{7});
    }

    // A table of 2 MiB or more is mapped on its own and, when it grows,
    // gives back the pages it has moved as it goes: every key must come
    // through each such move, whatever its slot. Past 32 MiB a table grows
    // by a quarter, to capacities that are not powers of two (the homes
    // scale to any, and probes wrap at the end).
    void largeTablesKeepEveryKeyAsTheyGrow()
    {
        FlatU64Map<Entry> map;
        std::mt19937_64 random(7);
        std::vector<std::uint64_t> keys;
        // 24-byte slots: doubled past 2^17 ... 2^21 slots (48 MiB), then
        // grown by a quarter twice.
        for (int k = 0; k < 1700000; ++k)
            keys.push_back((random() & 0x7fffffffff0ull) | 0x10);
        std::sort(keys.begin(), keys.end());
        keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
        std::shuffle(keys.begin(), keys.end(), random);
        for (std::size_t i = 0; i < keys.size(); ++i)
            QVERIFY(map.tryEmplace(keys[i], Entry{keys[i] >> 4, std::uint32_t(i)}).second);
        QCOMPARE(map.size(), keys.size());
        for (std::size_t i = 0; i < keys.size(); ++i) {
            const Entry* found = map.find(keys[i]);
            QVERIFY(found);
            QCOMPARE(found->size, keys[i] >> 4);
            QCOMPARE(found->tag, std::uint32_t(i));
        }
        for (std::size_t i = 0; i < keys.size(); i += 2)
            map.erase(keys[i], map.find(keys[i]));
        for (std::size_t i = 0; i < keys.size(); ++i)
            QCOMPARE(map.find(keys[i]) != nullptr, i % 2 == 1);
        std::size_t visited = 0;
        map.forEach([&](std::uint64_t key, const Entry& value) {
            ++visited;
            QCOMPARE(value.size, key >> 4);
        });
        QCOMPARE(visited, keys.size() / 2);
    }

    // drainSorted visits every entry once in ascending key order (key 0,
    // kept beside the array, first), even in a mapped table whose pages it
    // gives back as it goes, and leaves the map empty and usable.
    void drainSortedVisitsEveryKeyInOrder()
    {
        FlatU64Map<Entry> map;
        std::mt19937_64 random(11);
        std::map<std::uint64_t, std::uint64_t> expected;
        expected[0] = 3;
        map.tryEmplace(0, Entry{3, 0});
        while (expected.size() < 600000) {
            const std::uint64_t key = random() | 1;
            if (expected.emplace(key, key >> 8).second)
                map.tryEmplace(key, Entry{key >> 8, 0});
        }
        std::vector<std::pair<std::uint64_t, std::uint64_t>> visited;
        map.drainSorted([&](std::uint64_t key, const Entry& value) { visited.emplace_back(key, value.size); });
        QCOMPARE(visited, (std::vector<std::pair<std::uint64_t, std::uint64_t>>(expected.begin(), expected.end())));
        QCOMPARE(map.size(), std::size_t{0});
        QVERIFY(!map.find(visited[1].first));
        QVERIFY(map.tryEmplace(visited[1].first, Entry{5, 0}).second);
        QCOMPARE(map.find(visited[1].first)->size, std::uint64_t{5});
    }

    void overrideSumsMatchPlainMap()
    {
        // More pairs than the cache holds, drawn unevenly (a few hot pairs),
        // so sums are split between evictions and the cache until forEach.
        std::mt19937_64 random(4);
        OverrideTable table;
        std::map<std::uint64_t, OverrideTable::Sums> expected;
        for (int step = 0; step < 300000; ++step) {
            const LocationId row = random() % 2 ? LocationId(random() % 8) : LocationId(random() % 3000);
            const LocationId primary = LocationId(random() % 50);
            const std::uint64_t key = OverrideTable::keyOf(row, primary);
            QCOMPARE(OverrideTable::rowOf(key), row);
            QCOMPARE(OverrideTable::primaryOf(key), primary);
            const std::uint64_t allocated = random() % 1000;
            const std::uint64_t freed = random() % 1000;
            table.add(key, allocated, freed);
            expected[key].addBlock(allocated, freed);
        }
        std::size_t visited = 0;
        table.forEach([&](std::uint64_t key, const OverrideTable::Sums& sums) {
            ++visited;
            const auto it = expected.find(key);
            QVERIFY(it != expected.end());
            QCOMPARE(sums.allocatedBytes, it->second.allocatedBytes);
            QCOMPARE(sums.freedBytes, it->second.freedBytes);
            QCOMPARE(sums.blockCount(), it->second.blockCount());
            QCOMPARE(sums.overflowed(), std::uint8_t{0});
        });
        QCOMPARE(visited, expected.size());
        QVERIFY(expected.size() > 4096);
    }

    // Which byte sum of a pair overflowed survives the pair's trips between
    // the cache and the table, and merging with other sums; the block count
    // beside the flags stays exact, and an exact 2^64-1 is not flagged.
    void overrideSumsKeepTheirOverflowFlags()
    {
        constexpr std::uint64_t kMax = ~std::uint64_t{0};
        const std::uint64_t exact = OverrideTable::keyOf(1, 2);
        const std::uint64_t allocatedOver = OverrideTable::keyOf(3, 4);
        const std::uint64_t freedOver = OverrideTable::keyOf(5, 6);
        OverrideTable table;
        table.add(exact, kMax, 0);
        table.add(allocatedOver, kMax, 1);
        table.add(freedOver, 0, kMax);
        // Push every pair out of the cache between their events.
        for (LocationId row = 100; row < 20000; ++row)
            table.add(OverrideTable::keyOf(row, 1), 1, 1);
        table.add(exact, 0, kMax);
        table.add(allocatedOver, 1, 0);
        table.add(freedOver, 0, 1);
        for (LocationId row = 100; row < 20000; ++row)
            table.add(OverrideTable::keyOf(row, 1), 1, 1);
        table.add(allocatedOver, 0, 0);
        std::map<std::uint64_t, OverrideTable::Sums> found;
        table.forEach([&](std::uint64_t key, const OverrideTable::Sums& sums) { found[key] = sums; });
        QCOMPARE(found.at(exact).allocatedBytes, kMax);
        QCOMPARE(found.at(exact).freedBytes, kMax);
        QCOMPARE(found.at(exact).overflowed(), std::uint8_t{0});
        QCOMPARE(found.at(exact).blockCount(), std::uint64_t{2});
        QCOMPARE(found.at(allocatedOver).allocatedBytes, kMax);
        QCOMPARE(found.at(allocatedOver).freedBytes, std::uint64_t{1});
        QCOMPARE(found.at(allocatedOver).overflowed(), std::uint8_t{kAllocatedOverflowed});
        QCOMPARE(found.at(allocatedOver).blockCount(), std::uint64_t{3});
        QCOMPARE(found.at(freedOver).overflowed(), std::uint8_t{kFreedOverflowed});
        QCOMPARE(found.at(freedOver).blockCount(), std::uint64_t{2});
        QCOMPARE(found.at(OverrideTable::keyOf(100, 1)).blockCount(), std::uint64_t{2});

        // Merged sums: the flags of both, the counts added.
        OverrideTable::Sums both = found.at(allocatedOver);
        both.add(found.at(freedOver));
        QCOMPARE(both.overflowed(), std::uint8_t{kAllocatedOverflowed | kFreedOverflowed});
        QCOMPARE(both.blockCount(), std::uint64_t{5});
        both.add(found.at(exact));
        QCOMPARE(both.blockCount(), std::uint64_t{7});
    }

    // Block sizes of 32 bits and more live beside the packed block map:
    // they must count exactly as small ones do.
    void oversizeBlocks()
    {
        constexpr std::uint64_t kFiveGiB = std::uint64_t{5} << 30;
        constexpr std::uint64_t kSixGiB = std::uint64_t{6} << 30;
        constexpr std::uint64_t kHuge = std::uint64_t{1} << 40;
        DumpWriter dump;
        dump.symtabPrologue(3).lfunc(0x100, "@big.lua", 1).symtabEnd().eventsPrologue(3);
        dump.alloc(synth::luaAt(0x100, 2), 0x1000, kFiveGiB) // A at line 2
            .alloc(synth::luaAt(0x100, 3), 0x2000, 10) // B at line 3
            .alloc(synth::luaAt(0x100, 4), 0x3000, 0xffffffffu) // exactly the marker's value
            .realloc(synth::luaAt(0x100, 5), 0x1000, kFiveGiB, 0x4000, kSixGiB) // A moves, line 5
            .alloc(synth::luaAt(0x100, 6), 0x2000, kHuge) // over B, whose free was not seen
            .free(synth::luaAt(0x100, 7), 0x3000, 0xffffffffu)
            .epilogue();
        SpanByteSource source(dump.bytes());
        ProfileBuilder builder;
        const Profile profile = builder.finish(decode(source, builder));
        QCOMPARE(profile.status.end, DecodeEnd::Complete);
        QCOMPARE(profile.totals.liveBytes, kSixGiB + kHuge);
        QCOMPARE(profile.totals.liveBlockCount, std::uint64_t{2});
        QCOMPARE(profile.totals.peakLiveBytes, kSixGiB + kHuge + 0xffffffffu);
        std::map<std::string, std::uint64_t> held;
        for (const HeldRow& row : profile.heldAtEnd)
            held[profile.nameOf(row.location)] = row.heldBytes;
        QCOMPARE(held, (std::map<std::string, std::uint64_t>{{"@big.lua:5", kSixGiB}, {"@big.lua:6", kHuge}}));
        // The realloc at line 5 released A (allocated at line 2, 5 GiB).
        const LocationRow& realloc = profile.reallocations.at(0);
        QCOMPARE(realloc.overrides.size(), std::size_t{1});
        QCOMPARE(profile.nameOf(realloc.overrides[0].location), std::string("@big.lua:2"));
        QCOMPARE(realloc.overrides[0].freedBytes, kFiveGiB);
        QCOMPARE(realloc.overrides[0].allocatedBytes, kSixGiB);
        const LocationRow& freed = profile.frees.at(0);
        QCOMPARE(profile.nameOf(freed.overrides.at(0).location), std::string("@big.lua:4"));
        QCOMPARE(freed.overrides.at(0).freedBytes, std::uint64_t{0xffffffffu});
    }

    void buildersAgree_data()
    {
        QTest::addColumn<QString>("dump");
        const QString data = QStringLiteral(MEMPROF_TEST_DATA);
        for (const char* name :
             {"v3/medium.bin", "v3/ffi-load.bin", "v3/leak-jit.bin", "v3/closures-coroutines.bin", "v1/leak.bin"})
            QTest::newRow(name) << data + "/" + name;
        QTest::newRow("churn-1") << QString();
        QTest::newRow("churn-2") << QStringLiteral("seed:2");
        QTest::newRow("churn-3-long") << QStringLiteral("seed:3");
    }
    void buildersAgree()
    {
        QFETCH(QString, dump);
        std::vector<std::uint8_t> bytes;
        if (dump.isEmpty())
            bytes = churnDump(1);
        else if (dump.startsWith("seed:"))
            bytes = churnDump(dump.mid(5).toUInt(), dump.endsWith('3') ? 300000 : 60000);
        else
            bytes = readFile(dump);
        QVERIFY(bytes.size() > 1000);
        const std::string ours = reportsOf<ProfileBuilder>(bytes);
        QCOMPARE(ours, reportsOf<AbslProfileBuilder>(bytes));
        QCOMPARE(ours, reportsOf<StdProfileBuilder>(bytes));
        // Counting on a second thread, batch by batch (the long churn dump
        // spans several batches), changes nothing.
        QCOMPARE(ours, reportsOf<ProfileBuilder>(bytes, Counting::OnThread));
    }
};

MEMPROF_TEST_GUILESS_MAIN(TestBlockMaps)
#include "test_block_maps.moc"
