// SPDX-License-Identifier: GPL-3.0-or-later
// memprof-record: records a LuaJIT memory (memprof) or CPU (sysprof)
// profile, of a script it runs or of a running Tarantool it attaches to, as
// the viewer's File > Record does. The script's output passes through; the
// exit status is the script's (or 125 when the program has no profiler, 1
// when the recording failed). Several instances (--attach repeated,
// --instances FILE) are recorded at once into a folder, one dump each: 1
// when any of them failed, the others' dumps still written.
#include "model/record/ClusterDumpNames.h"
#include "model/record/ClusterRecording.h"
#include "model/record/InstanceRecording.h"
#include "model/record/ScriptRecorder.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTextStream>
#include <QTimer>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <mutex>
#include <utility>

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

// `path` as a shell reads it back: quoted when it holds anything but
// letters, digits and /._-+=:,@.
QString shellQuoted(const QString& path)
{
    static const QRegularExpression plain(QStringLiteral(R"(^[A-Za-z0-9/._+=:,@-]+$)"));
    if (plain.match(path).hasMatch())
        return path;
    QString quoted = path;
    quoted.replace(u'\'', QStringLiteral("'\\''"));
    return u'\'' + quoted + u'\'';
}

// The instances of --instances FILE: one address a line; blank lines and
// what follows a # are left out.
std::optional<QStringList> readInstances(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) {
        *error = QStringLiteral("cannot read %1: %2").arg(path, file.errorString());
        return std::nullopt;
    }
    QStringList addresses;
    while (!file.atEnd()) {
        const QString line = QString::fromUtf8(file.readLine()).section(u'#', 0, 0).trimmed();
        if (!line.isEmpty())
            addresses << line;
    }
    return addresses;
}

// Several instances at once (ClusterRecording.h) into `folder`, one dump
// each named after its instance; each failure said with its instance's
// address, and how to open the dumps as one profile.
int attachCluster(const AttachSettings& shared, const QStringList& addresses, const QString& folder)
{
    if (!QDir().mkpath(folder)) {
        say(QStringLiteral("cannot make the folder %1").arg(folder));
        return 1;
    }
    const QStringList names = clusterDumpNames(addresses);
    std::vector<AttachSettings> instances;
    for (qsizetype i = 0; i < addresses.size(); ++i) {
        AttachSettings one = shared;
        one.address = addresses.at(i);
        one.dumpPath = QDir(folder).filePath(names.at(i));
        instances.push_back(one);
    }
    say(QStringLiteral("recording on %1 instances%2")
            .arg(addresses.size())
            .arg(shared.stopAfterSeconds == 0 ? QStringLiteral(" until Ctrl+C") : QString()));
    // The instances' threads report: one line at a time.
    std::mutex saying;
    bool transferring = false;
    ClusterCallbacks callbacks;
    callbacks.phase = [&](std::size_t instance, AttachPhase phase) {
        const std::lock_guard lock(saying);
        if (phase == AttachPhase::Recording)
            say(QStringLiteral("recording on %1").arg(instances[instance].address));
        // Once, when the first dump starts coming back.
        if (phase == AttachPhase::Transferring && !std::exchange(transferring, true))
            say(QStringLiteral("bringing the dumps back"));
    };
    const ClusterOutcome outcome = recordCluster(instances, stopRequested, cancelRequested, callbacks);
    QStringList complete;
    for (std::size_t i = 0; i < instances.size(); ++i) {
        const AttachOutcome& one = outcome.instances[i];
        if (!one.complete)
            say(instanceFailure(instances[i], one));
        else if (!one.message.isEmpty())
            say(QStringLiteral("%1: %2").arg(instances[i].address, one.message));
        if (one.dumpWritten)
            say(QStringLiteral("wrote %1 (%2 bytes%3)")
                    .arg(instances[i].dumpPath)
                    .arg(one.bytes)
                    .arg(one.complete ? QString() : QStringLiteral(", cut short")));
        if (one.complete)
            complete << shellQuoted(instances[i].dumpPath);
    }
    if (outcome.started > 1)
        say(QStringLiteral("the profilers started within %1 ms of each other").arg(outcome.startSpread.count()));
    if (complete.isEmpty()) {
        say(QStringLiteral("no instance was recorded"));
    } else {
        say(QStringLiteral("%1 of %2 instances recorded; open them as one profile with:")
                .arg(complete.size())
                .arg(instances.size()));
        std::cerr << "  memprof-viewer --merge " << complete.join(u' ').toStdString() << '\n';
        std::cerr << "  memprof-report --merge " << complete.join(u' ').toStdString() << '\n';
    }
    return outcome.allComplete() ? 0 : 1;
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
                                    QStringLiteral("Write the dump to DUMP (required); with several instances, "
                                                   "the folder their dumps go in."),
                                    QStringLiteral("DUMP"));
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
                                                     "(/var/run/tarantool/app.control, unix/:PATH) or HOST:PORT. "
                                                     "Repeated: record them all at once, -o then names a folder "
                                                     "that gets one dump per instance."),
                                      QStringLiteral("ADDRESS"));
    const QCommandLineOption instancesFile(QStringLiteral("instances"),
                                           QStringLiteral("Record at once the running Tarantools listed in FILE, "
                                                          "one address a line (# starts a comment), into the "
                                                          "folder -o names."),
                                           QStringLiteral("FILE"));
    const QCommandLineOption user(QStringLiteral("user"),
                                  QStringLiteral("With --attach: connect to the binary port as USER (its "
                                                 "password from the MEMPROF_PASSWORD environment variable or "
                                                 "--password-file) instead of the console."),
                                  QStringLiteral("USER"));
    const QCommandLineOption passwordFile(QStringLiteral("password-file"),
                                          QStringLiteral("Read the --user's password from FILE's first line."),
                                          QStringLiteral("FILE"));
    parser.addOptions(
        {output, cpu, mode, interval, duration, program, workingFolder, attachTo, instancesFile, user, passwordFile});
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
    if (parser.isSet(attachTo) || parser.isSet(instancesFile)) {
        if (!parser.positionalArguments().isEmpty())
            return usageError(QStringLiteral("--attach records a running instance: no SCRIPT"));
        QStringList addresses = parser.values(attachTo);
        if (parser.isSet(instancesFile)) {
            QString error;
            const std::optional<QStringList> listed = readInstances(parser.value(instancesFile), &error);
            if (!listed)
                return usageError(error);
            if (listed->isEmpty())
                return usageError(QStringLiteral("%1 lists no instance").arg(parser.value(instancesFile)));
            addresses << *listed;
        }
        addresses.removeDuplicates();
        AttachSettings settings;
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
        if (addresses.size() > 1 || parser.isSet(instancesFile))
            return attachCluster(settings, addresses, parser.value(output));
        settings.address = addresses.first();
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
