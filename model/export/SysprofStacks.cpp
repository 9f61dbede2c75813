// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/export/SysprofStacks.h"

#include <absl/container/flat_hash_map.h>

namespace memprof {

StackFrame exportFrame(const CallFrame& frame)
{
    StackFrame exported;
    exported.name = frame.name;
    switch (frame.kind) {
    case CallFrameKind::Lua:
        exported.kind = FrameKind::Lua;
        // Sysprof knows where a function is defined, not the line running.
        exported.file = frame.chunk;
        exported.startLine = frame.line;
        break;
    case CallFrameKind::Trace:
        exported.kind = FrameKind::Trace;
        exported.file = frame.chunk;
        exported.startLine = frame.line;
        break;
    case CallFrameKind::C:
    case CallFrameKind::FastFunction:
        exported.kind = FrameKind::C;
        break;
    case CallFrameKind::Host:
        exported.kind = FrameKind::Native;
        break;
    case CallFrameKind::VmState:
        exported.kind = FrameKind::Internal;
        break;
    }
    return exported;
}

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
    absl::flat_hash_map<FrameId, std::uint32_t> exportedFrame;
    for (std::size_t id = 0; id < tree.size(); ++id) {
        const CallNode& node = tree.node(static_cast<CallNodeId>(id));
        if (node.selfSamples == 0)
            continue;
        StackSample sample;
        for (const FrameId frame : tree.pathTo(static_cast<CallNodeId>(id))) {
            auto [it, inserted] = exportedFrame.try_emplace(frame, static_cast<std::uint32_t>(stacks.frames.size()));
            if (inserted)
                stacks.frames.push_back(exportFrame(profile.frames[frame]));
            sample.stack.push_back(it->second);
        }
        const auto samples = static_cast<std::int64_t>(node.selfSamples);
        sample.values.push_back(samples);
        if (options.intervalMs)
            sample.values.push_back(samples * stacks.period);
        stacks.samples.push_back(std::move(sample));
    }
    return stacks;
}

} // namespace memprof
