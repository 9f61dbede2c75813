// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/sysprofile/FunctionCosts.h"

#include "model/sysprofile/CallTreeWalk.h"

#include <absl/container/flat_hash_map.h>

#include <algorithm>

namespace memprof {

namespace {

std::uint64_t edgeKey(FrameId caller, FrameId callee)
{
    return (static_cast<std::uint64_t>(caller) << 32) | callee;
}

void sortEdges(std::vector<CallEdge>& edges)
{
    std::sort(edges.begin(), edges.end(), [](const CallEdge& a, const CallEdge& b) {
        return a.samples != b.samples ? a.samples > b.samples : a.frame < b.frame;
    });
}

} // namespace

std::vector<FunctionCost> functionCosts(const CallTree& tree)
{
    absl::flat_hash_map<FrameId, FunctionCost> costs;
    absl::flat_hash_map<FrameId, std::uint32_t> onPath; // frame -> times on the current path
    walkCallTree(
        tree,
        [&](CallNodeId id) {
            const CallNode& node = tree.node(id);
            FunctionCost& cost = costs[node.frame];
            cost.frame = node.frame;
            cost.selfSamples += node.selfSamples;
            // The outermost call of a function counts its subtree; calls
            // inside it (recursion) are already in there.
            if (onPath[node.frame]++ == 0)
                cost.totalSamples += node.totalSamples;
        },
        [&](CallNodeId id) { --onPath[tree.node(id).frame]; });
    std::vector<FunctionCost> list;
    list.reserve(costs.size());
    for (const auto& [frame, cost] : costs)
        list.push_back(cost);
    std::sort(list.begin(), list.end(), [](const FunctionCost& a, const FunctionCost& b) {
        if (a.totalSamples != b.totalSamples)
            return a.totalSamples > b.totalSamples;
        if (a.selfSamples != b.selfSamples)
            return a.selfSamples > b.selfSamples;
        return a.frame < b.frame;
    });
    return list;
}

CallersAndCallees callersAndCallees(const CallTree& tree, FrameId frame)
{
    CallersAndCallees result;
    result.function.frame = frame;
    absl::flat_hash_map<FrameId, std::uint64_t> callers, callees;
    absl::flat_hash_map<std::uint64_t, std::uint32_t> edgesOnPath;
    std::uint32_t framesOnPath = 0;
    const auto parentFrame = [&](const CallNode& node) -> std::int64_t {
        if (node.parent == kCallRoot)
            return -1;
        return static_cast<std::int64_t>(tree.node(node.parent).frame);
    };
    walkCallTree(
        tree,
        [&](CallNodeId id) {
            const CallNode& node = tree.node(id);
            const std::int64_t parent = parentFrame(node);
            if (node.frame == frame) {
                result.function.selfSamples += node.selfSamples;
                if (framesOnPath++ == 0) {
                    result.function.totalSamples += node.totalSamples;
                    if (parent < 0)
                        result.samplesAsRoot += node.totalSamples;
                }
            }
            // The edge parent -> node, counted at its outermost repeat.
            const bool touches = parent >= 0 && (node.frame == frame || parent == frame);
            if (!touches || edgesOnPath[edgeKey(static_cast<FrameId>(parent), node.frame)]++ != 0)
                return;
            if (node.frame == frame)
                callers[static_cast<FrameId>(parent)] += node.totalSamples;
            if (parent == frame)
                callees[node.frame] += node.totalSamples;
        },
        [&](CallNodeId id) {
            const CallNode& node = tree.node(id);
            const std::int64_t parent = parentFrame(node);
            if (node.frame == frame)
                --framesOnPath;
            if (parent >= 0 && (node.frame == frame || parent == frame))
                --edgesOnPath[edgeKey(static_cast<FrameId>(parent), node.frame)];
        });
    for (const auto& [caller, samples] : callers)
        result.callers.push_back({caller, samples});
    for (const auto& [callee, samples] : callees)
        result.callees.push_back({callee, samples});
    sortEdges(result.callers);
    sortEdges(result.callees);
    return result;
}

} // namespace memprof
