// SPDX-License-Identifier: GPL-3.0-or-later
// memprof-record: records a LuaJIT memory (memprof) or CPU (sysprof)
// profile, of a script it runs or of a running Tarantool it attaches to, as
// the viewer's File > Record does. The script's output passes through; the
// exit status is the script's (or 125 when the program has no profiler, 1
// when the recording failed).
#include "model/record/InstanceRecording.h"
#include "model/record/ScriptRecorder.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTextStream>
#include <QTimer>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <iostream>

#include <unistd.h>

using namespace memprof::record;

namespace {

std::atomic<bool> stopRequested = false;
std::atomic<bool> cancelRequested = false;

// Ctrl+C once stops the recording (the dump is still brought back); twice
// also cancels the transfer.
void onInterrupt(int)
{
    if (stopRequested.exchange(true))
        cancelRequested = true;
}

void say(const QString& text)
{
    std::cerr << "memprof-record: " << text.toStdString() << '\n';
}

QString defaultProgram()
{
    for (const char* name : {"luajit", "tarantool"})
        if (const QString found = QStandardPaths::findExecutable(QString::fromLatin1(name)); !found.isEmpty())
            return found;
    return QStringLiteral("luajit");
}

int recordScript(const LaunchSettings& settings)
{
    ScriptRecorder recorder(settings);
    int status = 1;
    QObject::connect(&recorder, &ScriptRecorder::outputReceived, [](const QByteArray& text, bool error) {
        std::FILE* stream = error ? stderr : stdout;
        std::fwrite(text.constData(), 1, static_cast<std::size_t>(text.size()), stream);
        std::fflush(stream);
    });
    QObject::connect(&recorder, &ScriptRecorder::finished, [&](const RecordingOutcome& outcome) {
        if (!outcome.message.isEmpty())
            say(outcome.message);
        if (outcome.dumpWritten)
            say(QStringLiteral("wrote %1 (%2 bytes)")
                    .arg(settings.dumpPath)
                    .arg(QFileInfo(settings.dumpPath).size()));
        status = outcome.exitStatus < 0 ? 1 : outcome.stoppedEarly ? 0 : outcome.exitStatus;
        QCoreApplication::exit(status);
    });
    // The terminal's Ctrl+C reaches the script too; the recorder's own
    // interrupt covers a SIGINT sent to memprof-record alone.
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, [&] {
        if (stopRequested)
            recorder.stop();
    });
    poll.start(100);
    recorder.start();
    QCoreApplication::exec();
    return status;
}

int attach(const AttachSettings& settings)
{
    if (settings.stopAfterSeconds == 0)
        say(QStringLiteral("recording on %1 until Ctrl+C").arg(settings.address));
    AttachCallbacks callbacks;
    int lastPercent = -1;
    callbacks.phase = [&](AttachPhase phase) {
        switch (phase) {
        case AttachPhase::Recording:
            say(QStringLiteral("recording"));
            break;
        case AttachPhase::Transferring:
            say(QStringLiteral("bringing the dump back"));
            break;
        default:
            break;
        }
    };
    callbacks.transferred = [&](std::uint64_t done, std::uint64_t total) {
        const int percent = total ? static_cast<int>(done * 100 / total) : 100;
        if (percent / 10 != lastPercent / 10 && isatty(STDERR_FILENO))
            std::cerr << "\r" << percent << "% of " << total << " bytes" << (done == total ? "\n" : "") << std::flush;
        lastPercent = percent;
    };
    const AttachOutcome outcome = recordOnInstance(settings, stopRequested, cancelRequested, callbacks);
    if (!outcome.message.isEmpty())
        say(outcome.message);
    if (outcome.dumpWritten)
        say(QStringLiteral("wrote %1 (%2 bytes%3)")
                .arg(settings.dumpPath)
                .arg(outcome.bytes)
                .arg(outcome.complete ? QString() : QStringLiteral(", cut short")));
    return outcome.complete ? 0 : 1;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("memprof-record"));
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Record a LuaJIT memory (memprof) or CPU (sysprof) profile of SCRIPT, run by a\n"
                       "tarantool/luajit luajit or Tarantool, or of a running Tarantool (--attach).\n"
                       "Open the dump with memprof-viewer; Ctrl+C stops the recording."));
    parser.addHelpOption();
    parser.setOptionsAfterPositionalArgumentsMode(QCommandLineParser::ParseAsPositionalArguments);
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")},
                                    QStringLiteral("Write the dump to DUMP (required)."), QStringLiteral("DUMP"));
    const QCommandLineOption cpu(QStringLiteral("cpu"), QStringLiteral("Record CPU time (sysprof), not memory."));
    const QCommandLineOption mode(QStringLiteral("mode"),
                                  QStringLiteral("sysprof's mode: D (VM states), L (Lua frames), C (with host "
                                                 "frames; the default)."),
                                  QStringLiteral("MODE"), QStringLiteral("C"));
    const QCommandLineOption interval(QStringLiteral("interval"),
                                      QStringLiteral("sysprof's sampling interval in ms (default 10)."),
                                      QStringLiteral("MS"), QStringLiteral("10"));
    const QCommandLineOption duration(QStringLiteral("duration"),
                                      QStringLiteral("Stop after SECONDS (default: when the script ends; with "
                                                     "--attach, at Ctrl+C)."),
                                      QStringLiteral("SECONDS"), QStringLiteral("0"));
    const QCommandLineOption program(QStringLiteral("luajit"),
                                     QStringLiteral("The LuaJIT or Tarantool that runs SCRIPT (default: luajit, "
                                                    "else tarantool, on PATH)."),
                                     QStringLiteral("PROGRAM"));
    const QCommandLineOption workingFolder(QStringLiteral("cwd"),
                                           QStringLiteral("Run SCRIPT in FOLDER (default: the script's folder)."),
                                           QStringLiteral("FOLDER"));
    const QCommandLineOption attachTo(QStringLiteral("attach"),
                                      QStringLiteral("Record a running Tarantool: its console socket "
                                                     "(/var/run/tarantool/app.control, unix/:PATH) or HOST:PORT."),
                                      QStringLiteral("ADDRESS"));
    const QCommandLineOption user(QStringLiteral("user"),
                                  QStringLiteral("With --attach: connect to the binary port as USER (its "
                                                 "password from the MEMPROF_PASSWORD environment variable or "
                                                 "--password-file) instead of the console."),
                                  QStringLiteral("USER"));
    const QCommandLineOption passwordFile(QStringLiteral("password-file"),
                                          QStringLiteral("Read the --user's password from FILE's first line."),
                                          QStringLiteral("FILE"));
    parser.addOptions({output, cpu, mode, interval, duration, program, workingFolder, attachTo, user, passwordFile});
    parser.addPositionalArgument(QStringLiteral("SCRIPT"), QStringLiteral("The Lua script to run."),
                                 QStringLiteral("SCRIPT [ARGS...]"));
    parser.process(app);

    const auto usageError = [&](const QString& text) {
        say(text);
        std::cerr << "Try memprof-record --help.\n";
        return 2;
    };
    if (!parser.isSet(output))
        return usageError(QStringLiteral("no -o DUMP given"));
    const QString modeText = parser.value(mode).toUpper();
    if (modeText.size() != 1 || !QStringLiteral("DLC").contains(modeText))
        return usageError(QStringLiteral("--mode is D, L or C, not %1").arg(parser.value(mode)));
    bool numbers = true;
    bool ok = false;
    const int intervalMs = parser.value(interval).toInt(&ok);
    numbers = numbers && ok && intervalMs > 0;
    const int seconds = parser.value(duration).toInt(&ok);
    numbers = numbers && ok && seconds >= 0;
    if (!numbers)
        return usageError(QStringLiteral("--interval and --duration take whole positive numbers"));
    const ProfilerKind kind = parser.isSet(cpu) ? ProfilerKind::Cpu : ProfilerKind::Memory;
    const CpuProfilerOptions cpuOptions{modeText.at(0).toLatin1(), intervalMs};

    std::signal(SIGINT, onInterrupt);
    if (parser.isSet(attachTo)) {
        if (!parser.positionalArguments().isEmpty())
            return usageError(QStringLiteral("--attach records a running instance: no SCRIPT"));
        AttachSettings settings;
        settings.address = parser.value(attachTo);
        settings.user = parser.value(user);
        settings.password = qEnvironmentVariable("MEMPROF_PASSWORD");
        if (parser.isSet(passwordFile)) {
            QFile file(parser.value(passwordFile));
            if (!file.open(QIODevice::ReadOnly))
                return usageError(
                    QStringLiteral("cannot read %1: %2").arg(parser.value(passwordFile), file.errorString()));
            settings.password = QString::fromUtf8(file.readLine()).trimmed();
        }
        settings.kind = kind;
        settings.cpu = cpuOptions;
        settings.stopAfterSeconds = seconds;
        settings.dumpPath = parser.value(output);
        return attach(settings);
    }
    const QStringList positional = parser.positionalArguments();
    if (positional.isEmpty())
        return usageError(QStringLiteral("no SCRIPT given (or --attach ADDRESS)"));
    LaunchSettings settings;
    settings.program = parser.isSet(program) ? parser.value(program) : defaultProgram();
    settings.script = positional.first();
    settings.arguments = positional.mid(1);
    settings.workingFolder = parser.value(workingFolder);
    settings.kind = kind;
    settings.cpu = cpuOptions;
    settings.stopAfterSeconds = seconds;
    settings.dumpPath = QFileInfo(parser.value(output)).absoluteFilePath();
    return recordScript(settings);
}
