// SPDX-License-Identifier: GPL-3.0-or-later
// A profile of call stacks, each with one value per sample type: what every
// export format writes. memprof fills it with one stack per location; a CPU
// profiler fills it with its sampled stacks. Writers see only this.
#pragma once

#include "model/stacks/FrameKind.h"

#include <cstdint>
#include <string>
#include <vector>

namespace memprof {

struct StackFrame {
    std::string name; // the function as users know it ("@a.lua:10", "lua_pcall")
    std::string file; // the chunk or binary; empty when unknown
    std::uint64_t line = 0; // the line this frame was at; 0 when unknown
    std::uint64_t startLine = 0; // the function's first line; 0 when unknown
    FrameKind kind = FrameKind::Internal;
    // A Lua function whose name was read from its source (NamedFrames.h):
    // `name` is that name ("serialize") and `file` the chunk's path.
    bool named = false;
    // With a name that does not say where it is defined ("serialize", not
    // "main chunk of a.lua"): "serializer.lua:2", for the formats that have
    // no field of their own for it; empty otherwise.
    std::string definedAt;
};

// How flame graphs show a frame: a frame with a file and a line is three
// levels, file > function > "file:line", so they group by chunk, then
// function; any other frame is itself.
// A function and a line can read alike ("@a.lua:15": the function defined
// at line 15, line 15 of the main chunk): `level` keeps them apart.
struct ShownFrame {
    std::string name;
    std::string file;
    std::uint64_t line = 0;
    std::uint8_t level = 0; // 0 file (or a frame shown alone), 1 function, 2 line
    std::string definedAt; // the function's StackFrame::definedAt
};
inline std::vector<ShownFrame> shownFrames(const StackFrame& frame)
{
    if (frame.file.empty() || frame.line == 0)
        return {{frame.name, frame.file, frame.line, 0, frame.definedAt}};
    return {{frame.file, frame.file, 0, 0, {}},
            {frame.name, frame.file, frame.startLine, 1, frame.definedAt},
            {frame.file + ":" + std::to_string(frame.line), frame.file, frame.line, 2, {}}};
}

// A shown frame as formats with a name and nothing else write it: a
// function's name with where it is defined, "serialize (serializer.lua:2)".
inline std::string labelOf(const ShownFrame& frame)
{
    return frame.definedAt.empty() ? frame.name : frame.name + " (" + frame.definedAt + ")";
}

// What one value column counts, as pprof names it ("alloc_space", "bytes").
struct SampleType {
    std::string type;
    std::string unit;
};

struct StackSample {
    std::vector<std::uint32_t> stack; // indices into StackProfile::frames, root first
    std::vector<std::int64_t> values; // one per StackProfile::sampleTypes
};

struct StackProfile {
    std::vector<SampleType> sampleTypes; // the preferred view last (pprof's default)
    SampleType periodType;
    std::int64_t period = 1;
    std::vector<StackFrame> frames;
    std::vector<StackSample> samples;
    // A merged profile's (model/merge): the dump each sample's values are
    // from, its instance name, parallel to `samples`; empty for one dump's.
    std::vector<std::string> sampleInstances;
    // A profile in time order (sysprofTimeOrder) holds each stack once in
    // `samples`, valued as one sample, and here the stretches of time in
    // the order they were taken: a stack (an index into `samples`) for
    // `count` samples in a row. Empty for a profile of totals.
    struct TimedRun {
        std::uint32_t stack;
        std::uint64_t count;
    };
    std::vector<TimedRun> timeOrder;

    // The total of one sample type over every sample.
    std::int64_t total(std::size_t sampleType) const
    {
        std::int64_t sum = 0;
        for (const StackSample& sample : samples)
            sum += sample.values[sampleType];
        return sum;
    }
};

} // namespace memprof
