// SPDX-License-Identifier: GPL-3.0-or-later
// The generic diff of two trees of stacks (model/stacks/StackTreeDiff.h) on
// hand-made trees whose frame ids differ between the sides: nodes match by
// their path of frame keys, never by id, and siblings of one key on one
// side are one diff node with their children matched together.
#include "tests/support/TestSuite.h"

#include <QTest>

#include "model/stacks/StackCosts.h"
#include "model/stacks/StackTreeDiff.h"

#include <algorithm>
#include <map>
#include <string>
#include <vector>

using namespace memprof;

namespace {

using Path = std::vector<std::string>;

// A tree of the `paths` (frame names, root first), its frames numbered in
// the order of `frames`: the same name is another id on the other side.
StackTree<SampleCost> treeOf(const std::vector<std::string>& frames, const std::vector<Path>& paths,
                             std::map<Path, StackNodeId>& nodeOfPath)
{
    StackTree<SampleCost> tree;
    for (const Path& path : paths) {
        std::vector<FrameId> ids;
        for (const std::string& name : path)
            ids.push_back(FrameId(std::find(frames.begin(), frames.end(), name) - frames.begin()));
        nodeOfPath[path] = tree.pathNode(ids);
    }
    return tree;
}

// A frame's key: its name up to a '#', so "f#1" and "f#2" are one symbol
// at two addresses.
std::vector<std::string> keysOf(const std::vector<std::string>& frames)
{
    std::vector<std::string> keys;
    for (const std::string& frame : frames)
        keys.push_back(frame.substr(0, frame.find('#')));
    return keys;
}

// The diff's nodes by their path of keys.
std::map<Path, StackNodeId> pathsOf(const StackTreeDiff& diff, const std::vector<std::string>& newKeys,
                                    const std::vector<std::string>& baseKeys, const StackTree<SampleCost>& base,
                                    const StackTree<SampleCost>& current)
{
    std::map<Path, StackNodeId> paths;
    std::vector<Path> pathOf(diff.nodes.size());
    for (std::size_t id = 1; id < diff.nodes.size(); ++id) {
        const StackDiffNode& node = diff.nodes[id];
        const std::string key = node.newNodes.empty() ? baseKeys[base.node(node.baseNodes.front()).frame]
                                                      : newKeys[current.node(node.newNodes.front()).frame];
        pathOf[id] = pathOf[std::size_t(node.parent)];
        pathOf[id].push_back(key);
        paths[pathOf[id]] = StackNodeId(id);
    }
    return paths;
}

} // namespace

class TestStackTreeDiff : public QObject {
    Q_OBJECT

private slots:
    void matchesByPathOfKeys()
    {
        const std::vector<std::string> baseFrames = {"main", "f#1", "g", "f#2"};
        const std::vector<std::string> newFrames = {"g", "h", "main", "f#3"};
        std::map<Path, StackNodeId> baseNode, newNode;
        const auto base = treeOf(baseFrames, {{"main", "f#1", "g"}, {"main", "f#2", "g"}, {"main", "g"}}, baseNode);
        const auto current = treeOf(newFrames, {{"main", "f#3", "g"}, {"main", "h"}, {"g"}}, newNode);
        const std::vector<std::string> baseKeys = keysOf(baseFrames);
        const std::vector<std::string> newKeys = keysOf(newFrames);

        const StackTreeDiff diff = diffStackTrees(base, std::span<const std::string>(baseKeys), current,
                                                  std::span<const std::string>(newKeys));
        QCOMPARE(diff.nodes[0].baseNodes, std::vector<StackNodeId>{kStackRoot});
        QCOMPARE(diff.nodes[0].newNodes, std::vector<StackNodeId>{kStackRoot});
        for (std::size_t id = 1; id < diff.nodes.size(); ++id) {
            const StackDiffNode& node = diff.nodes[id];
            QVERIFY(node.parent >= 0 && std::size_t(node.parent) < id);
            const auto& siblings = diff.nodes[std::size_t(node.parent)].children;
            QVERIFY(std::count(siblings.begin(), siblings.end(), StackNodeId(id)) == 1);
        }

        const auto paths = pathsOf(diff, newKeys, baseKeys, base, current);
        // Every path of keys of either side, once: main, main>f, main>f>g,
        // main>g, main>h, g.
        QCOMPARE(paths.size(), std::size_t(6));
        QCOMPARE(diff.nodes.size(), std::size_t(7));
        const auto sides = [&](const Path& path) {
            const StackDiffNode& node = diff.nodes[std::size_t(paths.at(path))];
            std::vector<StackNodeId> baseIds = node.baseNodes;
            std::sort(baseIds.begin(), baseIds.end());
            return std::make_pair(baseIds, node.newNodes);
        };
        using Ids = std::vector<StackNodeId>;
        QCOMPARE(sides({"main"}), std::make_pair(Ids{base.node(baseNode.at({"main", "g"})).parent},
                                                 Ids{current.node(newNode.at({"main", "h"})).parent}));
        // The two f of BASE (two addresses of one symbol) are one node, and
        // their g's are one node below it.
        Ids fs = {base.node(baseNode.at({"main", "f#1", "g"})).parent,
                  base.node(baseNode.at({"main", "f#2", "g"})).parent};
        std::sort(fs.begin(), fs.end());
        QCOMPARE(sides({"main", "f"}), std::make_pair(fs, Ids{current.node(newNode.at({"main", "f#3", "g"})).parent}));
        Ids gs = {baseNode.at({"main", "f#1", "g"}), baseNode.at({"main", "f#2", "g"})};
        std::sort(gs.begin(), gs.end());
        QCOMPARE(sides({"main", "f", "g"}), std::make_pair(gs, Ids{newNode.at({"main", "f#3", "g"})}));
        // One side only: g under main is BASE's, h and the top-level g NEW's.
        QCOMPARE(sides({"main", "g"}), std::make_pair(Ids{baseNode.at({"main", "g"})}, Ids{}));
        QCOMPARE(sides({"main", "h"}), std::make_pair(Ids{}, Ids{newNode.at({"main", "h"})}));
        QCOMPARE(sides({"g"}), std::make_pair(Ids{}, Ids{newNode.at({"g"})}));
    }
};

MEMPROF_TEST_APPLESS_MAIN(TestStackTreeDiff)
#include "test_stack_tree_diff.moc"
