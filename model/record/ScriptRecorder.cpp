// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/record/ScriptRecorder.h"

#include "model/record/RecordingWrapper.h"

#include <QFile>
#include <QFileInfo>

#include <csignal>

namespace memprof::record {

ScriptRecorder::ScriptRecorder(LaunchSettings settings, QObject* parent)
    : QObject(parent), settings_(std::move(settings))
{
    qRegisterMetaType<RecordingOutcome>();
    stopTimer_.setSingleShot(true);
    killTimer_.setSingleShot(true);
    connect(&stopTimer_, &QTimer::timeout, this, [this] {
        stoppedEarly_ = true;
        interrupt();
    });
    connect(&killTimer_, &QTimer::timeout, this, [this] {
        killed_ = true;
        process_.kill();
    });
    connect(&process_, &QProcess::readyReadStandardOutput, this,
            [this] { emit outputReceived(process_.readAllStandardOutput(), false); });
    connect(&process_, &QProcess::readyReadStandardError, this,
            [this] { emit outputReceived(process_.readAllStandardError(), true); });
    connect(&process_, &QProcess::finished, this, &ScriptRecorder::onFinished);
    connect(&process_, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            fail(tr("%1 cannot be run: %2").arg(settings_.program, process_.errorString()));
    });
}

ScriptRecorder::~ScriptRecorder()
{
    if (process_.state() == QProcess::NotRunning)
        return;
    disconnect(&process_, nullptr, this, nullptr);
    interrupt();
    if (!process_.waitForFinished(kGraceMs)) {
        process_.kill();
        process_.waitForFinished(kGraceMs);
    }
}

void ScriptRecorder::fail(const QString& message)
{
    stopTimer_.stop();
    killTimer_.stop();
    RecordingOutcome outcome;
    outcome.message = message;
    outcome.exitStatus = -1;
    emit finished(outcome);
}

void ScriptRecorder::start()
{
    if (!QFileInfo(settings_.script).isFile()) {
        fail(tr("There is no script %1.").arg(settings_.script));
        return;
    }
    // A dump from an earlier run must not pass for this run's.
    QFile::remove(settings_.dumpPath);
    const QString folder = settings_.workingFolder.isEmpty() ? QFileInfo(settings_.script).absolutePath()
                                                              : settings_.workingFolder;
    process_.setWorkingDirectory(folder);
    // No input: Tarantool would read a script from it.
    process_.setStandardInputFile(QProcess::nullDevice());
    process_.start(settings_.program, {QStringLiteral("-e"), QString::fromUtf8(recordingWrapper(settings_))});
    if (settings_.stopAfterSeconds > 0)
        stopTimer_.start(settings_.stopAfterSeconds * 1000);
}

void ScriptRecorder::stop()
{
    if (process_.state() == QProcess::NotRunning)
        return;
    stoppedEarly_ = true;
    interrupt();
}

void ScriptRecorder::interrupt()
{
    stopTimer_.stop();
    // SIGINT: LuaJIT raises "interrupted!" in the script, the wrapper stops
    // the profiler; Tarantool runs its shutdown triggers.
    if (const qint64 pid = process_.processId(); pid > 0)
        ::kill(static_cast<pid_t>(pid), SIGINT);
    if (!killTimer_.isActive())
        killTimer_.start(kGraceMs);
}

void ScriptRecorder::onFinished(int exitCode, QProcess::ExitStatus status)
{
    stopTimer_.stop();
    killTimer_.stop();
    RecordingOutcome outcome;
    outcome.exitStatus = exitCode;
    outcome.stoppedEarly = stoppedEarly_;
    outcome.killed = killed_;
    outcome.dumpWritten = QFileInfo(settings_.dumpPath).size() > 0;
    const QString program = QFileInfo(settings_.program).fileName();
    if (killed_)
        outcome.message = tr("%1 did not end within %2 s of the interrupt and was killed: the dump lacks its end "
                             "and opens as one cut short.")
                              .arg(program)
                              .arg(kGraceMs / 1000);
    else if (status == QProcess::CrashExit)
        outcome.message = tr("%1 crashed: the dump lacks its end and opens as one cut short.").arg(program);
    else if (exitCode == kProfilerUnavailableStatus)
        outcome.message = settings_.kind == ProfilerKind::Memory
                              ? tr("%1 has no memory profiler: record with tarantool/luajit's luajit or Tarantool "
                                   "2.7.1 or later (its error output says what it is).")
                                    .arg(program)
                              : tr("%1 has no CPU profiler: record with tarantool/luajit's luajit or Tarantool "
                                   "2.10 or later (its error output says what it is).")
                                    .arg(program);
    else if (exitCode != 0 && !stoppedEarly_)
        outcome.message = tr("The script ended with status %1 (its error output says why).").arg(exitCode);
    if (!outcome.dumpWritten && outcome.message.isEmpty())
        outcome.message = tr("The profiler wrote nothing to %1.").arg(settings_.dumpPath);
    emit finished(outcome);
}

} // namespace memprof::record
