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

CallNodeId CallTree::child(CallNodeId parent, FrameId frame)
{
    const std::uint64_t key = (static_cast<std::uint64_t>(static_cast<std::uint32_t>(parent)) << 32) | frame;
    auto [it, inserted] = childOf_.try_emplace(key, static_cast<CallNodeId>(nodes_.size()));
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
    CallNodeId node = kCallRoot;
    for (const FrameId frame : frames)
        node = child(node, frame);
    return node;
}

void CallTree::addSamples(CallNodeId node, std::uint64_t samples)
{
    nodes_[static_cast<std::size_t>(node)].selfSamples += samples;
    for (CallNodeId at = node; at >= 0; at = nodes_[static_cast<std::size_t>(at)].parent)
        nodes_[static_cast<std::size_t>(at)].totalSamples += samples;
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
