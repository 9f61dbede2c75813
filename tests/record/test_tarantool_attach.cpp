// SPDX-License-Identifier: GPL-3.0-or-later
// Recording on a running Tarantool, against a real one (Debian's 2.6, with
// its admin console and binary port): the connections, the messages of each
// thing that goes wrong, and the recording's steps. Tarantool 2.6 has no
// profiler (misc is nil there), so the "no profiler" path is tested as it
// is; for the recording itself the instance defines misc.memprof and
// misc.sysprof in Lua as a stand-in that writes one of our real fixture
// dumps, piece by piece while it runs and the rest when stopped, to the
// path it is given (as LuaJIT's profilers flush their buffers).
#include "model/record/InstanceRecording.h"
#include "model/record/RemoteProfiler.h"
#include "model/record/TarantoolBinaryPort.h"
#include "model/record/TarantoolConsole.h"
#include "tests/support/GuiTestData.h"
#include "tests/support/StandInProfilers.h"
#include "tests/support/TarantoolInstance.h"
#include "tests/support/TestSuite.h"

#include <QBuffer>
#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLocalServer>
#include <QLocalSocket>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <thread>

using namespace memprof;
using namespace memprof::record;
using test::standInProfilers;
using test::TarantoolInstance;

namespace {

constexpr int kTimeoutMs = 10000;

QByteArray fileBytes(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

InstanceAddress unixAddress(const QString& path)
{
    InstanceAddress address;
    address.unixPath = path;
    return address;
}

// The instance's console, or null (with why on the test's output).
std::unique_ptr<TarantoolConsole> consoleOf(TarantoolInstance& instance)
{
    QString error;
    auto console = TarantoolConsole::open(unixAddress(instance.consolePath()), kTimeoutMs, &error);
    if (!console)
        qWarning("%s", qPrintable(error));
    return console;
}

} // namespace

class TestTarantoolAttach : public QObject {
    Q_OBJECT
private slots:
    void init()
    {
        if (TarantoolInstance::executable().isEmpty())
            QSKIP("no `tarantool` on PATH (make deps installs Debian's)");
    }

    void addressesAsUsersWriteThem()
    {
        QString error;
        QCOMPARE(parseInstanceAddress(QStringLiteral("unix/:/run/app.sock"), &error)->unixPath,
                 QStringLiteral("/run/app.sock"));
        QCOMPARE(parseInstanceAddress(QStringLiteral("/var/run/tarantool/app.control"), &error)->unixPath,
                 QStringLiteral("/var/run/tarantool/app.control"));
        const auto hostPort = parseInstanceAddress(QStringLiteral("db1.example.com:3302"), &error);
        QCOMPARE(hostPort->host, QStringLiteral("db1.example.com"));
        QCOMPARE(hostPort->port, quint16(3302));
        QCOMPARE(parseInstanceAddress(QStringLiteral("./run/app.sock"), &error)->unixPath,
                 QDir::current().filePath(QStringLiteral("run/app.sock")));
        QCOMPARE(parseInstanceAddress(QStringLiteral("3301"), &error)->host, QStringLiteral("localhost"));
        QCOMPARE(parseInstanceAddress(QStringLiteral("[::1]:3301"), &error)->host, QStringLiteral("::1"));
        QVERIFY(!parseInstanceAddress(QStringLiteral("db1:99999"), &error));
        QVERIFY2(error.contains(QStringLiteral("HOST:PORT")), qPrintable(error));
    }

    void luaLiteralsCarryAnyBytes()
    {
        QCOMPARE(luaStringLiteral("/tmp/a b"), QByteArray("\"/tmp/a b\""));
        QCOMPARE(luaStringLiteral("x\"]] os.exit() --\n\\"), QByteArray("\"x\\034]] os.exit() --\\010\\092\""));
    }

    void theConsoleRunsLua()
    {
        TarantoolInstance instance;
        QVERIFY2(instance.ready(), instance.output().constData());
        auto console = consoleOf(instance);
        QVERIFY(console);
        QCOMPARE(console->serverVersion(), QStringLiteral("2.6.0"));
        const LuaReply reply = console->evaluate("return 1.5, 'two', true, nil, '12', 'a: b'", kTimeoutMs);
        QVERIFY(!reply.error);
        QCOMPARE(reply.values.size(), 6);
        QCOMPARE(reply.value(0).number, 1.5);
        QCOMPARE(reply.value(1).string, QByteArray("two"));
        QVERIFY(reply.value(2).truthy());
        QVERIFY(reply.value(3).isNil());
        QCOMPARE(reply.value(4).type, LuaValue::Type::String); // quoted: a string, not a number
        QCOMPARE(reply.value(5).string, QByteArray("a: b"));
        const LuaReply failed = console->evaluate("error('boom')", kTimeoutMs);
        QVERIFY(failed.error && failed.error->contains(QStringLiteral("boom")));
        QVERIFY(!failed.connectionLost);
        QVERIFY(console->evaluate("return 1", kTimeoutMs).value(0).truthy()); // still usable
    }

    void theBinaryPortRunsLuaForAUser()
    {
        TarantoolInstance instance;
        QVERIFY2(instance.ready(), instance.output().constData());
        QString error;
        auto port = TarantoolBinaryPort::open(unixAddress(instance.binaryPath()), QStringLiteral("profiler"),
                                              QStringLiteral("secret"), kTimeoutMs, &error);
        QVERIFY2(port, qPrintable(error));
        QCOMPARE(port->serverVersion(), QStringLiteral("2.6.0"));
        const LuaReply reply = port->evaluate("return 7, 'seven', false", kTimeoutMs);
        QVERIFY2(!reply.error, qPrintable(reply.error.value_or(QString())));
        QCOMPARE(reply.values.size(), 3);
        QCOMPARE(reply.value(0).number, 7.0);
        QCOMPARE(reply.value(1).string, QByteArray("seven"));
        QVERIFY(!reply.value(2).truthy());
        const LuaReply failed = port->evaluate("error('boom')", kTimeoutMs);
        QVERIFY(failed.error && failed.error->contains(QStringLiteral("boom")));
    }

    void aWrongPasswordIsSaid()
    {
        TarantoolInstance instance;
        QVERIFY2(instance.ready(), instance.output().constData());
        QString error;
        QVERIFY(!TarantoolBinaryPort::open(unixAddress(instance.binaryPath()), QStringLiteral("profiler"),
                                           QStringLiteral("wrong"), kTimeoutMs, &error));
        QVERIFY2(error.contains(QStringLiteral("refused the user profiler")), qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("password"), Qt::CaseInsensitive), qPrintable(error));
    }

    void theWrongKindOfPortIsSaid()
    {
        TarantoolInstance instance;
        QVERIFY2(instance.ready(), instance.output().constData());
        QString error;
        QVERIFY(!TarantoolConsole::open(unixAddress(instance.binaryPath()), kTimeoutMs, &error));
        QVERIFY2(error.contains(QStringLiteral("binary port, not its admin console")), qPrintable(error));
        QVERIFY(!TarantoolBinaryPort::open(unixAddress(instance.consolePath()), QStringLiteral("profiler"),
                                           QStringLiteral("secret"), kTimeoutMs, &error));
        QVERIFY2(error.contains(QStringLiteral("not Tarantool's binary port")), qPrintable(error));
    }

    void noConsoleThereIsSaid()
    {
        QTemporaryDir folder;
        QString error;
        const QString missing = folder.filePath(QStringLiteral("app.control"));
        QVERIFY(!TarantoolConsole::open(unixAddress(missing), kTimeoutMs, &error));
        QVERIFY2(error.startsWith(QStringLiteral("No console at %1: there is no such file").arg(missing)),
                 qPrintable(error));
        // Something else listening there.
        QLocalServer server;
        const QString other = folder.filePath(QStringLiteral("other.sock"));
        QVERIFY(server.listen(other));
        connect(&server, &QLocalServer::newConnection, &server, [&server] {
            QLocalSocket* peer = server.nextPendingConnection();
            peer->write(QByteArray("SSH-2.0-OpenSSH_9.2\r\n").leftJustified(128, ' '));
        });
        QString otherError;
        std::unique_ptr<TarantoolConsole> console;
        std::atomic<bool> done = false;
        std::thread client([&] {
            console = TarantoolConsole::open(unixAddress(other), 3000, &otherError);
            done = true;
        });
        // The server answers on this thread's event loop.
        while (!done)
            QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        client.join();
        QVERIFY(!console);
        QVERIFY2(otherError.contains(QStringLiteral("is not a Tarantool console or port: it greeted with "
                                                    "\"SSH-2.0-OpenSSH_9.2")),
                 qPrintable(otherError));
        // Nothing listening on a TCP port.
        InstanceAddress closedPort;
        closedPort.host = QStringLiteral("127.0.0.1");
        closedPort.port = 1;
        QVERIFY(!TarantoolConsole::open(closedPort, kTimeoutMs, &error));
        QVERIFY2(error.startsWith(QStringLiteral("Nothing listens at 127.0.0.1:1 (connection refused)")),
                 qPrintable(error));
    }

    void aTarantoolWithoutProfilersSaysWhatIsNeeded()
    {
        TarantoolInstance instance; // 2.6.0: misc is nil
        QVERIFY2(instance.ready(), instance.output().constData());
        auto console = consoleOf(instance);
        QVERIFY(console);
        RemoteProfiler memory(*console, ProfilerKind::Memory);
        QCOMPARE(memory.check().value_or(QString()),
                 QStringLiteral("Tarantool 2.6.0 at %1 has no memory profiler: misc.memprof came with Tarantool "
                                "2.7.1. Upgrade the instance to record its memory.")
                     .arg(instance.consolePath()));
        RemoteProfiler cpu(*console, ProfilerKind::Cpu);
        QVERIFY(cpu.check().value_or(QString()).contains(QStringLiteral("misc.sysprof came with Tarantool 2.10.0")));
    }

    void aRecordingComesBackOverTheConsole()
    {
        const QString fixture = test::fixture(QStringLiteral("v3/leak.bin"));
        TarantoolInstance instance(standInProfilers(fixture));
        QVERIFY2(instance.ready(), instance.output().constData());
        auto console = consoleOf(instance);
        QVERIFY(console);
        RemoteProfiler profiler(*console, ProfilerKind::Memory);
        QCOMPARE(profiler.check(), std::nullopt);
        QCOMPARE(profiler.start(), std::nullopt);
        QVERIFY(profiler.running());
        QThread::msleep(50);
        QCOMPARE(profiler.stop(), std::nullopt);
        QBuffer out;
        out.open(QIODevice::WriteOnly);
        qint64 received = 0;
        std::vector<std::uint64_t> progress;
        DecodeControl control;
        control.progress = [&](std::uint64_t done, std::uint64_t) { progress.push_back(done); };
        profiler.setChunkBytes(10000);
        QCOMPARE(profiler.fetch(out, control, &received), std::nullopt);
        const QByteArray expected = fileBytes(fixture);
        QCOMPARE(received, expected.size());
        QVERIFY(out.data() == expected);
        QCOMPARE(progress.size(), static_cast<std::size_t>((expected.size() + 9999) / 10000));
        const QByteArray remote = profiler.remotePath();
        QVERIFY(QFile::exists(QString::fromUtf8(remote)));
        QCOMPARE(profiler.remove(), std::nullopt);
        QVERIFY(!QFile::exists(QString::fromUtf8(remote)));
    }

    void aCpuRecordingComesBackOverTheBinaryPort()
    {
        const QString fixture = test::fixture(QStringLiteral("sysprof/recursion-C-jitoff.bin"));
        TarantoolInstance instance(standInProfilers(fixture));
        QVERIFY2(instance.ready(), instance.output().constData());
        QString error;
        auto port = TarantoolBinaryPort::open(unixAddress(instance.binaryPath()), QStringLiteral("profiler"),
                                              QStringLiteral("secret"), kTimeoutMs, &error);
        QVERIFY2(port, qPrintable(error));
        RemoteProfiler profiler(*port, ProfilerKind::Cpu, {'L', 4});
        QCOMPARE(profiler.check(), std::nullopt);
        QCOMPARE(profiler.start(), std::nullopt);
        QCOMPARE(port->evaluate("return standin_started_with", kTimeoutMs).value(0).string, QByteArray("L/4"));
        QCOMPARE(profiler.stop(), std::nullopt);
        QBuffer out;
        out.open(QIODevice::WriteOnly);
        qint64 received = 0;
        QCOMPARE(profiler.fetch(out, {}, &received), std::nullopt);
        QVERIFY(out.data() == fileBytes(fixture));
        QCOMPARE(profiler.remove(), std::nullopt);
    }

    void someoneElsesRecordingIsLeftRunning()
    {
        TarantoolInstance instance(standInProfilers(test::fixture(QStringLiteral("v3/leak.bin"))));
        QVERIFY2(instance.ready(), instance.output().constData());
        auto console = consoleOf(instance);
        QVERIFY(console);
        QVERIFY(console->evaluate("return misc.memprof.start(os.tmpname())", kTimeoutMs).value(0).truthy());
        RemoteProfiler profiler(*console, ProfilerKind::Memory);
        QCOMPARE(profiler.start().value_or(QString()),
                 QStringLiteral("The memory profiler (misc.memprof) on %1 is already recording (someone else's "
                                "recording?). It was left running: record again once it has stopped.")
                     .arg(instance.consolePath()));
        QVERIFY(!profiler.running());
        QCOMPARE(profiler.stop(), std::nullopt); // stops nothing it did not start
        QVERIFY(console->evaluate("return standin_running", kTimeoutMs).value(0).truthy());
    }

    void aFullDiskIsSaidAndWhatWasWrittenComesBack()
    {
        const QString fixture = test::fixture(QStringLiteral("v3/leak.bin"));
        TarantoolInstance instance(standInProfilers(fixture));
        QVERIFY2(instance.ready(), instance.output().constData());
        auto console = consoleOf(instance);
        QVERIFY(console);
        RemoteProfiler profiler(*console, ProfilerKind::Memory);
        QCOMPARE(profiler.start(), std::nullopt);
        // Wait for some pieces to be written, then the disk "fills up".
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo(QString::fromUtf8(profiler.remotePath())).size() >= 8192, 5000);
        console->evaluate("standin_fail_stop = true", kTimeoutMs);
        QVERIFY(profiler.stop().value_or(QString()).startsWith(
            QStringLiteral("The instance's disk filled up during the recording (No space left on device)")));
        QBuffer out;
        out.open(QIODevice::WriteOnly);
        qint64 received = 0;
        QCOMPARE(profiler.fetch(out, {}, &received), std::nullopt);
        QVERIFY(received >= 8192);
        QVERIFY(received < fileBytes(fixture).size());
        QVERIFY(fileBytes(fixture).startsWith(out.data()));
    }

    void aWholeRecordingStopsBringsBackAndDeletes()
    {
        const QString fixture = test::fixture(QStringLiteral("v3/leak.bin"));
        TarantoolInstance instance(standInProfilers(fixture));
        QVERIFY2(instance.ready(), instance.output().constData());
        QTemporaryDir here;
        AttachSettings settings;
        settings.address = instance.binaryPath();
        settings.user = QStringLiteral("profiler");
        settings.password = QStringLiteral("secret");
        settings.dumpPath = here.filePath(QStringLiteral("came-back.memprof"));
        std::atomic<bool> stop = false;
        std::atomic<bool> cancel = false;
        std::vector<AttachPhase> phases;
        AttachCallbacks callbacks;
        callbacks.phase = [&](AttachPhase phase) {
            phases.push_back(phase);
            if (phase == AttachPhase::Recording)
                stop = true; // Stop, as soon as it records
        };
        const AttachOutcome outcome = recordOnInstance(settings, stop, cancel, callbacks);
        QVERIFY2(outcome.message.isEmpty(), qPrintable(outcome.message));
        QVERIFY(outcome.complete);
        QVERIFY(fileBytes(settings.dumpPath) == fileBytes(fixture));
        QCOMPARE(phases, (std::vector<AttachPhase>{AttachPhase::Connecting, AttachPhase::Recording,
                                                   AttachPhase::Stopping, AttachPhase::Transferring,
                                                   AttachPhase::Deleting}));
        // Nothing left on the instance: no stand-in dump in its temporary files.
        auto console = consoleOf(instance);
        QVERIFY(console);
        QVERIFY(!console->evaluate("return standin_running", kTimeoutMs).value(0).truthy());
    }

    // What the profiler writes comes back while it records (the viewer
    // follows the local file), and the dump is whole at the end.
    void whatItWritesComesBackWhileItRecords()
    {
        const QString fixture = test::fixture(QStringLiteral("v3/leak.bin"));
        TarantoolInstance instance(standInProfilers(fixture));
        QVERIFY2(instance.ready(), instance.output().constData());
        QTemporaryDir here;
        AttachSettings settings;
        settings.address = instance.consolePath();
        settings.stopAfterSeconds = 3;
        settings.dumpPath = here.filePath(QStringLiteral("live.memprof"));
        std::atomic<bool> stop = false;
        std::atomic<bool> cancel = false;
        std::atomic<bool> stopping = false;
        std::atomic<qint64> hereWhileRecording = 0;
        AttachCallbacks callbacks;
        callbacks.phase = [&](AttachPhase phase) {
            if (phase == AttachPhase::Stopping) {
                hereWhileRecording = QFileInfo(settings.dumpPath).size();
                stopping = true;
            }
        };
        const AttachOutcome outcome = recordOnInstance(settings, stop, cancel, callbacks);
        QVERIFY2(outcome.message.isEmpty(), qPrintable(outcome.message));
        QVERIFY(outcome.complete);
        QVERIFY(stopping);
        // The stand-in writes all but the rest kept for its stop within the
        // first second: it was here before the recording stopped.
        QCOMPARE_GT(hereWhileRecording.load(), qint64(0));
        QVERIFY(fileBytes(fixture).startsWith(fileBytes(settings.dumpPath).left(hereWhileRecording)));
        QVERIFY(fileBytes(settings.dumpPath) == fileBytes(fixture));
    }

    // The connection lost mid-recording (the instance gone): what came back
    // while it recorded is kept, a dump cut short, and the message says so.
    void aConnectionLostWhileRecordingKeepsWhatCame()
    {
        const QString fixture = test::fixture(QStringLiteral("v3/leak.bin"));
        TarantoolInstance instance(standInProfilers(fixture));
        QVERIFY2(instance.ready(), instance.output().constData());
        QTemporaryDir here;
        AttachSettings settings;
        settings.address = instance.consolePath();
        settings.dumpPath = here.filePath(QStringLiteral("lost.memprof"));
        std::atomic<bool> stop = false;
        std::atomic<bool> cancel = false;
        std::thread killer([&] {
            // Once something came back, the instance dies; then Stop.
            const QDeadlineTimer deadline(30000);
            while (QFileInfo(settings.dumpPath).size() == 0 && !deadline.hasExpired())
                std::this_thread::sleep_for(std::chrono::milliseconds(20));
            instance.kill();
            stop = true;
        });
        const AttachOutcome outcome = recordOnInstance(settings, stop, cancel, {});
        killer.join();
        QVERIFY(outcome.dumpWritten);
        QVERIFY(!outcome.complete);
        QCOMPARE_GT(outcome.bytes, qint64(0));
        QVERIFY2(outcome.message.contains(
                     QStringLiteral("The %1 bytes brought back while it recorded are kept").arg(outcome.bytes)),
                 qPrintable(outcome.message));
        QVERIFY(fileBytes(fixture).startsWith(fileBytes(settings.dumpPath)));
    }

    void closingTheViewerStopsTheProfilerFirst()
    {
        TarantoolInstance instance(standInProfilers(test::fixture(QStringLiteral("v3/leak.bin"))));
        QVERIFY2(instance.ready(), instance.output().constData());
        QTemporaryDir here;
        AttachSettings settings;
        settings.address = instance.consolePath();
        settings.dumpPath = here.filePath(QStringLiteral("cancelled.memprof"));
        std::atomic<bool> stop = false;
        std::atomic<bool> cancel = false;
        AttachCallbacks callbacks;
        callbacks.phase = [&](AttachPhase phase) {
            if (phase == AttachPhase::Recording)
                cancel = true; // the viewer closes mid-recording
        };
        const AttachOutcome outcome = recordOnInstance(settings, stop, cancel, callbacks);
        QVERIFY(!outcome.complete);
        QVERIFY2(outcome.message.startsWith(QStringLiteral("Cancelled after 0 of")), qPrintable(outcome.message));
        auto console = consoleOf(instance);
        QVERIFY(console);
        QVERIFY(!console->evaluate("return standin_running", kTimeoutMs).value(0).truthy());
    }

    void aDroppedConnectionKeepsWhatCameBack()
    {
        const QString fixture = test::fixture(QStringLiteral("v3/leak.bin"));
        TarantoolInstance instance(standInProfilers(fixture));
        QVERIFY2(instance.ready(), instance.output().constData());
        auto console = consoleOf(instance);
        QVERIFY(console);
        RemoteProfiler profiler(*console, ProfilerKind::Memory);
        QCOMPARE(profiler.start(), std::nullopt);
        QCOMPARE(profiler.stop(), std::nullopt);
        QBuffer out;
        out.open(QIODevice::WriteOnly);
        qint64 received = 0;
        DecodeControl control;
        control.progress = [&](std::uint64_t, std::uint64_t) { instance.kill(); };
        profiler.setChunkBytes(4096);
        const QString message = profiler.fetch(out, control, &received).value_or(QString());
        QVERIFY2(message.startsWith(QStringLiteral("Bringing the dump back from %1 stopped after 4096 of %2 bytes: ")
                                        .arg(instance.consolePath())
                                        .arg(fileBytes(fixture).size())),
                 qPrintable(message));
        QCOMPARE(received, qint64(4096));
        QVERIFY(out.data() == fileBytes(fixture).left(4096));
    }
};

MEMPROF_TEST_MAIN(TestTarantoolAttach)
#include "test_tarantool_attach.moc"
