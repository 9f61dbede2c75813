// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/memprofile/FunctionTree.h"

#include <algorithm>
#include <map>
#include <string_view>
#include <unordered_map>

namespace memprof {

namespace {

class TreeBuilder {
public:
    TreeBuilder(const Profile& profile, const std::vector<HeldRow>& held) : profile_(profile), held_(held) {}

    FunctionTree build()
    {
        const std::vector<TreeCost> costs = costPerLocation();
        for (LocationId id = 0; id < profile_.locations.size(); ++id) {
            const TreeCost& cost = costs[id];
            // A window's held bytes may come from a location with no event
            // in it (blocks allocated before): it still gets its line.
            if (cost.eventCount == 0 && cost.heldBytes == 0 && cost.peakBytes == 0)
                continue;
            const StackNodeId parent = parentOf(profile_.locations[id]);
            // A line is its location: two locations printed alike stay two.
            const FrameId line = addFrame({FrameKind::Line, profile_.locations[id].name, static_cast<std::int32_t>(id),
                                           profile_.locations[id].function});
            // The root too: it holds the profile's totals.
            for (StackNodeId n = tree_.child(parent, line); n != kNoNode; n = tree_.node(n).parent)
                tree_.costOf(n).add(cost);
        }
        tree_.sortChildren([this](StackNodeId a, StackNodeId b) {
            const TreeNode& x = tree_.node(a);
            const TreeNode& y = tree_.node(b);
            if (x.allocatedBytes != y.allocatedBytes)
                return x.allocatedBytes > y.allocatedBytes;
            return tree_.frameOf(a).label < tree_.frameOf(b).label;
        });
        tree_.shrinkToFinished();
        return std::move(tree_);
    }

private:
    std::vector<TreeCost> costPerLocation() const
    {
        // A location's rows of the three kinds add up as the tree's nodes
        // do: saturated, keeping which sums overflowed in the rows.
        std::vector<TreeCost> costs(profile_.locations.size());
        for (EventKind kind : {EventKind::Alloc, EventKind::Realloc, EventKind::Free})
            for (const auto& row : profile_.rows(kind)) {
                TreeCost cost{
                    .eventCount = row.eventCount, .allocatedBytes = row.allocatedBytes, .freedBytes = row.freedBytes};
                cost.overflowed = (row.allocated().overflowed ? kAllocatedFigureOverflowed : 0) |
                                  (row.freed().overflowed ? kFreedFigureOverflowed : 0);
                costs[row.location].add(cost);
            }
        for (const auto& row : held_)
            costs[row.location].add(
                {.heldBytes = row.heldBytes, .overflowed = std::uint8_t(row.overflowed ? kHeldFigureOverflowed : 0)});
        for (const auto& row : profile_.heldAtPeak)
            costs[row.location].add(
                {.peakBytes = row.heldBytes, .overflowed = std::uint8_t(row.overflowed ? kPeakFigureOverflowed : 0)});
        return costs;
    }

    FrameId addFrame(FunctionFrame frame)
    {
        tree_.frames.push_back(std::move(frame));
        return static_cast<FrameId>(tree_.frames.size() - 1);
    }

    // A frame named by `label` in `frames`, made on first use: one frame per
    // name, so prototypes re-created at one place share a node.
    FrameId namedFrame(std::map<std::string, FrameId>& frames, FrameKind kind, const std::string& label,
                       std::int32_t function)
    {
        auto [it, inserted] = frames.try_emplace(label, 0);
        if (inserted)
            it->second = addFrame({kind, label, -1, function});
        return it->second;
    }

    StackNodeId group(const std::string& label)
    {
        return tree_.child(kStackRoot, namedFrame(groups_, FrameKind::Group, label, kNoFunction));
    }

    // file -> function, both created on first use and keyed by their labels.
    StackNodeId functionNode(std::int32_t function)
    {
        const FunctionInfo& info = profile_.functions[static_cast<std::size_t>(function)];
        const std::string& chunk = info.displayChunk(profile_.aliases);
        const StackNodeId file = tree_.child(kStackRoot, namedFrame(files_, FrameKind::File, chunk, function));
        const std::string label = chunk + ":" + std::to_string(info.linedefined);
        return tree_.child(file, namedFrame(functions_, FrameKind::Lua, label, function));
    }

    StackNodeId parentOf(const LocationInfo& location)
    {
        switch (location.source) {
        case SourceKind::Internal:
            return group(kInternalGroup);
        case SourceKind::Trace:
            return location.function != kNoFunction ? functionNode(location.function) : group(kUnknownTraceGroup);
        case SourceKind::Lua:
        case SourceKind::C:
            return location.function != kNoFunction ? functionNode(location.function) : group(kCGroup);
        }
        return group(kInternalGroup);
    }

    const Profile& profile_;
    const std::vector<HeldRow>& held_;
    FunctionTree tree_;
    std::map<std::string, FrameId> groups_;
    std::map<std::string, FrameId> files_;
    std::map<std::string, FrameId> functions_;
};

} // namespace

FunctionTree buildFunctionTree(const Profile& profile, HeldRule held)
{
    return buildFunctionTree(profile, profile.held(held));
}

FunctionTree buildFunctionTree(const Profile& profile, const std::vector<HeldRow>& held)
{
    return TreeBuilder(profile, held).build();
}

std::vector<HeldRow> heapSummaryByLocation(const Profile& profile)
{
    std::unordered_map<std::string_view, LocationId> firstOfName;
    for (LocationId id = 0; id < profile.locations.size(); ++id)
        firstOfName.try_emplace(profile.locations[id].name, id);
    std::vector<HeldRow> rows;
    for (const HeapSummaryRow& summary : profile.heapSummary) {
        const auto first = firstOfName.find(summary.name);
        if (summary.summaryBytes > 0 && first != firstOfName.end())
            rows.push_back({first->second, static_cast<std::uint64_t>(summary.summaryBytes)});
    }
    return rows;
}

} // namespace memprof
