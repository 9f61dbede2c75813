// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/sysprofile/FunctionChanges.h"

#include "model/sysprofile/FunctionCosts.h"

#include <absl/container/flat_hash_map.h>

#include <algorithm>
#include <string>
#include <string_view>

namespace memprof {

namespace {

double shareOf(std::uint64_t samples, std::uint64_t all)
{
    return all == 0 ? 0.0 : static_cast<double>(samples) / static_cast<double>(all);
}

std::size_t at(ComparedSide side)
{
    return static_cast<std::size_t>(side);
}

} // namespace

std::string frameMatchKey(const CallFrame& frame)
{
    std::string key(1, static_cast<char>(frame.kind));
    std::string_view name = frame.name;
    if (frame.kind == FrameKind::C || frame.kind == FrameKind::Host)
        if (const std::size_t address = name.rfind(":0x"); address != std::string_view::npos)
            name = name.substr(0, address);
    key += name;
    return key;
}

double FunctionChange::selfShare(ComparedSide side, const std::array<std::uint64_t, 2>& runSamples) const
{
    return shareOf(selfSamples[at(side)], runSamples[at(side)]);
}

double FunctionChange::totalShare(ComparedSide side, const std::array<std::uint64_t, 2>& runSamples) const
{
    return shareOf(totalSamples[at(side)], runSamples[at(side)]);
}

FunctionChanges functionChanges(const SysprofProfile& base, const SysprofProfile& current, StackView view)
{
    FunctionChanges changes;
    absl::flat_hash_map<std::string, std::size_t> rowOf; // frameMatchKey()
    for (const ComparedSide side : {ComparedSide::New, ComparedSide::Base}) {
        const SysprofProfile& profile = side == ComparedSide::New ? current : base;
        const CallTree& tree = profile.tree(view);
        changes.runSamples[at(side)] = tree.totalSamples();
        for (const FunctionCost& cost : functionCosts(tree)) {
            const CallFrame& frame = profile.frames[cost.frame];
            const auto [it, added] = rowOf.try_emplace(frameMatchKey(frame), changes.functions.size());
            if (added)
                changes.functions.push_back({frame, {}, {}, {}});
            FunctionChange& change = changes.functions[it->second];
            change.selfSamples[at(side)] = cost.selfSamples;
            change.totalSamples[at(side)] = cost.totalSamples;
            change.present[at(side)] = true;
        }
    }
    // Each function's rise, computed once, then the order by it.
    std::vector<std::pair<double, std::size_t>> order;
    order.reserve(changes.functions.size());
    for (std::size_t row = 0; row < changes.functions.size(); ++row) {
        const FunctionChange& change = changes.functions[row];
        order.emplace_back(change.selfShare(ComparedSide::New, changes.runSamples) -
                               change.selfShare(ComparedSide::Base, changes.runSamples),
                           row);
    }
    std::sort(order.begin(), order.end(), [&changes](const auto& a, const auto& b) {
        if (a.first != b.first)
            return a.first > b.first;
        return changes.functions[a.second].frame.name < changes.functions[b.second].frame.name;
    });
    std::vector<FunctionChange> sorted;
    sorted.reserve(order.size());
    for (const auto& [rise, row] : order)
        sorted.push_back(std::move(changes.functions[row]));
    changes.functions = std::move(sorted);
    return changes;
}

} // namespace memprof
