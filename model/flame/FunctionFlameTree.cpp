// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/flame/FunctionFlameTree.h"

#include <string_view>

namespace memprof {

namespace {

std::uint64_t bytesOf(const TreeNode& node, FlameBytes bytes)
{
    return bytes == FlameBytes::Allocated ? node.cost.allocatedBytes : node.cost.heldBytes;
}

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

void append(const FunctionTree& source, std::int32_t id, std::int32_t parent, std::string_view group,
            FlameBytes bytes, FlameTree& out)
{
    const TreeNode& node = source.nodes[id];
    const auto index = static_cast<std::int32_t>(out.nodes.size());
    out.nodes.push_back({node.label, kindUnder(group, node.kind), bytesOf(node, bytes), parent, {}, id});
    out.nodes[parent].children.push_back(index);
    for (std::int32_t child : node.children)
        append(source, child, index, group, bytes, out);
}

} // namespace

FlameTree functionFlameTree(const FunctionTree& tree, FlameBytes bytes)
{
    FlameTree out;
    out.unit = "bytes";
    out.nodes.push_back({"all", FrameKind::Group, 0, -1, {}, -1});
    for (std::int32_t root : tree.roots) {
        out.nodes[0].value += bytesOf(tree.nodes[root], bytes);
        append(tree, root, 0, tree.nodes[root].label, bytes, out);
    }
    sortChildrenByName(out);
    return out;
}

} // namespace memprof
