// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/merge/FunctionShares.h"

#include "model/sysprofile/CallTreeWalk.h"

namespace memprof {

std::vector<FunctionSampleShare> functionShares(const SysprofProfile& merged, const SysprofBreakdown& breakdown,
                                                StackView view, FrameId frame)
{
    std::vector<FunctionSampleShare> byInstance(breakdown.instances.size());
    for (InstanceId instance = 0; instance < byInstance.size(); ++instance)
        byInstance[instance].instance = instance;
    if (merged.builtViews.test(static_cast<std::size_t>(view))) {
        const CallTree& tree = merged.tree(view);
        // A sample ending at a node is the function's when the function is
        // anywhere on the node's path: its calls on the path are counted.
        std::uint32_t onPath = 0;
        walkCallTree(
            tree,
            [&](CallNodeId id) {
                const bool mine = tree.node(id).frame == frame;
                onPath += mine ? 1 : 0;
                if (onPath == 0)
                    return;
                for (const SampleShare& share : breakdown.self(view, id)) {
                    if (share.instance >= byInstance.size())
                        continue;
                    byInstance[share.instance].totalSamples += share.selfSamples;
                    if (mine)
                        byInstance[share.instance].selfSamples += share.selfSamples;
                }
            },
            [&](CallNodeId id) { onPath -= tree.node(id).frame == frame ? 1 : 0; });
    }
    std::vector<FunctionSampleShare> shares;
    for (const FunctionSampleShare& share : byInstance)
        if (breakdown.instances[share.instance].merged)
            shares.push_back(share);
    return shares;
}

} // namespace memprof
