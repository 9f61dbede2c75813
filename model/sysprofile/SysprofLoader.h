// SPDX-License-Identifier: GPL-3.0-or-later
// One call from a sysprof dump (a file or bytes in memory) to its aggregates.
#pragma once

#include "model/decoder/DecodeControl.h"
#include "model/sysprofile/SysprofProfile.h"

#include <span>
#include <string>

namespace memprof {

struct SysprofLoadOptions {
    SampleRange range;            // the samples to count
    bool keepSampleOrder = false; // fill SysprofProfile::luaNodeBySample
    bool bottomUpTrees = false;   // fill SysprofProfile::bottomUpTrees
};

// A file that cannot be opened gives a Failed status with an IoError.
SysprofProfile loadSysprof(const std::string& path, const DecodeControl& control = {},
                           const SysprofLoadOptions& options = {});
SysprofProfile loadSysprof(std::span<const std::uint8_t> bytes, const DecodeControl& control = {},
                           const SysprofLoadOptions& options = {});

} // namespace memprof
