// SPDX-License-Identifier: GPL-3.0-or-later
// What the symbol table says of a location, for both profilers: its name as
// the reference prints it, its Lua prototype and the chunk aliases
// (docs/FORMAT.md#naming-a-location).
#pragma once

#include "model/dump/SymbolEvents.h"

#include <cstdint>
#include <string>
#include <vector>

namespace memprof {

using LocationId = std::uint32_t;
inline constexpr std::int32_t kNoFunction = -1;

// A Lua function prototype as the symbol table described it.
struct FunctionInfo {
    std::uint64_t addr = 0;
    std::string chunkname; // raw: "@file.lua", "=name", or the source text
    std::uint64_t linedefined = 0;
    std::int32_t aliasIndex = -1; // into Profile::aliases when chunkname has newlines

    // The chunk as the reference prints it: its alias, or the name itself.
    const std::string& displayChunk(const std::vector<struct Alias>& aliases) const;
};

// A chunk loaded from a multi-line string, named function_alias_N.
struct Alias {
    std::string name; // "function_alias_1"
    std::string source; // the chunk's source text
};

// One location identity of the reference parser (address, line, trace number).
struct LocationInfo {
    std::string name; // as the reference prints it ("@a.lua:3", "INTERNAL", ...)
    SourceKind source = SourceKind::Internal;
    std::uint64_t addr = 0;
    std::uint64_t line = 0;
    std::uint64_t traceno = 0;
    // Lua: the prototype; trace: the prototype where recording started.
    std::int32_t function = kNoFunction;
    // The Lua line to show for this location (a trace's start line).
    std::uint64_t sourceLine = 0;
};

} // namespace memprof
