// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/sysprofile/CallTree.h"

#include <algorithm>

namespace memprof {

FrameId FrameTable::intern(CallFrame frame)
{
    std::string key;
    key.reserve(frame.name.size() + 1);
    key += static_cast<char>(frame.kind);
    key += frame.name;
    auto [it, inserted] = byKey_.try_emplace(std::move(key), static_cast<FrameId>(frames_.size()));
    if (inserted)
        frames_.push_back(std::move(frame));
    return it->second;
}

CallTree::CallTree()
{
    nodes_.emplace_back();
}

namespace {
std::uint64_t childKey(CallNodeId parent, FrameId frame)
{
    return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(parent)) << 32) | frame;
}
} // namespace

CallNodeId CallTree::child(CallNodeId parent, FrameId frame)
{
    if (childOf_.empty() && nodes_.size() > 1) // shrunk by shrinkToFinished()
        for (std::size_t id = 1; id < nodes_.size(); ++id)
            childOf_.emplace(childKey(nodes_[id].parent, nodes_[id].frame), static_cast<CallNodeId>(id));
    auto [it, inserted] = childOf_.try_emplace(childKey(parent, frame), static_cast<CallNodeId>(nodes_.size()));
    if (inserted) {
        CallNode node;
        node.frame = frame;
        node.parent = parent;
        nodes_.push_back(std::move(node));
        nodes_[static_cast<std::size_t>(parent)].children.push_back(it->second);
    }
    return it->second;
}

CallNodeId CallTree::pathNode(std::span<const FrameId> frames)
{
    std::size_t shared = 0;
    while (shared < frames.size() && shared < lastPath_.size() && frames[shared] == lastPath_[shared])
        ++shared;
    lastPath_.assign(frames.begin(), frames.end());
    lastNodes_.resize(shared);
    CallNodeId node = shared == 0 ? kCallRoot : lastNodes_.back();
    for (std::size_t depth = shared; depth < frames.size(); ++depth) {
        node = child(node, frames[depth]);
        lastNodes_.push_back(node);
    }
    return node;
}

void CallTree::addSelfSamples(CallNodeId node, std::uint64_t samples)
{
    nodes_[static_cast<std::size_t>(node)].selfSamples += samples;
}

void CallTree::sumTotals()
{
    for (CallNode& node : nodes_)
        node.totalSamples = node.selfSamples;
    for (std::size_t id = nodes_.size(); id-- > 1;)
        nodes_[static_cast<std::size_t>(nodes_[id].parent)].totalSamples += nodes_[id].totalSamples;
}

void CallTree::shrinkToFinished()
{
    absl::flat_hash_map<std::uint64_t, CallNodeId>().swap(childOf_);
    std::vector<FrameId>().swap(lastPath_);
    std::vector<CallNodeId>().swap(lastNodes_);
    nodes_.shrink_to_fit();
}

std::vector<FrameId> CallTree::pathTo(CallNodeId node) const
{
    std::vector<FrameId> path;
    for (CallNodeId at = node; at > kCallRoot; at = nodes_[static_cast<std::size_t>(at)].parent)
        path.push_back(nodes_[static_cast<std::size_t>(at)].frame);
    std::reverse(path.begin(), path.end());
    return path;
}

} // namespace memprof
