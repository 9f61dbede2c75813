// SPDX-License-Identifier: GPL-3.0-or-later
// What must hold for any bytes read as a sysprof dump: shared by the
// libFuzzer target (tests/fuzz) and the hardening tests. Returns the first
// broken rule as text, or an empty string.
#pragma once

#include "model/memprofile/ProfileLoader.h"
#include "model/report/SysprofReport.h"
#include "model/sysdecoder/SysprofDecoder.h"
#include "model/sysprofile/SysprofBuilder.h"
#include "model/sysprofile/SysprofLoader.h"
#include "tests/support/ProfileInvariants.h"
#include "tests/support/TestSources.h"

#include <span>
#include <sstream>
#include <string>

namespace memprof::test {

#define MEMPROF_SYSPROF_INVARIANT(condition)                                                                           \
    do {                                                                                                               \
        if (!(condition))                                                                                              \
            return #condition;                                                                                         \
    } while (0)

// The trees hold each counted sample once, and every node its parent's child.
inline std::string checkSysprofProfile(const SysprofProfile& profile, std::uint64_t size)
{
    if (std::string broken = checkStatus(profile.status, size); !broken.empty())
        return broken;
    MEMPROF_SYSPROF_INVARIANT(profile.sampleCount <= profile.runSampleCount);
    MEMPROF_SYSPROF_INVARIANT(profile.runSampleCount <= size); // a sample starts with a header byte
    std::uint64_t byState = 0;
    for (const std::uint64_t samples : profile.samplesByState)
        byState += samples;
    MEMPROF_SYSPROF_INVARIANT(byState == profile.sampleCount);
    for (const CallTree& tree : profile.trees) {
        std::uint64_t self = 0;
        for (std::size_t id = 0; id < tree.size(); ++id) {
            const CallNode& node = tree.node(static_cast<CallNodeId>(id));
            self += node.selfSamples;
            MEMPROF_SYSPROF_INVARIANT(id == 0 || node.frame < profile.frames.size());
            for (const CallNodeId child : node.children) {
                MEMPROF_SYSPROF_INVARIANT(child > 0 && static_cast<std::size_t>(child) < tree.size());
                MEMPROF_SYSPROF_INVARIANT(tree.node(child).parent == static_cast<CallNodeId>(id));
            }
        }
        MEMPROF_SYSPROF_INVARIANT(self <= profile.sampleCount);
    }
    MEMPROF_SYSPROF_INVARIANT(profile.tree(StackView::Lua).totalSamples() == profile.sampleCount);
    MEMPROF_SYSPROF_INVARIANT(profile.luaNodeBySample.size() == profile.sampleCount);
    for (const CallNodeId node : profile.luaNodeBySample)
        MEMPROF_SYSPROF_INVARIANT(node >= 0 && static_cast<std::size_t>(node) < profile.tree(StackView::Lua).size());
    return {};
}

inline std::string sysprofReports(const SysprofProfile& profile)
{
    std::ostringstream out;
    writeSysprofReferenceLines(out, profile);
    for (const StackView view : {StackView::Lua, StackView::Host, StackView::Reference})
        writeSysprofSummary(out, profile, view);
    return out.str();
}

// `bytes` as a sysprof dump, whole and through a 64-byte window fed by short
// reads: both keep the invariants and give the same status and reports.
inline std::string checkSysprofDecodes(std::span<const std::uint8_t> bytes)
{
    SysprofLoadOptions inOrder;
    inOrder.keepSampleOrder = true;
    DecodeControl whole;
    whole.blockSize = bytes.size() + 1;
    const SysprofProfile loaded = loadSysprof(bytes, whole, inOrder);
    if (std::string broken = checkSysprofProfile(loaded, bytes.size()); !broken.empty())
        return "whole: " + broken;

    ChoppyByteSource choppy(bytes);
    SysprofBuilder builder;
    std::uint64_t observed = 0;
    builder.observeSamples([&observed](std::uint64_t, const std::array<CallNodeId, kStackViewCount>&) { ++observed; });
    DecodeControl small;
    small.blockSize = 64;
    const SysprofProfile pieces = builder.finish(decodeSysprof(choppy, builder, small));
    MEMPROF_SYSPROF_INVARIANT(observed == pieces.sampleCount);
    if (std::string broken = compareDecodes(loaded.status, pieces.status); !broken.empty())
        return "whole vs pieces: " + broken;
    MEMPROF_SYSPROF_INVARIANT(loaded.sampleCount == pieces.sampleCount);
    MEMPROF_SYSPROF_INVARIANT(sysprofReports(loaded) == sysprofReports(pieces));
    MEMPROF_SYSPROF_INVARIANT(!describeStatus(loaded.status).empty());
    return {};
}

#undef MEMPROF_SYSPROF_INVARIANT

} // namespace memprof::test
