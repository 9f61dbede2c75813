// SPDX-License-Identifier: GPL-3.0-or-later
// The by-function tree of two dumps compared: a dump against itself is all
// zeros; two fixture dumps differ per line label as their flat tables do,
// the top level adds up to both totals, names of one side are marked.
#include "model/memcompare/FunctionTreeDiff.h"
#include "model/memprofile/ProfileLoader.h"
#include "tests/support/TestSuite.h"

#include <QTest>

#include <map>
#include <set>

using namespace memprof;

namespace {
Profile load(const QString& relative)
{
    return loadProfile(MEMPROF_TEST_DATA "/" + relative.toStdString());
}

// Per location name, straight from the flat data (rows, live at the end,
// live at the peak): independent of both trees.
std::map<std::string, TreeCostChange> flatCostByName(const Profile& profile)
{
    std::map<std::string, TreeCostChange> byName;
    for (EventKind kind : {EventKind::Alloc, EventKind::Realloc, EventKind::Free})
        for (const auto& row : profile.rows(kind)) {
            auto& cost = byName[profile.nameOf(row.location)];
            cost.eventCount += std::int64_t(row.eventCount);
            cost.allocatedBytes += std::int64_t(row.allocatedBytes);
            cost.freedBytes += std::int64_t(row.freedBytes);
        }
    for (const auto& row : profile.heldAtEnd)
        byName[profile.nameOf(row.location)].heldBytes += std::int64_t(row.heldBytes);
    for (const auto& row : profile.heldAtPeak)
        byName[profile.nameOf(row.location)].peakBytes += std::int64_t(row.heldBytes);
    return byName;
}

TreeCostChange totalsOf(const Profile& profile)
{
    const ProfileTotals& t = profile.totals;
    return {std::int64_t(t.eventCount), std::int64_t(t.allocatedBytes), std::int64_t(t.freedBytes),
            std::int64_t(t.liveBytes), std::int64_t(t.peakLiveBytes)};
}

bool equal(const TreeCostChange& a, const TreeCostChange& b)
{
    return a.eventCount == b.eventCount && a.allocatedBytes == b.allocatedBytes && a.freedBytes == b.freedBytes &&
           a.heldBytes == b.heldBytes && a.peakBytes == b.peakBytes;
}

QByteArray describe(const TreeCostChange& c)
{
    return QByteArray("events ") + QByteArray::number(c.eventCount) + " allocated " +
           QByteArray::number(c.allocatedBytes) + " freed " + QByteArray::number(c.freedBytes) + " held " +
           QByteArray::number(c.heldBytes) + " peak " + QByteArray::number(c.peakBytes);
}

#define COMPARE_COST(actual, expected) QVERIFY2(equal(actual, expected), describe(actual) + " != " + describe(expected))
} // namespace

class TestFunctionTreeDiff : public QObject {
    Q_OBJECT
private slots:
    void selfDiffIsAllZeros_data()
    {
        QTest::addColumn<QString>("dump");
        for (const char* name : {"v3/medium.bin", "v3/leak-jit.bin", "v3/loadstring.bin", "v3/ffi-load.bin",
                                 "v3/closures-coroutines.bin", "v1/loadstring.bin"})
            QTest::newRow(name) << QString::fromLatin1(name);
    }

    void selfDiffIsAllZeros()
    {
        QFETCH(QString, dump);
        const Profile profile = load(dump);
        const FunctionTreeDiff diff = diffFunctionTrees(profile, profile);
        QVERIFY(diff.size() > 1); // nodes below the root
        for (StackNodeId id = 1; id < StackNodeId(diff.size()); ++id) {
            const FunctionTreeDiffNode& node = diff.node(id);
            const FunctionFrame& frame = diff.frameOf(id);
            QCOMPARE(node.presence, DiffPresence::Both);
            COMPARE_COST(node.delta, TreeCostChange{});
            COMPARE_COST(node.baseCost, node.newCost);
            if (frame.kind == FrameKind::Line)
                QCOMPARE(profile.nameOf(LocationId(frame.location)), frame.label);
        }
        TreeCostChange total;
        for (const StackNodeId root : diff.roots())
            total.add(diff.node(root).newCost);
        COMPARE_COST(total, totalsOf(profile));
    }

    void twoDumpsDifferAsTheirFlatData_data()
    {
        QTest::addColumn<QString>("base");
        QTest::addColumn<QString>("current");
        const std::pair<const char*, const char*> pairs[] = {
            {"v1/leak.bin", "v3/leak.bin"},
            {"v3/leak.bin", "v3/leak-jit.bin"},
            {"v1/medium.bin", "v3/medium.bin"},
            {"v3/loadstring.bin", "v1/loadstring.bin"},
            {"v1/table-growth.bin", "v3/table-growth.bin"},
            {"v3/empty.bin", "v3/ffi-load.bin"},
            {"v3/closures-coroutines.bin", "v3/require-mid.bin"},
        };
        for (const auto& [base, current] : pairs)
            QTest::newRow(QByteArray(base) + " -> " + current)
                << QString::fromLatin1(base) << QString::fromLatin1(current);
    }

    void twoDumpsDifferAsTheirFlatData()
    {
        QFETCH(QString, base);
        QFETCH(QString, current);
        const Profile baseProfile = load(base);
        const Profile newProfile = load(current);
        const FunctionTreeDiff diff = diffFunctionTrees(baseProfile, newProfile);
        QVERIFY(diff.size() > 1); // nodes below the root

        // The top level adds up to both totals and their change.
        TreeCostChange baseSum, newSum, deltaSum;
        for (const StackNodeId root : diff.roots()) {
            baseSum.add(diff.node(root).baseCost);
            newSum.add(diff.node(root).newCost);
            deltaSum.add(diff.node(root).delta);
        }
        const TreeCostChange baseTotals = totalsOf(baseProfile);
        const TreeCostChange newTotals = totalsOf(newProfile);
        COMPARE_COST(baseSum, baseTotals);
        COMPARE_COST(newSum, newTotals);
        COMPARE_COST(deltaSum, (TreeCostChange{newTotals.eventCount - baseTotals.eventCount,
                                               newTotals.allocatedBytes - baseTotals.allocatedBytes,
                                               newTotals.freedBytes - baseTotals.freedBytes,
                                               newTotals.heldBytes - baseTotals.heldBytes,
                                               newTotals.peakBytes - baseTotals.peakBytes}));

        // Per line label, the change equals the flat data's.
        const auto baseFlat = flatCostByName(baseProfile);
        const auto newFlat = flatCostByName(newProfile);
        std::map<std::string, TreeCostChange> treeDeltaByLabel;
        for (StackNodeId id = 1; id < StackNodeId(diff.size()); ++id)
            if (diff.frameOf(id).kind == FrameKind::Line)
                treeDeltaByLabel[diff.frameOf(id).label].add(diff.node(id).delta);
        std::set<std::string> names;
        for (const auto& [name, cost] : baseFlat)
            names.insert(name);
        for (const auto& [name, cost] : newFlat)
            names.insert(name);
        int compared = 0;
        for (const std::string& name : names) {
            TreeCostChange expected;
            if (auto it = newFlat.find(name); it != newFlat.end())
                expected.add(it->second);
            if (auto it = baseFlat.find(name); it != baseFlat.end())
                expected = {expected.eventCount - it->second.eventCount,
                            expected.allocatedBytes - it->second.allocatedBytes,
                            expected.freedBytes - it->second.freedBytes, expected.heldBytes - it->second.heldBytes,
                            expected.peakBytes - it->second.peakBytes};
            const auto found = treeDeltaByLabel.find(name);
            const TreeCostChange actual = found == treeDeltaByLabel.end() ? TreeCostChange{} : found->second;
            QVERIFY2(
                equal(actual, expected),
                (name + ": " + describe(actual).toStdString() + " != " + describe(expected).toStdString()).c_str());
            ++compared;
        }
        QVERIFY(compared > 0);

        for (StackNodeId n = 1; n < StackNodeId(diff.size()); ++n) {
            const FunctionTreeDiffNode& node = diff.node(n);
            const FunctionFrame& frame = diff.frameOf(n);
            // Every node is the sum of its children, which come by the change.
            if (!node.children.empty()) {
                TreeCostChange sum;
                for (std::size_t c = 0; c < node.children.size(); ++c) {
                    const FunctionTreeDiffNode& child = diff.node(node.children[c]);
                    QCOMPARE(child.parent, n);
                    sum.add(child.delta);
                    if (c > 0)
                        QVERIFY(diff.node(node.children[c - 1]).delta.allocatedBytes >= child.delta.allocatedBytes);
                }
                COMPARE_COST(sum, node.delta);
            }
            // One side only: the other side is zero, and so is everything below.
            switch (node.presence) {
            case DiffPresence::BaseOnly:
                COMPARE_COST(node.newCost, TreeCostChange{});
                QCOMPARE(frame.location, -1);
                QCOMPARE(frame.function, kNoFunction);
                break;
            case DiffPresence::NewOnly:
                COMPARE_COST(node.baseCost, TreeCostChange{});
                COMPARE_COST(node.delta, node.newCost);
                break;
            case DiffPresence::Both:
                break;
            }
            if (node.parent != kStackRoot && diff.node(node.parent).presence != DiffPresence::Both)
                QCOMPARE(node.presence, diff.node(node.parent).presence);
            // A line of NEW points at a location of NEW of its name; a name
            // one side never had is marked as the other side's.
            if (frame.kind == FrameKind::Line) {
                if (node.presence != DiffPresence::BaseOnly)
                    QCOMPARE(newProfile.nameOf(LocationId(frame.location)), frame.label);
                if (!newFlat.count(frame.label))
                    QCOMPARE(node.presence, DiffPresence::BaseOnly);
                if (!baseFlat.count(frame.label))
                    QCOMPARE(node.presence, DiffPresence::NewOnly);
            }
        }
    }

    void oneSidedFilesAreMarked()
    {
        // Different scripts: each file is in one dump only; the runtime's
        // own allocations are in both.
        const Profile leak = load("v3/leak.bin");
        const Profile jit = load("v3/leak-jit.bin");
        const FunctionTreeDiff diff = diffFunctionTrees(leak, jit);
        std::map<std::string, DiffPresence> roots;
        for (const StackNodeId root : diff.roots())
            roots[diff.frameOf(root).label] = diff.node(root).presence;
        QCOMPARE(roots.at("@leak.lua"), DiffPresence::BaseOnly);
        QCOMPARE(roots.at("@leak-jit.lua"), DiffPresence::NewOnly);
        QCOMPARE(roots.at(kInternalGroup), DiffPresence::Both);
        // The same script in two LuaJIT versions: its functions match.
        const FunctionTreeDiff versions = diffFunctionTrees(load("v1/leak.bin"), leak);
        int matchedFunctions = 0;
        for (StackNodeId id = 1; id < StackNodeId(versions.size()); ++id)
            if (versions.frameOf(id).kind == FrameKind::Lua && versions.node(id).presence == DiffPresence::Both)
                ++matchedFunctions;
        QVERIFY(matchedFunctions >= 1);
    }

    void childrenComeByTheChangeThenLabel()
    {
        const FunctionTreeDiff diff = diffFunctionTrees(load("v3/leak.bin"), load("v3/leak-jit.bin"));
        for (std::size_t r = 1; r < diff.roots().size(); ++r) {
            const auto& before = diff.node(diff.roots()[r - 1]);
            const auto& after = diff.node(diff.roots()[r]);
            QVERIFY(before.delta.allocatedBytes > after.delta.allocatedBytes ||
                    (before.delta.allocatedBytes == after.delta.allocatedBytes &&
                     diff.frameOf(diff.roots()[r - 1]).label <= diff.frameOf(diff.roots()[r]).label));
        }
        // Deterministic: the same inputs give the same tree.
        const FunctionTreeDiff again = diffFunctionTrees(load("v3/leak.bin"), load("v3/leak-jit.bin"));
        QCOMPARE(again.size(), diff.size());
        for (StackNodeId n = 1; n < StackNodeId(diff.size()); ++n) {
            QCOMPARE(again.frameOf(n).label, diff.frameOf(n).label);
            QCOMPARE(again.node(n).children, diff.node(n).children);
        }
    }
};

MEMPROF_TEST_APPLESS_MAIN(TestFunctionTreeDiff)
#include "test_function_tree_diff.moc"
