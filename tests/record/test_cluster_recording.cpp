// SPDX-License-Identifier: GPL-3.0-or-later
// Several running Tarantools recorded at once (record/ClusterRecording.h),
// against real ones (Debian's 2.6) with the stand-in profilers that write
// our fixture dumps: each dump comes back whole, the profilers start
// together even when one connection is slow, an instance killed mid-way or
// not there at all is named while the others are kept, and memprof-record
// does the same with --attach repeated or --instances FILE.
#include "model/memprofile/ProfileLoader.h"
#include "model/merge/MergeLoad.h"
#include "model/record/ClusterDumpNames.h"
#include "model/record/ClusterRecording.h"
#include "tests/support/GuiTestData.h"
#include "tests/support/StandInProfilers.h"
#include "tests/support/TarantoolInstance.h"
#include "tests/support/TestSuite.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <memory>
#include <thread>

#include <csignal>

#include <sys/types.h>

using namespace memprof;
using namespace memprof::record;
using test::standInProfilers;
using test::TarantoolInstance;

namespace {

QByteArray fileBytes(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Lua run after the stand-ins: the first look at `misc` (the check a
// recording makes once connected) answers 2 s late, as over a slow link.
constexpr char kSlowFirstAnswer[] = R"lua(
local standins = misc
local slowed = false
misc = setmetatable({}, {__index = function(_, name)
  if not slowed then slowed = true require('fiber').sleep(2) end
  return standins[name]
end})
)lua";

// One instance per fixture, each recorded over its console into `folder`.
struct Cluster {
    std::vector<std::unique_ptr<TarantoolInstance>> instances;
    std::vector<AttachSettings> settings;
};

Cluster startCluster(const QStringList& fixtures, const QTemporaryDir& folder, const QByteArray& extraLua = {})
{
    Cluster cluster;
    QStringList addresses;
    for (const QString& fixture : fixtures) {
        cluster.instances.push_back(std::make_unique<TarantoolInstance>(standInProfilers(fixture) + extraLua));
        addresses << cluster.instances.back()->consolePath();
    }
    const QStringList names = clusterDumpNames(addresses);
    for (qsizetype i = 0; i < addresses.size(); ++i) {
        AttachSettings one;
        one.address = addresses.at(i);
        one.dumpPath = QDir(folder.path()).filePath(names.at(i));
        cluster.settings.push_back(one);
    }
    return cluster;
}

bool allReady(const Cluster& cluster)
{
    return std::all_of(cluster.instances.begin(), cluster.instances.end(),
                       [](const auto& instance) { return instance->ready(); });
}

// A cluster recording on a thread of its own, so that the test can act
// (kill an instance, press Stop) while it runs.
class RunningCluster {
public:
    explicit RunningCluster(const std::vector<AttachSettings>& settings)
    {
        ClusterCallbacks callbacks;
        callbacks.phase = [this](std::size_t, AttachPhase phase) {
            if (phase == AttachPhase::Recording)
                ++recording;
        };
        thread_ = std::thread([this, settings, callbacks] {
            outcome = recordCluster(settings, stop, cancel, callbacks);
            done = true;
        });
    }
    ~RunningCluster()
    {
        cancel = true;
        thread_.join();
    }
    // Waits (at most 60 s) for the recording to end.
    bool finish()
    {
        stop = true;
        for (int waited = 0; waited < 60000 && !done; waited += 20)
            QThread::msleep(20);
        return done;
    }

    std::atomic<bool> stop = false;
    std::atomic<bool> cancel = false;
    std::atomic<int> recording = 0;
    std::atomic<bool> done = false;
    ClusterOutcome outcome;

private:
    std::thread thread_;
};

bool waitFor(const std::function<bool()>& condition, int timeoutMs = 30000)
{
    for (int waited = 0; waited < timeoutMs; waited += 20) {
        if (condition())
            return true;
        QThread::msleep(20);
    }
    return condition();
}

} // namespace

class TestClusterRecording : public QObject {
    Q_OBJECT
private slots:
    void init()
    {
        if (TarantoolInstance::executable().isEmpty() &&
            qstrcmp(QTest::currentTestFunction(), "dumpsAreNamedAfterTheirInstances") != 0)
            QSKIP("no `tarantool` on PATH (make deps installs Debian's)");
    }

    void dumpsAreNamedAfterTheirInstances()
    {
        QCOMPARE(clusterDumpNames({QStringLiteral("db1.example.com:3301"), QStringLiteral("3302"),
                                   QStringLiteral("/run/app/admin.sock"), QStringLiteral("unix/:/run/other.control"),
                                   QStringLiteral("[::1]:3303")}),
                 (QStringList{QStringLiteral("db1.example.com_3301.bin"), QStringLiteral("localhost_3302.bin"),
                              QStringLiteral("admin.sock.bin"), QStringLiteral("other.control.bin"),
                              QStringLiteral("_1_3303.bin")}));
        // One socket name in several folders: each with its folder's name;
        // the same address twice: numbered.
        QCOMPARE(clusterDumpNames({QStringLiteral("/run/a/admin.sock"), QStringLiteral("/run/b/admin.sock"),
                                   QStringLiteral("h:1"), QStringLiteral("h:1")}),
                 (QStringList{QStringLiteral("a_admin.sock.bin"), QStringLiteral("b_admin.sock.bin"),
                              QStringLiteral("h_1.bin"), QStringLiteral("h_1-2.bin")}));
    }

    void threeInstancesComeBackTogether()
    {
        const QStringList fixtures{test::fixture(QStringLiteral("v3/leak.bin")),
                                   test::fixture(QStringLiteral("v3/freed.bin")),
                                   test::fixture(QStringLiteral("sysprof/recursion-C-jitoff.bin"))};
        QTemporaryDir here;
        Cluster cluster = startCluster(fixtures, here);
        QVERIFY(allReady(cluster));
        // The last instance records CPU time, over its binary port.
        cluster.settings[2].kind = ProfilerKind::Cpu;
        cluster.settings[2].address = cluster.instances[2]->binaryPath();
        cluster.settings[2].user = QStringLiteral("profiler");
        cluster.settings[2].password = QStringLiteral("secret");
        RunningCluster run(cluster.settings);
        QVERIFY(waitFor([&] { return run.recording == 3; }));
        QVERIFY(run.finish());
        const ClusterOutcome& outcome = run.outcome;
        QCOMPARE(outcome.instances.size(), std::size_t(3));
        QCOMPARE(outcome.started, std::size_t(3));
        for (std::size_t i = 0; i < 3; ++i) {
            const AttachOutcome& one = outcome.instances[i];
            QVERIFY2(one.complete && one.message.isEmpty(), qPrintable(one.message));
            QVERIFY2(fileBytes(cluster.settings[i].dumpPath) == fileBytes(fixtures.at(static_cast<qsizetype>(i))),
                     qPrintable(cluster.settings[i].dumpPath));
            QCOMPARE(one.bytes, QFileInfo(fixtures.at(static_cast<qsizetype>(i))).size());
        }
        QVERIFY(outcome.allComplete());
        QCOMPARE_LT(outcome.startSpread.count(), 1000);
    }

    // One instance answers 2 s late once connected: the others wait for it
    // before any profiler starts.
    void aSlowConnectionDoesNotSpreadTheStarts()
    {
        const QString fixture = test::fixture(QStringLiteral("v3/leak.bin"));
        QTemporaryDir here;
        Cluster cluster = startCluster({fixture, fixture}, here);
        cluster.instances.push_back(std::make_unique<TarantoolInstance>(standInProfilers(fixture) + kSlowFirstAnswer));
        AttachSettings slow = cluster.settings.front();
        slow.address = cluster.instances.back()->consolePath();
        slow.dumpPath = here.filePath(QStringLiteral("slow.bin"));
        cluster.settings.push_back(slow);
        QVERIFY(allReady(cluster));
        RunningCluster run(cluster.settings);
        QVERIFY(waitFor([&] { return run.recording == 3; }));
        QVERIFY(run.finish());
        QCOMPARE(run.outcome.started, std::size_t(3));
        QVERIFY(run.outcome.allComplete());
        QCOMPARE_LT(run.outcome.startSpread.count(), 1000);
        QVERIFY(fileBytes(slow.dumpPath) == fileBytes(fixture));
    }

    void anInstanceKilledMidwayIsNamedAndTheOthersMerge()
    {
        const QString fixture = test::fixture(QStringLiteral("v3/leak.bin"));
        QTemporaryDir here;
        Cluster cluster = startCluster({fixture, fixture, fixture}, here);
        QVERIFY(allReady(cluster));
        RunningCluster run(cluster.settings);
        QVERIFY(waitFor([&] { return run.recording == 3; }));
        cluster.instances[1]->kill();
        QVERIFY(run.finish());
        const ClusterOutcome& outcome = run.outcome;
        QCOMPARE(outcome.started, std::size_t(3));
        QVERIFY(!outcome.allComplete());
        const AttachOutcome& killed = outcome.instances[1];
        QVERIFY(!killed.complete);
        const QString failure = instanceFailure(cluster.settings[1], killed);
        QVERIFY2(failure.startsWith(cluster.instances[1]->consolePath() + QStringLiteral(": ")), qPrintable(failure));
        QVERIFY2(failure.contains(QStringLiteral("Stopping the memory profiler (misc.memprof) on")),
                 qPrintable(failure));
        for (std::size_t i : {0, 2}) {
            QVERIFY2(outcome.instances[i].complete, qPrintable(outcome.instances[i].message));
            QVERIFY(fileBytes(cluster.settings[i].dumpPath) == fileBytes(fixture));
        }
        // The two that came back merge to twice one fixture's figures.
        const MergedMemprof merged = loadMergedMemprof({QFile::encodeName(cluster.settings[0].dumpPath).toStdString(),
                                                        QFile::encodeName(cluster.settings[2].dumpPath).toStdString()},
                                                       2);
        const Profile one = loadProfile(QFile::encodeName(fixture).toStdString());
        QCOMPARE(merged.profile.status.end, DecodeEnd::Complete);
        QCOMPARE(merged.profile.totals.eventCount, 2 * one.totals.eventCount);
        QCOMPARE(merged.profile.totals.allocatedBytes, 2 * one.totals.allocatedBytes);
        QCOMPARE(merged.profile.totals.freedBytes, 2 * one.totals.freedBytes);
        QCOMPARE(merged.profile.totals.liveBytes, 2 * one.totals.liveBytes);
        QCOMPARE(merged.breakdown.instances.size(), std::size_t(2));
    }

    void anUnreachableInstanceIsNamedAndTheOthersGoOn()
    {
        const QString fixture = test::fixture(QStringLiteral("v3/leak.bin"));
        QTemporaryDir here;
        Cluster cluster = startCluster({fixture, fixture}, here);
        QVERIFY(allReady(cluster));
        AttachSettings missing = cluster.settings.front();
        missing.address = here.filePath(QStringLiteral("gone.sock"));
        missing.dumpPath = here.filePath(QStringLiteral("gone.sock.bin"));
        cluster.settings.insert(cluster.settings.begin() + 1, missing);
        for (AttachSettings& one : cluster.settings)
            one.stopAfterSeconds = 1;
        const std::atomic<bool> stop = false;
        const std::atomic<bool> cancel = false;
        const ClusterOutcome outcome = recordCluster(cluster.settings, stop, cancel);
        QCOMPARE(outcome.started, std::size_t(2));
        QVERIFY(!outcome.instances[1].complete);
        QVERIFY(!outcome.instances[1].dumpWritten);
        QCOMPARE(instanceFailure(missing, outcome.instances[1]),
                 QStringLiteral("%1: No console at %1: there is no such file. Is the instance running, and is this "
                                "the path its console listens on (console.listen, or tt's run folder)?")
                     .arg(missing.address));
        QVERIFY(!QFile::exists(missing.dumpPath));
        QVERIFY2(outcome.instances[0].complete, qPrintable(outcome.instances[0].message));
        QVERIFY2(outcome.instances[2].complete, qPrintable(outcome.instances[2].message));
        QVERIFY(fileBytes(cluster.settings[0].dumpPath) == fileBytes(fixture));
        QVERIFY(fileBytes(cluster.settings[2].dumpPath) == fileBytes(fixture));
    }

    // memprof-record --attach A --attach B --attach C -o FOLDER: the dumps
    // of those that came back, the one that did not named, status 1.
    void theCommandLineRecordsSeveralAndNamesWhatFailed()
    {
        const QString fixture = test::fixture(QStringLiteral("v3/leak.bin"));
        QTemporaryDir here;
        Cluster cluster = startCluster({fixture, fixture}, here);
        QVERIFY(allReady(cluster));
        const QString missing = here.filePath(QStringLiteral("gone.sock"));
        const QString folder = here.filePath(QStringLiteral("dumps"));
        QProcess cli;
        cli.start(QStringLiteral(MEMPROF_RECORD_EXE),
                  {QStringLiteral("--attach"), cluster.settings[0].address, QStringLiteral("--attach"), missing,
                   QStringLiteral("--attach"), cluster.settings[1].address, QStringLiteral("--duration"),
                   QStringLiteral("1"), QStringLiteral("-o"), folder});
        QVERIFY(cli.waitForFinished(60000));
        const QByteArray said = cli.readAllStandardError();
        QCOMPARE(cli.exitCode(), 1);
        QVERIFY2(said.contains("memprof-record: " + missing.toUtf8() + ": No console at " + missing.toUtf8()),
                 said.constData());
        const QStringList names = clusterDumpNames({cluster.settings[0].address, missing, cluster.settings[1].address});
        const QString first = QDir(folder).filePath(names.at(0));
        const QString second = QDir(folder).filePath(names.at(2));
        QVERIFY(fileBytes(first) == fileBytes(fixture));
        QVERIFY(fileBytes(second) == fileBytes(fixture));
        QVERIFY(!QFile::exists(QDir(folder).filePath(names.at(1))));
        QCOMPARE(QDir(folder).entryList(QDir::Files).size(), 2);
        QVERIFY2(said.contains("wrote " + first.toUtf8() + " ("), said.constData());
        QVERIFY2(said.contains("\n  memprof-viewer --merge " + first.toUtf8() + ' ' + second.toUtf8() + '\n'),
                 said.constData());
        QVERIFY2(said.contains("\n  memprof-report --merge " + first.toUtf8() + ' ' + second.toUtf8() + '\n'),
                 said.constData());
    }

    // --instances FILE, recorded until Ctrl+C: every dump whole, status 0.
    void theCommandLineReadsAListAndStopsAtCtrlC()
    {
        const QString fixture = test::fixture(QStringLiteral("v3/freed.bin"));
        QTemporaryDir here;
        Cluster cluster = startCluster({fixture, fixture}, here);
        QVERIFY(allReady(cluster));
        QFile list(here.filePath(QStringLiteral("cluster.txt")));
        QVERIFY(list.open(QIODevice::WriteOnly));
        list.write("# the storage nodes\n" + cluster.settings[0].address.toUtf8() + "\n\n   " +
                   cluster.settings[1].address.toUtf8() + "  # the second\n");
        list.close();
        const QString folder = here.filePath(QStringLiteral("dumps"));
        QProcess cli;
        cli.start(QStringLiteral(MEMPROF_RECORD_EXE),
                  {QStringLiteral("--instances"), list.fileName(), QStringLiteral("-o"), folder});
        QByteArray said;
        const auto recordingOnBoth = [&] {
            cli.waitForReadyRead(100);
            said += cli.readAllStandardError();
            return said.contains("memprof-record: recording on " + cluster.settings[0].address.toUtf8() + '\n') &&
                   said.contains("memprof-record: recording on " + cluster.settings[1].address.toUtf8() + '\n');
        };
        QVERIFY2(waitFor(recordingOnBoth), said.constData());
        ::kill(static_cast<pid_t>(cli.processId()), SIGINT);
        QVERIFY(cli.waitForFinished(60000));
        said += cli.readAllStandardError();
        QCOMPARE(cli.exitStatus(), QProcess::NormalExit);
        QVERIFY2(cli.exitCode() == 0, said.constData());
        for (const QString& name : clusterDumpNames({cluster.settings[0].address, cluster.settings[1].address}))
            QVERIFY2(fileBytes(QDir(folder).filePath(name)) == fileBytes(fixture), qPrintable(name));
        QVERIFY2(said.contains("2 of 2 instances recorded"), said.constData());
    }
};

MEMPROF_TEST_MAIN(TestClusterRecording)
#include "test_cluster_recording.moc"
