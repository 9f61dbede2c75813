// SPDX-License-Identifier: GPL-3.0-or-later
// Offsets past 4 GiB: a synthetic source generates a dump of 4.5 GiB on the
// fly (nothing is written to disk) and the decoder must place an error, a
// truncation and its progress at the right 64-bit byte offsets.
//
// To run in seconds, the bulk is 72 C-symbol events re-sending the same
// 64 MiB name: the decoder really reads and checks every byte (through the
// same window, offset and refill code as any dump), but per byte it only
// copies and compares, where a run of tiny events would cost a loop per byte.
#include "model/memdecoder/MemprofDecoder.h"
#include "model/memprofile/ProfileBuilder.h"
#include "model/synth/DumpWriter.h"
#include "tests/support/ProfileInvariants.h"
#include "tests/support/TestSuite.h"

#include <QElapsedTimer>
#include <QTest>

#include <cstring>

using namespace memprof;
using memprof::synth::DumpWriter;

namespace {

// A dump made of pieces: literal bytes, or a run of one byte value.
class SyntheticDumpSource final : public ByteSource {
public:
    void literal(std::vector<std::uint8_t> bytes) { pieces_.push_back({std::move(bytes), 0, 0}); }
    void run(std::uint8_t value, std::uint64_t length) { pieces_.push_back({{}, value, length}); }
    std::uint64_t size() const
    {
        std::uint64_t total = 0;
        for (const Piece& piece : pieces_)
            total += piece.length();
        return total;
    }

    std::size_t read(std::span<std::uint8_t> out) override
    {
        std::size_t done = 0;
        while (done < out.size() && current_ < pieces_.size()) {
            const Piece& piece = pieces_[current_];
            const std::uint64_t left = piece.length() - offsetInPiece_;
            const auto count = static_cast<std::size_t>(std::min<std::uint64_t>(left, out.size() - done));
            if (piece.bytes.empty())
                std::memset(out.data() + done, piece.value, count);
            else
                std::memcpy(out.data() + done, piece.bytes.data() + offsetInPiece_, count);
            done += count;
            offsetInPiece_ += count;
            if (offsetInPiece_ == piece.length()) {
                ++current_;
                offsetInPiece_ = 0;
            }
        }
        return done;
    }
    std::uint64_t totalSize() const override { return size(); }

private:
    struct Piece {
        std::vector<std::uint8_t> bytes;
        std::uint8_t value;
        std::uint64_t runLength;
        std::uint64_t length() const { return bytes.empty() ? runLength : bytes.size(); }
    };
    std::vector<Piece> pieces_;
    std::size_t current_ = 0;
    std::uint64_t offsetInPiece_ = 0;
};

constexpr std::uint64_t kNameBytes = (64u << 20) - 64; // fits the window once it grew to 64 MiB
constexpr int kSymbolEvents = 72; // 72 x 64 MiB = 4.5 GiB

// Prologues, one alloc, then the 4.5 GiB of C-symbol events; returns the
// offset where the bulk ends.
std::uint64_t buildBulk(SyntheticDumpSource& source)
{
    DumpWriter head;
    head.symtabPrologue(3).symtabEnd().eventsPrologue(3).alloc(synth::luaAt(0x10, 3), 0x1000, 100);
    source.literal(head.bytes());
    for (int i = 0; i < kSymbolEvents; ++i) {
        DumpWriter event;
        event.u8(0x0c).uleb(0x7000).uleb(kNameBytes); // C symbol event, name follows
        source.literal(event.bytes());
        source.run('n', kNameBytes);
    }
    return source.size();
}

struct Decoded {
    Profile profile;
    std::uint64_t lastProgress = 0;
    qint64 milliseconds = 0;
};

Decoded decodeSynthetic(SyntheticDumpSource& source)
{
    Decoded result;
    DecodeControl control;
    control.progress = [&](std::uint64_t done, std::uint64_t) { result.lastProgress = done; };
    QElapsedTimer timer;
    timer.start();
    ProfileBuilder builder;
    result.profile = builder.finish(decode(source, builder, control));
    result.milliseconds = timer.elapsed();
    return result;
}

} // namespace

class LargeOffsets : public QObject {
    Q_OBJECT
private slots:
    void errorPastFourGigabytes()
    {
        SyntheticDumpSource source;
        const std::uint64_t bulkEnd = buildBulk(source);
        QVERIFY(bulkEnd > (std::uint64_t(17) << 28)); // past 4.25 GiB
        DumpWriter tail;
        tail.free(synth::luaAt(0x10, 3), 0x1000, 100).u8(0x7f); // a free, then no valid header
        source.literal(tail.bytes());
        const std::uint64_t badAt = bulkEnd + tail.bytes().size() - 1;

        const Decoded d = decodeSynthetic(source);
        qInfo("decoded %llu bytes in %lld ms", static_cast<unsigned long long>(source.size()),
              static_cast<long long>(d.milliseconds));
        const DecodeStatus& status = d.profile.status;
        QCOMPARE(static_cast<int>(status.end), static_cast<int>(DecodeEnd::Failed));
        QCOMPARE(static_cast<int>(status.error.kind), static_cast<int>(DecodeErrorKind::BadHeaderByte));
        QCOMPARE(status.error.offset, badAt);
        QVERIFY2(status.error.message.find("at byte " + std::to_string(badAt)) != std::string::npos,
                 status.error.message.c_str());
        QCOMPARE(status.bytesConsumed, badAt);
        QCOMPARE(status.totalBytes, source.size());
        QVERIFY(d.lastProgress > (std::uint64_t(1) << 32));
        QCOMPARE(d.profile.totals.symbolEventCount, std::uint64_t(kSymbolEvents));
        QCOMPARE(d.profile.totals.allocCount, std::uint64_t(1));
        QCOMPARE(d.profile.totals.freeCount, std::uint64_t(1)); // the event right before the error
        QCOMPARE(d.profile.totals.liveBlockCount, std::uint64_t(0));
        QCOMPARE(QString::fromStdString(test::checkProfile(d.profile, source.size())), QString());
    }

    void truncationPastFourGigabytes()
    {
        SyntheticDumpSource source;
        const std::uint64_t bulkEnd = buildBulk(source);
        DumpWriter tail;
        tail.u8(0x09).uleb(0x10); // a Lua alloc cut short after its address
        source.literal(tail.bytes());

        const Decoded d = decodeSynthetic(source);
        const DecodeStatus& status = d.profile.status;
        QCOMPARE(static_cast<int>(status.end), static_cast<int>(DecodeEnd::Truncated));
        QCOMPARE(status.truncatedAt, bulkEnd);
        QVERIFY2(status.truncationReason.find("event at byte " + std::to_string(bulkEnd)) != std::string::npos,
                 status.truncationReason.c_str());
        QCOMPARE(status.bytesConsumed, bulkEnd);
        QCOMPARE(d.profile.totals.liveBlockCount, std::uint64_t(1)); // the alloc before the bulk
    }
};

MEMPROF_TEST_GUILESS_MAIN(LargeOffsets)
#include "test_large_offsets.moc"
