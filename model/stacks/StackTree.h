// SPDX-License-Identifier: GPL-3.0-or-later
// A tree of call stacks with costs, for any profile: one node per distinct
// path of frames from the root, each with its frame, its parent, its
// children and the profile's cost columns (`Cost`, a struct of named
// columns: StackCosts.h). Frames are ids into the profile's own frame
// table, so the same function is the same frame wherever it appears and
// memory grows with distinct paths, not with samples or events.
//
// Paths are added on the loaders' hot paths (sysprof's builder, per
// sample run): the last path's nodes are kept, so a path sharing its first
// frames with the previous one (the main chunk, the request loop) finds
// them without a look-up.
#pragma once

#include <absl/container/flat_hash_map.h>

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

namespace memprof {

using FrameId = std::uint32_t;
using StackNodeId = std::int32_t;
inline constexpr StackNodeId kStackRoot = 0;

// A node is its cost columns plus its place in the tree, so its columns
// read as the node's own (node.totalSamples).
template <class Cost>
struct StackNode : Cost {
    FrameId frame = 0; // unused for the root
    StackNodeId parent = -1; // -1 for the root
    std::vector<StackNodeId> children;
};

// `Cost` has its own part (what ended at the node: hasOwn(), addOwn(other))
// and its totals, summed up the tree by startTotal() (the own part) and
// addChildTotal(child).
template <class Cost>
class StackTree {
public:
    using Node = StackNode<Cost>;

    StackTree() { nodes_.emplace_back(); }

    // The node of `frames` (root first) below the root, created as needed.
    StackNodeId pathNode(std::span<const FrameId> frames)
    {
        std::size_t shared = 0;
        while (shared < frames.size() && shared < lastPath_.size() && frames[shared] == lastPath_[shared])
            ++shared;
        lastPath_.assign(frames.begin(), frames.end());
        lastNodes_.resize(shared);
        StackNodeId node = shared == 0 ? kStackRoot : lastNodes_.back();
        for (std::size_t depth = shared; depth < frames.size(); ++depth) {
            node = child(node, frames[depth]);
            lastNodes_.push_back(node);
        }
        return node;
    }

    StackNodeId child(StackNodeId parent, FrameId frame)
    {
        if (childOf_.empty() && nodes_.size() > 1) // shrunk by shrinkToFinished()
            for (std::size_t id = 1; id < nodes_.size(); ++id)
                childOf_.emplace(childKey(nodes_[id].parent, nodes_[id].frame), static_cast<StackNodeId>(id));
        auto [it, inserted] = childOf_.try_emplace(childKey(parent, frame), static_cast<StackNodeId>(nodes_.size()));
        if (inserted) {
            Node node;
            node.frame = frame;
            node.parent = parent;
            nodes_.push_back(std::move(node));
            nodes_[static_cast<std::size_t>(parent)].children.push_back(it->second);
        }
        return it->second;
    }

    // Orders every node's children by `less(a, b)` on their ids (a tree
    // shown with its largest nodes first); paths still find their nodes.
    template <class Less>
    void sortChildren(Less&& less)
    {
        for (Node& node : nodes_)
            std::sort(node.children.begin(), node.children.end(), less);
    }

    // A node's columns, to add costs to.
    Cost& costOf(StackNodeId id) { return nodes_[static_cast<std::size_t>(id)]; }

    // Every node's totals: its own part and its children's totals (a child
    // is created after its parent, so one pass from the last node).
    void sumTotals()
    {
        for (Node& node : nodes_)
            node.startTotal();
        for (std::size_t id = nodes_.size(); id-- > 1;)
            nodes_[static_cast<std::size_t>(nodes_[id].parent)].addChildTotal(nodes_[id]);
    }

    // Frees what only adding paths needs (the child look-up, the last path,
    // the nodes' spare capacity): a finished tree is read, never grown, and
    // on a large profile the look-up is a fifth of its memory. Adding a
    // path afterwards still works: the look-up is rebuilt first.
    void shrinkToFinished()
    {
        absl::flat_hash_map<std::uint64_t, StackNodeId>().swap(childOf_);
        std::vector<FrameId>().swap(lastPath_);
        std::vector<StackNodeId>().swap(lastNodes_);
        nodes_.shrink_to_fit();
    }

    // The nodes alone, as shrinkToFinished() leaves them: a snapshot of a
    // tree still growing, without the copy of its look-up.
    StackTree finishedCopy() const
    {
        StackTree copy;
        copy.nodes_ = nodes_;
        return copy;
    }

    const Node& node(StackNodeId id) const { return nodes_[static_cast<std::size_t>(id)]; }
    const Node& root() const { return nodes_.front(); }
    std::size_t size() const { return nodes_.size(); }

    // The frames from the root's child down to `node`.
    std::vector<FrameId> pathTo(StackNodeId node) const
    {
        std::vector<FrameId> path;
        for (StackNodeId at = node; at > kStackRoot; at = nodes_[static_cast<std::size_t>(at)].parent)
            path.push_back(nodes_[static_cast<std::size_t>(at)].frame);
        std::reverse(path.begin(), path.end());
        return path;
    }

private:
    static std::uint64_t childKey(StackNodeId parent, FrameId frame)
    {
        return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(parent)) << 32) | frame;
    }

    std::vector<Node> nodes_;
    absl::flat_hash_map<std::uint64_t, StackNodeId> childOf_; // parent << 32 | frame
    std::vector<FrameId> lastPath_;
    std::vector<StackNodeId> lastNodes_;
};

// The bottom-up (inverted) tree of `topDown`: its roots are the frames
// paths ended in, each with its callers below it. A node's own costs are
// those of the top-down nodes whose path, read backwards, is its path.
template <class Cost>
StackTree<Cost> invertedTree(const StackTree<Cost>& topDown)
{
    StackTree<Cost> inverted;
    std::vector<FrameId> path;
    for (std::size_t id = 1; id < topDown.size(); ++id) {
        const StackNode<Cost>& node = topDown.node(static_cast<StackNodeId>(id));
        if (!node.hasOwn())
            continue;
        path.clear();
        for (StackNodeId at = static_cast<StackNodeId>(id); at > kStackRoot; at = topDown.node(at).parent)
            path.push_back(topDown.node(at).frame); // leaf first: the inverted path, root first
        StackNodeId invertedNode = kStackRoot;
        for (const FrameId frame : path)
            invertedNode = inverted.child(invertedNode, frame);
        inverted.costOf(invertedNode).addOwn(node);
    }
    inverted.sumTotals();
    inverted.shrinkToFinished();
    return inverted;
}

} // namespace memprof
