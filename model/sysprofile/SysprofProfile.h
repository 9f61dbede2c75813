// SPDX-License-Identifier: GPL-3.0-or-later
// What a sysprof dump holds, aggregated: samples per VM state, the call
// trees of its three views, and samples over time.
#pragma once

#include "model/dump/DecodeStatus.h"
#include "model/dump/RunRange.h"
#include "model/sysdecoder/SampleEvents.h"
#include "model/sysprofile/CallTree.h"
#include "model/sysprofile/SampleTimeline.h"

#include <array>
#include <bitset>
#include <cassert>
#include <cstdint>
#include <memory>
#include <vector>

namespace memprof {

// How a sample's stack is read (docs/FORMAT.md#sysprof-views).
enum class StackView : std::uint8_t {
    Lua, // its Lua call chain, root first; a trace under the function it started in;
    // no chain: one root per VM state
    Host, // its host (native) call chain, root first (dumps of mode C)
    Reference, // tools/sysprof.lua's merge of the two, frame for frame
};
inline constexpr std::size_t kStackViewCount = 3;

// The views whose call trees a load builds: the viewer shows all three,
// memprof-report builds only the one it prints (a tree is the main cost of
// each distinct stack).
using StackViewSet = std::bitset<kStackViewCount>;
inline StackViewSet allStackViews()
{
    return StackViewSet().set();
}
inline StackViewSet onlyStackView(StackView view)
{
    return StackViewSet().set(static_cast<std::size_t>(view));
}

// The mode a dump was recorded in, as far as its samples tell (the dump
// does not record it): mode C (call graph) writes a host chain with each
// sample, mode L (leaf) none, and a JIT trace's sample has none in either,
// so counted samples that are all in traces do not say which.
enum class SysprofMode : std::uint8_t { C, L, Untold };

struct SysprofProfile {
    DecodeStatus status;
    RunRange range; // the samples counted in the trees and sums
    std::uint64_t runSampleCount = 0; // every sample of the dump
    std::uint64_t sampleCount = 0; // the samples in `range`
    std::array<std::uint64_t, kVmStateCount> samplesByState{}; // in `range`
    std::uint64_t hostChainSamples = 0; // samples with a host chain (mode C writes them)
    std::uint64_t distinctStacks = 0;
    FrameTable frames;
    std::array<CallTree, kStackViewCount> trees; // those of builtViews; the others stay empty
    StackViewSet builtViews = allStackViews();
    SampleTimeline timeline; // the whole run, whatever the range
    // Each counted sample's node in the Lua view, in stream order: kept only
    // when the loader is asked to (exports in time order need it; nothing
    // else grows with the samples).
    std::vector<CallNodeId> luaNodeBySample;
    // The bottom-up trees of the views, when the loader is asked for them:
    // the viewer's worker builds them, so the GUI thread never does.
    std::array<std::shared_ptr<const CallTree>, kStackViewCount> bottomUpTrees;

    const CallTree& tree(StackView view) const
    {
        assert(builtViews.test(static_cast<std::size_t>(view)));
        return trees[static_cast<std::size_t>(view)];
    }
    // Mode C (call graph) writes host chains; mode L (leaf) does not.
    bool hasHostChains() const { return hostChainSamples != 0; }
    SysprofMode mode() const
    {
        return hasHostChains() ? SysprofMode::C : sampleCount > traceSamples() ? SysprofMode::L : SysprofMode::Untold;
    }
    std::uint64_t traceSamples() const { return samplesByState[static_cast<std::size_t>(VmState::Trace)]; }
};

} // namespace memprof
