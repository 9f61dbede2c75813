// SPDX-License-Identifier: GPL-3.0-or-later
// The ULEB128 reader at its edges.
#include "model/dump/ByteCursor.h"
#include "model/synth/DumpWriter.h"
#include "tests/support/TestSuite.h"

#include <QTest>

using memprof::ByteCursor;

class TestUleb : public QObject {
    Q_OBJECT
private slots:
    void roundTrip_data()
    {
        QTest::addColumn<quint64>("value");
        QTest::addColumn<int>("encodedSize");
        QTest::newRow("0") << quint64(0) << 1;
        QTest::newRow("127") << quint64(127) << 1;
        QTest::newRow("128") << quint64(128) << 2;
        QTest::newRow("16383") << quint64(16383) << 2;
        QTest::newRow("2^32") << (quint64(1) << 32) << 5;
        QTest::newRow("2^63") << (quint64(1) << 63) << 10;
        QTest::newRow("2^64-1") << ~quint64(0) << 10;
    }
    void roundTrip()
    {
        QFETCH(quint64, value);
        QFETCH(int, encodedSize);
        memprof::synth::DumpWriter dump;
        dump.uleb(value);
        QCOMPARE(int(dump.bytes().size()), encodedSize);
        ByteCursor cursor(dump.bytes().data(), dump.bytes().size());
        QCOMPARE(quint64(cursor.uleb()), value);
        QVERIFY(cursor.ok());
        QCOMPARE(int(cursor.consumed()), encodedSize);
    }

    void knownEncodings()
    {
        const std::uint8_t bytes128[] = {0x80, 0x01};
        ByteCursor c128(bytes128, sizeof bytes128);
        QCOMPARE(quint64(c128.uleb()), quint64(128));
        // A redundant zero continuation is still a valid encoding of 0.
        const std::uint8_t paddedZero[] = {0x80, 0x00};
        ByteCursor cZero(paddedZero, sizeof paddedZero);
        QCOMPARE(quint64(cZero.uleb()), quint64(0));
        QVERIFY(cZero.ok());
    }

    void elevenBytesIsTooLong()
    {
        std::vector<std::uint8_t> bytes(10, 0x80);
        bytes.push_back(0x00);
        ByteCursor cursor(bytes.data(), bytes.size());
        cursor.uleb();
        QCOMPARE(cursor.state, ByteCursor::State::UlebTooLong);
        QCOMPARE(quint64(cursor.problemAt), quint64(0));
    }

    void tenthByteAboveBit63IsTooLong()
    {
        std::vector<std::uint8_t> bytes(9, 0xff);
        bytes.push_back(0x02); // would be bit 64
        ByteCursor cursor(bytes.data(), bytes.size());
        cursor.uleb();
        QCOMPARE(cursor.state, ByteCursor::State::UlebTooLong);
    }

    void endsInsideIsShort()
    {
        const std::uint8_t bytes[] = {0x01, 0xff, 0xff};
        ByteCursor cursor(bytes, sizeof bytes);
        QCOMPARE(quint64(cursor.uleb()), quint64(1));
        cursor.uleb();
        QCOMPARE(cursor.state, ByteCursor::State::Short);
        QCOMPARE(quint64(cursor.problemAt), quint64(1));
        QVERIFY(cursor.needed > 3);
    }

    void stringLengthBeyondEndIsShortWithoutReading()
    {
        memprof::synth::DumpWriter dump;
        dump.uleb(std::uint64_t(1) << 40).raw({'a', 'b'});
        ByteCursor cursor(dump.bytes().data(), dump.bytes().size());
        cursor.string();
        QCOMPARE(cursor.state, ByteCursor::State::Short);
        QVERIFY(cursor.shortInString);
        QCOMPARE(quint64(cursor.stringLength), quint64(1) << 40);
        QCOMPARE(quint64(cursor.problemAt), quint64(6));
    }
};

MEMPROF_TEST_APPLESS_MAIN(TestUleb)
#include "test_uleb.moc"
