// SPDX-License-Identifier: GPL-3.0-or-later
// Damaged dumps: every file in fixtures/corrupt and hand-made byte sequences
// for each error kind give the expected outcome, never a crash.
#include "DumpWriter.h"
#include "ProfileLoader.h"
#include "TextReport.h"

#include <QTemporaryDir>
#include <QTest>

#include <chrono>
#include <future>

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
        QTest::newRow("only-ljs-prologue") << dataPath("corrupt/only-ljs-prologue.bin") << E::Failed
                                           << K::UnexpectedEnd << quint64(7) << quint64(0) << quint64(0)
                                           << quint64(0);
        QTest::newRow("trunc-after-symtab") << dataPath("corrupt/trunc-after-symtab.bin") << E::Failed
                                            << K::UnexpectedEnd << quint64(123563) << quint64(0) << quint64(0)
                                            << quint64(0);
        QTest::newRow("trunc-in-symtab") << dataPath("corrupt/trunc-in-symtab.bin") << E::Failed
                                         << K::StringPastEnd << quint64(62376) << quint64(0) << quint64(0)
                                         << quint64(0);
        QTest::newRow("huge-string-len") << dataPath("corrupt/huge-string-len.bin") << E::Failed
                                         << K::StringPastEnd << quint64(19) << quint64(0) << quint64(0)
                                         << quint64(0);
        QTest::newRow("flipped-header-invalid")
            << dataPath("corrupt/flipped-header-invalid.bin") << E::Failed << K::BadHeaderByte << quint64(127737)
            << quint64(257) << quint64(16) << quint64(36);
        QTest::newRow("flipped-header-desync")
            << dataPath("corrupt/flipped-header-desync.bin") << E::Failed << K::BadHeaderByte << quint64(126364)
            << quint64(155) << quint64(14) << quint64(36);
        QTest::newRow("uleb-unterminated") << dataPath("corrupt/uleb-unterminated.bin") << E::Failed
                                           << K::UlebTooLong << quint64(129350) << quint64(359) << quint64(21)
                                           << quint64(45);
        QTest::newRow("trunc-mid-event") << dataPath("corrupt/trunc-mid-event.bin") << E::Truncated << K::None
                                         << quint64(128481) << quint64(308) << quint64(20) << quint64(36);
        QTest::newRow("trunc-mid-symtab-event") << dataPath("corrupt/trunc-mid-symtab-event.bin") << E::Truncated
                                                << K::None << quint64(123968) << quint64(12) << quint64(2)
                                                << quint64(24);
        QTest::newRow("trunc-before-epilogue") << dataPath("corrupt/trunc-before-epilogue.bin") << E::Truncated
                                               << K::None << quint64(133464) << quint64(514) << quint64(23)
                                               << quint64(226);
        QTest::newRow("v1-trunc-mid-event") << dataPath("corrupt/v1-trunc-mid-event.bin") << E::Truncated
                                            << K::None << quint64(5049) << quint64(308) << quint64(20)
                                            << quint64(36);
        // The manifest: "eof reading byte at 8388599"; the last byte, 8388598,
        // is the header 0x0c of a C-symbol event whose body is missing.
        QTest::newRow("killed") << QStringLiteral(MEMPROF_KILLED_DUMP) << E::Truncated << K::None
                                << quint64(8388598) << quint64(2681) << quint64(12) << quint64(555);
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
        bytes.resize(bytes.size() - 1);
        const Profile p = loadBytes(bytes);
        QCOMPARE(p.status.end, DecodeEnd::Truncated);
        QCOMPARE(quint64(p.status.truncatedAt), quint64(cut));
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
            const Profile p = loadProfile(std::span<const std::uint8_t>(data, std::size_t(length)),
                                          DecodeControl{{}, nullptr, 256});
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

    // A FIFO without a writer is refused at once (opening it for reading
    // used to wait for a writer forever), and so is a device.
    void fifoAndDeviceAreRefused()
    {
        QTemporaryDir dir;
        const std::string fifo = dir.filePath(QStringLiteral("dump.bin")).toStdString();
        QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
        auto load = std::async(std::launch::async, [&] { return loadProfile(fifo); });
        if (load.wait_for(std::chrono::seconds(20)) != std::future_status::ready) {
            // Let the blocked open return before failing.
            ::close(::open(fifo.c_str(), O_WRONLY | O_NONBLOCK));
            load.wait();
            QFAIL("opening a FIFO without a writer blocked");
        }
        const Profile fromFifo = load.get();
        QCOMPARE(fromFifo.status.error.kind, DecodeErrorKind::IoError);
        QVERIFY2(fromFifo.status.error.message.find("FIFO") != std::string::npos,
                 fromFifo.status.error.message.c_str());
        const Profile device = loadProfile(std::string("/dev/null"));
        QCOMPARE(device.status.error.kind, DecodeErrorKind::IoError);
        QVERIFY2(device.status.error.message.find("character device") != std::string::npos,
                 device.status.error.message.c_str());
    }
};

QTEST_APPLESS_MAIN(TestDecoderErrors)
#include "test_decoder_errors.moc"
