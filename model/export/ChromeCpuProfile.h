// SPDX-License-Identifier: GPL-3.0-or-later
// A sysprof profile as Chrome DevTools' .cpuprofile (the DevTools protocol's
// Profiler.Profile): the Lua view's tree, and each sample's node in order.
#pragma once

#include "model/export/SysprofStacks.h"
#include "model/sysprofile/SysprofProfile.h"

#include <ostream>

namespace memprof {

// The JSON text, written to `out` as it is made. Needs the profile's
// luaNodeBySample. Without an interval the samples are spaced 1 ms apart:
// the format has no untimed samples.
void writeChromeCpuProfile(std::ostream& out, const SysprofProfile& profile, const SysprofExportOptions& options);

} // namespace memprof
