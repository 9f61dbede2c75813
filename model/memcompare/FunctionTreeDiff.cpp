// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/memcompare/FunctionTreeDiff.h"

#include "model/stacks/StackTreeDiff.h"

#include <span>
#include <string>
#include <utility>
#include <vector>

namespace memprof {

namespace {

TreeCostChange signedCost(const TreeCost& cost)
{
    return {saturatedSigned(cost.eventCount), saturatedSigned(cost.allocatedBytes), saturatedSigned(cost.freedBytes),
            saturatedSigned(cost.heldBytes), saturatedSigned(cost.peakBytes)};
}

TreeCostChange subtract(const TreeCostChange& a, const TreeCostChange& b)
{
    return {saturatingDifference(a.eventCount, b.eventCount), saturatingDifference(a.allocatedBytes, b.allocatedBytes),
            saturatingDifference(a.freedBytes, b.freedBytes), saturatingDifference(a.heldBytes, b.heldBytes),
            saturatingDifference(a.peakBytes, b.peakBytes)};
}

// A node is matched by its kind and its label.
using FrameKey = std::pair<FrameKind, std::string>;

std::vector<FrameKey> frameKeys(const FunctionTree& tree)
{
    std::vector<FrameKey> keys;
    keys.reserve(tree.frames.size());
    for (const FunctionFrame& frame : tree.frames)
        keys.emplace_back(frame.kind, frame.label);
    return keys;
}

TreeCostChange costSum(const FunctionTree& tree, const std::vector<StackNodeId>& nodes)
{
    TreeCostChange sum;
    for (const StackNodeId n : nodes)
        sum.add(signedCost(tree.node(n)));
    return sum;
}

} // namespace

FunctionTreeDiff diffFunctionTrees(const FunctionTree& base, const FunctionTree& newTree)
{
    const auto baseKeys = frameKeys(base);
    const auto newKeys = frameKeys(newTree);
    const StackTreeDiff matched =
        diffStackTrees(base, std::span<const FrameKey>(baseKeys), newTree, std::span<const FrameKey>(newKeys));
    // Node i of the diff is matched node i: each is made after its parent,
    // with a frame of its own.
    FunctionTreeDiff diff;
    for (std::size_t id = 0; id < matched.nodes.size(); ++id) {
        const StackDiffNode& match = matched.nodes[id];
        const StackNodeId node = id == 0 ? kStackRoot : diff.child(match.parent, static_cast<FrameId>(id - 1));
        TreeDiffCost& cost = diff.costOf(node);
        if (id != 0) {
            const StackNodeId side = match.newNodes.empty() ? match.baseNodes.front() : match.newNodes.front();
            FunctionFrame frame = (match.newNodes.empty() ? base : newTree).frameOf(side);
            if (match.newNodes.empty()) {
                cost.baseLocation = std::exchange(frame.location, -1);
                cost.baseFunction = std::exchange(frame.function, kNoFunction);
            }
            diff.frames.push_back(std::move(frame));
        }
        cost.presence = match.baseNodes.empty()  ? DiffPresence::NewOnly
                        : match.newNodes.empty() ? DiffPresence::BaseOnly
                                                 : DiffPresence::Both;
        cost.baseCost = costSum(base, match.baseNodes);
        cost.newCost = costSum(newTree, match.newNodes);
        cost.delta = subtract(cost.newCost, cost.baseCost);
    }
    diff.sortChildren([&diff](StackNodeId a, StackNodeId b) {
        const FunctionTreeDiffNode& x = diff.node(a);
        const FunctionTreeDiffNode& y = diff.node(b);
        if (x.delta.allocatedBytes != y.delta.allocatedBytes)
            return x.delta.allocatedBytes > y.delta.allocatedBytes;
        const FunctionFrame& xFrame = diff.frameOf(a);
        const FunctionFrame& yFrame = diff.frameOf(b);
        if (xFrame.label != yFrame.label)
            return xFrame.label < yFrame.label;
        return xFrame.kind < yFrame.kind;
    });
    diff.shrinkToFinished();
    return diff;
}

FunctionTreeDiff diffFunctionTrees(const Profile& base, const Profile& newProfile)
{
    return diffFunctionTrees(buildFunctionTree(base), buildFunctionTree(newProfile));
}

} // namespace memprof
