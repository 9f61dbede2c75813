// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/itemmodels/CallFlameTree.h"

namespace memprof {

namespace {

FlameFrameKind flameKind(CallFrameKind kind)
{
    switch (kind) {
    case CallFrameKind::Lua:
        return FlameFrameKind::Lua;
    case CallFrameKind::FastFunction:
        return FlameFrameKind::FastFunction;
    case CallFrameKind::C:
        return FlameFrameKind::C;
    case CallFrameKind::Trace:
        return FlameFrameKind::Trace;
    case CallFrameKind::VmState:
        return FlameFrameKind::VmState;
    case CallFrameKind::Host:
        return FlameFrameKind::Host;
    }
    return FlameFrameKind::Other;
}

} // namespace

FlameTree callFlameTree(const SysprofProfile& profile, StackView view)
{
    const CallTree& calls = profile.tree(view);
    FlameTree out;
    out.unit = "samples";
    out.nodes.resize(calls.size());
    out.nodes[0] = {"all", FlameFrameKind::Other, calls.totalSamples(), -1, {}, kCallRoot};
    // A child is created after its parent, so every node's parent is
    // already in place when it is reached: one pass, no recursion (call
    // chains can be thousands of frames deep).
    for (CallNodeId id = 0; id < static_cast<CallNodeId>(calls.size()); ++id) {
        const CallNode& node = calls.node(id);
        FlameNode& flame = out.nodes[static_cast<std::size_t>(id)];
        if (id != kCallRoot) {
            const CallFrame& frame = profile.frames[node.frame];
            flame.name = frame.name;
            flame.kind = flameKind(frame.kind);
            flame.value = node.totalSamples;
            flame.parent = node.parent;
            flame.sourceId = id;
        }
        flame.children.assign(node.children.begin(), node.children.end());
    }
    sortChildrenByName(out);
    return out;
}

} // namespace memprof
