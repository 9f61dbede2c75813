// SPDX-License-Identifier: GPL-3.0-or-later
// The snapshots a load takes while it reads (ProfileSnapshots): each equals
// the load of the dump cut at the event boundary it was taken at, field by
// field, and taking them changes nothing of the final profile.
#include "model/memprofile/ProfileLoader.h"
#include "model/synth/SyntheticDump.h"
#include "tests/support/FileBytes.h"
#include "tests/support/ProfileDifference.h"
#include "tests/support/SanitizedBuild.h"
#include "tests/support/TestSuite.h"

#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <fstream>
#include <mutex>

using namespace memprof;
using memprof::test::differenceOf;

namespace {

// Loads `path` in blocks of `blockSize` with a snapshot after every block,
// checks about `checks` of them (spread over the read, the last among them)
// against the dump cut where each was taken, and the final profile against
// a load without snapshots. `taken`: the number of snapshots.
void checkSnapshots(const std::string& path, std::size_t blockSize, std::size_t checks, std::size_t& taken)
{
    const std::vector<std::uint8_t> bytes = ::test::fileBytes(path);
    std::mutex lock; // the sink runs on the counting thread
    std::vector<Profile> snapshots;
    ProfileSnapshots every;
    every.interval = std::chrono::milliseconds(0);
    every.deliver = [&](Profile&& snapshot) {
        const std::lock_guard guard(lock);
        snapshots.push_back(std::move(snapshot));
    };
    DecodeControl control;
    control.blockSize = blockSize;
    const Profile final = loadProfile(path, control, every);
    const Profile plain = loadProfile(path, control);
    taken = snapshots.size();
    QCOMPARE_EQ(differenceOf(final, plain), std::string());

    std::uint64_t before = 0;
    for (const Profile& snapshot : snapshots) {
        // In file order, each at an event boundary inside the dump.
        QCOMPARE_EQ(snapshot.status.end, DecodeEnd::Reading);
        QCOMPARE_EQ(snapshot.status.totalBytes, bytes.size());
        QCOMPARE_EQ(snapshot.status.eventsVersion, plain.status.eventsVersion);
        QCOMPARE_GE(snapshot.status.bytesConsumed, before);
        QCOMPARE_LT(snapshot.status.bytesConsumed, bytes.size());
        before = snapshot.status.bytesConsumed;
    }
    const std::size_t step = std::max<std::size_t>(1, snapshots.size() / checks);
    for (std::size_t i = 0; i < snapshots.size(); i += step) {
        const std::size_t at = i + step >= snapshots.size() ? snapshots.size() - 1 : i;
        Profile snapshot = snapshots[at];
        const std::span<const std::uint8_t> prefix(bytes.data(), snapshot.status.bytesConsumed);
        const Profile cut = loadProfile(prefix);
        // The cut dump ends between two events: all before were counted.
        QCOMPARE_EQ(cut.status.end, DecodeEnd::Truncated);
        QCOMPARE_EQ(cut.status.truncatedAt, prefix.size());
        snapshot.status = cut.status;
        QCOMPARE_EQ(differenceOf(snapshot, cut), std::string());
        if (at == snapshots.size() - 1)
            break;
    }
}

} // namespace

class TestLoadSnapshots : public QObject {
    Q_OBJECT

private slots:
    void fixtureSnapshotsEqualTheCutDump_data()
    {
        QTest::addColumn<QString>("dump");
        QTest::addColumn<qulonglong>("blockSize");
        // Symbols in the event stream, renames, JIT traces; a small block
        // puts a snapshot among the first events.
        QTest::newRow("medium") << QStringLiteral("v3/medium.bin") << qulonglong(4096);
        QTest::newRow("ffi-load") << QStringLiteral("v3/ffi-load.bin") << qulonglong(4096);
        QTest::newRow("leak-jit") << QStringLiteral("v3/leak-jit.bin") << qulonglong(512);
        QTest::newRow("v1 growth") << QStringLiteral("v1/growth.bin") << qulonglong(1 << 16);
    }
    void fixtureSnapshotsEqualTheCutDump()
    {
        QFETCH(QString, dump);
        QFETCH(qulonglong, blockSize);
        const std::string path = (QStringLiteral(MEMPROF_TEST_DATA "/") + dump).toStdString();
        QVERIFY2(QFile::exists(QString::fromStdString(path)), path.c_str());
        std::size_t taken = 0;
        checkSnapshots(path, blockSize, testsuite::kSanitizedBuild ? 3 : 8, taken);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE_GT(taken, 10u);
    }

    // The benchmark's mix: blocks moved and freed across snapshots, reallocs
    // of blocks from before profiling, symbols sent again mid-stream.
    void syntheticSnapshotsEqualTheCutDump()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("synthetic.bin")).toStdString();
        synth::SyntheticOptions options;
        options.seed = 7;
        options.targetBytes = 3u << 20;
        std::string error;
        QVERIFY2(synth::writeSyntheticDumpFile(path, options, nullptr, &error), error.c_str());
        std::size_t taken = 0;
        checkSnapshots(path, 1 << 16, testsuite::kSanitizedBuild ? 3 : 8, taken);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE_GT(taken, 20u);
    }

    // A read faster than the interval shows none: the first comes only
    // after an interval of reading.
    void aQuickReadTakesNoSnapshot()
    {
        const std::string path = QStringLiteral(MEMPROF_TEST_DATA "/v3/leak.bin").toStdString();
        std::atomic<int> taken = 0;
        ProfileSnapshots hourly;
        hourly.interval = std::chrono::hours(1);
        hourly.deliver = [&](Profile&&) { ++taken; };
        DecodeControl control;
        control.blockSize = 512;
        const Profile profile = loadProfile(path, control, hourly);
        QCOMPARE_EQ(profile.status.end, DecodeEnd::Complete);
        QCOMPARE_GT(profile.totals.eventCount, 0u);
        QCOMPARE_EQ(taken.load(), 0);
    }
};

MEMPROF_TEST_GUILESS_MAIN(TestLoadSnapshots)
#include "test_load_snapshots.moc"
