// SPDX-License-Identifier: GPL-3.0-or-later
// The snapshots a sysprof load takes while it reads (SysprofSnapshots):
// each equals the load of the dump cut at the boundary it was taken at,
// tree by tree (bottom-up trees too), and taking them changes nothing of
// the final profile.
#include "model/synth/SyntheticSysprofDump.h"
#include "model/sysprofile/SysprofLoader.h"
#include "tests/support/FileBytes.h"
#include "tests/support/SanitizedBuild.h"
#include "tests/support/SysprofDifference.h"
#include "tests/support/TestSuite.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <mutex>
#include <span>

using namespace memprof;
using memprof::test::differenceOf;

namespace {

// Loads `path` as the viewer does, in blocks of `blockSize` with a snapshot
// after every block, checks about `checks` of them (spread over the read,
// the last among them) against the dump cut where each was taken, and the
// final profile against a load without snapshots. `taken`: the number of
// snapshots.
void checkSnapshots(const std::string& path, std::size_t blockSize, std::size_t checks, std::size_t& taken)
{
    const QByteArray file = ::test::readBytes(QString::fromStdString(path));
    const std::span<const std::uint8_t> bytes(reinterpret_cast<const std::uint8_t*>(file.constData()),
                                              static_cast<std::size_t>(file.size()));
    std::mutex lock; // the sink runs on the builder's thread
    std::vector<SysprofProfile> snapshots;
    SysprofSnapshots every;
    every.interval = std::chrono::milliseconds(0);
    every.deliver = [&](SysprofProfile&& snapshot) {
        const std::lock_guard guard(lock);
        snapshots.push_back(std::move(snapshot));
    };
    DecodeControl control;
    control.blockSize = blockSize;
    const SysprofLoadOptions options = viewerSysprofOptions();
    const SysprofProfile final = loadSysprof(path, control, options, every);
    const SysprofProfile plain = loadSysprof(path, control, options);
    taken = snapshots.size();
    QCOMPARE_EQ(final.status.end, plain.status.end);
    QCOMPARE_EQ(final.status.bytesConsumed, plain.status.bytesConsumed);
    QCOMPARE_EQ(differenceOf(final, plain), std::string());

    std::uint64_t before = 0;
    for (const SysprofProfile& snapshot : snapshots) {
        // In file order, each at a boundary inside the dump, with samples.
        QCOMPARE_EQ(snapshot.status.end, DecodeEnd::Reading);
        QCOMPARE_EQ(snapshot.status.totalBytes, bytes.size());
        QCOMPARE_GE(snapshot.status.bytesConsumed, before);
        QCOMPARE_LT(snapshot.status.bytesConsumed, bytes.size());
        QCOMPARE_GT(snapshot.sampleCount, 0u);
        before = snapshot.status.bytesConsumed;
    }
    const std::size_t step = std::max<std::size_t>(1, snapshots.size() / checks);
    for (std::size_t i = 0; i < snapshots.size(); i += step) {
        const std::size_t at = i + step >= snapshots.size() ? snapshots.size() - 1 : i;
        const SysprofProfile& snapshot = snapshots[at];
        const std::span<const std::uint8_t> prefix = bytes.first(snapshot.status.bytesConsumed);
        const SysprofProfile cut = loadSysprof(prefix, {}, options);
        // The cut dump ends between two samples: all before were counted.
        QCOMPARE_EQ(cut.status.end, DecodeEnd::Truncated);
        QCOMPARE_EQ(cut.status.truncatedAt, prefix.size());
        QCOMPARE_EQ(differenceOf(snapshot, cut), std::string());
        if (at == snapshots.size() - 1)
            break;
    }
}

std::string fixture(const QString& name)
{
    return (QStringLiteral(MEMPROF_TEST_DATA "/sysprof/") + name).toStdString();
}

} // namespace

class TestSysprofSnapshots : public QObject {
    Q_OBJECT

private slots:
    void fixtureSnapshotsEqualTheCutDump_data()
    {
        QTest::addColumn<QString>("dump");
        // Mode C (host chains) and mode L; JIT traces. A block of 64 bytes:
        // a snapshot every few samples, one among the first.
        QTest::newRow("recursion C") << QStringLiteral("recursion-C-jitoff.bin");
        QTest::newRow("recursion L") << QStringLiteral("recursion-L-jitoff.bin");
        QTest::newRow("coroutines C") << QStringLiteral("coroutines-C-jitoff.bin");
        QTest::newRow("jit-loops L") << QStringLiteral("jit-loops-L-jiton.bin");
    }
    void fixtureSnapshotsEqualTheCutDump()
    {
        QFETCH(QString, dump);
        const std::string path = fixture(dump);
        QVERIFY2(QFile::exists(QString::fromStdString(path)), path.c_str());
        std::size_t taken = 0;
        checkSnapshots(path, 64, testsuite::kSanitizedBuild ? 8 : 1000, taken);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE_GT(taken, 40u);
    }

    // Several megabytes: the builder counts on its own thread, and the
    // symbols sent mid-stream rename frames between snapshots.
    void syntheticSnapshotsEqualTheCutDump_data()
    {
        QTest::addColumn<bool>("hostChains");
        QTest::newRow("mode C") << true;
        QTest::newRow("mode L") << false;
    }
    void syntheticSnapshotsEqualTheCutDump()
    {
        QFETCH(bool, hostChains);
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("synthetic.bin")).toStdString();
        synth::SyntheticSysprofOptions options;
        options.seed = 11;
        options.targetBytes = 6u << 20;
        options.hostChains = hostChains;
        std::string error;
        QVERIFY2(synth::writeSyntheticSysprofDumpFile(path, options, nullptr, &error), error.c_str());
        std::size_t taken = 0;
        checkSnapshots(path, 1 << 16, testsuite::kSanitizedBuild ? 3 : 8, taken);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE_GT(taken, 50u);
    }

    // A read faster than the interval shows none.
    void aQuickReadTakesNoSnapshot()
    {
        std::atomic<int> taken = 0;
        SysprofSnapshots hourly;
        hourly.interval = std::chrono::hours(1);
        hourly.deliver = [&](SysprofProfile&&) { ++taken; };
        DecodeControl control;
        control.blockSize = 512;
        const SysprofProfile profile =
            loadSysprof(fixture(QStringLiteral("recursion-C-jitoff.bin")), control, viewerSysprofOptions(), hourly);
        QCOMPARE_EQ(profile.status.end, DecodeEnd::Complete);
        QCOMPARE_GT(profile.sampleCount, 0u);
        QCOMPARE_EQ(taken.load(), 0);
    }
};

MEMPROF_TEST_GUILESS_MAIN(TestSysprofSnapshots)
#include "test_sysprof_snapshots.moc"
