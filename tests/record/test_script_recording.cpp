// SPDX-License-Identifier: GPL-3.0-or-later
// Recording a script with a real memprof- and sysprof-capable LuaJIT
// (tarantool/luajit: ../shared/runtime/luajit, or the one
// MEMPROF_RECORDING_LUAJIT names; skipped with the reason where there is
// none): the dump is whole whether the script ends, fails, is stopped or
// runs out of time; its output and status are passed on; a program without
// the profiler (Debian's Tarantool 2.6) is said to be one.
#include "model/memprofile/ProfileLoader.h"
#include "model/record/ScriptRecorder.h"
#include "model/record/ShellWords.h"
#include "model/sysprofile/SysprofLoader.h"
#include "tests/support/FileInFolder.h"
#include "tests/support/TarantoolInstance.h"
#include "tests/support/TestSuite.h"

#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace memprof;
using namespace memprof::record;

namespace {

QString recordingLuajit()
{
    const QString named = qEnvironmentVariable("MEMPROF_RECORDING_LUAJIT");
    return !named.isEmpty() ? named : QStringLiteral(MEMPROF_RECORDING_LUAJIT);
}

// Runs `settings` to its end; the outcome and what the script printed.
struct Run {
    RecordingOutcome outcome;
    QByteArray output;
    QByteArray errorOutput;
    bool ended = false;
};

Run runRecording(const LaunchSettings& settings, const std::function<void(ScriptRecorder&)>& whileRunning = {})
{
    Run run;
    ScriptRecorder recorder(settings);
    QObject::connect(&recorder, &ScriptRecorder::outputReceived, [&](const QByteArray& text, bool error) {
        (error ? run.errorOutput : run.output) += text;
    });
    QObject::connect(&recorder, &ScriptRecorder::finished, [&](const RecordingOutcome& outcome) {
        run.outcome = outcome;
        run.ended = true;
    });
    recorder.start();
    if (whileRunning)
        whileRunning(recorder);
    run.ended = QTest::qWaitFor([&] { return run.ended; }, 60000);
    return run;
}

} // namespace

class TestScriptRecording : public QObject {
    Q_OBJECT
private:
    QTemporaryDir folder_;

    QString writeScript(const QString& name, const QByteArray& text) { return test::writeFile(folder_, name, text); }
    LaunchSettings settingsFor(const QString& script, const QString& dump)
    {
        LaunchSettings settings;
        settings.program = recordingLuajit();
        settings.script = script;
        settings.dumpPath = folder_.filePath(dump);
        return settings;
    }
    QString foreverScript()
    {
        return writeScript(QStringLiteral("forever.lua"), "jit.off()\nlocal t, i = {}, 0\nprint('running')\n"
                                                          "io.stdout:flush()\n"
                                                          "while true do i = i + 1 t[i % 1000 + 1] = {i} end\n");
    }

private slots:
    void init()
    {
        if (!QFile::exists(recordingLuajit()))
            QSKIP("no memprof-capable LuaJIT (set MEMPROF_RECORDING_LUAJIT or the CMake option of that name)");
    }

    void aScriptIsRecordedWithItsArgumentsAndOutput()
    {
        const QString script = writeScript(QStringLiteral("leaky.lua"),
                                           "keep = {}\nfor i = 1, 20000 do keep[i] = {i} end\n"
                                           "print('args', arg[0]:match('[^/]*$'), ...)\n"
                                           "io.stderr:write('to stderr\\n')\n");
        LaunchSettings settings = settingsFor(script, QStringLiteral("leaky.memprof"));
        settings.arguments = {QStringLiteral("one"), QStringLiteral("two words")};
        const Run run = runRecording(settings);
        QVERIFY(run.ended);
        QVERIFY2(run.outcome.message.isEmpty(), qPrintable(run.outcome.message));
        QCOMPARE(run.outcome.exitStatus, 0);
        QVERIFY(run.outcome.dumpWritten);
        QVERIFY(!run.outcome.stoppedEarly);
        QCOMPARE(run.output, QByteArray("args\tleaky.lua\tone\ttwo words\n"));
        QCOMPARE(run.errorOutput, QByteArray("to stderr\n"));
        const Profile profile = loadProfile(QFile::encodeName(settings.dumpPath).toStdString());
        QCOMPARE(profile.status.end, DecodeEnd::Complete);
        // The script's line 2 allocated the tables it kept.
        bool lineTwo = false;
        for (const LocationInfo& location : profile.locations)
            lineTwo = lineTwo || location.name.ends_with("leaky.lua:2");
        QVERIFY(lineTwo);
    }

    void aCpuRecordingTakesItsModeAndInterval()
    {
        const QString script =
            writeScript(QStringLiteral("busy.lua"), "jit.off()\nlocal s = 0\nfor i = 1, 3e7 do s = s + i % 7 end\n");
        LaunchSettings settings = settingsFor(script, QStringLiteral("busy.sysprof"));
        settings.kind = ProfilerKind::Cpu;
        settings.cpu = {'L', 1};
        const Run run = runRecording(settings);
        QVERIFY2(run.outcome.message.isEmpty(), qPrintable(run.outcome.message + run.errorOutput));
        const SysprofProfile profile = loadSysprof(QFile::encodeName(settings.dumpPath).toStdString());
        QCOMPARE(profile.status.end, DecodeEnd::Complete);
        QVERIFY(profile.sampleCount > 0);
        QCOMPARE(profile.mode(), SysprofMode::L); // leaf frames only: no host chains
    }

    void theTimeSetStopsItWithTheDumpWhole()
    {
        LaunchSettings settings = settingsFor(foreverScript(), QStringLiteral("forever.memprof"));
        settings.stopAfterSeconds = 1;
        const Run run = runRecording(settings);
        QVERIFY(run.outcome.stoppedEarly);
        QVERIFY(!run.outcome.killed);
        QVERIFY2(run.outcome.message.isEmpty(), qPrintable(run.outcome.message));
        QVERIFY(run.errorOutput.contains("interrupted!"));
        const Profile profile = loadProfile(QFile::encodeName(settings.dumpPath).toStdString());
        QCOMPARE(profile.status.end, DecodeEnd::Complete);
    }

    void stopEndsItWithTheDumpWhole()
    {
        LaunchSettings settings = settingsFor(foreverScript(), QStringLiteral("stopped.sysprof"));
        settings.kind = ProfilerKind::Cpu;
        QByteArray seen;
        const Run run = runRecording(settings, [&](ScriptRecorder& recorder) {
            QObject::connect(&recorder, &ScriptRecorder::outputReceived,
                             [&](const QByteArray& text, bool) { seen += text; });
            QTRY_VERIFY_WITH_TIMEOUT(seen.contains("running"), 20000);
            QTest::qWait(300);
            recorder.stop();
        });
        QVERIFY(run.outcome.stoppedEarly);
        QVERIFY2(run.outcome.message.isEmpty(), qPrintable(run.outcome.message));
        const SysprofProfile profile = loadSysprof(QFile::encodeName(settings.dumpPath).toStdString());
        QCOMPARE(profile.status.end, DecodeEnd::Complete);
        QVERIFY(profile.sampleCount > 0);
    }

    void aFailingScriptSaysSoAndKeepsItsDump()
    {
        const QString script = writeScript(QStringLiteral("fails.lua"), "local t = {}\nerror('no such user')\n");
        LaunchSettings settings = settingsFor(script, QStringLiteral("fails.memprof"));
        const Run run = runRecording(settings);
        QCOMPARE(run.outcome.exitStatus, 1);
        QCOMPARE(run.outcome.message, QStringLiteral("The script ended with status 1 (its error output says why)."));
        QVERIFY(run.errorOutput.contains("fails.lua:2: no such user"));
        QCOMPARE(loadProfile(QFile::encodeName(settings.dumpPath).toStdString()).status.end, DecodeEnd::Complete);
    }

    void aProgramWithoutTheProfilerIsSaidToBeOne()
    {
        const QString tarantool = test::TarantoolInstance::executable();
        if (tarantool.isEmpty())
            QSKIP("no `tarantool` on PATH (make deps installs Debian's)");
        LaunchSettings settings = settingsFor(writeScript(QStringLiteral("any.lua"), "print(1)\n"),
                                              QStringLiteral("none.memprof"));
        settings.program = tarantool;
        const Run run = runRecording(settings);
        QCOMPARE(run.outcome.exitStatus, 125);
        QVERIFY(run.outcome.message.startsWith(QStringLiteral("tarantool has no memory profiler")));
        QVERIFY2(run.errorOutput.contains("no misc.memprof here (Tarantool 2.6.0"), run.errorOutput.constData());
        QVERIFY(!run.outcome.dumpWritten);
    }

    void theCommandLineRecordsAndAttaches()
    {
        const QString script = writeScript(QStringLiteral("cli.lua"), "keep = {}\nfor i = 1, 5000 do keep[i] = {i} end\n"
                                                                      "print('ran with', ...)\n");
        const QString dump = folder_.filePath(QStringLiteral("cli.memprof"));
        QProcess cli;
        cli.start(QStringLiteral(MEMPROF_RECORD_EXE),
                  {QStringLiteral("--luajit"), recordingLuajit(), QStringLiteral("-o"), dump, script,
                   QStringLiteral("--not-an-option")});
        QVERIFY(cli.waitForFinished(60000));
        QCOMPARE(cli.exitCode(), 0);
        QCOMPARE(cli.readAllStandardOutput(), QByteArray("ran with\t--not-an-option\n"));
        QVERIFY(cli.readAllStandardError().contains("wrote " + dump.toUtf8()));
        QCOMPARE(loadProfile(QFile::encodeName(dump).toStdString()).status.end, DecodeEnd::Complete);
        // A Tarantool without a profiler, attached to: the message, status 1.
        if (test::TarantoolInstance::executable().isEmpty())
            return;
        test::TarantoolInstance instance;
        QVERIFY(instance.ready());
        cli.start(QStringLiteral(MEMPROF_RECORD_EXE),
                  {QStringLiteral("--attach"), instance.consolePath(), QStringLiteral("--duration"),
                   QStringLiteral("1"), QStringLiteral("-o"), folder_.filePath(QStringLiteral("none.memprof"))});
        QVERIFY(cli.waitForFinished(60000));
        QCOMPARE(cli.exitCode(), 1);
        QVERIFY(cli.readAllStandardError().contains("has no memory profiler: misc.memprof came with Tarantool 2.7.1"));
        // Usage errors: status 2.
        cli.start(QStringLiteral(MEMPROF_RECORD_EXE), {script});
        QVERIFY(cli.waitForFinished(60000));
        QCOMPARE(cli.exitCode(), 2);
        QVERIFY(cli.readAllStandardError().contains("no -o DUMP given"));
    }

    void argumentsSplitAsAShellSplitsThem()
    {
        QString error;
        QCOMPARE(record::shellWords(QStringLiteral("--port 3301 'two words' \"a \\\"b\\\"\" c\\ d"), &error).value(),
                 (QStringList{QStringLiteral("--port"), QStringLiteral("3301"), QStringLiteral("two words"),
                              QStringLiteral("a \"b\""), QStringLiteral("c d")}));
        QCOMPARE(record::shellWords(QStringLiteral("  "), &error).value(), QStringList());
        QVERIFY(!record::shellWords(QStringLiteral("$(touch /tmp/never)"), &error));
        QVERIFY2(error.contains(QStringLiteral("command substitution")), qPrintable(error));
        QVERIFY(!record::shellWords(QStringLiteral("'unclosed"), &error));
        QVERIFY(!record::shellWords(QStringLiteral("a; b"), &error));
        QVERIFY2(error.contains(QStringLiteral("quote it")), qPrintable(error));
    }

    void aProgramThatIsNotThereIsSaid()
    {
        LaunchSettings settings = settingsFor(writeScript(QStringLiteral("any.lua"), "print(1)\n"),
                                              QStringLiteral("none.memprof"));
        settings.program = folder_.filePath(QStringLiteral("no-such-luajit"));
        const Run run = runRecording(settings);
        QVERIFY2(run.outcome.message.startsWith(QStringLiteral("%1 cannot be run").arg(settings.program)),
                 qPrintable(run.outcome.message));
    }
};

MEMPROF_TEST_MAIN(TestScriptRecording)
#include "test_script_recording.moc"
