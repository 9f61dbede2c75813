// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/record/RecordingWrapper.h"

#include "model/record/RemoteLua.h"

#include <QFile>
#include <QFileInfo>

namespace memprof::record {

QByteArray recordingWrapper(const LaunchSettings& settings)
{
    const QByteArray name = settings.kind == ProfilerKind::Memory ? "memprof" : "sysprof";
    const QByteArray path = luaStringLiteral(QFile::encodeName(settings.dumpPath));
    const QByteArray startArgument =
        settings.kind == ProfilerKind::Memory
            ? path
            : "{mode = " + luaStringLiteral(QByteArray(1, settings.cpu.mode)) +
                  ", interval = " + QByteArray::number(settings.cpu.intervalMs) + ", path = " + path + "}";
    QByteArray scriptArguments;
    for (const QString& argument : settings.arguments)
        scriptArguments += ", " + luaStringLiteral(argument.toUtf8());
    return "-- Written by Memprof Viewer: runs a script under misc." + name +
           ", stopped when the script ends.\n"
           "local unavailable = " +
           QByteArray::number(kProfilerUnavailableStatus) +
           "\n"
           "local profiler = type(misc) == 'table' and misc." +
           name +
           "\n"
           "if type(profiler) ~= 'table' then\n"
           "  io.stderr:write('memprof-record: no misc." +
           name +
           " here (', _TARANTOOL and ('Tarantool ' .. _TARANTOOL) or jit.version, ')\\n')\n"
           "  os.exit(unavailable)\n"
           "end\n"
           "local script = " + luaStringLiteral(QFile::encodeName(QFileInfo(settings.script).absoluteFilePath())) +
           "\n"
           "arg = {[0] = script" + scriptArguments + "}\n"
           "local started, err = profiler.start(" +
           startArgument +
           ")\n"
           "if not started then\n"
           "  io.stderr:write('memprof-record: misc." +
           name +
           ".start failed: ', tostring(err), '\\n')\n"
           "  os.exit(unavailable)\n"
           "end\n"
           "local stopped = false\n"
           "local function stop() if not stopped then stopped = true profiler.stop() end end\n"
           "local chunk, loadError = loadfile(script)\n"
           "if not chunk then stop() io.stderr:write(loadError, '\\n') os.exit(1) end\n"
           "local ok, runError = xpcall(function() return chunk(unpack(arg, 1, #arg)) end, debug.traceback)\n"
           "if ok and type(box) == 'table' and type(box.cfg) == 'table' then\n"
           "  box.ctl.on_shutdown(stop)\n"
           "  return\n"
           "end\n"
           "stop()\n"
           "if not ok then io.stderr:write(tostring(runError), '\\n') os.exit(1) end\n";
}

} // namespace memprof::record
