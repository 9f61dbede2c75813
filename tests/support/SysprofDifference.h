// SPDX-License-Identifier: GPL-3.0-or-later
// The first difference between two sysprof profiles, field by field (the
// status aside), as text; empty when they are equal. The trees are
// compared node by node: two loads of the same samples build them alike.
#pragma once

#include "model/sysprofile/SysprofProfile.h"

#include <string>

namespace memprof::test {

inline std::string differenceOfTrees(const std::string& name, const CallTree& a, const CallTree& b)
{
    if (a.size() != b.size())
        return name + ": " + std::to_string(a.size()) + " nodes vs " + std::to_string(b.size());
    for (std::size_t id = 0; id < a.size(); ++id) {
        const CallNode& x = a.node(static_cast<CallNodeId>(id));
        const CallNode& y = b.node(static_cast<CallNodeId>(id));
        if (x.frame != y.frame || x.parent != y.parent || x.children != y.children)
            return name + ": node " + std::to_string(id) + " has another place";
        if (x.selfSamples != y.selfSamples || x.totalSamples != y.totalSamples)
            return name + ": node " + std::to_string(id) + " counts " + std::to_string(x.selfSamples) + "/" +
                   std::to_string(x.totalSamples) + " vs " + std::to_string(y.selfSamples) + "/" +
                   std::to_string(y.totalSamples) + " (self/total)";
    }
    return {};
}

inline std::string differenceOf(const SysprofProfile& a, const SysprofProfile& b)
{
#define MEMPROF_SYSPROF_SAME(field)                                                                                    \
    do {                                                                                                               \
        if (!(a.field == b.field))                                                                                     \
            return #field " differs";                                                                                  \
    } while (0)
    MEMPROF_SYSPROF_SAME(range);
    MEMPROF_SYSPROF_SAME(runSampleCount);
    MEMPROF_SYSPROF_SAME(sampleCount);
    MEMPROF_SYSPROF_SAME(samplesByState);
    MEMPROF_SYSPROF_SAME(hostChainSamples);
    MEMPROF_SYSPROF_SAME(distinctStacks);
    MEMPROF_SYSPROF_SAME(builtViews);
    MEMPROF_SYSPROF_SAME(frames.size());
    MEMPROF_SYSPROF_SAME(timeline.sampleCount());
    MEMPROF_SYSPROF_SAME(timeline.bucketWidth());
    MEMPROF_SYSPROF_SAME(timeline.buckets());
    MEMPROF_SYSPROF_SAME(luaNodeBySample);
#undef MEMPROF_SYSPROF_SAME
    for (FrameId id = 0; id < a.frames.size(); ++id) {
        const CallFrame& x = a.frames[id];
        const CallFrame& y = b.frames[id];
        if (x.name != y.name || x.kind != y.kind || x.chunk != y.chunk || x.line != y.line ||
            x.definedAt != y.definedAt)
            return "frame " + std::to_string(id) + ": " + x.name + " vs " + y.name;
    }
    for (std::size_t view = 0; view < kStackViewCount; ++view) {
        const std::string name = "view " + std::to_string(view);
        if (std::string d = differenceOfTrees(name, a.trees[view], b.trees[view]); !d.empty())
            return d;
        if (!a.bottomUpTrees[view] != !b.bottomUpTrees[view])
            return name + ": a bottom-up tree in one only";
        if (a.bottomUpTrees[view])
            if (std::string d = differenceOfTrees(name + " bottom-up", *a.bottomUpTrees[view], *b.bottomUpTrees[view]);
                !d.empty())
                return d;
    }
    return {};
}

} // namespace memprof::test
