// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/memcompare/FunctionTreeDiff.h"

#include <algorithm>
#include <map>
#include <utility>

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

class TreeMerger {
public:
    TreeMerger(const FunctionTree& base, const FunctionTree& newTree)
        : base_(base)
        , newTree_(newTree)
    {
    }

    FunctionTreeDiff merge()
    {
        mergeSiblings(kNoNode, base_.roots, newTree_.roots);
        auto byChange = [this](std::int32_t a, std::int32_t b) {
            const FunctionTreeDiffNode& x = diff_.nodes[static_cast<std::size_t>(a)];
            const FunctionTreeDiffNode& y = diff_.nodes[static_cast<std::size_t>(b)];
            if (x.delta.allocatedBytes != y.delta.allocatedBytes)
                return x.delta.allocatedBytes > y.delta.allocatedBytes;
            if (x.label != y.label)
                return x.label < y.label;
            return x.kind < y.kind;
        };
        std::sort(diff_.roots.begin(), diff_.roots.end(), byChange);
        for (auto& node : diff_.nodes)
            std::sort(node.children.begin(), node.children.end(), byChange);
        return std::move(diff_);
    }

private:
    // The nodes of each side that share a kind and a label under one parent.
    struct Match {
        std::vector<std::int32_t> baseNodes;
        std::vector<std::int32_t> newNodes;
    };

    void mergeSiblings(std::int32_t parent, const std::vector<std::int32_t>& baseSiblings,
                       const std::vector<std::int32_t>& newSiblings)
    {
        std::map<std::pair<FrameKind, std::string>, Match> matches;
        for (std::int32_t n : baseSiblings) {
            const TreeNode& node = base_.nodes[static_cast<std::size_t>(n)];
            matches[{node.kind, node.label}].baseNodes.push_back(n);
        }
        for (std::int32_t n : newSiblings) {
            const TreeNode& node = newTree_.nodes[static_cast<std::size_t>(n)];
            matches[{node.kind, node.label}].newNodes.push_back(n);
        }
        for (const auto& [key, match] : matches)
            addNode(parent, key.first, key.second, match);
    }

    void addNode(std::int32_t parent, FrameKind kind, const std::string& label, const Match& match)
    {
        const auto index = static_cast<std::int32_t>(diff_.nodes.size());
        FunctionTreeDiffNode node;
        node.kind = kind;
        node.label = label;
        node.parent = parent;
        node.presence = match.baseNodes.empty() ? DiffPresence::NewOnly
                        : match.newNodes.empty() ? DiffPresence::BaseOnly
                                                 : DiffPresence::Both;
        std::vector<std::int32_t> baseChildren;
        std::vector<std::int32_t> newChildren;
        for (std::int32_t n : match.baseNodes) {
            const TreeNode& from = base_.nodes[static_cast<std::size_t>(n)];
            node.baseCost.add(signedCost(from.cost));
            baseChildren.insert(baseChildren.end(), from.children.begin(), from.children.end());
        }
        for (std::int32_t n : match.newNodes) {
            const TreeNode& from = newTree_.nodes[static_cast<std::size_t>(n)];
            node.newCost.add(signedCost(from.cost));
            newChildren.insert(newChildren.end(), from.children.begin(), from.children.end());
        }
        if (!match.newNodes.empty()) {
            const TreeNode& first = newTree_.nodes[static_cast<std::size_t>(match.newNodes.front())];
            node.location = first.location;
            node.function = first.function;
        }
        node.delta = subtract(node.newCost, node.baseCost);
        diff_.nodes.push_back(std::move(node));
        if (parent == kNoNode)
            diff_.roots.push_back(index);
        else
            diff_.nodes[static_cast<std::size_t>(parent)].children.push_back(index);
        mergeSiblings(index, baseChildren, newChildren);
    }

    const FunctionTree& base_;
    const FunctionTree& newTree_;
    FunctionTreeDiff diff_;
};

} // namespace

FunctionTreeDiff diffFunctionTrees(const FunctionTree& base, const FunctionTree& newTree)
{
    return TreeMerger(base, newTree).merge();
}

FunctionTreeDiff diffFunctionTrees(const Profile& base, const Profile& newProfile)
{
    return diffFunctionTrees(buildFunctionTree(base), buildFunctionTree(newProfile));
}

} // namespace memprof
