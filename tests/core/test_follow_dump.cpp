// SPDX-License-Identifier: GPL-3.0-or-later
// Following a dump as it grows (DecodeControl::follow): a real dump is
// written into a file piece by piece, as a profiler flushes it, while a
// load follows the file. After each piece the counts shown (the load's
// snapshot) equal a fresh load of the bytes written so far; at the end the
// load equals a load of the whole file. The read resumes where it stopped:
// its progress never goes back.
#include "model/memprofile/ProfileLoader.h"
#include "model/sysprofile/SysprofLoader.h"
#include "tests/support/FileBytes.h"
#include "tests/support/ProfileDifference.h"
#include "tests/support/SanitizedBuild.h"
#include "tests/support/SysprofDifference.h"
#include "tests/support/TestSuite.h"

#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <chrono>
#include <fstream>
#include <mutex>
#include <thread>

using namespace memprof;
using memprof::test::differenceOf;

namespace {

void append(const std::string& path, std::span<const std::uint8_t> piece)
{
    std::ofstream out(path, std::ios::binary | std::ios::app);
    out.write(reinterpret_cast<const char*>(piece.data()), static_cast<std::streamsize>(piece.size()));
}

// Where the pieces end. memprof and sysprof flush their 8 MiB buffer when it
// is full, cut anywhere in an event (and the symbol table with the first
// events in the first flush). The fixtures are smaller than one flush, so
// they are cut at a smaller prime stride with the same property: the first
// piece ends inside the symbol table, the others anywhere in an event.
std::vector<std::size_t> pieceEnds(std::size_t size, std::size_t stride)
{
    constexpr std::size_t kFirst = 100;
    std::vector<std::size_t> ends;
    for (std::size_t end = kFirst; end < size; end += stride)
        ends.push_back(end);
    ends.push_back(size);
    return ends;
}

// Whether a profile has counts to show: a read shows its counts so far
// from its first event (sample) on.
bool hasCounts(const Profile& profile)
{
    return profile.totals.eventCount > 0;
}
bool hasCounts(const SysprofProfile& profile)
{
    return profile.runSampleCount > 0;
}

// The latest snapshot a followed load delivered (on a thread of its own).
template <class P>
struct LatestSnapshot {
    std::mutex lock;
    P profile;
    bool any = false;
};

// Waits until the followed load's latest snapshot was taken at `offset`.
template <class P>
bool waitForSnapshotAt(LatestSnapshot<P>& latest, std::uint64_t offset, P& snapshot)
{
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (std::chrono::steady_clock::now() < deadline) {
        {
            const std::lock_guard guard(latest.lock);
            if (latest.any && latest.profile.status.bytesConsumed == offset) {
                snapshot = latest.profile;
                return true;
            }
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return false;
}

// Writes `bytes` into a new file piece by piece while `follow(path,
// control, snapshots)` follows it; after each piece the latest snapshot
// must equal `loadBytes` of the bytes so far, and at the end (the dump's
// end written: the load ends by itself) the followed load must equal the
// whole file's. The read's progress never goes back.
template <class P, class Follow, class LoadBytes>
void checkFollowing(const std::vector<std::uint8_t>& bytes, std::size_t stride, Follow&& follow, LoadBytes&& loadBytes)
{
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("growing.bin")).toStdString();
    append(path, {});
    LatestSnapshot<P> latest;
    LoadSnapshots<P> snapshots;
    snapshots.interval = std::chrono::milliseconds(0);
    snapshots.deliver = [&latest](P&& snapshot) {
        const std::lock_guard guard(latest.lock);
        latest.profile = std::move(snapshot);
        latest.any = true;
    };
    std::atomic<bool> following{true};
    std::atomic<std::uint64_t> progressWentBack{0};
    DecodeControl control;
    control.follow = &following;
    std::uint64_t lastProgress = 0;
    control.progress = [&](std::uint64_t bytesRead, std::uint64_t) {
        if (bytesRead < lastProgress)
            progressWentBack = lastProgress;
        lastProgress = bytesRead;
    };
    P followed;
    std::thread reader([&] { followed = follow(path, control, snapshots); });

    int compared = 0;
    std::size_t written = 0;
    for (std::size_t end : pieceEnds(bytes.size(), stride)) {
        append(path, std::span(bytes).subspan(written, end - written));
        written = end;
        if (end == bytes.size())
            break; // the whole dump: its end is read, the load ends by itself
        const P soFar = loadBytes(std::span(bytes.data(), end));
        if (soFar.status.end != DecodeEnd::Truncated || !hasCounts(soFar))
            continue; // before the first event: nothing to show yet
        P snapshot;
        if (!waitForSnapshotAt(latest, soFar.status.bytesConsumed, snapshot)) {
            following = false;
            reader.join();
            QFAIL(qPrintable(QStringLiteral("no snapshot at byte %1 after %2 bytes were written")
                                 .arg(soFar.status.bytesConsumed)
                                 .arg(end)));
        }
        QCOMPARE_EQ(snapshot.status.end, DecodeEnd::Reading);
        snapshot.status = soFar.status; // a read still going, where the cut dump ends
        QCOMPARE_EQ(differenceOf(snapshot, soFar), std::string());
        ++compared;
    }
    reader.join();
    QCOMPARE_EQ(progressWentBack.load(), 0u);
    QCOMPARE_GE(compared, 2); // every piece past the first event was compared above
    const P whole = loadBytes(std::span(bytes.data(), bytes.size()));
    QCOMPARE_EQ(followed.status.end, DecodeEnd::Complete);
    QCOMPARE_EQ(followed.status.totalBytes, whole.status.totalBytes);
    QCOMPARE_EQ(followed.status.bytesConsumed, whole.status.bytesConsumed);
    QCOMPARE_EQ(differenceOf(followed, whole), std::string());
}

} // namespace

class TestFollowDump : public QObject {
    Q_OBJECT

private slots:
    void memprofPageEqualsTheBytesSoFar_data()
    {
        QTest::addColumn<QString>("dump");
        QTest::newRow("v1 medium") << QStringLiteral("v1/medium.bin");
        QTest::newRow("v1 growth") << QStringLiteral("v1/growth.bin");
        QTest::newRow("v3 medium") << QStringLiteral("v3/medium.bin");
        QTest::newRow("v3 ffi-load") << QStringLiteral("v3/ffi-load.bin"); // C symbols mid-stream
        QTest::newRow("v3 leak-jit") << QStringLiteral("v3/leak-jit.bin"); // traces
    }
    void memprofPageEqualsTheBytesSoFar()
    {
        QFETCH(QString, dump);
        const std::vector<std::uint8_t> bytes = ::test::fileBytes(MEMPROF_TEST_DATA "/" + dump.toStdString());
        QVERIFY(!bytes.empty());
        checkFollowing<Profile>(
            // A fresh load per piece: fewer, larger pieces of a large dump under the sanitizers.
            bytes, testsuite::kSanitizedBuild && bytes.size() > (std::size_t(1) << 20) ? 4 * 65521 : 65521,
            [](const std::string& path, const DecodeControl& control, const ProfileSnapshots& snapshots) {
                return loadProfile(path, control, snapshots);
            },
            [](std::span<const std::uint8_t> soFar) { return loadProfile(soFar); });
    }

    // A dump whose writer died (no end written) ends when following stops,
    // as a fresh open of the file gives it: cut short where its data ends.
    void aDumpWithoutItsEndEndsWhenFollowingStops()
    {
        const std::vector<std::uint8_t> bytes = ::test::fileBytes(MEMPROF_TEST_DATA "/v3/medium.bin");
        const std::size_t cut = bytes.size() / 2 + 3;
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("growing.bin")).toStdString();
        append(path, std::span(bytes.data(), cut));
        std::atomic<bool> following{true};
        DecodeControl control;
        control.follow = &following;
        std::atomic<bool> done{false};
        Profile followed;
        std::thread reader([&] {
            followed = loadProfile(path, control);
            done = true;
        });
        // It waits for more...
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        QVERIFY(!done);
        // ...until told the file will not grow.
        following = false;
        reader.join();
        const Profile fresh = loadProfile(path);
        QCOMPARE_EQ(followed.status.end, DecodeEnd::Truncated);
        QCOMPARE_EQ(differenceOf(followed, fresh), std::string());
    }

    // Cancel ends a follow that waits, at once.
    void cancelEndsAWaitingFollow()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("empty.bin")).toStdString();
        append(path, {});
        std::atomic<bool> following{true};
        std::atomic<bool> stop{false};
        DecodeControl control;
        control.follow = &following;
        control.stop = &stop;
        Profile followed;
        std::thread reader([&] { followed = loadProfile(path, control); });
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        stop = true;
        reader.join();
        QCOMPARE_EQ(followed.status.end, DecodeEnd::Cancelled);
    }

    void sysprofPageEqualsTheBytesSoFar_data()
    {
        QTest::addColumn<QString>("dump");
        QTest::newRow("mode L") << QStringLiteral("sysprof/modules-L-jitoff.bin");
        QTest::newRow("mode C") << QStringLiteral("sysprof/recursion-C-jitoff.bin");
        QTest::newRow("mode L, JIT") << QStringLiteral("sysprof/jit-loops-L-jiton.bin"); // traces
    }
    void sysprofPageEqualsTheBytesSoFar()
    {
        QFETCH(QString, dump);
        const std::vector<std::uint8_t> bytes = ::test::fileBytes(MEMPROF_TEST_DATA "/" + dump.toStdString());
        QVERIFY(!bytes.empty());
        // The viewer's load: every view's tree, the bottom-up ones too.
        const SysprofLoadOptions options = viewerSysprofOptions();
        checkFollowing<SysprofProfile>(
            bytes, 509, // the symbol table is most of these dumps: small pieces, many in the samples
            [&options](const std::string& path, const DecodeControl& control, const SysprofSnapshots& snapshots) {
                return loadSysprof(path, control, options, snapshots);
            },
            [&options](std::span<const std::uint8_t> soFar) { return loadSysprof(soFar, {}, options); });
    }
};

MEMPROF_TEST_GUILESS_MAIN(TestFollowDump)
#include "test_follow_dump.moc"
