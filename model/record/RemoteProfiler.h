// SPDX-License-Identifier: GPL-3.0-or-later
// Records a profile on a running Tarantool through any connection to it
// (RemoteLua.h): checks that the instance has the profiler, starts it into
// a temporary file on the instance, stops it, brings the dump back over the
// same connection in chunks (so a remote instance needs no shared disk or
// scp) and deletes it there. Every step's failure is said in words a user
// acts on; what was brought back before a failure is kept.
#pragma once

#include "model/dump/DecodeControl.h"
#include "model/record/RemoteLua.h"

#include <QIODevice>
#include <QString>

#include <algorithm>
#include <optional>

namespace memprof::record {

enum class ProfilerKind { Memory, Cpu };

// sysprof's options (misc.sysprof.start{mode, interval}).
struct CpuProfilerOptions {
    char mode = 'C'; // 'D' (VM states only), 'L' (leaf frames), 'C' (call chains)
    int intervalMs = 10;
};

class RemoteProfiler {
public:
    // Deadlines of the instance's answers: starting and stopping are quick;
    // a chunk of the dump may take a while over a slow link.
    static constexpr int kCallTimeoutMs = 10000;
    static constexpr int kChunkTimeoutMs = 60000;
    static constexpr qint64 kChunkBytes = 1 << 20;

    RemoteProfiler(RemoteLua& instance, ProfilerKind kind, CpuProfilerOptions cpuOptions = {});

    // Empty when the instance has the profiler; else why not (the version
    // it runs and the one needed).
    std::optional<QString> check();
    // Starts the profiler into a new temporary file on the instance. A
    // profiler that is already running there (another user's recording) is
    // left alone and said so.
    std::optional<QString> start();
    // Stops the profiler this object started. An error here (the disk
    // filled up) still leaves a dump to bring back.
    std::optional<QString> stop();
    bool running() const { return running_; }
    // Appends the dump to `out` from byte `*received` on (0: all of it; the
    // bytes brought by an earlier call: what was written since), chunk by
    // chunk, reporting progress (bytes brought, total) and stopping when
    // `control.stop` is raised; `received` counts the bytes written to
    // `out`, also after a failure.
    std::optional<QString> fetch(QIODevice& out, const DecodeControl& control, qint64* received);
    // Smaller chunks report progress more often over a slow link.
    void setChunkBytes(qint64 bytes) { chunkBytes_ = std::max<qint64>(bytes, 1); }
    // Deletes the dump on the instance.
    std::optional<QString> remove();
    // The dump's path on the instance, once started.
    const QByteArray& remotePath() const { return remotePath_; }

private:
    QString profilerName() const;
    QString failed(const QString& step, const LuaReply& reply) const;

    RemoteLua& instance_;
    ProfilerKind kind_;
    CpuProfilerOptions cpuOptions_;
    QByteArray remotePath_;
    bool running_ = false;
    qint64 chunkBytes_ = kChunkBytes;
};

} // namespace memprof::record
