// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/export/MemprofStacks.h"
#include "model/export/NamedFrames.h"
#include "model/merge/MemprofMerge.h"
#include "model/support/Demangle.h"

#include <algorithm>
#include <map>

namespace memprof {

namespace {

FrameKind frameKindOf(SourceKind source)
{
    switch (source) {
    case SourceKind::Lua:
        return FrameKind::Lua;
    case SourceKind::C:
        return FrameKind::C;
    case SourceKind::Trace:
        return FrameKind::Trace;
    case SourceKind::Internal:
        break;
    }
    return FrameKind::Internal;
}

// A Lua location (or a trace whose start is known) is a line of its
// function, named chunk:linedefined as the function tree names it; the
// others are their own function, named as the report names them. A Lua
// line's function is named by its source where `names` has it.
StackFrame frameOf(const Profile& profile, const LocationInfo& location, const FunctionNameTable* names)
{
    StackFrame frame;
    frame.kind = frameKindOf(location.source);
    const bool luaLine = location.source == SourceKind::Lua || location.source == SourceKind::Trace;
    if (luaLine && location.function != kNoFunction) {
        const FunctionInfo& function = profile.functions[static_cast<std::size_t>(location.function)];
        frame.file = function.displayChunk(profile.aliases);
        frame.startLine = function.linedefined;
        frame.line = location.source == SourceKind::Lua ? location.line : location.sourceLine;
        frame.name = frame.file + ":" + std::to_string(function.linedefined);
        if (location.source == SourceKind::Trace) {
            frame.name = location.name; // a trace is its own function, placed at its start line
            placeFrame(frame, names, function.chunkname, function.linedefined, frame.file);
        } else
            nameFrame(frame, names, function.chunkname, frame.file);
    } else if (location.source == SourceKind::C) {
        frame.name = demangledLocationName(location.name);
    } else {
        frame.name = location.name;
    }
    return frame;
}

void addHeapValues(const Profile& profile, const DhatBlocks& blocks, std::vector<std::vector<std::int64_t>>& values)
{
    for (const HeldRow& row : profile.heldAtPeak) {
        values[row.location][kPeakObjects] += static_cast<std::int64_t>(row.blockCount);
        values[row.location][kPeakSpace] += static_cast<std::int64_t>(row.heldBytes);
    }
    for (std::size_t id = 0; id < values.size() && id < blocks.size(); ++id) {
        values[id][kMaxSpace] = static_cast<std::int64_t>(blocks[id].maxBytes);
        values[id][kMaxObjects] = static_cast<std::int64_t>(blocks[id].maxBlocks);
        values[id][kLifetimes] = static_cast<std::int64_t>(blocks[id].lifetimes);
    }
}

StackProfile stacksOf(const Profile& profile, const DhatBlocks* blocks, const FunctionNameTable* names)
{
    StackProfile stacks;
    stacks.sampleTypes = {
        {"alloc_objects", "count"}, {"alloc_space", "bytes"}, {"inuse_objects", "count"}, {"inuse_space", "bytes"}};
    stacks.periodType = {"space", "bytes"};
    stacks.period = 1;

    const bool withHeap = blocks != nullptr;
    const std::size_t columns = withHeap ? std::size_t{kMemprofHeapValueCount} : std::size_t{kMemprofValueCount};
    if (withHeap) {
        stacks.sampleTypes.push_back({"peak_objects", "count"});
        stacks.sampleTypes.push_back({"peak_space", "bytes"});
        stacks.sampleTypes.push_back({"max_space", "bytes"});
        stacks.sampleTypes.push_back({"max_objects", "count"});
        stacks.sampleTypes.push_back({"lifetimes", "events"});
    }
    std::vector<std::vector<std::int64_t>> values(profile.locations.size(), std::vector<std::int64_t>(columns, 0));
    for (EventKind kind : {EventKind::Alloc, EventKind::Realloc}) {
        for (const LocationRow& row : profile.rows(kind)) {
            values[row.location][kAllocObjects] += static_cast<std::int64_t>(row.eventCount);
            values[row.location][kAllocSpace] += static_cast<std::int64_t>(row.allocatedBytes);
        }
    }
    for (const HeldRow& row : profile.heldAtEnd) {
        values[row.location][kInuseObjects] += static_cast<std::int64_t>(row.blockCount);
        values[row.location][kInuseSpace] += static_cast<std::int64_t>(row.heldBytes);
    }
    if (withHeap)
        addHeapValues(profile, *blocks, values);
    for (LocationId id = 0; id < profile.locations.size(); ++id) {
        bool any = false;
        for (std::int64_t v : values[id])
            any = any || v != 0;
        if (!any)
            continue;
        stacks.frames.push_back(frameOf(profile, profile.locations[id], names));
        stacks.samples.push_back({{static_cast<std::uint32_t>(stacks.frames.size() - 1)}, std::move(values[id])});
    }
    return stacks;
}

} // namespace

StackProfile memprofStacks(const Profile& profile, const FunctionNameTable* names)
{
    return stacksOf(profile, nullptr, names);
}

StackProfile memprofStacksByInstance(const Profile& profile, const MemprofBreakdown& byInstance,
                                     const FunctionNameTable* names)
{
    StackProfile stacks = stacksOf(profile, nullptr, names);
    stacks.frames.clear();
    stacks.samples.clear();
    for (LocationId id = 0; id < profile.locations.size(); ++id) {
        std::map<InstanceId, std::vector<std::int64_t>> values;
        const auto valuesOf = [&values](InstanceId instance) -> std::vector<std::int64_t>& {
            auto& v = values[instance];
            v.resize(kMemprofValueCount, 0);
            return v;
        };
        for (EventKind kind : {EventKind::Alloc, EventKind::Realloc})
            for (const RowShare& share : byInstance.rows(kind, id)) {
                valuesOf(share.instance)[kAllocObjects] += static_cast<std::int64_t>(share.eventCount);
                valuesOf(share.instance)[kAllocSpace] += static_cast<std::int64_t>(share.allocatedBytes);
            }
        for (const HeldShare& share : byInstance.heldAtEnd(id)) {
            valuesOf(share.instance)[kInuseObjects] += static_cast<std::int64_t>(share.blockCount);
            valuesOf(share.instance)[kInuseSpace] += static_cast<std::int64_t>(share.heldBytes);
        }
        bool framed = false;
        for (auto& [instance, v] : values) {
            if (std::all_of(v.begin(), v.end(), [](std::int64_t x) { return x == 0; }))
                continue;
            if (!framed) {
                stacks.frames.push_back(frameOf(profile, profile.locations[id], names));
                framed = true;
            }
            stacks.samples.push_back({{static_cast<std::uint32_t>(stacks.frames.size() - 1)}, std::move(v)});
            stacks.sampleInstances.push_back(byInstance.instances[instance].name);
        }
    }
    return stacks;
}

StackProfile memprofHeapStacks(const Profile& profile, const DhatBlocks& blocks, const FunctionNameTable* names)
{
    return stacksOf(profile, &blocks, names);
}

} // namespace memprof
