// SPDX-License-Identifier: GPL-3.0-or-later
// Files that change while they are read (we read with read(2), never mmap):
// a dump the profiler is still writing opens up to what was there, marked
// truncated; a dump cut shorter while it is read ends with a message, not a
// crash, and keeps the events before the cut.
#include "model/memprofile/ProfileLoader.h"
#include "tests/support/ProfileInvariants.h"
#include "tests/support/TestSuite.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace memprof;

namespace {

QByteArray fixture(const char* name)
{
    QFile in(QStringLiteral(MEMPROF_TEST_DATA "/") + QLatin1String(name));
    if (!in.open(QIODevice::ReadOnly))
        return {};
    return in.readAll();
}

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile out(path);
    return out.open(QIODevice::WriteOnly | QIODevice::Truncate) && out.write(bytes) == bytes.size();
}

std::span<const std::uint8_t> asSpan(const QByteArray& bytes)
{
    return {reinterpret_cast<const std::uint8_t*>(bytes.constData()), static_cast<std::size_t>(bytes.size())};
}

} // namespace

class ChangingFiles : public QObject {
    Q_OBJECT
private slots:
    void dumpStillBeingWrittenOpensUpToWhatIsThere()
    {
        const QByteArray whole = fixture("v3/medium.bin");
        QVERIFY(whole.size() > 1000000);
        const QByteArray prefix = whole.left(whole.size() * 6 / 10);
        QTemporaryDir dir;
        const QString path = dir.filePath("growing.bin");
        QVERIFY(writeFile(path, prefix));

        // The profiler appends the rest while we read.
        DecodeControl control;
        control.blockSize = 4096;
        bool appended = false;
        control.progress = [&](std::uint64_t, std::uint64_t) {
            if (appended)
                return;
            QFile out(path);
            appended = out.open(QIODevice::Append) && out.write(whole.mid(prefix.size())) > 0;
        };
        const Profile growing = loadProfile(path.toStdString(), control);
        QVERIFY(appended);
        QCOMPARE(static_cast<int>(growing.status.end), static_cast<int>(DecodeEnd::Truncated));
        QCOMPARE(growing.status.totalBytes, std::uint64_t(prefix.size()));
        QVERIFY(growing.status.truncatedAt <= std::uint64_t(prefix.size()));
        QVERIFY(growing.totals.eventCount > 0);
        QCOMPARE(QString::fromStdString(test::checkProfile(growing, prefix.size())), QString());

        // Exactly what the prefix alone gives.
        const Profile fromPrefix = loadProfile(asSpan(prefix));
        QCOMPARE(growing.status.truncatedAt, fromPrefix.status.truncatedAt);
        QCOMPARE(growing.totals.eventCount, fromPrefix.totals.eventCount);
        QCOMPARE(growing.totals.allocatedBytes, fromPrefix.totals.allocatedBytes);
        QCOMPARE(growing.locations.size(), fromPrefix.locations.size());

        // Opened again once written, it is complete.
        const Profile later = loadProfile(path.toStdString());
        QCOMPARE(static_cast<int>(later.status.end), static_cast<int>(DecodeEnd::Complete));
        QVERIFY(later.totals.eventCount > growing.totals.eventCount);
    }

    void dumpCutWhileBeingRead_data()
    {
        QTest::addColumn<bool>("cutBehindTheReader");
        QTest::newRow("cut ahead of the reader") << false;
        QTest::newRow("cut behind the reader") << true;
    }

    void dumpCutWhileBeingRead()
    {
        QFETCH(bool, cutBehindTheReader);
        const QByteArray whole = fixture("v3/medium.bin");
        QTemporaryDir dir;
        const QString path = dir.filePath("cut.bin");
        QVERIFY(writeFile(path, whole));

        DecodeControl control;
        control.blockSize = 4096;
        std::uint64_t cutTo = 0;
        std::uint64_t readWhenCut = 0;
        control.progress = [&](std::uint64_t done, std::uint64_t) {
            if (cutTo != 0 || done < 200000)
                return;
            // Another process truncates the file between two of our reads.
            readWhenCut = done;
            cutTo = cutBehindTheReader ? done / 2 : done + 50000;
            QFile::resize(path, static_cast<qint64>(cutTo));
        };
        const Profile cut = loadProfile(path.toStdString(), control);
        QVERIFY(cutTo != 0);
        const DecodeStatus& status = cut.status;
        QCOMPARE(static_cast<int>(status.end), static_cast<int>(DecodeEnd::Failed));
        QCOMPARE(static_cast<int>(status.error.kind), static_cast<int>(DecodeErrorKind::IoError));
        QVERIFY2(status.error.message.find("shrank while it was read") != std::string::npos,
                 status.error.message.c_str());
        // Reading stops where the file now ends, or where we were if the cut
        // is behind us; the events decoded before are kept.
        if (cutBehindTheReader) {
            // Everything read before the cut (at most a window past `done`).
            QVERIFY(status.error.offset >= readWhenCut);
            QVERIFY(status.error.offset <= readWhenCut + 2 * control.blockSize);
        } else {
            QCOMPARE(status.error.offset, cutTo);
        }
        QVERIFY(cut.totals.eventCount > 0);
        QCOMPARE(QString::fromStdString(test::checkProfile(cut, whole.size())), QString());
        // The kind is named once: "byte N: read error: the file shrank ...".
        const std::string described = describeStatus(status);
        QVERIFY2(described.find("read error: the file shrank") != std::string::npos, described.c_str());
        QCOMPARE(described.find("read error"), described.rfind("read error"));
    }
};

MEMPROF_TEST_GUILESS_MAIN(ChangingFiles)
#include "test_changing_files.moc"
