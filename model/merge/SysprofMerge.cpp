// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/merge/SysprofMerge.h"
#include "model/merge/MergedStatus.h"

#include "model/merge/MatchName.h"

namespace memprof {

const std::vector<SampleShare>& SysprofBreakdown::self(StackView view, CallNodeId node) const
{
    static const std::vector<SampleShare> none;
    const auto& byNode = selfShares[static_cast<std::size_t>(view)];
    return node >= 0 && static_cast<std::size_t>(node) < byNode.size() ? byNode[static_cast<std::size_t>(node)] : none;
}

SysprofMerge::SysprofMerge(std::vector<std::string> instanceNames, StackViewSet views)
{
    for (std::string& name : instanceNames)
        breakdown_.instances.push_back({std::move(name), {}, 0, false});
    merged_.builtViews = views;
    merged_.status.end = DecodeEnd::Failed;
}

std::vector<FrameId> SysprofMerge::addFrames(const SysprofProfile& dump)
{
    // The dump's aliases, by the source of the chunks they name.
    AliasRenames renames;
    for (std::size_t id = 0; id < dump.frames.size(); ++id) {
        const CallFrame& frame = dump.frames[static_cast<FrameId>(id)];
        if (frame.chunk.find('\n') == std::string::npos)
            continue;
        const std::string_view alias = AliasRenumbering::aliasIn(frame.name);
        if (alias.empty() || renames.contains(alias))
            continue;
        const std::size_t merged = aliases_.aliasOf(frame.chunk);
        renames.emplace(std::string(alias), aliases_.aliases()[merged].name);
    }
    std::vector<FrameId> frames;
    frames.reserve(dump.frames.size());
    for (std::size_t id = 0; id < dump.frames.size(); ++id) {
        CallFrame frame = dump.frames[static_cast<FrameId>(id)];
        frame.name = AliasRenumbering::renamed(frame.name, renames);
        if (frame.kind == FrameKind::C || frame.kind == FrameKind::Host)
            frame.name = withoutLoadAddress(frame.name);
        frames.push_back(merged_.frames.intern(std::move(frame)));
    }
    return frames;
}

void SysprofMerge::add(InstanceId instance, const SysprofProfile& dump)
{
    MergedSysprofInstance& entry = breakdown_.instances.at(instance);
    entry.status = dump.status;
    entry.sampleCount = dump.sampleCount;
    if (!foldDumpStatus(merged_.status, mergedCount_, dump.status))
        return;
    entry.merged = true;

    merged_.runSampleCount += dump.runSampleCount;
    merged_.sampleCount += dump.sampleCount;
    for (std::size_t state = 0; state < kVmStateCount; ++state)
        merged_.samplesByState[state] += dump.samplesByState[state];
    merged_.hostChainSamples += dump.hostChainSamples;
    merged_.distinctStacks += dump.distinctStacks;

    const std::vector<FrameId> frames = addFrames(dump);
    for (std::size_t view = 0; view < kStackViewCount; ++view) {
        if (!merged_.builtViews.test(view) || !dump.builtViews.test(view))
            continue;
        const CallTree& tree = dump.trees[view];
        CallTree& into = merged_.trees[view];
        auto& shares = breakdown_.selfShares[view];
        // A sample with no frame in the view (the reference's view of a
        // trace's sample, mode L's of any) ends at the root: id 0 too.
        std::vector<CallNodeId> mergedNode(tree.size(), kCallRoot);
        for (std::size_t id = 0; id < tree.size(); ++id) {
            const CallNode& node = tree.node(static_cast<CallNodeId>(id));
            const CallNodeId merged =
                id == 0 ? kCallRoot : into.child(mergedNode[static_cast<std::size_t>(node.parent)], frames[node.frame]);
            mergedNode[id] = merged;
            if (node.selfSamples == 0)
                continue;
            into.addSelfSamples(merged, node.selfSamples);
            if (shares.size() <= static_cast<std::size_t>(merged))
                shares.resize(static_cast<std::size_t>(merged) + 1);
            auto& nodeShares = shares[static_cast<std::size_t>(merged)];
            if (nodeShares.empty() || nodeShares.back().instance != instance)
                nodeShares.push_back({instance, 0});
            nodeShares.back().selfSamples += node.selfSamples;
        }
    }
}

void SysprofMerge::finish()
{
    for (std::size_t view = 0; view < kStackViewCount; ++view) {
        if (!merged_.builtViews.test(view))
            continue;
        merged_.trees[view].sumTotals();
        merged_.trees[view].shrinkToFinished();
    }
}

} // namespace memprof
