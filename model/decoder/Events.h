// SPDX-License-Identifier: GPL-3.0-or-later
// Plain structs mirroring the wire grammar's productions (docs/FORMAT.md), as
// the decoder hands them to its sink. String views point into the decoder's
// buffer and live only for the duration of the call.
#pragma once

#include <cstdint>
#include <string_view>

namespace memprof {

// Where an allocation happened: the `loc` production of ev-alloc/realloc/free.
enum class SourceKind : std::uint8_t { Internal, Lua, C, Trace };

// loc-lua := sym-addr line-no | loc-c := sym-addr | loc-trace := trace-no
// (version 2: trace-no trace-addr) | loc-internal := (nothing)
struct Location {
    SourceKind source = SourceKind::Internal;
    std::uint64_t addr = 0;    // prototype (Lua) or function (C) address
    std::uint64_t line = 0;    // Lua line
    std::uint64_t traceno = 0; // JIT trace number
};

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

// ev-alloc := ev-header loc naddr nsize
struct AllocEvent {
    Location loc;
    std::uint64_t naddr = 0;
    std::uint64_t nsize = 0;
};

// ev-realloc := ev-header loc oaddr osize naddr nsize
struct ReallocEvent {
    Location loc;
    std::uint64_t oaddr = 0;
    std::uint64_t osize = 0;
    std::uint64_t naddr = 0;
    std::uint64_t nsize = 0;
};

// ev-free := ev-header loc oaddr osize
struct FreeEvent {
    Location loc;
    std::uint64_t oaddr = 0;
    std::uint64_t osize = 0;
};

} // namespace memprof
