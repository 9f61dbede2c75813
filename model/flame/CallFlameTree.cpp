// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/flame/CallFlameTree.h"

#include "model/sysprofile/FunctionChanges.h"

#include <absl/container/flat_hash_map.h>

#include <cmath>
#include <string>

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
    // BASE's nodes by parent and frame key; NEW's node i is call node i, and
    // its parent is placed before it, so one pass in id order matches each
    // node under its parent's match.
    const auto key = [](CallNodeId parent, const CallFrame& frame) {
        std::string joined = std::to_string(parent);
        joined += '\0';
        joined += frameMatchKey(frame);
        return joined;
    };
    absl::flat_hash_map<std::string, CallNodeId> baseChild;
    baseChild.reserve(baseCalls.size());
    for (CallNodeId id = 1; id < static_cast<CallNodeId>(baseCalls.size()); ++id)
        baseChild.emplace(key(baseCalls.node(id).parent, base.frames[baseCalls.node(id).frame]), id);
    const CallTree& calls = current.tree(view);
    std::vector<CallNodeId> matched(calls.size(), -1);
    matched[kCallRoot] = kCallRoot;
    for (CallNodeId id = 1; id < static_cast<CallNodeId>(calls.size()); ++id) {
        const CallNode& node = calls.node(id);
        const CallNodeId parent = matched[static_cast<std::size_t>(node.parent)];
        if (parent < 0)
            continue;
        const auto found = baseChild.find(key(parent, current.frames[node.frame]));
        if (found == baseChild.end())
            continue;
        matched[static_cast<std::size_t>(id)] = found->second;
        out.nodes[static_cast<std::size_t>(id)].baseValue = baseCalls.node(found->second).totalSamples;
    }
    for (std::int32_t node = 0; node < static_cast<std::int32_t>(out.nodes.size()); ++node)
        out.largestShareChange = std::max(out.largestShareChange, std::abs(shareChange(out, node)));
    return out;
}

} // namespace memprof
