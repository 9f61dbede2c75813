// SPDX-License-Identifier: GPL-3.0-or-later
// What a recording of a script needs: the LuaJIT or Tarantool that runs it,
// the script with its arguments and working folder, the profiler and its
// options, when to stop, and where the dump goes.
#pragma once

#include "model/record/RemoteProfiler.h"

#include <QString>
#include <QStringList>

namespace memprof::record {

struct LaunchSettings {
    QString program; // a tarantool/luajit `luajit` or a `tarantool` (2.7.1+ for memprof, 2.10+ for sysprof)
    QString script;
    QStringList arguments; // the script's own
    QString workingFolder; // empty: the script's folder
    ProfilerKind kind = ProfilerKind::Memory;
    CpuProfilerOptions cpu;
    int stopAfterSeconds = 0; // 0: when the script ends (or Stop)
    QString dumpPath; // where the profiler writes
};

} // namespace memprof::record
