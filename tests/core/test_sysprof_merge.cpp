// SPDX-License-Identifier: GPL-3.0-or-later
// Merging sysprof dumps (model/merge): stacks are matched frame by frame by
// name, a native symbol without its load address and a chunk alias by its
// source; each merged stack's samples per dump add up to it.
#include "model/merge/SysprofMerge.h"
#include "model/sysprofile/SysprofLoader.h"
#include "tests/support/TestSuite.h"

#include <QTest>

#include <map>
#include <string>
#include <utility>
#include <vector>

using namespace memprof;

namespace {

CallFrame frame(std::string name, FrameKind kind, std::string chunk = {})
{
    CallFrame made;
    made.name = std::move(name);
    made.kind = kind;
    made.chunk = std::move(chunk);
    made.line = 1;
    return made;
}

// A dump of the Lua view only, of `stacks` (root first) and their samples.
SysprofProfile dumpOf(const std::vector<std::pair<std::vector<CallFrame>, std::uint64_t>>& stacks)
{
    SysprofProfile profile;
    profile.builtViews = onlyStackView(StackView::Lua);
    CallTree& tree = profile.trees[static_cast<std::size_t>(StackView::Lua)];
    for (const auto& [frames, samples] : stacks) {
        std::vector<FrameId> ids;
        for (const CallFrame& f : frames)
            ids.push_back(profile.frames.intern(f));
        tree.addSelfSamples(tree.pathNode(ids), samples);
        profile.sampleCount += samples;
        profile.runSampleCount += samples;
        profile.samplesByState[static_cast<std::size_t>(VmState::Lfunc)] += samples;
    }
    tree.sumTotals();
    return profile;
}

// The merged Lua view's stacks, "frame;frame", with their samples, and
// each one's samples per dump.
struct Stacks {
    std::map<std::string, std::uint64_t> samples;
    std::map<std::string, std::vector<std::pair<InstanceId, std::uint64_t>>> shares;
};

Stacks stacksOf(const SysprofProfile& profile, const SysprofBreakdown& breakdown)
{
    Stacks stacks;
    const CallTree& tree = profile.tree(StackView::Lua);
    for (std::size_t id = 0; id < tree.size(); ++id) {
        const CallNode& node = tree.node(static_cast<CallNodeId>(id));
        if (node.selfSamples == 0)
            continue;
        std::string text;
        for (const FrameId f : tree.pathTo(static_cast<CallNodeId>(id)))
            text += (text.empty() ? "" : ";") + profile.frames[f].name;
        stacks.samples[text] += node.selfSamples;
        for (const SampleShare& share : breakdown.self(StackView::Lua, static_cast<CallNodeId>(id)))
            stacks.shares[text].push_back({share.instance, share.selfSamples});
    }
    return stacks;
}

} // namespace

class TestSysprofMerge : public QObject {
    Q_OBJECT
private slots:
    void stacksMatchByNameAliasAndSymbol()
    {
        // Each process numbered its two string chunks in its own order, and
        // loaded lj_foo at its own address.
        const SysprofProfile a = dumpOf(
            {{{frame("function_alias_1:1", FrameKind::Lua, "return 1\n"), frame("lj_foo:0x55aa", FrameKind::C)}, 3},
             {{frame("function_alias_2:1", FrameKind::Lua, "return 2\n")}, 1}});
        const SysprofProfile b = dumpOf(
            {{{frame("function_alias_1:1", FrameKind::Lua, "return 2\n")}, 5},
             {{frame("function_alias_2:1", FrameKind::Lua, "return 1\n"), frame("lj_foo:0x77bb", FrameKind::C)}, 4},
             {{frame("@c.lua:1", FrameKind::Lua, "@c.lua")}, 2}});
        SysprofMerge merge({"a.bin", "b.bin"}, onlyStackView(StackView::Lua));
        merge.add(0, a);
        merge.add(1, b);
        merge.finish();
        const SysprofProfile& merged = merge.profile();
        QCOMPARE(merged.sampleCount, std::uint64_t(15));
        QCOMPARE(merged.samplesByState[static_cast<std::size_t>(VmState::Lfunc)], std::uint64_t(15));
        QCOMPARE(merged.tree(StackView::Lua).totalSamples(), std::uint64_t(15));
        const Stacks stacks = stacksOf(merged, merge.breakdown());
        const std::map<std::string, std::uint64_t> expected = {
            {"function_alias_1:1;lj_foo", 7}, {"function_alias_2:1", 6}, {"@c.lua:1", 2}};
        QCOMPARE(stacks.samples, expected);
        using Shares = std::vector<std::pair<InstanceId, std::uint64_t>>;
        QCOMPARE(stacks.shares.at("function_alias_1:1;lj_foo"), (Shares{{0, 3}, {1, 4}}));
        QCOMPARE(stacks.shares.at("function_alias_2:1"), (Shares{{0, 1}, {1, 5}}));
        QCOMPARE(stacks.shares.at("@c.lua:1"), (Shares{{1, 2}}));
        QCOMPARE(merge.breakdown().instances[1].sampleCount, std::uint64_t(11));
    }

    void selfMergeDoublesAFixture()
    {
        const std::string path = MEMPROF_TEST_DATA "/sysprof/recursion-C-jitoff.bin";
        const SysprofProfile dump = loadSysprof(path);
        SysprofMerge merge({"a", "b"}, allStackViews());
        merge.add(0, dump);
        merge.add(1, dump);
        merge.finish();
        const SysprofProfile& twice = merge.profile();
        QCOMPARE(twice.sampleCount, 2 * dump.sampleCount);
        QCOMPARE(twice.hostChainSamples, 2 * dump.hostChainSamples);
        for (std::size_t state = 0; state < kVmStateCount; ++state)
            QCOMPARE(twice.samplesByState[state], 2 * dump.samplesByState[state]);
        for (const StackView view : {StackView::Lua, StackView::Host, StackView::Reference}) {
            QCOMPARE(twice.tree(view).totalSamples(), 2 * dump.tree(view).totalSamples());
            // No two paths of the dump become one: addresses differ only
            // between symbols.
            QCOMPARE(twice.tree(view).size(), dump.tree(view).size());
        }
    }
};

MEMPROF_TEST_APPLESS_MAIN(TestSysprofMerge)
#include "test_sysprof_merge.moc"
