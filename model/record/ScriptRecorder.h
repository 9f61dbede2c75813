// SPDX-License-Identifier: GPL-3.0-or-later
// Records a script: runs it under a LuaJIT or Tarantool with a profiler
// (RecordingWrapper.h), passes on what it prints, and stops it when asked
// (Stop) or after the time set: an interrupt first, so the profiler writes
// the dump's end, and a kill if the program does not end by itself soon
// after. Asynchronous (QProcess): the GUI thread drives it without waiting.
#pragma once

#include "model/record/LaunchSettings.h"

#include <QByteArray>
#include <QObject>
#include <QProcess>
#include <QTimer>

#include <memory>

namespace memprof::record {

struct RecordingOutcome {
    bool dumpWritten = false; // the dump file exists and is not empty
    bool stoppedEarly = false; // by Stop or the time set, not by the script's end
    bool killed = false; // it did not end after the interrupt and was killed: the dump lacks its end
    int exitStatus = 0;
    // What happened, in a sentence; empty for a script that ended well.
    QString message;
};

class ScriptRecorder : public QObject {
    Q_OBJECT
public:
    // How long a program has to end after the interrupt before it is killed.
    static constexpr int kGraceMs = 10000;

    explicit ScriptRecorder(LaunchSettings settings, QObject* parent = nullptr);
    // A recording still running is stopped (and the program killed if it
    // does not end within the grace period): no profiled process outlives
    // the viewer.
    ~ScriptRecorder() override;

    void start();
    void stop();
    bool isRunning() const { return process_.state() != QProcess::NotRunning; }
    const LaunchSettings& settings() const { return settings_; }

signals:
    void outputReceived(const QByteArray& text, bool errorOutput);
    void finished(const memprof::record::RecordingOutcome& outcome);

private:
    void interrupt();
    void onFinished(int exitCode, QProcess::ExitStatus status);
    void fail(const QString& message);

    LaunchSettings settings_;
    QProcess process_;
    QTimer stopTimer_;
    QTimer killTimer_;
    bool stoppedEarly_ = false;
    bool killed_ = false;
};

} // namespace memprof::record

Q_DECLARE_METATYPE(memprof::record::RecordingOutcome)
