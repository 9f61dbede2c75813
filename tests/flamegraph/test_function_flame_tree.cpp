// SPDX-License-Identifier: GPL-3.0-or-later
// memprof's by-function tree as a flame tree on fixture dumps: the root
// holds the profile's total allocated (or held) bytes, every frame carries
// its tree node's figure and id, and children come sorted by name.
#include "tests/support/GuiTestData.h"

#include "model/flame/FunctionFlameTree.h"
#include "tests/support/TestSuite.h"

#include <QTest>

using namespace memprof;

class TestFunctionFlameTree : public QObject {
    Q_OBJECT
private slots:
    void rootIsTheTotal_data();
    void rootIsTheTotal();
};

void TestFunctionFlameTree::rootIsTheTotal_data()
{
    QTest::addColumn<QString>("dump");
    for (const char* f : {"v3/medium.bin", "v3/leak.bin", "v3/leak-jit.bin", "v3/empty.bin"})
        QTest::newRow(f) << QString::fromLatin1(f);
}

void TestFunctionFlameTree::rootIsTheTotal()
{
    QFETCH(QString, dump);
    const Profile profile = test::loadFixture(dump);
    const FunctionTree tree = buildFunctionTree(profile);

    const FlameTree allocated = functionFlameTree(tree, FlameBytes::Allocated);
    QCOMPARE(allocated.unit, std::string("bytes"));
    QCOMPARE(allocated.nodes[0].value, std::uint64_t(profile.totals.allocatedBytes));
    QCOMPARE(allocated.nodes.size(), tree.size()); // the tree's nodes and its root, "all"
    const FlameTree held = functionFlameTree(tree, FlameBytes::Held);
    QCOMPARE(held.nodes[0].value, std::uint64_t(profile.totals.liveBytes));

    for (std::size_t i = 1; i < allocated.nodes.size(); ++i) {
        const FlameNode& frame = allocated.nodes[i];
        const TreeNode& source = tree.node(frame.sourceId);
        QCOMPARE(frame.value, source.allocatedBytes);
        QCOMPARE(frame.name, tree.frameOf(frame.sourceId).label);
        QCOMPARE(held.nodes[i].value, source.heldBytes);
        QCOMPARE(frame.children.size(), source.children.size());
        for (std::size_t c = 1; c < frame.children.size(); ++c)
            QVERIFY(allocated.nodes[frame.children[c - 1]].name <= allocated.nodes[frame.children[c]].name);
        QCOMPARE(allocated.nodes[frame.parent].sourceId, source.parent);
    }
}

MEMPROF_TEST_GUILESS_MAIN(TestFunctionFlameTree)
#include "test_function_flame_tree.moc"
