// SPDX-License-Identifier: GPL-3.0-or-later
// What a dump alone counts of each function, named as a merge names its
// frames (a merge of that one dump): what each dump's part of a merged CPU
// profile is compared with.
#pragma once

#include "model/merge/MergeLoad.h"
#include "model/sysprofile/FunctionCosts.h"

#include <QtGlobal>

#include <map>
#include <string>
#include <utility>

namespace memprof::test {

using SampleCounts = std::pair<qint64, qint64>; // self, total
using FrameKey = std::pair<FrameKind, std::string>;

inline std::map<FrameKey, SampleCounts> ownFunctionCounts(const std::string& path, StackView view)
{
    const MergedSysprof alone = loadMergedSysprof({path}, viewerSysprofOptions(), 1);
    std::map<FrameKey, SampleCounts> counts;
    for (const FunctionCost& cost : functionCosts(alone.profile.tree(view))) {
        const CallFrame& frame = alone.profile.frames[cost.frame];
        counts[{frame.kind, frame.name}] = {qint64(cost.selfSamples), qint64(cost.totalSamples)};
    }
    return counts;
}

// The counts of `frame` in `counts`; zeros when the dump has it not.
inline SampleCounts countsOf(const std::map<FrameKey, SampleCounts>& counts, const CallFrame& frame)
{
    const auto found = counts.find({frame.kind, frame.name});
    return found == counts.end() ? SampleCounts{} : found->second;
}

} // namespace memprof::test
