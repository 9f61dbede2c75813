// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/sysprofile/SysprofBuilder.h"

#include <cstring>

namespace memprof {

SysprofBuilder::SysprofBuilder(SampleRange range)
{
    profile_.range = range;
}

namespace {
void appendWord(std::string& key, std::uint64_t word)
{
    char bytes[sizeof word];
    std::memcpy(bytes, &word, sizeof word);
    key.append(bytes, sizeof word);
}
} // namespace

// The raw sample as bytes: the naming epoch (a renamed address makes the
// same frames another stack), the state, then every frame. Lua frames
// carry their kind; the host chain follows a separator no kind uses.
void SysprofBuilder::makeKey(const Sample& sample)
{
    key_.clear();
    appendWord(key_, symbols_.namingEpoch());
    key_ += static_cast<char>(sample.state);
    if (sample.state == VmState::Trace) {
        appendWord(key_, sample.traceno);
        appendWord(key_, sample.traceProto);
        appendWord(key_, sample.traceProtoLine);
        return;
    }
    for (const LuaFrame& frame : sample.luaChain) {
        key_ += static_cast<char>(frame.kind);
        appendWord(key_, frame.addr);
        if (frame.kind == LuaFrameKind::Lfunc)
            appendWord(key_, frame.line);
    }
    key_ += '\0';
    for (const std::uint64_t addr : sample.hostChain)
        appendWord(key_, addr);
}

void SysprofBuilder::sample(const Sample& sample)
{
    const std::uint64_t index = sampleIndex_++;
    profile_.timeline.add(sample.state);
    if (!profile_.range.contains(index))
        return;
    ++profile_.sampleCount;
    ++profile_.samplesByState[static_cast<std::size_t>(sample.state)];
    if (!sample.hostChain.empty())
        ++profile_.hostChainSamples;

    makeKey(sample);
    auto [it, inserted] = stackOf_.try_emplace(key_, static_cast<std::uint32_t>(stacks_.size()));
    if (inserted) {
        namer_.name(sample, named_);
        DistinctStack stack;
        for (std::size_t view = 0; view < kStackViewCount; ++view)
            stack.leaves[view] = profile_.trees[view].pathNode(named_[view]);
        stacks_.push_back(stack);
    }
    DistinctStack& stack = stacks_[it->second];
    ++stack.samples;
    if (observer_)
        observer_(index, stack.leaves);
}

SysprofProfile SysprofBuilder::finish(const DecodeStatus& status)
{
    for (const DistinctStack& stack : stacks_)
        for (std::size_t view = 0; view < kStackViewCount; ++view)
            profile_.trees[view].addSamples(stack.leaves[view], stack.samples);
    profile_.runSampleCount = sampleIndex_;
    profile_.distinctStacks = stacks_.size();
    profile_.status = status;
    stacks_.clear();
    stackOf_.clear();
    return std::move(profile_);
}

} // namespace memprof
