// SPDX-License-Identifier: GPL-3.0-or-later
// A memprof profile as a profile of stacks: one single-frame stack per
// location, valued in pprof's heap convention.
#pragma once

#include "model/export/StackProfile.h"
#include "model/profile/Profile.h"

namespace memprof {

// The sample types, in this order.
enum MemprofValue : std::size_t {
    kAllocObjects, // allocation and reallocation events of the location
    kAllocSpace,   // the bytes they gave
    kInuseObjects, // blocks live at the end by the location that last (re)allocated them (--live)
    kInuseSpace,   // their bytes
    kMemprofValueCount
};

// Over the profile's window (the rows and the held rows are windowed).
// Locations with no value in any type are left out.
StackProfile memprofStacks(const Profile& profile);

} // namespace memprof
