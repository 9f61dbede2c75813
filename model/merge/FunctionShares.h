// SPDX-License-Identifier: GPL-3.0-or-later
// A function's samples in a sysprof merge, per dump: which dumps the
// function ran in and how much, as that dump alone counts it
// (FunctionCosts.h: self, the samples that ended in it; total, the samples
// it was on the stack for, once however often it recurses).
#pragma once

#include "model/merge/SysprofMerge.h"

#include <cstdint>
#include <vector>

namespace memprof {

struct FunctionSampleShare {
    InstanceId instance = 0;
    std::uint64_t selfSamples = 0;
    std::uint64_t totalSamples = 0;
};

// Each merged dump's samples of `frame` in the `view` tree of `merged`, in
// instance order; a dump without the function has zeros, one that could not
// be read is not listed (it is in no sum).
std::vector<FunctionSampleShare> functionShares(const SysprofProfile& merged, const SysprofBreakdown& breakdown,
                                                StackView view, FrameId frame);

} // namespace memprof
