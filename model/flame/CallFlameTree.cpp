// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/flame/CallFlameTree.h"

#include "model/stacks/StackTreeDiff.h"
#include "model/sysprofile/FunctionChanges.h"

#include <cmath>
#include <span>
#include <string>
#include <vector>

namespace memprof {

FlameTree callFlameTree(const SysprofProfile& profile, StackView view)
{
    return flameTreeOf(
        profile.tree(view), "samples",
        [&profile](FlameNode& flame, FrameId frame) {
            flame.name = profile.frames[frame].name;
            flame.kind = profile.frames[frame].kind;
        },
        [](const CallNode& node) { return node.totalSamples; });
}

FlameTree differentialCallFlameTree(const SysprofProfile& base, const SysprofProfile& current, StackView view)
{
    FlameTree out = callFlameTree(current, view);
    const CallTree& baseCalls = base.tree(view);
    out.differential = true;
    out.baseTotal = baseCalls.totalSamples();
    out.nodes[0].baseValue = out.baseTotal;
    // NEW's node i is flame node i; each gets the total of BASE's nodes
    // on its path of frame keys.
    const auto keysOf = [](const SysprofProfile& profile) {
        std::vector<std::string> keys;
        keys.reserve(profile.frames.size());
        for (FrameId frame = 0; frame < profile.frames.size(); ++frame)
            keys.push_back(frameMatchKey(profile.frames[frame]));
        return keys;
    };
    const std::vector<std::string> baseKeys = keysOf(base);
    const std::vector<std::string> newKeys = keysOf(current);
    const StackTreeDiff matched = diffStackTrees(baseCalls, std::span<const std::string>(baseKeys), current.tree(view),
                                                 std::span<const std::string>(newKeys));
    for (const StackDiffNode& path : matched.nodes) {
        std::uint64_t baseValue = 0;
        for (const CallNodeId node : path.baseNodes)
            baseValue += baseCalls.node(node).totalSamples;
        for (const CallNodeId node : path.newNodes)
            out.nodes[static_cast<std::size_t>(node)].baseValue = baseValue;
    }
    for (std::int32_t node = 0; node < static_cast<std::int32_t>(out.nodes.size()); ++node)
        out.largestShareChange = std::max(out.largestShareChange, std::abs(shareChange(out, node)));
    return out;
}

} // namespace memprof
