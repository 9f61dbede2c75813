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

#define COMPARE_COST(actual, expected)                                                                                \
    QVERIFY2(equal(actual, expected), describe(actual) + " != " + describe(expected))
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
        QVERIFY(!diff.nodes.empty());
        for (const FunctionTreeDiffNode& node : diff.nodes) {
            QCOMPARE(node.presence, DiffPresence::Both);
            COMPARE_COST(node.delta, TreeCostChange{});
            COMPARE_COST(node.baseCost, node.newCost);
            if (node.kind == FrameKind::Line)
                QCOMPARE(profile.nameOf(LocationId(node.location)), node.label);
        }
        TreeCostChange total;
        for (std::int32_t root : diff.roots)
            total.add(diff.nodes[std::size_t(root)].newCost);
        COMPARE_COST(total, totalsOf(profile));
    }

    void twoDumpsDifferAsTheirFlatData_data()
    {
        QTest::addColumn<QString>("base");
        QTest::addColumn<QString>("current");
        const std::pair<const char*, const char*> pairs[] = {
            {"v1/leak.bin", "v3/leak.bin"},           {"v3/leak.bin", "v3/leak-jit.bin"},
            {"v1/medium.bin", "v3/medium.bin"},       {"v3/loadstring.bin", "v1/loadstring.bin"},
            {"v1/table-growth.bin", "v3/table-growth.bin"}, {"v3/empty.bin", "v3/ffi-load.bin"},
            {"v3/closures-coroutines.bin", "v3/require-mid.bin"},
        };
        for (const auto& [base, current] : pairs)
            QTest::newRow(QByteArray(base) + " -> " + current) << QString::fromLatin1(base) << QString::fromLatin1(current);
    }

    void twoDumpsDifferAsTheirFlatData()
    {
        QFETCH(QString, base);
        QFETCH(QString, current);
        const Profile baseProfile = load(base);
        const Profile newProfile = load(current);
        const FunctionTreeDiff diff = diffFunctionTrees(baseProfile, newProfile);
        QVERIFY(!diff.nodes.empty());

        // The top level adds up to both totals and their change.
        TreeCostChange baseSum, newSum, deltaSum;
        for (std::int32_t root : diff.roots) {
            baseSum.add(diff.nodes[std::size_t(root)].baseCost);
            newSum.add(diff.nodes[std::size_t(root)].newCost);
            deltaSum.add(diff.nodes[std::size_t(root)].delta);
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
        for (const FunctionTreeDiffNode& node : diff.nodes)
            if (node.kind == FrameKind::Line)
                treeDeltaByLabel[node.label].add(node.delta);
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
            QVERIFY2(equal(actual, expected), (name + ": " + describe(actual).toStdString() + " != " +
                                               describe(expected).toStdString()).c_str());
            ++compared;
        }
        QVERIFY(compared > 0);

        for (std::size_t n = 0; n < diff.nodes.size(); ++n) {
            const FunctionTreeDiffNode& node = diff.nodes[n];
            // Every node is the sum of its children, which come by the change.
            if (!node.children.empty()) {
                TreeCostChange sum;
                for (std::size_t c = 0; c < node.children.size(); ++c) {
                    const FunctionTreeDiffNode& child = diff.nodes[std::size_t(node.children[c])];
                    QCOMPARE(child.parent, std::int32_t(n));
                    sum.add(child.delta);
                    if (c > 0)
                        QVERIFY(diff.nodes[std::size_t(node.children[c - 1])].delta.allocatedBytes >=
                                child.delta.allocatedBytes);
                }
                COMPARE_COST(sum, node.delta);
            }
            // One side only: the other side is zero, and so is everything below.
            switch (node.presence) {
            case DiffPresence::BaseOnly:
                COMPARE_COST(node.newCost, TreeCostChange{});
                QCOMPARE(node.location, -1);
                QCOMPARE(node.function, kNoFunction);
                break;
            case DiffPresence::NewOnly:
                COMPARE_COST(node.baseCost, TreeCostChange{});
                COMPARE_COST(node.delta, node.newCost);
                break;
            case DiffPresence::Both:
                break;
            }
            if (node.parent != kNoNode && diff.nodes[std::size_t(node.parent)].presence != DiffPresence::Both)
                QCOMPARE(node.presence, diff.nodes[std::size_t(node.parent)].presence);
            // A line of NEW points at a location of NEW of its name; a name
            // one side never had is marked as the other side's.
            if (node.kind == FrameKind::Line) {
                if (node.presence != DiffPresence::BaseOnly)
                    QCOMPARE(newProfile.nameOf(LocationId(node.location)), node.label);
                if (!newFlat.count(node.label))
                    QCOMPARE(node.presence, DiffPresence::BaseOnly);
                if (!baseFlat.count(node.label))
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
        for (std::int32_t root : diff.roots)
            roots[diff.nodes[std::size_t(root)].label] = diff.nodes[std::size_t(root)].presence;
        QCOMPARE(roots.at("@leak.lua"), DiffPresence::BaseOnly);
        QCOMPARE(roots.at("@leak-jit.lua"), DiffPresence::NewOnly);
        QCOMPARE(roots.at(kInternalGroup), DiffPresence::Both);
        // The same script in two LuaJIT versions: its functions match.
        const FunctionTreeDiff versions = diffFunctionTrees(load("v1/leak.bin"), leak);
        int matchedFunctions = 0;
        for (const FunctionTreeDiffNode& node : versions.nodes)
            if (node.kind == FrameKind::Lua && node.presence == DiffPresence::Both)
                ++matchedFunctions;
        QVERIFY(matchedFunctions >= 1);
    }

    void childrenComeByTheChangeThenLabel()
    {
        const FunctionTreeDiff diff = diffFunctionTrees(load("v3/leak.bin"), load("v3/leak-jit.bin"));
        for (std::size_t r = 1; r < diff.roots.size(); ++r) {
            const auto& before = diff.nodes[std::size_t(diff.roots[r - 1])];
            const auto& after = diff.nodes[std::size_t(diff.roots[r])];
            QVERIFY(before.delta.allocatedBytes > after.delta.allocatedBytes ||
                    (before.delta.allocatedBytes == after.delta.allocatedBytes && before.label <= after.label));
        }
        // Deterministic: the same inputs give the same tree.
        const FunctionTreeDiff again = diffFunctionTrees(load("v3/leak.bin"), load("v3/leak-jit.bin"));
        QCOMPARE(again.nodes.size(), diff.nodes.size());
        for (std::size_t n = 0; n < diff.nodes.size(); ++n) {
            QCOMPARE(again.nodes[n].label, diff.nodes[n].label);
            QCOMPARE(again.nodes[n].children, diff.nodes[n].children);
        }
    }
};

MEMPROF_TEST_APPLESS_MAIN(TestFunctionTreeDiff)
#include "test_function_tree_diff.moc"
