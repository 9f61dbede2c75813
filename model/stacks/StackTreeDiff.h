// SPDX-License-Identifier: GPL-3.0-or-later
// Two trees of stacks (StackTree.h) matched path by path, for comparing two
// profiles: a node of the diff is a path of frame keys from the root, with
// the nodes of BASE and of NEW on that path. Frames are ids into each
// profile's own table, so they are compared through a key per frame that
// the caller chooses (a name without its load address, a kind and a
// label): ids differ between runs, names do not.
//
// Siblings with one key on one side (a chunk loaded twice, a symbol at two
// addresses) are one diff node: their costs belong together, and their
// children are matched together below it.
#pragma once

#include "model/stacks/StackTree.h"

#include <algorithm>
#include <cstddef>
#include <span>
#include <utility>
#include <vector>

namespace memprof {

struct StackDiffNode {
    StackNodeId parent = -1; // -1 for the root
    std::vector<StackNodeId> children;
    std::vector<StackNodeId> baseNodes; // BASE's nodes on this path (empty: NEW only)
    std::vector<StackNodeId> newNodes; // NEW's nodes on this path (empty: BASE only)
};

// nodes[0] is the root, both trees' roots; a node's parent comes before it.
// Siblings are ordered by key.
struct StackTreeDiff {
    std::vector<StackDiffNode> nodes;
};

// `baseKeys[frame]` and `newKeys[frame]` are each tree's frames' keys:
// two frames match when their keys are equal.
template <class BaseCost, class NewCost, class Key>
StackTreeDiff diffStackTrees(const StackTree<BaseCost>& base, std::span<const Key> baseKeys,
                             const StackTree<NewCost>& current, std::span<const Key> newKeys)
{
    StackTreeDiff diff;
    diff.nodes.reserve(base.size() + current.size()); // at most: no path matched
    diff.nodes.push_back({-1, {}, {kStackRoot}, {kStackRoot}});
    // One node's children of both sides, sorted by key (stably: BASE's
    // first, each side in its tree's order) and taken run by run. Reused:
    // most sibling sets are small and a map per node would allocate per
    // child.
    struct Child {
        const Key* key;
        bool isNew;
        StackNodeId node;
    };
    std::vector<Child> children;
    // Each node's children are made when it is reached, after all nodes
    // before it: no recursion, as call chains can be thousands deep.
    for (std::size_t at = 0; at < diff.nodes.size(); ++at) {
        children.clear();
        for (const StackNodeId from : diff.nodes[at].baseNodes)
            for (const StackNodeId child : base.node(from).children)
                children.push_back({&baseKeys[base.node(child).frame], false, child});
        for (const StackNodeId from : diff.nodes[at].newNodes)
            for (const StackNodeId child : current.node(from).children)
                children.push_back({&newKeys[current.node(child).frame], true, child});
        std::stable_sort(children.begin(), children.end(),
                         [](const Child& a, const Child& b) { return *a.key < *b.key; });
        for (std::size_t first = 0; first < children.size();) {
            StackDiffNode node;
            node.parent = static_cast<StackNodeId>(at);
            std::size_t end = first;
            for (; end < children.size() && !(*children[first].key < *children[end].key); ++end)
                (children[end].isNew ? node.newNodes : node.baseNodes).push_back(children[end].node);
            diff.nodes[at].children.push_back(static_cast<StackNodeId>(diff.nodes.size()));
            diff.nodes.push_back(std::move(node));
            first = end;
        }
    }
    return diff;
}

} // namespace memprof
