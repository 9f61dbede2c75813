// SPDX-License-Identifier: GPL-3.0-or-later
// The `ljs` symbol table's productions (docs/FORMAT.md), as the decoders of
// both profilers hand them to their sinks, and the kinds of code a location
// names. String views point into the decoder's buffer and live only for the
// duration of the call.
#pragma once

#include <cstdint>
#include <string_view>

namespace memprof {

// The kind of code a location is in: the `loc` production's source (memprof
// events) and what a symbol names.
enum class SourceKind : std::uint8_t { Internal, Lua, C, Trace };

// sym-lfunc := sym-addr sym-chunk sym-line
struct LfuncSymbol {
    std::uint64_t addr = 0;
    std::string_view chunkname;
    std::uint64_t linedefined = 0;
};

// sym-cfunc := sym-addr sym-name
struct CfuncSymbol {
    std::uint64_t addr = 0;
    std::string_view name;
};

// sym-trace := trace-no [trace-addr: version 2 only] sym-addr sym-line
// (trace-addr, the machine-code address, is not kept)
struct TraceSymbol {
    std::uint64_t traceno = 0;
    std::uint64_t addr = 0; // prototype where recording started
    std::uint64_t line = 0;
};

} // namespace memprof
