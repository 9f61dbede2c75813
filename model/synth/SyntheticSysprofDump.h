// SPDX-License-Identifier: GPL-3.0-or-later
// Large synthetic sysprof dumps (format 2) shaped like a real service's, from
// a seed and a target size: memprof-bench's sysprof input.
//
// The shape: a symbol table of about 5,700 C symbols and a few dozen Lua
// prototypes (as a real LuaJIT process dumps), a program of Lua functions
// calling each other (some recursing deeply), fast functions and C
// functions at the leaves, and a VM-state mix of a JIT-enabled server
// (Lua, C and fast functions, traces, GC, the interpreter, some JIT
// compiler states). Mode C writes host chains (a fixed prefix from _start to
// lua_pcall, then the VM's frames); mode L writes none. Modules are loaded
// and traces recorded mid-stream (symbol events 10 and 12), and some
// prototype addresses are reused after a collection.
//
// The same options give the same bytes on every platform (own PRNG).
#pragma once

#include "model/synth/DumpWriter.h"

#include <cstdint>
#include <string>

namespace memprof::synth {

struct SyntheticSysprofOptions {
    std::uint64_t seed = 1;
    std::uint64_t targetBytes = std::uint64_t(1) << 20; // samples are written until then
    bool hostChains = true; // mode C; false: mode L
};

struct SyntheticSysprofSummary {
    std::uint64_t bytes = 0;
    std::uint64_t sampleCount = 0;
    std::uint64_t symbolEventCount = 0;
};

SyntheticSysprofSummary writeSyntheticSysprofDump(const SyntheticSysprofOptions& options, DumpWriter& out);

bool writeSyntheticSysprofDumpFile(const std::string& path, const SyntheticSysprofOptions& options,
                                   SyntheticSysprofSummary* summary, std::string* error);

} // namespace memprof::synth
