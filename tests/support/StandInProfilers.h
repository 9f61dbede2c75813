// SPDX-License-Identifier: GPL-3.0-or-later
// Lua for a test's Tarantool (TarantoolInstance.h) that has no profiler:
// misc.memprof and misc.sysprof as stand-ins that write one of our real
// fixture dumps, piece by piece while "recording" and the rest when
// stopped, to the path they are given, as LuaJIT's profilers flush their
// buffers. Globals a test reads or sets: standin_started_with (sysprof's
// "mode/interval"), standin_running, standin_fail_stop (stop then reports
// a full disk and writes no more).
#pragma once

#include <QByteArray>
#include <QString>

namespace memprof::test {

inline QByteArray standInProfilers(const QString& fixture)
{
    return R"lua(
local fiber = require('fiber')
standin_running = false
standin_fail_stop = false
local function standIn(fixture)
  local data, out, written
  local profiler = {}
  function profiler.start(options)
    if standin_running then return nil, 'profiler is running already', 22 end
    local path = type(options) == 'table' and options.path or options
    if type(options) == 'table' then
      standin_started_with = tostring(options.mode) .. '/' .. tostring(options.interval)
    end
    local source = assert(io.open(fixture, 'rb'))
    data = source:read('*a')
    source:close()
    out = io.open(path, 'wb')
    if not out then return nil, 'cannot open ' .. path, 2 end
    written = 0
    standin_running = true
    fiber.create(function()
      while standin_running and written + 4096 < #data do
        out:write(data:sub(written + 1, written + 4096))
        out:flush()
        written = written + 4096
        fiber.sleep(0.005)
      end
    end)
    return true
  end
  function profiler.stop()
    if not standin_running then return nil, 'profiler is not running', 22 end
    standin_running = false
    if standin_fail_stop then
      out:close()
      return nil, 'No space left on device', 28
    end
    out:write(data:sub(written + 1))
    out:close()
    return true
  end
  return profiler
end
misc = {memprof = standIn(')lua" +
           fixture.toUtf8() + R"lua('), sysprof = standIn(')lua" + fixture.toUtf8() + R"lua(')}
)lua";
}

} // namespace memprof::test
