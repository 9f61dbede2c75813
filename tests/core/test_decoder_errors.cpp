// SPDX-License-Identifier: GPL-3.0-or-later
// Damaged dumps: every file in fixtures/corrupt and hand-made byte sequences
// for each error kind give the expected outcome, never a crash.
#include "model/memdecoder/MemprofDecoder.h"
#include "model/memprofile/ProfileLoader.h"
#include "model/report/TextReport.h"
#include "model/synth/DumpWriter.h"
#include "tests/support/TestSuite.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <chrono>
#include <future>
#include <thread>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sstream>

using namespace memprof;
using memprof::synth::DumpWriter;

Q_DECLARE_METATYPE(memprof::DecodeEnd)
Q_DECLARE_METATYPE(memprof::DecodeErrorKind)

namespace {
QString dataPath(const char* relative)
{
    return QStringLiteral(MEMPROF_TEST_DATA "/") + QLatin1String(relative);
}

Profile loadBytes(std::span<const std::uint8_t> bytes)
{
    return loadProfile(bytes, DecodeControl{{}, nullptr, 64});
}

Profile loadBytes(const DumpWriter& dump)
{
    return loadBytes(dump.bytes());
}

std::string reportOf(const Profile& profile)
{
    std::ostringstream text;
    writeTextReport(text, profile, {});
    return text.str();
}

// A minimal valid format-3 dump up to the start of the event stream.
DumpWriter v3Start()
{
    DumpWriter dump;
    dump.symtabPrologue(3).lfunc(0x1000, "@a.lua", 1).symtabEnd().eventsPrologue(3);
    return dump;
}

// Every production the decoder hands out, as text, in order.
struct RecordingSink {
    std::vector<std::string> items;

    static std::string text(const Location& loc)
    {
        return std::to_string(int(loc.source)) + ":" + std::to_string(loc.addr) + ":" + std::to_string(loc.line) + ":" +
               std::to_string(loc.traceno);
    }
    void lfunc(const LfuncSymbol& s)
    {
        items.push_back("lfunc " + std::to_string(s.addr) + " " + std::string(s.chunkname) + " " +
                        std::to_string(s.linedefined));
    }
    void cfunc(const CfuncSymbol& s) { items.push_back("cfunc " + std::to_string(s.addr) + " " + std::string(s.name)); }
    void trace(const TraceSymbol& s)
    {
        items.push_back("trace " + std::to_string(s.traceno) + " " + std::to_string(s.addr) + " " +
                        std::to_string(s.line));
    }
    void symtabEnd() { items.push_back("symtab end"); }
    void alloc(const AllocEvent& e)
    {
        items.push_back("alloc " + text(e.loc) + " " + std::to_string(e.naddr) + " " + std::to_string(e.nsize));
    }
    void realloc(const ReallocEvent& e)
    {
        items.push_back("realloc " + text(e.loc) + " " + std::to_string(e.oaddr) + " " + std::to_string(e.osize) + " " +
                        std::to_string(e.naddr) + " " + std::to_string(e.nsize));
    }
    void free(const FreeEvent& e)
    {
        items.push_back("free " + text(e.loc) + " " + std::to_string(e.oaddr) + " " + std::to_string(e.osize));
    }
};

// An event stream of the given version that exercises the decoder's fast
// loop and its hand-overs to the careful path: values of every length from
// 1 to 10 bytes (mostly short, so runs of fast events are long), every
// location form, symbol events and the cfunc quirk in between. It records
// what each item must decode to and where it starts and ends.
struct EdgeDump {
    std::vector<std::uint8_t> bytes;
    std::vector<std::string> expected; // after "symtab end"
    std::vector<std::size_t> itemStarts; // of the event stream's items
    std::vector<std::size_t> itemEnds;
    std::size_t epilogueAt = 0;
};

EdgeDump edgeDump(std::uint8_t version, int eventCount)
{
    DumpWriter dump;
    dump.symtabPrologue(version).lfunc(0x1000, "@a.lua", 1).symtabEnd().eventsPrologue(version);
    EdgeDump out;
    std::uint64_t random = 0x9e3779b97f4a7c15ull * version;
    const auto nextRandom = [&] {
        random ^= random << 13;
        random ^= random >> 7;
        random ^= random << 17;
        return random;
    };
    // A value of `length` ULEB128 bytes (10: at least 2^63).
    const auto valueOfLength = [&](int length) -> std::uint64_t {
        if (length == 10)
            return (std::uint64_t(1) << 63) | nextRandom();
        const std::uint64_t low = length == 1 ? 0 : std::uint64_t(1) << (7 * (length - 1));
        const std::uint64_t span = (std::uint64_t(1) << (7 * length)) - low;
        return low + nextRandom() % span;
    };
    const auto value = [&] {
        const std::uint64_t r = nextRandom() % 64;
        const int length = r < 48 ? int(1 + r % 4) : r < 60 ? int(5 + r % 4) : r < 62 ? 9 : 10;
        const std::uint64_t v = valueOfLength(length);
        dump.uleb(v);
        return v;
    };
    const auto s = [](std::uint64_t v) { return std::to_string(v); };
    const std::uint8_t sources[] = {0x04, 0x08, 0x0c, 0x10};
    for (int i = 0; i < eventCount; ++i) {
        out.itemStarts.push_back(dump.bytes().size());
        if (version >= 2 && nextRandom() % 16 == 0) {
            switch (nextRandom() % 4) {
            case 0: {
                const std::uint64_t addr = nextRandom() % 100000, line = nextRandom() % 1000;
                dump.lfuncEvent(addr, "@chunk.lua", line);
                out.expected.push_back("lfunc " + s(addr) + " @chunk.lua " + s(line));
                break;
            }
            case 1: {
                const std::uint64_t addr = nextRandom() % 100000;
                dump.cfuncEvent(addr, "cname");
                out.expected.push_back("cfunc " + s(addr) + " cname");
                break;
            }
            case 2: {
                const std::uint64_t addr = nextRandom() % 100000;
                dump.cfuncQuirkEvent(addr, "quirk");
                out.expected.push_back("cfunc " + s(addr) + " quirk");
                break;
            }
            default: {
                dump.u8(0x10);
                const std::uint64_t traceno = value();
                if (version == 2)
                    value(); // mcode address
                const std::uint64_t addr = value(), line = value();
                out.expected.push_back("trace " + s(traceno) + " " + s(addr) + " " + s(line));
                break;
            }
            }
            out.itemEnds.push_back(dump.bytes().size());
            continue;
        }
        const std::uint8_t source = sources[nextRandom() % (version == 1 ? 3 : 4)];
        const std::uint8_t event = std::uint8_t(1 + nextRandom() % 3); // alloc, free, realloc
        dump.u8(source | event);
        std::string loc;
        switch (source) {
        case 0x08: {
            const std::uint64_t addr = value(), line = value();
            loc = "1:" + s(addr) + ":" + s(line) + ":0";
            break;
        }
        case 0x0c:
            loc = "2:" + s(value()) + ":0:0";
            break;
        case 0x10: {
            const std::uint64_t traceno = value();
            if (version == 2)
                value(); // mcode address
            loc = "3:0:0:" + s(traceno);
            break;
        }
        default:
            loc = "0:0:0:0";
            break;
        }
        const std::uint64_t addr1 = value(), size1 = value();
        if (event == 1)
            out.expected.push_back("alloc " + loc + " " + s(addr1) + " " + s(size1));
        else if (event == 2)
            out.expected.push_back("free " + loc + " " + s(addr1) + " " + s(size1));
        else {
            const std::uint64_t addr2 = value(), size2 = value();
            out.expected.push_back("realloc " + loc + " " + s(addr1) + " " + s(size1) + " " + s(addr2) + " " +
                                   s(size2));
        }
        out.itemEnds.push_back(dump.bytes().size());
    }
    out.epilogueAt = dump.bytes().size();
    dump.epilogue();
    out.bytes = dump.take();
    return out;
}

struct RecordedDecode {
    DecodeStatus status;
    std::vector<std::string> items; // after "symtab end"
};

RecordedDecode decodeRecorded(std::span<const std::uint8_t> bytes, std::size_t blockSize)
{
    SpanByteSource source(bytes);
    RecordingSink sink;
    RecordedDecode out;
    out.status = decode(source, sink, DecodeControl{{}, nullptr, blockSize});
    const auto end = std::find(sink.items.begin(), sink.items.end(), "symtab end");
    if (end != sink.items.end())
        out.items.assign(end + 1, sink.items.end());
    return out;
}

// The first `count` items must be the expected ones, and no more.
bool sameItems(const std::vector<std::string>& got, const std::vector<std::string>& expected, std::size_t count,
               std::string& why)
{
    if (got.size() != count) {
        why = "got " + std::to_string(got.size()) + " items, expected " + std::to_string(count);
        return false;
    }
    for (std::size_t i = 0; i < count; ++i)
        if (got[i] != expected[i]) {
            why = "item " + std::to_string(i) + ": got '" + got[i] + "', expected '" + expected[i] + "'";
            return false;
        }
    return true;
}
} // namespace

class TestDecoderErrors : public QObject {
    Q_OBJECT
private slots:
    void corruptFixtures_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<memprof::DecodeEnd>("end");
        QTest::addColumn<memprof::DecodeErrorKind>("kind");
        QTest::addColumn<quint64>("offset"); // error offset, or where the cut event starts
        QTest::addColumn<quint64>("allocCount");
        QTest::addColumn<quint64>("reallocCount");
        QTest::addColumn<quint64>("freeCount");
        // Expected values from fixtures/MANIFEST.md (an independent decoder).
        using E = DecodeEnd;
        using K = DecodeErrorKind;
        QTest::newRow("bad-magic-ljs") << dataPath("corrupt/bad-magic-ljs.bin") << E::Failed << K::BadMagic
                                       << quint64(0) << quint64(0) << quint64(0) << quint64(0);
        QTest::newRow("bad-version-ljm") << dataPath("corrupt/bad-version-ljm.bin") << E::Failed
                                         << K::UnsupportedVersion << quint64(123566) << quint64(0) << quint64(0)
                                         << quint64(0);
        QTest::newRow("empty") << dataPath("corrupt/empty.bin") << E::Failed << K::UnexpectedEnd << quint64(0)
                               << quint64(0) << quint64(0) << quint64(0);
        QTest::newRow("killed-early") << dataPath("corrupt/killed-early.bin") << E::Failed << K::UnexpectedEnd
                                      << quint64(0) << quint64(0) << quint64(0) << quint64(0);
        QTest::newRow("only-ljs-prologue") << dataPath("corrupt/only-ljs-prologue.bin") << E::Failed << K::UnexpectedEnd
                                           << quint64(7) << quint64(0) << quint64(0) << quint64(0);
        QTest::newRow("trunc-after-symtab")
            << dataPath("corrupt/trunc-after-symtab.bin") << E::Failed << K::UnexpectedEnd << quint64(123563)
            << quint64(0) << quint64(0) << quint64(0);
        QTest::newRow("trunc-in-symtab") << dataPath("corrupt/trunc-in-symtab.bin") << E::Failed << K::StringPastEnd
                                         << quint64(62376) << quint64(0) << quint64(0) << quint64(0);
        QTest::newRow("huge-string-len") << dataPath("corrupt/huge-string-len.bin") << E::Failed << K::StringPastEnd
                                         << quint64(19) << quint64(0) << quint64(0) << quint64(0);
        QTest::newRow("flipped-header-invalid")
            << dataPath("corrupt/flipped-header-invalid.bin") << E::Failed << K::BadHeaderByte << quint64(127737)
            << quint64(257) << quint64(16) << quint64(36);
        QTest::newRow("flipped-header-desync")
            << dataPath("corrupt/flipped-header-desync.bin") << E::Failed << K::BadHeaderByte << quint64(126364)
            << quint64(155) << quint64(14) << quint64(36);
        QTest::newRow("uleb-unterminated") << dataPath("corrupt/uleb-unterminated.bin") << E::Failed << K::UlebTooLong
                                           << quint64(129350) << quint64(359) << quint64(21) << quint64(45);
        QTest::newRow("trunc-mid-event") << dataPath("corrupt/trunc-mid-event.bin") << E::Truncated << K::None
                                         << quint64(128481) << quint64(308) << quint64(20) << quint64(36);
        QTest::newRow("trunc-mid-symtab-event")
            << dataPath("corrupt/trunc-mid-symtab-event.bin") << E::Truncated << K::None << quint64(123968)
            << quint64(12) << quint64(2) << quint64(24);
        QTest::newRow("trunc-before-epilogue")
            << dataPath("corrupt/trunc-before-epilogue.bin") << E::Truncated << K::None << quint64(133464)
            << quint64(514) << quint64(23) << quint64(226);
        QTest::newRow("v1-trunc-mid-event") << dataPath("corrupt/v1-trunc-mid-event.bin") << E::Truncated << K::None
                                            << quint64(5049) << quint64(308) << quint64(20) << quint64(36);
        // The manifest: "eof reading byte at 8388599"; the last byte, 8388598,
        // is the header 0x0c of a C-symbol event whose body is missing.
        QTest::newRow("killed") << QStringLiteral(MEMPROF_KILLED_DUMP) << E::Truncated << K::None << quint64(8388598)
                                << quint64(2681) << quint64(12) << quint64(555);
    }

    void corruptFixtures()
    {
        QFETCH(QString, file);
        QFETCH(memprof::DecodeEnd, end);
        QFETCH(memprof::DecodeErrorKind, kind);
        QFETCH(quint64, offset);
        QFETCH(quint64, allocCount);
        QFETCH(quint64, reallocCount);
        QFETCH(quint64, freeCount);

        const Profile profile = loadProfile(file.toStdString());
        QCOMPARE(profile.status.end, end);
        QCOMPARE(profile.status.error.kind, kind);
        if (end == DecodeEnd::Failed) {
            QCOMPARE(quint64(profile.status.error.offset), offset);
            QVERIFY(!profile.status.error.message.empty());
        } else {
            QCOMPARE(quint64(profile.status.truncatedAt), offset);
            QVERIFY(!profile.status.truncationReason.empty());
        }
        QCOMPARE(quint64(profile.totals.allocCount), allocCount);
        QCOMPARE(quint64(profile.totals.reallocCount), reallocCount);
        QCOMPARE(quint64(profile.totals.freeCount), freeCount);
        const std::string message = describeStatus(profile.status);
        QVERIFY2(message.find(std::to_string(offset)) != std::string::npos, message.c_str());
    }

    void killedDumpKeepsItsSymbols()
    {
        const Profile profile = loadProfile(MEMPROF_KILLED_DUMP);
        QCOMPARE(quint64(profile.totals.symbolEventCount), quint64(380846));
    }

    void truncatedBeforeEpilogueKeepsEverything()
    {
        // Every event is complete: the report equals the intact dump's.
        const Profile cut = loadProfile(dataPath("corrupt/trunc-before-epilogue.bin").toStdString());
        const Profile whole = loadProfile(dataPath("v3/loadstring.bin").toStdString());
        QCOMPARE(whole.status.end, DecodeEnd::Complete);
        QCOMPARE(reportOf(cut), reportOf(whole));
    }

    // The fast loop decodes runs of plain events while a whole event is
    // surely buffered and hands everything else to the careful path. With
    // every block size (64: the careful path only; 73 and up: hand-overs at
    // every position), every version, each item decodes the same.
    void fastAndCarefulPathsAgree()
    {
        for (std::uint8_t version : {std::uint8_t(1), std::uint8_t(2), std::uint8_t(3)}) {
            const EdgeDump dump = edgeDump(version, 3000);
            for (std::size_t blockSize : {64, 72, 73, 74, 75, 80, 96, 127, 128, 200, 1000, 4096, 1 << 20}) {
                const RecordedDecode got = decodeRecorded(dump.bytes, blockSize);
                QCOMPARE(got.status.end, DecodeEnd::Complete);
                QCOMPARE(quint64(got.status.bytesConsumed), quint64(dump.bytes.size()));
                std::string why;
                QVERIFY2(sameItems(got.items, dump.expected, dump.expected.size(), why),
                         (why + " (version " + std::to_string(version) + ", block " + std::to_string(blockSize) + ")")
                             .c_str());
            }
        }
    }

    // Cut anywhere in the event stream: every item before the cut is
    // delivered, and the truncation is at the start of the cut item.
    void fastLoopTruncatedAnywhere()
    {
        for (std::uint8_t version : {std::uint8_t(2), std::uint8_t(3)}) {
            const EdgeDump dump = edgeDump(version, 400);
            for (std::size_t length = dump.itemStarts.front(); length <= dump.epilogueAt; ++length) {
                const auto cut = std::span<const std::uint8_t>(dump.bytes).first(length);
                std::size_t complete = 0;
                while (complete < dump.itemEnds.size() && dump.itemEnds[complete] <= length)
                    ++complete;
                const std::size_t truncatedAt =
                    complete < dump.itemStarts.size() ? dump.itemStarts[complete] : dump.epilogueAt;
                for (std::size_t blockSize : {std::size_t(100), std::size_t(1) << 20}) {
                    const RecordedDecode got = decodeRecorded(cut, blockSize);
                    QCOMPARE(got.status.end, DecodeEnd::Truncated);
                    QCOMPARE(quint64(got.status.truncatedAt), quint64(truncatedAt));
                    std::string why;
                    QVERIFY2(sameItems(got.items, dump.expected, complete, why),
                             (why + " (cut at " + std::to_string(length) + ")").c_str());
                }
            }
        }
    }

    // An error right after a run of fast events is found where the careful
    // path alone finds it, with every event before it delivered.
    void errorsAfterAFastRun()
    {
        const EdgeDump dump = edgeDump(3, 400);
        for (std::size_t item = 0; item < dump.itemStarts.size(); item += 37) {
            const std::size_t at = dump.itemStarts[item];
            const auto prefix = std::span<const std::uint8_t>(dump.bytes).first(at);
            for (int bad = 0; bad < 3; ++bad) {
                std::vector<std::uint8_t> bytes(prefix.begin(), prefix.end());
                std::uint64_t offset = at;
                if (bad == 0) { // an invalid header
                    bytes.push_back(0x14);
                } else if (bad == 1) { // an eleven-byte ULEB128 as the size
                    bytes.insert(bytes.end(), {0x05, 0x01});
                    bytes.insert(bytes.end(), 10, 0x80);
                    bytes.push_back(0x00);
                    offset = at + 2;
                } else { // ten bytes, the tenth above bit 63
                    bytes.insert(bytes.end(), {0x0d, 0x07});
                    bytes.insert(bytes.end(), 9, 0xff);
                    bytes.push_back(0x02);
                    offset = at + 2;
                }
                bytes.insert(bytes.end(), 100, 0x05); // more events after it
                bytes.push_back(0x80);
                const RecordedDecode got = decodeRecorded(bytes, std::size_t(1) << 20);
                QCOMPARE(got.status.end, DecodeEnd::Failed);
                QCOMPARE(got.status.error.kind,
                         bad == 0 ? DecodeErrorKind::BadHeaderByte : DecodeErrorKind::UlebTooLong);
                QCOMPARE(quint64(got.status.error.offset), quint64(offset));
                std::string why;
                QVERIFY2(sameItems(got.items, dump.expected, item, why), why.c_str());
            }
        }
    }

    void handMadeBadMagic()
    {
        DumpWriter dump;
        dump.raw({'l', 'j', 'x', 3, 0, 0, 0});
        const Profile p = loadBytes(dump);
        QCOMPARE(p.status.error.kind, DecodeErrorKind::BadMagic);
        QCOMPARE(quint64(p.status.error.offset), quint64(0));
    }

    void handMadeVersions()
    {
        for (std::uint8_t version : {std::uint8_t(0), std::uint8_t(4), std::uint8_t(255)}) {
            DumpWriter dump;
            dump.symtabPrologue(version);
            const Profile p = loadBytes(dump);
            QCOMPARE(p.status.error.kind, DecodeErrorKind::UnsupportedVersion);
            QCOMPARE(quint64(p.status.error.offset), quint64(3));
            QVERIFY(p.status.error.message.find(std::to_string(version)) != std::string::npos);
            QVERIFY(p.status.error.message.find("1, 2, 3") != std::string::npos);
        }
    }

    void handMadeBadHeader()
    {
        DumpWriter dump = v3Start();
        const auto at = dump.bytes().size();
        dump.alloc(synth::luaAt(0x1000, 1), 0x50, 16).u8(0x14).epilogue();
        const Profile p = loadBytes(dump);
        QCOMPARE(p.status.error.kind, DecodeErrorKind::BadHeaderByte);
        QCOMPARE(quint64(p.status.error.offset), quint64(at + 6));
        QCOMPARE(quint64(p.totals.allocCount), quint64(1));
        // Version 1 has no trace source: 0x11 is invalid there.
        DumpWriter v1;
        v1.symtabPrologue(1).symtabEnd().eventsPrologue(1).u8(0x11).uleb(1).uleb(2).uleb(3).epilogue();
        QCOMPARE(loadBytes(v1).status.error.kind, DecodeErrorKind::BadHeaderByte);
    }

    void handMadeElevenByteUleb()
    {
        DumpWriter dump = v3Start();
        const auto at = dump.bytes().size();
        dump.u8(0x09);
        for (int i = 0; i < 10; ++i)
            dump.u8(0x80);
        dump.u8(0x00).uleb(1).uleb(2).uleb(3).epilogue();
        const Profile p = loadBytes(dump);
        QCOMPARE(p.status.error.kind, DecodeErrorKind::UlebTooLong);
        QCOMPARE(quint64(p.status.error.offset), quint64(at + 1));
    }

    void handMadeStringPastEnd()
    {
        DumpWriter dump;
        dump.symtabPrologue(3).u8(0x00).uleb(0x1000).uleb(1000).raw({'@', 'x'});
        const Profile p = loadBytes(dump);
        QCOMPARE(p.status.error.kind, DecodeErrorKind::StringPastEnd);
        QCOMPARE(quint64(p.status.error.offset), quint64(7 + 1 + 2 + 2));
    }

    void handMadeUnexpectedEndInSymtab()
    {
        DumpWriter dump;
        dump.symtabPrologue(3).lfunc(0x1000, "@a.lua", 1);
        const Profile p = loadBytes(dump);
        QCOMPARE(p.status.error.kind, DecodeErrorKind::UnexpectedEnd);
        QCOMPARE(quint64(p.status.error.offset), quint64(dump.bytes().size()));
    }

    void handMadeTruncatedEventStream()
    {
        DumpWriter dump = v3Start();
        dump.alloc(synth::luaAt(0x1000, 1), 0x50, 16);
        const auto cut = dump.bytes().size();
        dump.alloc(synth::luaAt(0x1000, 2), 0x60, 32);
        std::vector<std::uint8_t> bytes = dump.take();
        // pop_back, not resize(size - 1): GCC 12 with the sanitizers warns
        // (stringop-overflow, an error with -Werror) about the resize's
        // never-taken growth path.
        bytes.pop_back();
        const Profile p = loadBytes(bytes);
        QCOMPARE(p.status.end, DecodeEnd::Truncated);
        QCOMPARE(quint64(p.status.truncatedAt), quint64(cut));
        QCOMPARE(quint64(p.totals.allocCount), quint64(1));
    }

    // A string length of 2^62+5 after 1,000 allocations, with 81,008 bytes
    // of events after it: damage, located, not a process that died.
    void damagedLengthMidStreamIsABrokenDump()
    {
        const Profile p = loadProfile(dataPath("hostile/huge-string-midstream.bin").toStdString());
        QCOMPARE(p.status.end, DecodeEnd::Failed);
        QCOMPARE(p.status.error.kind, DecodeErrorKind::StringPastEnd);
        QCOMPARE(quint64(p.status.error.offset), quint64(7038)); // where the string's bytes start
        const std::string& message = p.status.error.message;
        QVERIFY2(message.find("damaged") != std::string::npos, message.c_str());
        QVERIFY2(message.find("string of 4611686018427387909 bytes at byte 7038") != std::string::npos,
                 message.c_str());
        QVERIFY2(message.find("Lua symtab (0x08) event at byte 7026") != std::string::npos, message.c_str());
        QVERIFY2(message.find("81008 bytes later") != std::string::npos, message.c_str());
    }

    // A real cut inside a long chunk name (100 KB into a 200 KB string)
    // stays a dump cut short: the file ends within its last event.
    void cutInsideALongStringIsATruncation()
    {
        DumpWriter dump = v3Start();
        dump.alloc(synth::luaAt(0x1000, 1), 0x50, 16);
        const auto symbolAt = dump.bytes().size();
        dump.lfuncEvent(0x2000, "@" + std::string(200000, 'x'), 1);
        std::vector<std::uint8_t> bytes = dump.take();
        bytes.erase(bytes.end() - 100000, bytes.end());
        const Profile p = loadBytes(bytes);
        QCOMPARE(p.status.end, DecodeEnd::Truncated);
        QCOMPARE(quint64(p.status.truncatedAt), quint64(symbolAt));
        QCOMPARE(p.status.truncatedEvent, std::string("Lua symtab (0x08)"));
        QCOMPARE(quint64(p.totals.allocCount), quint64(1));
    }

    void trailingBytesAreIgnoredWithAWarning()
    {
        DumpWriter dump = v3Start();
        dump.alloc(synth::luaAt(0x1000, 1), 0x50, 16).epilogue().raw({1, 2, 3});
        const Profile p = loadBytes(dump);
        QCOMPARE(p.status.end, DecodeEnd::Complete);
        QCOMPARE(quint64(p.status.trailingBytes), quint64(3));
        QVERIFY(describeStatus(p.status).find("3 bytes after the epilogue") != std::string::npos);
    }

    void everyPrefixDecodesWithoutCrashing()
    {
        // Cut a real dump at every length in its event stream: always a
        // truncated profile or a located error, never a crash or hang.
        QFile file(dataPath("v3/loadstring.bin"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray all = file.readAll();
        const auto* data = reinterpret_cast<const std::uint8_t*>(all.constData());
        for (qsizetype length = 123560; length < all.size(); length += 7) {
            const Profile p =
                loadProfile(std::span<const std::uint8_t>(data, std::size_t(length)), DecodeControl{{}, nullptr, 256});
            QVERIFY(p.status.end == DecodeEnd::Truncated || p.status.end == DecodeEnd::Failed);
        }
    }

    void cancellationStops()
    {
        std::atomic<bool> stop{true};
        const Profile p = loadProfile(dataPath("v3/medium.bin").toStdString(), DecodeControl{{}, &stop, 4096});
        QCOMPARE(p.status.end, DecodeEnd::Cancelled);
    }

    void progressIsReported()
    {
        std::uint64_t last = 0, total = 0;
        int calls = 0;
        DecodeControl control;
        control.blockSize = 64 * 1024;
        control.progress = [&](std::uint64_t done, std::uint64_t of) {
            QVERIFY(done >= last);
            last = done;
            total = of;
            ++calls;
        };
        const Profile p = loadProfile(dataPath("v3/medium.bin").toStdString(), control);
        QCOMPARE(p.status.end, DecodeEnd::Complete);
        QVERIFY(calls >= 10);
        QCOMPARE(quint64(total), quint64(1258129));
    }

    void missingFileAndDirectory()
    {
        const Profile missing = loadProfile(std::string(MEMPROF_TEST_DATA "/no-such-file.bin"));
        QCOMPARE(missing.status.error.kind, DecodeErrorKind::IoError);
        const Profile directory = loadProfile(std::string(MEMPROF_TEST_DATA));
        QCOMPARE(directory.status.error.kind, DecodeErrorKind::IoError);
        QVERIFY(directory.status.error.message.find("directory") != std::string::npos);
    }

    // A FIFO is read as a stream until its writer closes it; one without a
    // writer ends at once (opening it for reading used to wait for a writer
    // forever); a character device is read as a stream too.
    void fifoAndDeviceAreReadAsStreams()
    {
        QTemporaryDir dir;
        const std::string fifo = dir.filePath(QStringLiteral("dump.bin")).toStdString();
        QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
        auto load = std::async(std::launch::async, [&] { return loadProfile(fifo); });
        if (load.wait_for(std::chrono::seconds(20)) != std::future_status::ready) {
            ::close(::open(fifo.c_str(), O_WRONLY | O_NONBLOCK));
            load.wait();
            QFAIL("opening a FIFO without a writer blocked");
        }
        const Profile unfed = load.get();
        QCOMPARE(unfed.status.error.kind, DecodeErrorKind::UnexpectedEnd);
        QCOMPARE(quint64(unfed.status.bytesConsumed), quint64(0));

        // A writer feeds the FIFO in pieces, with pauses: every byte is read.
        QFile whole(dataPath("v3/medium.bin"));
        QVERIFY(whole.open(QIODevice::ReadOnly));
        const QByteArray bytes = whole.readAll();
        // The writer is there before the reader opens (as a profiler blocked
        // on its output is); O_RDWR opens a FIFO without waiting.
        const int fd = ::open(fifo.c_str(), O_RDWR);
        QVERIFY(fd >= 0);
        auto feed = std::async(std::launch::async, [&] {
            for (qsizetype at = 0; at < bytes.size(); at += 100000) {
                const qsizetype piece = std::min<qsizetype>(100000, bytes.size() - at);
                if (::write(fd, bytes.constData() + at, static_cast<std::size_t>(piece)) != piece)
                    break;
                std::this_thread::sleep_for(std::chrono::milliseconds(5));
            }
            ::close(fd);
        });
        const Profile fed = loadProfile(fifo);
        feed.wait();
        const Profile fromFile = loadProfile(dataPath("v3/medium.bin").toStdString());
        QCOMPARE(fed.status.end, DecodeEnd::Complete);
        QCOMPARE(quint64(fed.totals.eventCount), quint64(fromFile.totals.eventCount));
        QCOMPARE(quint64(fed.status.bytesConsumed), quint64(bytes.size()));

        const Profile device = loadProfile(std::string("/dev/null"));
        QCOMPARE(device.status.error.kind, DecodeErrorKind::UnexpectedEnd);
        const Profile zeros = loadProfile(std::string("/dev/zero"));
        QCOMPARE(zeros.status.error.kind, DecodeErrorKind::BadMagic);
    }

    // A stream with no data yet (a FIFO whose writer waits) is left when the
    // stop flag is raised, so Cancel works on it.
    void waitingStreamHonoursStop()
    {
        QTemporaryDir dir;
        const std::string fifo = dir.filePath(QStringLiteral("dump.bin")).toStdString();
        QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
        std::atomic<bool> stop{false};
        DecodeControl control;
        control.stop = &stop;
        // A writer that holds the FIFO open and writes nothing.
        const int writer = ::open(fifo.c_str(), O_RDWR);
        QVERIFY(writer >= 0);
        auto load = std::async(std::launch::async, [&] { return loadProfile(fifo, control); });
        QVERIFY(load.wait_for(std::chrono::milliseconds(300)) == std::future_status::timeout);
        stop = true;
        const bool ended = load.wait_for(std::chrono::seconds(10)) == std::future_status::ready;
        ::close(writer);
        QVERIFY(ended);
        QCOMPARE(load.get().status.end, DecodeEnd::Cancelled);
    }
};

MEMPROF_TEST_APPLESS_MAIN(TestDecoderErrors)
#include "test_decoder_errors.moc"
