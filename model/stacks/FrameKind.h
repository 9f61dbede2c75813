// SPDX-License-Identifier: GPL-3.0-or-later
// What a node of a tree of stacks stands for: one enum for both profilers'
// trees (sysprof's call trees, memprof's by-function tree), the flame trees
// and the exports, so no tree converts another's kinds.
//
// Two families share it. Frames are code that ran, as a profiler recorded
// it: a Lua function, a line of one, a fast function, a C function, a JIT
// trace, a VM state, a host return address, the VM's own allocations. Both
// profilers' stacks are made of them and every export writes them. Grouping
// nodes are what a tree adds so that frames read in order: a file above its
// functions, a named group ("C functions", "INTERNAL", a flame graph's root
// "all"). They are not frames: no profiler recorded them and no export
// writes them, so they are kept apart at the ends of the enum.
#pragma once

#include <cstdint>

namespace memprof {

// The order is part of the contract: the differential by-function tree
// orders siblings of one label by kind (File, then Lua, Line, Group).
enum class FrameKind : std::uint8_t {
    File, // grouping: a chunk, above its functions
    Lua, // a Lua function: chunk:linedefined
    Line, // where memprof counted an event: a line of a Lua function, or
    // under the C and INTERNAL groups the C function or the VM
    FastFunction, // a builtin such as string.format
    C, // a C function called from Lua (lua_CFunction)
    Trace, // JIT-compiled code: TRACE [n] started at chunk:line
    VmState, // a sample with no Lua chain: GC, INTERP, the JIT compiler
    Host, // a host (native) return address
    Internal, // memory the VM allocated on its own behalf (memprof's INTERNAL)
    Group, // grouping: a named set of frames, or a flame graph's root
};

} // namespace memprof
