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

// What matches a function across two runs: its kind and name, where a
// native symbol's name drops its address ("pmain:0x55e2…"): the process's
// load address differs from run to run.
std::string matchKey(const CallFrame& frame)
{
    std::string key(1, static_cast<char>(frame.kind));
    std::string_view name = frame.name;
    if (frame.kind == CallFrameKind::C || frame.kind == CallFrameKind::Host)
        if (const std::size_t address = name.rfind(":0x"); address != std::string_view::npos)
            name = name.substr(0, address);
    key += name;
    return key;
}

} // namespace

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
    absl::flat_hash_map<std::string, std::size_t> rowOf; // matchKey()
    for (const ComparedSide side : {ComparedSide::New, ComparedSide::Base}) {
        const SysprofProfile& profile = side == ComparedSide::New ? current : base;
        const CallTree& tree = profile.tree(view);
        changes.runSamples[at(side)] = tree.totalSamples();
        for (const FunctionCost& cost : functionCosts(tree)) {
            const CallFrame& frame = profile.frames[cost.frame];
            const auto [it, added] = rowOf.try_emplace(matchKey(frame), changes.functions.size());
            if (added)
                changes.functions.push_back({frame, {}, {}, {}});
            FunctionChange& change = changes.functions[it->second];
            change.selfSamples[at(side)] = cost.selfSamples;
            change.totalSamples[at(side)] = cost.totalSamples;
            change.present[at(side)] = true;
        }
    }
    const auto& run = changes.runSamples;
    const auto rise = [&run](const FunctionChange& change) {
        return change.selfShare(ComparedSide::New, run) - change.selfShare(ComparedSide::Base, run);
    };
    std::stable_sort(changes.functions.begin(), changes.functions.end(),
                     [&](const FunctionChange& a, const FunctionChange& b) {
                         if (rise(a) != rise(b))
                             return rise(a) > rise(b);
                         return a.frame.name < b.frame.name;
                     });
    return changes;
}

} // namespace memprof
