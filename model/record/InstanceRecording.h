// SPDX-License-Identifier: GPL-3.0-or-later
// A whole recording on a running Tarantool, start to dump: connect (its
// console, or its binary port with a user), check and start the profiler,
// wait for Stop or the time set, stop it, bring the dump back into a local
// file and delete it on the instance. Blocking: the viewer runs it on a
// worker (a job), memprof-record on its main thread. Whatever happens after
// the profiler started, it is stopped before this returns, and what came
// back is kept.
#pragma once

#include "model/dump/DecodeControl.h"
#include "model/record/RemoteProfiler.h"

#include <QFile>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>

namespace memprof::record {

struct AttachSettings {
    QString address; // as parseInstanceAddress reads it
    QString user; // empty: the admin console; else the binary port's user
    QString password;
    ProfilerKind kind = ProfilerKind::Memory;
    CpuProfilerOptions cpu;
    int stopAfterSeconds = 0; // 0: until `stopRecording` is raised
    QString dumpPath; // the local file the dump is brought into
};

struct AttachOutcome {
    bool dumpWritten = false; // dumpPath holds what came back (maybe cut short)
    qint64 bytes = 0;
    bool complete = false; // the whole dump came back
    // Why nothing or not all came back, or a warning (a full disk on the
    // instance); empty when all went well.
    QString message;
};

// The phases a recording goes through, for a status line.
enum class AttachPhase { Connecting, Recording, Stopping, Transferring, Deleting };

// "Recording on the instance", "Bringing the dump back…": a phase in a
// status line or a list of instances.
QString phaseWords(AttachPhase phase);

struct AttachCallbacks {
    std::function<void(AttachPhase)> phase;
    // Bytes brought back, of the dump's size.
    std::function<void(std::uint64_t, std::uint64_t)> transferred;
};

// One recording's steps, taken in order by whoever runs it: one instance
// (recordOnInstance) or several at once (ClusterRecording.h), which
// connects to all before it starts any. A step that fails sets the
// outcome's message and returns false; the steps after it are not taken.
class InstanceSession {
public:
    InstanceSession(AttachSettings settings, AttachCallbacks callbacks);
    ~InstanceSession();
    InstanceSession(const InstanceSession&) = delete;
    InstanceSession& operator=(const InstanceSession&) = delete;

    // Connects and checks that the instance has the profiler.
    bool connect();
    // Opens the local dump and starts the profiler.
    bool start();
    // Until Stop, Cancel or the time set, bringing back what the profiler
    // writes about once a second.
    void record(const std::atomic<bool>& stopRecording, const std::atomic<bool>& cancel);
    // Stops the profiler, brings the dump back and deletes it there.
    void finish(const std::atomic<bool>& cancel);

    const AttachSettings& settings() const { return settings_; }
    const AttachOutcome& outcome() const { return outcome_; }

private:
    void announce(AttachPhase phase) const;

    AttachSettings settings_;
    AttachCallbacks callbacks_;
    std::unique_ptr<RemoteLua> instance_;
    std::unique_ptr<RemoteProfiler> profiler_;
    QFile out_;
    AttachOutcome outcome_;
};

// `stopRecording` ends the recording (Stop); `cancel` also ends the
// transfer (Cancel, the viewer closing): the profiler is stopped either way.
AttachOutcome recordOnInstance(const AttachSettings& settings, const std::atomic<bool>& stopRecording,
                               const std::atomic<bool>& cancel, const AttachCallbacks& callbacks = {});

} // namespace memprof::record
