// SPDX-License-Identifier: GPL-3.0-or-later
// memprof-report --demangle: the profile with its C locations' mangled C++
// symbols demangled, everywhere the report prints a location name.
#pragma once

#include "model/profile/Profile.h"

namespace memprof {

void demangleLocationNames(Profile& profile);

} // namespace memprof
