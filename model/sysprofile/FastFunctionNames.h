// SPDX-License-Identifier: GPL-3.0-or-later
// Names of LuaJIT's fast functions by id, as `jit.vmdef.ffnames` of the
// tarantool/luajit build gives them (what the reference prints for a fast
// function frame: "string.format", "table.insert").
#pragma once

#include <cstdint>
#include <string>

namespace memprof {

// "fast function <id>" for an id this build does not know.
std::string fastFunctionName(std::uint64_t ffid);

} // namespace memprof
