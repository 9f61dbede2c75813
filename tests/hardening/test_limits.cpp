// SPDX-License-Identifier: GPL-3.0-or-later
// Limits that protect the user from hostile or random input: lengths larger
// than the data are errors (not allocations), everything the decoder keeps is
// bounded by the events it read, and nothing costs more than n log n.
#include "model/dump/SymbolTable.h"
#include "model/memdecoder/MemprofDecoder.h"
#include "model/memprofile/ProfileBuilder.h"
#include "model/memprofile/ProfileLoader.h"
#include "model/synth/DumpWriter.h"
#include "tests/support/ProfileInvariants.h"
#include "tests/support/TestSources.h"
#include "tests/support/TestSuite.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <random>

#include <sys/resource.h>

using namespace memprof;
using memprof::synth::DumpWriter;

namespace {

constexpr std::size_t kWindow = 64 * 1024;

Profile decodeRecording(const std::vector<std::uint8_t>& bytes, std::size_t* largestRead)
{
    test::RecordingSpanSource source(bytes);
    ProfileBuilder builder;
    DecodeControl control;
    control.blockSize = kWindow;
    Profile profile = builder.finish(decode(source, builder, control));
    *largestRead = source.largestRequest();
    return profile;
}

long peakRssKiB()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

DumpWriter validPrologues()
{
    DumpWriter d;
    d.symtabPrologue(3).symtabEnd().eventsPrologue(3);
    return d;
}

} // namespace

class Limits : public QObject {
    Q_OBJECT
private slots:
    void symbolNameLongerThanTheDataIsAnErrorNotAnAllocation()
    {
        DumpWriter d;
        d.symtabPrologue(3).u8(0x00).uleb(0x1234).uleb(std::uint64_t(1) << 40).raw({'a', 'b', 'c'});
        std::size_t largestRead = 0;
        const Profile p = decodeRecording(d.bytes(), &largestRead);
        QCOMPARE(p.status.end, DecodeEnd::Failed);
        QCOMPARE(p.status.error.kind, DecodeErrorKind::StringPastEnd);
        QCOMPARE(p.status.error.offset, std::uint64_t(7 + 1 + 2 + 6)); // where the string's bytes start
        QVERIFY2(largestRead <= kWindow, "the window grew for a string that cannot be there");
    }

    void chunkNameInAnEventLongerThanTheDataTruncatesTheStream()
    {
        DumpWriter d = validPrologues();
        d.alloc(synth::luaAt(0x10, 1), 0x100, 32);
        const std::uint64_t symbolAt = d.bytes().size();
        d.u8(0x08).uleb(0x20).uleb(std::uint64_t(1) << 62).raw({'x', 'y'}); // lfunc symtab event
        std::size_t largestRead = 0;
        const Profile p = decodeRecording(d.bytes(), &largestRead);
        QCOMPARE(p.status.end, DecodeEnd::Truncated);
        QCOMPARE(p.status.truncatedAt, symbolAt);
        QCOMPARE(p.totals.allocCount, std::uint64_t(1)); // the event before it is kept
        QVERIFY(p.status.truncationReason.find("string of 4611686018427387904 bytes") != std::string::npos);
        QVERIFY2(largestRead <= kWindow, "the window grew for a string that cannot be there");
    }

    void lengthsNearTwoToTheSixtyFourDoNotWrap()
    {
        // 2^64-1 plus the offset wrapped to a small "needed" once: a hang.
        DumpWriter d = validPrologues();
        d.u8(0x0c).uleb(0x30).uleb(~std::uint64_t(0)).raw({'n'}); // cfunc symtab event
        std::size_t largestRead = 0;
        const Profile p = decodeRecording(d.bytes(), &largestRead);
        QCOMPARE(p.status.end, DecodeEnd::Truncated);
        QCOMPARE(p.status.truncatedAt, std::uint64_t(15));
        // A source of unknown size reads to its end, then gives up the same way.
        test::ChoppyByteSource choppy(d.bytes());
        ProfileBuilder builder;
        const DecodeStatus status = decode(choppy, builder, {});
        QCOMPARE(status.end, DecodeEnd::Truncated);
        QCOMPARE(status.truncatedAt, std::uint64_t(15));
    }

    // Random bytes after valid prologues: most bytes are not event headers, so
    // the decoder stops at the first that is not; whatever it kept until then
    // is bounded by what it read, and its window by the block size.
    void fiftyMegabytesOfRandomBytesAfterValidPrologues()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath("random.bin").toStdString();
        const std::uint64_t randomBytes = 50ull << 20;
        {
            std::ofstream out(path, std::ios::binary);
            const DumpWriter head = validPrologues();
            out.write(reinterpret_cast<const char*>(head.bytes().data()),
                      static_cast<std::streamsize>(head.bytes().size()));
            std::mt19937_64 random(20261202);
            std::vector<std::uint64_t> chunk(1 << 16);
            for (std::uint64_t written = 0; written < randomBytes; written += chunk.size() * 8) {
                for (auto& word : chunk)
                    word = random();
                out.write(reinterpret_cast<const char*>(chunk.data()), static_cast<std::streamsize>(chunk.size() * 8));
            }
        }
        const long rssBefore = peakRssKiB();
        const Profile p = loadProfile(path);
        const long rssAfter = peakRssKiB();
        qInfo("random bytes: %s; %llu events, %zu locations; peak RSS grew by %ld KiB",
              describeStatus(p.status).c_str(), static_cast<unsigned long long>(p.totals.eventCount),
              p.locations.size(), rssAfter - rssBefore);
        QCOMPARE(QString::fromStdString(test::checkProfile(p, randomBytes + 21)), QString());
        QCOMPARE(p.status.end, DecodeEnd::Failed);
        QCOMPARE(p.status.error.kind, DecodeErrorKind::BadHeaderByte);
    }

    // Random events of every kind and source, with random symbols in between:
    // what the builder keeps grows with the events, never faster.
    void randomEventsStayBoundedByTheEvents()
    {
        std::mt19937_64 random(6);
        DumpWriter d = validPrologues();
        std::uint64_t events = 0, symbols = 0;
        while (d.bytes().size() < (4u << 20)) {
            const std::uint64_t pick = random() % 16;
            const std::uint64_t addr = random() % 50000;
            const std::uint64_t size = random() % 4096;
            if (pick == 0) {
                d.u8(0x0c).uleb(addr * 64).string(std::string(random() % 40, 'c')); // C symbol
                ++symbols;
            } else if (pick == 1) {
                d.u8(0x08).uleb(addr).string(std::string(random() % 40, 'l')).uleb(random() % 100); // Lua
                ++symbols;
            } else if (pick < 7) {
                d.u8(0x0d).uleb(addr * 64 + 3).uleb(random()).uleb(size); // C alloc
                ++events;
            } else if (pick < 10) {
                d.alloc(synth::luaAt(addr, random() % 100), random() % 100000, size);
                ++events;
            } else if (pick < 13) {
                d.realloc(synth::luaAt(addr, random() % 100), random() % 100000, size, random() % 100000, size * 2);
                ++events;
            } else {
                d.free(synth::luaAt(addr, random() % 100), random() % 100000, size);
                ++events;
            }
        }
        d.epilogue();
        QElapsedTimer timer;
        timer.start();
        const Profile p = loadProfile(d.bytes());
        qInfo("random events: %llu events, %llu symbols, %zu locations, %llu live blocks in %lld ms",
              static_cast<unsigned long long>(events), static_cast<unsigned long long>(symbols), p.locations.size(),
              static_cast<unsigned long long>(p.totals.liveBlockCount), static_cast<long long>(timer.elapsed()));
        QCOMPARE(p.status.end, DecodeEnd::Complete);
        QCOMPARE(p.totals.eventCount, events);
        QCOMPARE(p.totals.symbolEventCount, symbols);
        QCOMPARE(QString::fromStdString(test::checkProfile(p, d.bytes().size())), QString());
    }

    // A megabyte-long chunk name and C symbol, each with thousands of
    // locations: every location name keeps a bounded prefix, so memory
    // follows the file's size, not size x locations (2 GB here without it).
    void longNamesAreNotCopiedPerLocation()
    {
        const std::string chunk = "@" + std::string(1 << 20, 'x');
        const std::string cSymbol(1 << 20, 'c');
        DumpWriter d;
        d.symtabPrologue(3).lfunc(0x100, chunk, 1).cfunc(0x5000, cSymbol).symtabEnd().eventsPrologue(3);
        constexpr std::uint64_t kLines = 1000;
        for (std::uint64_t line = 1; line <= kLines; ++line) {
            d.alloc(synth::luaAt(0x100, line), 0x10000 + line * 16, 16);
            d.u8(0x0d).uleb(0x5000 + line).uleb(0x900000 + line * 16).uleb(16); // C alloc
        }
        d.epilogue();
        const Profile p = loadProfile(d.bytes());
        QCOMPARE(p.status.end, DecodeEnd::Complete);
        QCOMPARE(p.locations.size(), std::size_t(2 * kLines));
        std::size_t nameBytes = 0;
        for (const LocationInfo& location : p.locations) {
            nameBytes += location.name.size();
            QVERIFY(location.name.size() <= SymbolTable::kMaxNamePrefixBytes + 32);
        }
        QVERIFY(nameBytes < 2 * kLines * (SymbolTable::kMaxNamePrefixBytes + 32));
        // The prefix, the marker and the line or offset stay.
        QCOMPARE(QString::fromStdString(p.nameOf(0)),
                 QString::fromStdString(chunk.substr(0, SymbolTable::kMaxNamePrefixBytes) + "...:1"));
        QCOMPARE(QString::fromStdString(p.nameOf(1)),
                 QString::fromStdString(cSymbol.substr(0, SymbolTable::kMaxNamePrefixBytes) + "...:0x5000"));
        // The function keeps its whole chunk name.
        QCOMPARE(p.functions.at(0).chunkname.size(), chunk.size());
    }

    // Each new C symbol followed by an event at a new C address: the floor
    // look-up for the event's name must not re-sort all symbols each time
    // (n^2 log n). The CTest timeout catches a regression; the time is printed.
    void newCSymbolsInterleavedWithNewCLocations()
    {
        const std::uint64_t count = 100000;
        DumpWriter d = validPrologues();
        for (std::uint64_t i = 0; i < count; ++i) {
            // Symbols arrive in a scattered order, as a shared object's do.
            const std::uint64_t symbol = ((i * 7919) % count + 1) * 256;
            d.u8(0x0c).uleb(symbol).string("f");
            d.u8(0x0d).uleb(symbol + 16).uleb(0x1000 + i * 16).uleb(16);
        }
        d.epilogue();
        QElapsedTimer timer;
        timer.start();
        const Profile p = loadProfile(d.bytes());
        qInfo("%llu new C symbols interleaved with new C locations: %lld ms", static_cast<unsigned long long>(count),
              static_cast<long long>(timer.elapsed()));
        QCOMPARE(p.status.end, DecodeEnd::Complete);
        QCOMPARE(p.locations.size(), std::size_t(count));
        // Each location is named after the symbol just below it.
        for (const LocationInfo& location : p.locations) {
            char expected[32];
            std::snprintf(expected, sizeof expected, "f:0x%llx", static_cast<unsigned long long>(location.addr - 16));
            QCOMPARE(QString::fromStdString(location.name), QString::fromLatin1(expected));
        }
    }
};

MEMPROF_TEST_GUILESS_MAIN(Limits)
#include "test_limits.moc"
