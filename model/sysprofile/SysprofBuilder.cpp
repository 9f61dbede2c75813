// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/sysprofile/SysprofBuilder.h"

#include <absl/hash/hash.h>

#include <bit>
#include <cassert>
#include <cstring>

namespace memprof {

SysprofBuilder::SysprofBuilder(RunRange range, StackViewSet views)
{
    profile_.range = range;
    profile_.builtViews = views;
}

namespace {
// A second hash of a sample's bytes, independent of absl's: xxHash64's
// round over 64-bit words, then MurmurHash3's finaliser.
std::uint64_t foldedHash(std::span<const std::uint8_t> bytes)
{
    constexpr std::uint64_t kPrime1 = 0x9e3779b185ebca87ull;
    constexpr std::uint64_t kPrime2 = 0xc2b2ae3d27d4eb4full;
    std::uint64_t hash = bytes.size() * kPrime1;
    const auto mix = [&hash](std::uint64_t word) {
        hash ^= std::rotl(word * kPrime2, 31) * kPrime1;
        hash = std::rotl(hash, 27) * kPrime1 + 0x85ebca77c2b2ae63ull;
    };
    std::size_t i = 0;
    for (; i + 8 <= bytes.size(); i += 8) {
        std::uint64_t word;
        std::memcpy(&word, bytes.data() + i, 8);
        mix(word);
    }
    std::uint64_t tail = 0;
    std::memcpy(&tail, bytes.data() + i, bytes.size() - i);
    mix(tail);
    hash ^= hash >> 33;
    hash *= 0xff51afd7ed558ccdull;
    hash ^= hash >> 33;
    return hash;
}
} // namespace

void SysprofBuilder::sampleBytes(VmState state, std::span<const std::uint8_t> bytes)
{
    const std::uint64_t index = sampleIndex_++;
    profile_.timeline.add(state);
    // The range numbers samples from 1, the stream's index from 0.
    if (!profile_.range.contains(index + 1))
        return;
    ++profile_.sampleCount;
    ++profile_.samplesByState[static_cast<std::size_t>(state)];

    if (symbols_.namingEpoch() != keysEpoch_) {
        for (const auto& [key, stack] : stackOf_)
            earlierStacks_.push_back(stack);
        stackOf_.clear();
        keysEpoch_ = symbols_.namingEpoch();
    }
    // absl's own string_view: Debian's absl is built without std's.
    const absl::string_view key(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    auto [it, inserted] = stackOf_.try_emplace(StackKey{absl::HashOf(key), foldedHash(bytes)});
    DistinctStack& stack = it->second;
    if (inserted) {
        // The decoder read these bytes as a sample: they read again alike.
        [[maybe_unused]] const bool read = reader_.readAgain(bytes, newStack_);
        assert(read);
        const Sample& sample = newStack_;
        namer_.name(sample, named_);
        for (std::size_t view = 0; view < kStackViewCount; ++view)
            stack.leaves[view] =
                profile_.builtViews.test(view) ? profile_.trees[view].pathNode(named_[view]) : kCallRoot;
        stack.hasHostChain = !sample.hostChain.empty();
        ++distinctStacks_;
    }
    ++stack.samples;
    if (observer_)
        observer_(index, stack.leaves);
}

// The distinct stacks' counts into `profile` (profile_ or a copy of it):
// the trees' self and total samples and the sums that follow from them.
void SysprofBuilder::countInto(SysprofProfile& profile) const
{
    const auto add = [&profile](const DistinctStack& stack) {
        for (std::size_t view = 0; view < kStackViewCount; ++view)
            if (profile.builtViews.test(view))
                profile.trees[view].addSelfSamples(stack.leaves[view], stack.samples);
        if (stack.hasHostChain)
            profile.hostChainSamples += stack.samples;
    };
    for (const DistinctStack& stack : earlierStacks_)
        add(stack);
    for (const auto& [key, stack] : stackOf_)
        add(stack);
    for (CallTree& tree : profile.trees) {
        tree.sumTotals();
        tree.shrinkToFinished();
    }
    profile.runSampleCount = sampleIndex_;
    profile.distinctStacks = distinctStacks_;
}

SysprofProfile SysprofBuilder::finish(const DecodeStatus& status)
{
    countInto(profile_);
    profile_.status = status;
    earlierStacks_.clear();
    stackOf_.clear();
    return std::move(profile_);
}

SysprofProfile SysprofBuilder::snapshot(const DecodeStatus& status) const
{
    // Field by field: the trees without their look-ups (a snapshot adds no
    // path), which are much of a growing tree's memory.
    SysprofProfile profile;
    profile.range = profile_.range;
    profile.sampleCount = profile_.sampleCount;
    profile.samplesByState = profile_.samplesByState;
    profile.hostChainSamples = profile_.hostChainSamples;
    profile.frames = profile_.frames;
    profile.builtViews = profile_.builtViews;
    profile.timeline = profile_.timeline;
    for (std::size_t view = 0; view < kStackViewCount; ++view)
        profile.trees[view] = CallTree(profile_.trees[view].finishedCopy());
    countInto(profile);
    profile.status = status;
    return profile;
}

} // namespace memprof
