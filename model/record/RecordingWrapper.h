// SPDX-License-Identifier: GPL-3.0-or-later
// The Lua that runs a user's script under a profiler: starts misc.memprof or
// misc.sysprof before the script's first line, runs it with its own `arg`,
// and stops the profiler when it ends, fails or is interrupted (SIGINT:
// the Stop button), so the dump always gets its end. A Tarantool script
// that configured box keeps serving after its main chunk: the profiler then
// stops at shutdown (SIGINT, SIGTERM, os.exit).
#pragma once

#include "model/record/LaunchSettings.h"

#include <QByteArray>

namespace memprof::record {

// The wrapper's exit status when the profiler is missing or does not start
// (the script's own statuses stay as they are otherwise).
inline constexpr int kProfilerUnavailableStatus = 125;

// The wrapper's text, with the script's path and arguments in it; it is run
// as `PROGRAM -e WRAPPER` (a chunk named "=(command line)" in every
// recording, not a temporary file's name that differs from run to run).
QByteArray recordingWrapper(const LaunchSettings& settings);

} // namespace memprof::record
