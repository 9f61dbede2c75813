// SPDX-License-Identifier: GPL-3.0-or-later
// The by-file / by-function tree: sums equal the flat tables' totals, every
// node is the sum of its children, traces sit under their start function.
#include "model/memprofile/FunctionTree.h"
#include "model/memprofile/ProfileLoader.h"
#include "tests/support/TestSuite.h"

#include <QTest>

using namespace memprof;

class TestFunctionTree : public QObject {
    Q_OBJECT
private slots:
    void sumsEqualTheTotals_data()
    {
        QTest::addColumn<QString>("dump");
        for (const char* name : {"v3/leak.bin", "v3/leak-jit.bin", "v3/medium.bin", "v3/loadstring.bin",
                                 "v3/ffi-load.bin", "v3/closures-coroutines.bin", "v1/loadstring.bin", "v3/empty.bin"})
            QTest::newRow(name) << QString::fromLatin1(name);
    }

    void sumsEqualTheTotals()
    {
        QFETCH(QString, dump);
        const Profile profile = loadProfile(MEMPROF_TEST_DATA "/" + dump.toStdString());
        const FunctionTree tree = buildFunctionTree(profile);
        TreeCost total;
        for (const StackNodeId root : tree.roots())
            total.add(tree.node(root));
        QCOMPARE(total.eventCount, profile.totals.eventCount);
        QCOMPARE(total.allocatedBytes, profile.totals.allocatedBytes);
        QCOMPARE(total.freedBytes, profile.totals.freedBytes);
        QCOMPARE(total.heldBytes, profile.totals.liveBytes);
        QCOMPARE(total.peakBytes, profile.totals.peakLiveBytes);

        std::size_t leaves = 0;
        for (StackNodeId id = 1; id < StackNodeId(tree.size()); ++id) {
            const TreeNode& node = tree.node(id);
            if (node.children.empty()) {
                QCOMPARE(tree.frameOf(id).kind, FrameKind::Line);
                ++leaves;
                continue;
            }
            TreeCost sum;
            for (const StackNodeId child : node.children) {
                sum.add(tree.node(child));
                QCOMPARE(tree.node(child).parent, id);
            }
            QCOMPARE(sum.eventCount, node.eventCount);
            QCOMPARE(sum.allocatedBytes, node.allocatedBytes);
            QCOMPARE(sum.heldBytes, node.heldBytes);
        }
        std::size_t locationsWithEvents = 0;
        std::vector<bool> seen(profile.locations.size());
        for (EventKind kind : {EventKind::Alloc, EventKind::Realloc, EventKind::Free})
            for (const auto& row : profile.rows(kind))
                seen[row.location] = true;
        for (bool s : seen)
            locationsWithEvents += s;
        QCOMPARE(leaves, locationsWithEvents);
    }

    void tracesUnderTheirStartFunction()
    {
        const Profile profile = loadProfile(MEMPROF_TEST_DATA "/v3/leak-jit.bin");
        const FunctionTree tree = buildFunctionTree(profile);
        int tracesUnderFunctions = 0;
        for (StackNodeId id = 1; id < StackNodeId(tree.size()); ++id) {
            const FunctionFrame& node = tree.frameOf(id);
            if (node.kind != FrameKind::Line || node.label.rfind("TRACE [", 0) != 0)
                continue;
            const StackNodeId parentId = tree.node(id).parent;
            const FunctionFrame& parent = tree.frameOf(parentId);
            QCOMPARE(parent.kind, FrameKind::Lua);
            QVERIFY(parent.label.rfind("@leak-jit.lua:", 0) == 0);
            QCOMPARE(tree.frameOf(tree.node(parentId).parent).label, std::string("@leak-jit.lua"));
            ++tracesUnderFunctions;
        }
        QVERIFY(tracesUnderFunctions >= 5);
    }

    void aliasesAndGroups()
    {
        const Profile profile = loadProfile(MEMPROF_TEST_DATA "/v3/loadstring.bin");
        const FunctionTree tree = buildFunctionTree(profile);
        QStringList rootLabels;
        for (const StackNodeId root : tree.roots())
            rootLabels << QString::fromStdString(tree.frameOf(root).label);
        QVERIFY(rootLabels.contains("function_alias_2"));
        QVERIFY(rootLabels.contains("@loadstring.lua"));
        QVERIFY(rootLabels.contains(kInternalGroup));
        // Roots come largest allocation first.
        for (std::size_t i = 1; i < tree.roots().size(); ++i)
            QVERIFY(tree.node(tree.roots()[i - 1]).allocatedBytes >= tree.node(tree.roots()[i]).allocatedBytes);

        const Profile ffi = loadProfile(MEMPROF_TEST_DATA "/v3/ffi-load.bin");
        const FunctionTree ffiTree = buildFunctionTree(ffi);
        bool cGroupHasSymbols = false;
        for (const StackNodeId root : ffiTree.roots()) {
            if (ffiTree.frameOf(root).label == kCGroup)
                for (const StackNodeId child : ffiTree.node(root).children)
                    cGroupHasSymbols |= ffiTree.frameOf(child).label.rfind("lj_cf_string_rep:0x", 0) == 0;
        }
        QVERIFY(cGroupHasSymbols);
    }
};

MEMPROF_TEST_APPLESS_MAIN(TestFunctionTree)
#include "test_function_tree.moc"
