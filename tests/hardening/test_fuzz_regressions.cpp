// SPDX-License-Identifier: GPL-3.0-or-later
// Every input that once crashed or hung the fuzz target (tests/fuzz), or
// broke a sanitizer, is kept in regressions/ and decoded here: it must end with the outcome written
// below, keep the invariants, and decode the same through a tiny window.
#include "model/memdecoder/MemprofDecoder.h"
#include "model/memprofile/ProfileBuilder.h"
#include "model/memprofile/ProfileLoader.h"
#include "model/report/TextReport.h"
#include "tests/support/ProfileInvariants.h"
#include "tests/support/SysprofInvariants.h"
#include "tests/support/TestSources.h"
#include "tests/support/TestSuite.h"

#include <QDir>
#include <QFile>
#include <QTest>

#include <map>
#include <sstream>

using namespace memprof;

namespace {

struct Expected {
    DecodeEnd end;
    DecodeErrorKind kind;
    std::uint64_t offset; // error offset (Failed) or truncatedAt (Truncated)
};

// What each regression input must decode to (found by reading its bytes).
const std::map<QString, Expected>& expectations()
{
    static const std::map<QString, Expected> table = {
        // A symbol-table string whose ULEB128 length is 2^64-1: the length
        // plus the offset wrapped to a small number, which looked available,
        // and the decoder retried forever.
        {"hang-string-length-wraps.bin", {DecodeEnd::Failed, DecodeErrorKind::StringPastEnd, 3489}},
        // Three blocks of 2^63-1 bytes at one location: the signed per-location
        // live sums overflowed (UB). Found by review, not by the fuzzer.
        {"ubsan-signed-byte-sums-overflow.bin", {DecodeEnd::Complete, DecodeErrorKind::None, 0}},
    };
    return table;
}

} // namespace

class FuzzRegressions : public QObject {
    Q_OBJECT
private slots:
    void decodes_data()
    {
        QTest::addColumn<QString>("path");
        const QDir dir(QStringLiteral(MEMPROF_REGRESSIONS));
        const QStringList files = dir.entryList({"*.bin"}, QDir::Files, QDir::Name);
        QVERIFY(!files.isEmpty());
        for (const QString& file : files)
            QTest::newRow(qPrintable(file)) << dir.filePath(file);
    }

    void decodes()
    {
        QFETCH(QString, path);
        const QString file = QFileInfo(path).fileName();
        const auto expected = expectations().find(file);
        QVERIFY2(expected != expectations().end(), "every regression input needs its expected outcome");

        QFile in(path);
        QVERIFY(in.open(QIODevice::ReadOnly));
        const QByteArray data = in.readAll();
        const std::span<const std::uint8_t> bytes(reinterpret_cast<const std::uint8_t*>(data.constData()),
                                                  static_cast<std::size_t>(data.size()));

        const Profile fromFile = loadProfile(path.toStdString());
        QCOMPARE(QString::fromStdString(test::checkProfile(fromFile, bytes.size())), QString());
        QCOMPARE(static_cast<int>(fromFile.status.end), static_cast<int>(expected->second.end));
        QCOMPARE(static_cast<int>(fromFile.status.error.kind), static_cast<int>(expected->second.kind));
        if (fromFile.status.end == DecodeEnd::Failed)
            QCOMPARE(fromFile.status.error.offset, expected->second.offset);
        else if (fromFile.status.end == DecodeEnd::Truncated)
            QCOMPARE(fromFile.status.truncatedAt, expected->second.offset);
        QVERIFY(!describeStatus(fromFile.status).empty());

        // The same bytes through a 64-byte window and short reads.
        test::ChoppyByteSource choppy(bytes);
        ProfileBuilder builder;
        DecodeControl small;
        small.blockSize = 64;
        const Profile pieces = builder.finish(decode(choppy, builder, small));
        QCOMPARE(QString::fromStdString(test::compareDecodes(fromFile.status, pieces.status)), QString());

        std::ostringstream a, b;
        writeTextReport(a, fromFile, {});
        writeTextReport(b, pieces, {});
        QCOMPARE(QString::fromStdString(a.str()), QString::fromStdString(b.str()));
    }

    // The fuzz target reads every input as a sysprof dump too: so do its
    // regressions and seeds, and the real sysprof dumps.
    void decodesAsSysprof_data()
    {
        QTest::addColumn<QString>("path");
        QStringList dirs{QStringLiteral(MEMPROF_REGRESSIONS), QStringLiteral(MEMPROF_FUZZ_SEEDS),
                         QStringLiteral(MEMPROF_TEST_DATA "/sysprof")};
        int rows = 0;
        for (const QString& path : dirs) {
            const QDir dir(path);
            for (const QString& file : dir.entryList({"*.bin"}, QDir::Files, QDir::Name)) {
                QTest::newRow(qPrintable(dir.dirName() + '/' + file)) << dir.filePath(file);
                ++rows;
            }
        }
        QVERIFY(rows > 0);
    }

    void decodesAsSysprof()
    {
        QFETCH(QString, path);
        QFile in(path);
        QVERIFY(in.open(QIODevice::ReadOnly));
        const QByteArray data = in.readAll();
        const std::span<const std::uint8_t> bytes(reinterpret_cast<const std::uint8_t*>(data.constData()),
                                                  static_cast<std::size_t>(data.size()));
        QCOMPARE(QString::fromStdString(test::checkSysprofDecodes(bytes)), QString());
    }
};

MEMPROF_TEST_GUILESS_MAIN(FuzzRegressions)
#include "test_fuzz_regressions.moc"
