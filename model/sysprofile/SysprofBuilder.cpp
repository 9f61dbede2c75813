// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/sysprofile/SysprofBuilder.h"


namespace memprof {

SysprofBuilder::SysprofBuilder(SampleRange range)
{
    profile_.range = range;
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

    if (symbols_.namingEpoch() != keysEpoch_) {
        stackOf_.clear();
        keysEpoch_ = symbols_.namingEpoch();
    }
    // absl's own string_view: Debian's absl is built without std's.
    const absl::string_view key(reinterpret_cast<const char*>(sample.bytes.data()), sample.bytes.size());
    auto it = stackOf_.find(key);
    if (it == stackOf_.end()) {
        namer_.name(sample, named_);
        DistinctStack named;
        for (std::size_t view = 0; view < kStackViewCount; ++view)
            named.leaves[view] = profile_.trees[view].pathNode(named_[view]);
        it = stackOf_.emplace(std::string(key), static_cast<std::uint32_t>(stacks_.size())).first;
        stacks_.push_back(named);
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
