// SPDX-License-Identifier: GPL-3.0-or-later
// Names on fixture dumps whose location identities print alike (format 1:
// an unknown prototype's lines all read `CFUNC 0x<proto>`; format 3: two
// prototypes allocating on one line): the tables, the Overrides, the
// by-function tree and the held pane tell them apart with one suffix each,
// the same in every model, and a tool tip spelling out the identity; a name
// met once reads byte for byte as before; the raw name stays in SortRole.
// Function nodes of the tree are named as functions, not as lines.
#include "model/memprofile/ProfileLoader.h"
#include "model/synth/SyntheticDump.h"
#include "tests/support/GuiTestData.h"

#include "model/itemmodels/DisplayText.h"
#include "model/itemmodels/FunctionTreeModel.h"
#include "model/itemmodels/HeldModel.h"
#include "model/itemmodels/LocationTableModel.h"
#include "model/itemmodels/ModelRoles.h"
#include "tests/support/TestSuite.h"

#include <QAbstractItemModelTester>
#include <QHash>
#include <QSet>
#include <QTest>

#include <algorithm>
#include <map>

using namespace memprof;
using namespace memprof::itemmodels;

namespace {
// Every node below `parent`, depth first.
void collect(const QAbstractItemModel& model, const QModelIndex& parent, QModelIndexList& out)
{
    for (int r = 0; r < model.rowCount(parent); ++r) {
        const QModelIndex child = model.index(r, 0, parent);
        out << child;
        collect(model, child, out);
    }
}

// The number of locations per name in `profile`.
std::map<std::string, int> namesCount(const Profile& profile)
{
    std::map<std::string, int> count;
    for (const LocationInfo& info : profile.locations)
        ++count[info.name];
    return count;
}

// Shown name by location id, from the rows of a model (column 0).
QHash<uint, QString> shownByLocation(const QModelIndexList& rows)
{
    QHash<uint, QString> shown;
    for (const QModelIndex& row : rows) {
        const QVariant id = row.data(LocationIdRole);
        if (id.isValid())
            shown.insert(id.toUInt(), row.data().toString());
    }
    return shown;
}
} // namespace

class TestLocationNames : public QObject {
    Q_OBJECT
private slots:
    void sharedNamesAreToldApart_data();
    void sharedNamesAreToldApart();
    void treeAndTablesAgree();
    void heldRowsSayWhatTheyMerge();
    void functionNodesAreNamedAsFunctions_data();
    void functionNodesAreNamedAsFunctions();
    void mangledSymbolsAreShownDemangled();
};

void TestLocationNames::sharedNamesAreToldApart_data()
{
    QTest::addColumn<QString>("dump");
    QTest::addColumn<QString>("sharedName");
    QTest::addColumn<QString>("suffixWord"); // what tells the two apart
    QTest::newRow("v1 unknown prototype")
        << QStringLiteral("v1/loadstring.bin") << QStringLiteral("CFUNC 0x40813370") << QStringLiteral("line");
    QTest::newRow("v3 two prototypes, one line")
        << QStringLiteral("v3/closures-coroutines.bin") << QStringLiteral("@closures-coroutines.lua:22")
        << QStringLiteral("main chunk");
}

void TestLocationNames::sharedNamesAreToldApart()
{
    QFETCH(QString, dump);
    QFETCH(QString, sharedName);
    QFETCH(QString, suffixWord);
    const auto profile = test::loadSharedFixture(dump);
    const auto count = namesCount(*profile);
    LocationTableModel model(EventKind::Alloc);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setProfile(profile);

    QStringList sharedShown;
    QSet<QString> shown;
    for (int r = 0; r < model.rowCount(); ++r) {
        const QModelIndex index = model.index(r, 0);
        const QString raw = index.data(SortRole).toString();
        const QString text = index.data().toString();
        QCOMPARE(raw, QString::fromStdString(profile->nameOf(index.data(LocationIdRole).toUInt())));
        if (count.at(raw.toStdString()) == 1) {
            // Unique: exactly as before, the escaped raw name, tool tip too.
            QCOMPARE(text, displayText(raw));
            QCOMPARE(index.data(Qt::ToolTipRole).toString(), displayText(raw));
        } else {
            QVERIFY2(text.startsWith(displayText(raw) + QStringLiteral(" (")) && text.endsWith(u')'), qPrintable(text));
            QVERIFY(index.data(Qt::ToolTipRole).toString().contains(QStringLiteral("printed as")));
        }
        if (raw == sharedName)
            sharedShown << text;
        QVERIFY2(!shown.contains(text), qPrintable(QStringLiteral("two rows read %1").arg(text)));
        shown.insert(text);
    }
    QVERIFY2(sharedShown.size() >= 2, qPrintable(sharedShown.join(u'|')));
    QVERIFY2(
        std::any_of(sharedShown.begin(), sharedShown.end(), [&](const QString& s) { return s.contains(suffixWord); }),
        qPrintable(sharedShown.join(u'|')));
}

void TestLocationNames::treeAndTablesAgree()
{
    // The tree's line nodes read as the table rows of the same identity.
    const auto profile = test::loadSharedFixture(QStringLiteral("v1/loadstring.bin"));
    LocationTableModel table(EventKind::Alloc);
    table.setProfile(profile);
    FunctionTreeModel tree;
    QAbstractItemModelTester tester(&tree, QAbstractItemModelTester::FailureReportingMode::QtTest);
    tree.setProfile(profile);
    QModelIndexList tableRows;
    for (int r = 0; r < table.rowCount(); ++r)
        tableRows << table.index(r, 0);
    QModelIndexList nodes;
    collect(tree, {}, nodes);
    const QHash<uint, QString> inTable = shownByLocation(tableRows);
    const QHash<uint, QString> inTree = shownByLocation(nodes);
    int compared = 0;
    for (auto it = inTable.begin(); it != inTable.end(); ++it) {
        if (!inTree.contains(it.key()))
            continue;
        QCOMPARE(inTree.value(it.key()), it.value());
        ++compared;
    }
    QVERIFY(compared > 20);
    // Siblings in the tree no longer read alike.
    for (const QModelIndex& node : nodes + QModelIndexList{QModelIndex()}) {
        QSet<QString> names;
        for (int r = 0; r < tree.rowCount(node); ++r) {
            const QString name = tree.index(r, 0, node).data().toString();
            QVERIFY2(!names.contains(name), qPrintable(name));
            names.insert(name);
        }
    }
}

void TestLocationNames::heldRowsSayWhatTheyMerge()
{
    const auto profile = test::loadSharedFixture(QStringLiteral("v1/loadstring.bin"));
    // How the event tables name each identity.
    QHash<uint, QString> inTables;
    for (EventKind kind : {EventKind::Alloc, EventKind::Realloc, EventKind::Free}) {
        LocationTableModel table(kind);
        table.setProfile(profile);
        QModelIndexList rows;
        for (int r = 0; r < table.rowCount(); ++r)
            rows << table.index(r, 0);
        inTables.insert(shownByLocation(rows));
    }
    HeldModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setProfile(profile);
    model.setScope(HeldModel::Scope::HeapSummary);
    int merging = 0;
    for (int r = 0; r < model.rowCount(); ++r) {
        const QModelIndex index = model.index(r, 0);
        const QString raw = index.data(SortRole).toString();
        QList<uint> alike;
        for (std::size_t id = 0; id < profile->locations.size(); ++id)
            if (profile->locations[id].name == raw.toStdString())
                alike << static_cast<uint>(id);
        if (alike.size() == 1) {
            QCOMPARE(index.data().toString(), displayText(raw));
            continue;
        }
        ++merging;
        // The row says how many it merges, and its tool tip lists them as
        // the tables name them.
        QCOMPARE(index.data().toString(), QStringLiteral("%1 (%2 locations)").arg(displayText(raw)).arg(alike.size()));
        const QString tip = index.data(Qt::ToolTipRole).toString();
        for (uint each : alike)
            if (inTables.contains(each))
                QVERIFY2(tip.contains(inTables.value(each)), qPrintable(tip));
    }
    QCOMPARE(merging, 1); // CFUNC 0x40813370
}

void TestLocationNames::functionNodesAreNamedAsFunctions_data()
{
    QTest::addColumn<QString>("dump");
    QTest::addColumn<QString>("oneFunction");
    QTest::newRow("function") << QStringLiteral("v3/leak.bin") << QStringLiteral("function at @leak.lua:7");
    QTest::newRow("main chunk") << QStringLiteral("v3/medium.bin") << QStringLiteral("main chunk of @medium.lua");
}

void TestLocationNames::functionNodesAreNamedAsFunctions()
{
    QFETCH(QString, dump);
    QFETCH(QString, oneFunction);
    const auto profile = test::loadSharedFixture(dump);
    FunctionTreeModel model;
    model.setProfile(profile);
    QModelIndexList nodes;
    collect(model, {}, nodes);
    QStringList functions;
    for (const QModelIndex& node : nodes) {
        const QVariant function = node.data(FunctionIndexRole);
        if (!function.isValid() || !node.parent().isValid())
            continue; // a file, a group or a line
        const FunctionInfo& info = profile->functions[static_cast<std::size_t>(function.toInt())];
        const QString chunk = QString::fromStdString(info.chunkname);
        const QString expected = info.linedefined == 0
                                     ? QStringLiteral("main chunk of %1").arg(chunk)
                                     : QStringLiteral("function at %1:%2").arg(chunk).arg(info.linedefined);
        QCOMPARE(node.data().toString(), expected);
        functions << expected;
        // A line below reads like a line, not like its function.
        for (int r = 0; r < model.rowCount(node); ++r) {
            const QString line = model.index(r, 0, node).data().toString();
            QVERIFY(!line.startsWith(QStringLiteral("function at")) && !line.startsWith(QStringLiteral("main chunk")));
        }
    }
    QVERIFY2(functions.contains(oneFunction), qPrintable(functions.join(u'|')));
}

// A C++ symbol reads demangled in the viewer; the raw one is in the tool
// tip and stays the location's name (filters, CSV, the report).
void TestLocationNames::mangledSymbolsAreShownDemangled()
{
    const std::vector<std::uint8_t> bytes = memprof::synth::mangledSymbolDump();
    const memprof::Profile profile = memprof::loadProfile(std::span<const std::uint8_t>(bytes));
    const memprof::itemmodels::LocationNames names(profile);
    int checked = 0;
    for (memprof::LocationId id = 0; id < profile.locations.size(); ++id) {
        const std::string& raw = profile.nameOf(id);
        if (raw.starts_with("_ZN3box5spaceEv")) {
            // Shown without its address, which the tool tip gives.
            QCOMPARE(names.displayName(id), QStringLiteral("box::space()"));
            QVERIFY(names.toolTip(id).contains(QStringLiteral("box::space():0x1000")));
            QVERIFY(names.toolTip(id).contains(QStringLiteral("_ZN3box5spaceEv:0x1000")));
            ++checked;
        } else if (raw.starts_with("lua_pcall")) {
            QCOMPARE(names.displayName(id), QStringLiteral("lua_pcall"));
            QCOMPARE(names.toolTip(id), QString::fromStdString(raw));
            ++checked;
        }
    }
    QCOMPARE(checked, 2);
}

MEMPROF_TEST_GUILESS_MAIN(TestLocationNames)
#include "test_location_names.moc"
