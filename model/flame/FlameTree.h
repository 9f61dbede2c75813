// SPDX-License-Identifier: GPL-3.0-or-later
// A tree of frames with inclusive values, as a flame graph shows it. Plain
// C++ so that any profile (memprof bytes, sysprof samples) can produce one
// and the widget (views/flamegraph) never knows where it came from.
#pragma once

#include "model/stacks/FrameKind.h"
#include "model/stacks/StackTree.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace memprof {

struct FlameNode {
    std::string name;
    FrameKind kind = FrameKind::Group;
    std::uint64_t value = 0; // inclusive: at least the sum of the children's values
    std::int32_t parent = -1; // -1 for the root
    std::vector<std::int32_t> children;
    std::int32_t sourceId = -1; // the producing tree's node id, so selection can be synced with tree views
    std::uint64_t baseValue = 0; // a differential tree: BASE's value on the same path (0: not in BASE)
};

struct FlameTree {
    std::vector<FlameNode> nodes; // nodes[0] is the root ("all")
    std::string unit; // "samples", "bytes"
    // A differential tree compares two profiles: the frames and widths are
    // NEW's, each node has BASE's value on its path too, and what it shows
    // is the change of the node's share of its own run (runs differ in
    // length): shareChange(). baseTotal is BASE's root value.
    bool differential = false;
    std::uint64_t baseTotal = 0;
    double largestShareChange = 0; // the largest |shareChange()| of any node
};

// A differential tree's node: its share of NEW's run minus its share of
// BASE's (-1 to 1); 0 for a tree that is not differential.
double shareChange(const FlameTree& tree, std::int32_t node);

// Orders every node's children by name (ties by value, largest first), so
// the same profile always gives the same picture whatever order the
// producer found the frames in.
void sortChildrenByName(FlameTree& tree);

// A tree of stacks (StackTree.h) as a flame tree, whatever its profile:
// node i is the tree's node i (the root "all"), its sourceId that id, so a
// frame in the flame graph and a row of a tree view are the same number.
// `nameFrame(flame, frame)` sets a node's name and kind from its frame id,
// `valueOf(node)` gives its width. Children ordered by name.
template <class Cost, class NameFrame, class ValueOf>
FlameTree flameTreeOf(const StackTree<Cost>& tree, std::string unit, NameFrame&& nameFrame, ValueOf&& valueOf)
{
    FlameTree out;
    out.unit = std::move(unit);
    out.nodes.resize(tree.size());
    out.nodes[0] = {"all", FrameKind::Group, valueOf(tree.root()), -1, {}, kStackRoot};
    // A child is created after its parent, so every node's parent is
    // already in place when it is reached: one pass, no recursion (call
    // chains can be thousands of frames deep).
    for (StackNodeId id = 0; id < static_cast<StackNodeId>(tree.size()); ++id) {
        const StackNode<Cost>& node = tree.node(id);
        FlameNode& flame = out.nodes[static_cast<std::size_t>(id)];
        if (id != kStackRoot) {
            nameFrame(flame, node.frame);
            flame.value = valueOf(node);
            flame.parent = node.parent;
            flame.sourceId = id;
        }
        flame.children.assign(node.children.begin(), node.children.end());
    }
    sortChildrenByName(out);
    return out;
}

} // namespace memprof
