// SPDX-License-Identifier: GPL-3.0-or-later
// memprof-report --demangle: the profile with its C locations' mangled C++
// symbols demangled, everywhere the report prints a location name.
#pragma once

#include "model/memprofile/Profile.h"
#include "model/sysprofile/SysprofProfile.h"

namespace memprof {

void demangleLocationNames(Profile& profile);

// The C and host frames of a sysprof profile with their symbols demangled.
void demangleFrameNames(SysprofProfile& profile);

} // namespace memprof
