// SPDX-License-Identifier: GPL-3.0-or-later
// A memprof profile as a profile of stacks: one single-frame stack per
// location, valued in pprof's heap convention. C++ symbols are demangled.
#pragma once

#include "model/export/StackProfile.h"
#include "model/memprofile/Profile.h"

namespace memprof {

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
    kMaxSpace, // the most bytes the location held at once
    // The held history keeps bytes, not blocks: the larger of the block
    // counts at the peak and at the end, a lower bound of the blocks held
    // at the location's maximum.
    kMaxObjectsAtLeast,
    kMemprofHeapValueCount
};

// Over the profile's window (the rows and the held rows are windowed).
// Locations with no value in any type are left out.
StackProfile memprofStacks(const Profile& profile);

// memprofStacks with the MemprofHeapValue columns. The most held at once is
// read from the held history over the window's sample points (each point
// keeps its largest value), counting every block the location owned.
StackProfile memprofHeapStacks(const Profile& profile);

} // namespace memprof
