// SPDX-License-Identifier: GPL-3.0-or-later
// One call from a sysprof dump (a file or bytes in memory) to its aggregates.
#pragma once

#include "model/dump/DecodeControl.h"
#include "model/dump/LoadSnapshots.h"
#include "model/sysprofile/SysprofProfile.h"

#include <span>
#include <string>

namespace memprof {

struct SysprofLoadOptions {
    RunRange range; // the samples to count
    bool keepSampleOrder = false; // fill SysprofProfile::luaNodeBySample
    bool bottomUpTrees = false; // fill SysprofProfile::bottomUpTrees
    // The call trees to build (keepSampleOrder adds the Lua view's).
    StackViewSet views = allStackViews();
};

// A sysprof load for the viewer: every view's tree, as the viewer shows
// them all, and the bottom-up trees built on the worker too, so showing
// them never blocks the GUI thread.
inline SysprofLoadOptions viewerSysprofOptions(RunRange range = {})
{
    SysprofLoadOptions options;
    options.range = range;
    options.bottomUpTrees = true;
    return options;
}

// Fills `profile`'s bottomUpTrees of `views` (a load asked for them does;
// a profile made otherwise, a merge, asks here).
void addBottomUpTrees(SysprofProfile& profile, const StackViewSet& views);

// A file that cannot be opened gives a Failed status with an IoError.
SysprofProfile loadSysprof(const std::string& path, const DecodeControl& control = {},
                           const SysprofLoadOptions& options = {});
SysprofProfile loadSysprof(std::span<const std::uint8_t> bytes, const DecodeControl& control = {},
                           const SysprofLoadOptions& options = {});

// What a load shows before it ends (LoadSnapshots): the SysprofProfile of
// the samples counted so far (SysprofBuilder::snapshot), with the
// bottom-up trees when `options` asks for them, made on the builder's
// thread.
using SysprofSnapshots = LoadSnapshots<SysprofProfile>;

// The file at `path`, as loadSysprof(path, control, options) gives it,
// with the snapshots of `snapshots` on the way.
SysprofProfile loadSysprof(const std::string& path, const DecodeControl& control, const SysprofLoadOptions& options,
                           const SysprofSnapshots& snapshots);

} // namespace memprof
