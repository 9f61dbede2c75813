// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/flame/FunctionFlameTree.h"

#include <string_view>
#include <vector>

namespace memprof {

namespace {

// The top-level group a node sits in decides its kind: the C group holds C
// functions, INTERNAL the VM's own allocations, the trace group traces.
FrameKind kindUnder(std::string_view group, FrameKind kind)
{
    if (kind == FrameKind::Group || kind == FrameKind::File)
        return FrameKind::Group;
    if (group == kCGroup)
        return FrameKind::C;
    if (group == kInternalGroup)
        return FrameKind::VmState;
    if (group == kUnknownTraceGroup)
        return FrameKind::Trace;
    return FrameKind::Lua;
}

} // namespace

FlameTree functionFlameTree(const FunctionTree& tree, FlameBytes bytes)
{
    FlameTree out = flameTreeOf(
        tree, "bytes", [&tree](FlameNode& flame, FrameId frame) { flame.name = tree.frames[frame].label; },
        [bytes](const TreeNode& node) {
            return bytes == FlameBytes::Allocated ? node.allocatedBytes : node.heldBytes;
        });
    // Each node's top-level ancestor, the group it is under: parents come
    // before their children.
    std::vector<StackNodeId> topOf(tree.size(), kStackRoot);
    for (StackNodeId id = 1; id < static_cast<StackNodeId>(tree.size()); ++id) {
        const StackNodeId parent = tree.node(id).parent;
        topOf[static_cast<std::size_t>(id)] = parent == kStackRoot ? id : topOf[static_cast<std::size_t>(parent)];
        out.nodes[static_cast<std::size_t>(id)].kind =
            kindUnder(tree.frameOf(topOf[static_cast<std::size_t>(id)]).label, tree.frameOf(id).kind);
    }
    return out;
}

} // namespace memprof
