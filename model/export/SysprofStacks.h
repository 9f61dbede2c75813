// SPDX-License-Identifier: GPL-3.0-or-later
// A sysprof profile as a profile of stacks: one stack per call path of a
// view with samples ending there, valued in pprof's CPU convention
// (samples/count, then cpu/nanoseconds when the interval is known).
#pragma once

#include "model/dump/FunctionNameTable.h"
#include "model/export/StackProfile.h"
#include "model/sysprofile/SysprofProfile.h"

#include <optional>

namespace memprof {

struct SysprofBreakdown;

struct SysprofExportOptions {
    // The sampling interval the profile was recorded with (the dump does
    // not hold it); unknown: values are sample counts only.
    std::optional<std::uint64_t> intervalMs;
    // The Lua functions' names read from their sources; none: the names
    // the dump gives (NamedFrames.h).
    const FunctionNameTable* names = nullptr;
};

// The sample types, in this order.
enum SysprofValue : std::size_t {
    kSampleCount, // samples
    kCpuTime, // samples x interval (only with an interval): nanoseconds in
    // sysprofStacks, milliseconds in sysprofTimeOrder
};

// The frame of a call-tree frame as exports name it: a Lua function by its
// name in `names` where it has one.
StackFrame exportFrame(const CallFrame& frame, const FunctionNameTable* names = nullptr);

// The paths of `view`'s tree with self samples, root first.
StackProfile sysprofStacks(const SysprofProfile& profile, StackView view, const SysprofExportOptions& options);

// A merged profile's paths: sysprofStacks' columns, one sample per path and
// dump with samples of it (`byInstance`), marked with the dump's instance
// name.
StackProfile sysprofStacksByInstance(const SysprofProfile& profile, StackView view, const SysprofBreakdown& byInstance,
                                     const SysprofExportOptions& options);

// The Lua view's stacks in stream order (StackProfile::timeOrder), a run
// per stretch of consecutive samples with the same stack; each distinct
// stack valued as one sample, in samples, then in milliseconds when the
// interval is known. Needs the profile's luaNodeBySample.
StackProfile sysprofTimeOrder(const SysprofProfile& profile, const SysprofExportOptions& options);

} // namespace memprof
