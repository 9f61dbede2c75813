// SPDX-License-Identifier: GPL-3.0-or-later
// A memprof profile as a profile of stacks: one single-frame stack per
// location, valued in pprof's heap convention. C++ symbols are demangled.
#pragma once

#include "model/dump/FunctionNameTable.h"
#include "model/export/DhatBlocks.h"
#include "model/export/StackProfile.h"
#include "model/memprofile/Profile.h"

namespace memprof {

struct MemprofBreakdown;

// The sample types, in this order.
enum MemprofValue : std::size_t {
    kAllocObjects, // allocation and reallocation events of the location
    kAllocSpace, // the bytes they gave
    kInuseObjects, // blocks live at the end by the location that last (re)allocated them (--live)
    kInuseSpace, // their bytes
    kMemprofValueCount
};

// The figures DHAT adds, after the four above (memprofHeapStacks).
enum MemprofHeapValue : std::size_t {
    kPeakObjects = kMemprofValueCount, // blocks live when the heap peaked, by owner
    kPeakSpace, // their bytes
    kMaxSpace, // the most bytes the location held at once (DhatBlockRow)
    kMaxObjects, // the blocks it held then
    kLifetimes, // the lives of its blocks, in events (DhatBlockRow)
    kMemprofHeapValueCount
};

// Over the profile's window (the rows and the held rows are windowed).
// Locations with no value in any type are left out. A Lua line's function
// is named from `names` where it holds its name (NamedFrames.h).
StackProfile memprofStacks(const Profile& profile, const FunctionNameTable* names = nullptr);

// A merged profile's stacks: memprofStacks' columns, one sample per
// location and dump with its share (`byInstance`), marked with the dump's
// instance name.
StackProfile memprofStacksByInstance(const Profile& profile, const MemprofBreakdown& byInstance,
                                     const FunctionNameTable* names = nullptr);

// memprofStacks with the MemprofHeapValue columns; `blocks` (by location,
// counted by the same load: DhatBlocks.h) gives the maxima and lifetimes.
StackProfile memprofHeapStacks(const Profile& profile, const DhatBlocks& blocks,
                               const FunctionNameTable* names = nullptr);

} // namespace memprof
