// SPDX-License-Identifier: GPL-3.0-or-later
// Plain structs mirroring the memprof event stream's productions
// (docs/FORMAT.md), as the decoder hands them to its sink; the symbol
// table's are in SymbolEvents.h, shared with sysprof.
#pragma once

#include "model/dump/SymbolEvents.h"

#include <cstdint>

namespace memprof {

// Where an allocation happened: the `loc` production of ev-alloc/realloc/free.
// loc-lua := sym-addr line-no | loc-c := sym-addr | loc-trace := trace-no
// (version 2: trace-no trace-addr) | loc-internal := (nothing)
struct Location {
    SourceKind source = SourceKind::Internal;
    std::uint64_t addr = 0; // prototype (Lua) or function (C) address
    std::uint64_t line = 0; // Lua line
    std::uint64_t traceno = 0; // JIT trace number
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
