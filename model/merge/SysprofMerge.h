// SPDX-License-Identifier: GPL-3.0-or-later
// Several sysprof dumps (a cluster's processes) as one SysprofProfile, which
// the reference's lines, the summary and the viewer's pages show as they
// show one dump's, and beside it each merged stack's samples per dump.
//
// Stacks are matched frame by frame by kind and name, as --diff matches
// functions (frameMatchKey): a native symbol's load address moves from
// process to process, so a merged C or host frame is named without it
// ("lj_BC_FUNCC", not "lj_BC_FUNCC:0x55…"); chunk aliases are numbered by
// their source (AliasRenumbering.h). Every count is summed: samples per
// VM state, each stack's samples, the distinct stacks (an upper bound:
// stacks of two dumps may be alike). The timeline and the samples' order
// are each dump's own time and are not merged.
#pragma once

#include "model/merge/AliasRenumbering.h"
#include "model/merge/MemprofMerge.h"
#include "model/sysprofile/SysprofProfile.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace memprof {

// A dump of the merge: its name, how its read ended, its samples.
struct MergedSysprofInstance {
    std::string name;
    DecodeStatus status;
    std::uint64_t sampleCount = 0;
    bool merged = false; // false: the dump could not be read and is not in the sums
};

// A dump's own samples of a merged call tree node (the samples that ended
// there).
struct SampleShare {
    InstanceId instance = 0;
    std::uint64_t selfSamples = 0;
};

struct SysprofBreakdown {
    std::vector<MergedSysprofInstance> instances; // in the order the dumps were given
    std::array<std::vector<std::vector<SampleShare>>, kStackViewCount> selfShares; // [StackView][CallNodeId]

    const std::vector<SampleShare>& self(StackView view, CallNodeId node) const;
};

// Folds dumps in one at a time, in their instance order; the trees' totals
// are summed by finish(), after the last.
class SysprofMerge {
public:
    // `views`: the trees to merge (those every dump was loaded with).
    SysprofMerge(std::vector<std::string> instanceNames, StackViewSet views);

    void add(InstanceId instance, const SysprofProfile& dump);
    void finish();

    const SysprofProfile& profile() const { return merged_; }
    const SysprofBreakdown& breakdown() const { return breakdown_; }
    SysprofProfile takeProfile() { return std::move(merged_); }
    SysprofBreakdown takeBreakdown() { return std::move(breakdown_); }

private:
    std::vector<FrameId> addFrames(const SysprofProfile& dump);

    SysprofProfile merged_;
    SysprofBreakdown breakdown_;
    AliasRenumbering aliases_;
    std::size_t mergedCount_ = 0;
};

} // namespace memprof
