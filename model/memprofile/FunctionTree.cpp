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
            const std::int32_t parent = parentOf(profile_.locations[id]);
            const std::int32_t leaf = addNode(FrameKind::Line, profile_.locations[id].name, parent);
            tree_.nodes[static_cast<std::size_t>(leaf)].location = static_cast<std::int32_t>(id);
            tree_.nodes[static_cast<std::size_t>(leaf)].function = profile_.locations[id].function;
            for (std::int32_t n = leaf; n != kNoNode; n = tree_.nodes[static_cast<std::size_t>(n)].parent)
                tree_.nodes[static_cast<std::size_t>(n)].cost.add(cost);
        }
        auto byCost = [this](std::int32_t a, std::int32_t b) {
            const TreeNode& x = tree_.nodes[static_cast<std::size_t>(a)];
            const TreeNode& y = tree_.nodes[static_cast<std::size_t>(b)];
            if (x.cost.allocatedBytes != y.cost.allocatedBytes)
                return x.cost.allocatedBytes > y.cost.allocatedBytes;
            return x.label < y.label;
        };
        std::sort(tree_.roots.begin(), tree_.roots.end(), byCost);
        for (auto& node : tree_.nodes)
            std::sort(node.children.begin(), node.children.end(), byCost);
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
                TreeCost cost{.eventCount = row.eventCount,
                              .allocatedBytes = row.allocatedBytes,
                              .freedBytes = row.freedBytes};
                cost.overflowed = (row.allocated().overflowed ? kAllocatedFigureOverflowed : 0) |
                                  (row.freed().overflowed ? kFreedFigureOverflowed : 0);
                costs[row.location].add(cost);
            }
        for (const auto& row : held_)
            costs[row.location].add({.heldBytes = row.heldBytes,
                                     .overflowed = std::uint8_t(row.overflowed ? kHeldFigureOverflowed : 0)});
        for (const auto& row : profile_.heldAtPeak)
            costs[row.location].add({.peakBytes = row.heldBytes,
                                     .overflowed = std::uint8_t(row.overflowed ? kPeakFigureOverflowed : 0)});
        return costs;
    }

    std::int32_t addNode(FrameKind kind, std::string label, std::int32_t parent)
    {
        const auto index = static_cast<std::int32_t>(tree_.nodes.size());
        TreeNode node;
        node.kind = kind;
        node.label = std::move(label);
        node.parent = parent;
        tree_.nodes.push_back(std::move(node));
        if (parent == kNoNode)
            tree_.roots.push_back(index);
        else
            tree_.nodes[static_cast<std::size_t>(parent)].children.push_back(index);
        return index;
    }

    std::int32_t group(const std::string& label)
    {
        auto [it, inserted] = groups_.try_emplace(label, kNoNode);
        if (inserted)
            it->second = addNode(FrameKind::Group, label, kNoNode);
        return it->second;
    }

    // file -> function, both created on first use and keyed by their labels,
    // so prototypes re-created at one place share a node.
    std::int32_t functionNode(std::int32_t function)
    {
        const FunctionInfo& info = profile_.functions[static_cast<std::size_t>(function)];
        const std::string& chunk = info.displayChunk(profile_.aliases);
        auto [fileIt, newFile] = files_.try_emplace(chunk, kNoNode);
        if (newFile) {
            fileIt->second = addNode(FrameKind::File, chunk, kNoNode);
            tree_.nodes[static_cast<std::size_t>(fileIt->second)].function = function;
        }
        const std::string label = chunk + ":" + std::to_string(info.linedefined);
        auto [fnIt, newFunction] = functions_.try_emplace(label, kNoNode);
        if (newFunction) {
            fnIt->second = addNode(FrameKind::Lua, label, fileIt->second);
            tree_.nodes[static_cast<std::size_t>(fnIt->second)].function = function;
        }
        return fnIt->second;
    }

    std::int32_t parentOf(const LocationInfo& location)
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
    std::map<std::string, std::int32_t> groups_;
    std::map<std::string, std::int32_t> files_;
    std::map<std::string, std::int32_t> functions_;
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
