// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/export/SysprofStacks.h"
#include "model/export/NamedFrames.h"
#include "model/merge/SysprofMerge.h"

#include <absl/container/flat_hash_map.h>

namespace memprof {

StackFrame exportFrame(const CallFrame& frame, const FunctionNameTable* names)
{
    StackFrame exported;
    exported.name = frame.name;
    exported.kind = frame.kind;
    // Sysprof knows where a Lua function (or a trace) is defined, not the
    // line running.
    if (frame.kind == FrameKind::Lua || frame.kind == FrameKind::Trace) {
        exported.file = frame.chunk;
        exported.startLine = frame.line;
    }
    if (frame.kind == FrameKind::Lua) {
        // Code loaded from a multi-line string is shown by its alias.
        const std::string alias = frame.aliasName();
        nameFrame(exported, names, frame.chunk, alias.empty() ? frame.chunk : alias);
    }
    return exported;
}

namespace {

// The export's index of each profile frame, added as they are met.
class ExportedFrames {
public:
    ExportedFrames(const SysprofProfile& profile, StackProfile& stacks, const FunctionNameTable* names)
        : profile_(profile), stacks_(stacks), names_(names)
    {}

    std::vector<std::uint32_t> stack(const CallTree& tree, CallNodeId node)
    {
        std::vector<std::uint32_t> stack;
        for (const FrameId frame : tree.pathTo(node)) {
            auto [it, inserted] = index_.try_emplace(frame, static_cast<std::uint32_t>(stacks_.frames.size()));
            if (inserted)
                stacks_.frames.push_back(exportFrame(profile_.frames[frame], names_));
            stack.push_back(it->second);
        }
        return stack;
    }

private:
    const SysprofProfile& profile_;
    StackProfile& stacks_;
    const FunctionNameTable* names_;
    absl::flat_hash_map<FrameId, std::uint32_t> index_;
};

} // namespace

StackProfile sysprofStacks(const SysprofProfile& profile, StackView view, const SysprofExportOptions& options)
{
    StackProfile stacks;
    stacks.sampleTypes.push_back({"samples", "count"});
    if (options.intervalMs) {
        stacks.sampleTypes.push_back({"cpu", "nanoseconds"});
        stacks.periodType = {"cpu", "nanoseconds"};
        stacks.period = static_cast<std::int64_t>(*options.intervalMs * 1000000);
    } else {
        stacks.periodType = {"samples", "count"};
        stacks.period = 1;
    }
    const CallTree& tree = profile.tree(view);
    ExportedFrames exported(profile, stacks, options.names);
    for (std::size_t id = 0; id < tree.size(); ++id) {
        const CallNode& node = tree.node(static_cast<CallNodeId>(id));
        if (node.selfSamples == 0)
            continue;
        StackSample sample;
        sample.stack = exported.stack(tree, static_cast<CallNodeId>(id));
        const auto samples = static_cast<std::int64_t>(node.selfSamples);
        sample.values.push_back(samples);
        if (options.intervalMs)
            sample.values.push_back(samples * stacks.period);
        stacks.samples.push_back(std::move(sample));
    }
    return stacks;
}

StackProfile sysprofStacksByInstance(const SysprofProfile& profile, StackView view, const SysprofBreakdown& byInstance,
                                     const SysprofExportOptions& options)
{
    StackProfile merged = sysprofStacks(profile, view, options);
    // The same stacks, in the same order: each split into its dumps' samples.
    const CallTree& tree = profile.tree(view);
    std::vector<StackSample> split;
    std::vector<std::string> instances;
    std::size_t next = 0;
    for (std::size_t id = 0; id < tree.size(); ++id) {
        if (tree.node(static_cast<CallNodeId>(id)).selfSamples == 0)
            continue;
        const StackSample& whole = merged.samples[next++];
        for (const SampleShare& share : byInstance.self(view, static_cast<CallNodeId>(id))) {
            StackSample sample{whole.stack, {static_cast<std::int64_t>(share.selfSamples)}};
            if (options.intervalMs)
                sample.values.push_back(sample.values[0] * merged.period);
            split.push_back(std::move(sample));
            instances.push_back(byInstance.instances[share.instance].name);
        }
    }
    merged.samples = std::move(split);
    merged.sampleInstances = std::move(instances);
    return merged;
}

StackProfile sysprofTimeOrder(const SysprofProfile& profile, const SysprofExportOptions& options)
{
    StackProfile stacks;
    stacks.sampleTypes.push_back({"samples", "count"});
    const auto intervalMs = static_cast<std::int64_t>(options.intervalMs.value_or(0));
    if (options.intervalMs)
        stacks.sampleTypes.push_back({"cpu", "milliseconds"});
    stacks.periodType = stacks.sampleTypes.back();
    stacks.period = options.intervalMs ? intervalMs : 1;
    const CallTree& tree = profile.tree(StackView::Lua);
    ExportedFrames exported(profile, stacks, options.names);
    // Millions of samples, a hundred thousand stacks: each stack is made
    // once, the runs refer to it.
    absl::flat_hash_map<CallNodeId, std::uint32_t> stackOfNode;
    CallNodeId previous = -1;
    for (const CallNodeId node : profile.luaNodeBySample) {
        // A run of samples in one place is one stretch of time: files stay
        // small, and the time order is the same.
        if (node == previous && !stacks.timeOrder.empty()) {
            ++stacks.timeOrder.back().count;
            continue;
        }
        previous = node;
        auto [known, inserted] = stackOfNode.try_emplace(node, static_cast<std::uint32_t>(stacks.samples.size()));
        if (inserted) {
            StackSample sample;
            sample.stack = exported.stack(tree, node);
            sample.values.push_back(1);
            if (options.intervalMs)
                sample.values.push_back(intervalMs);
            stacks.samples.push_back(std::move(sample));
        }
        stacks.timeOrder.push_back({known->second, 1});
    }
    return stacks;
}

} // namespace memprof
