// SPDX-License-Identifier: GPL-3.0-or-later
// How functions read in the comparisons of two dumps once the names of both
// dumps' functions are read (one reading of both, services::mergeFunctions):
// the memprof diff table and by-function diff tree read as a single dump's
// panes ("remember  leak.lua:9"), a name of BASE only by BASE's function;
// the CPU functions-change table by the function's name. The names arrive
// after the rows are shown: the rows change in place, the raw name stays
// what sorting uses, and without names the dump's names stay.
#include "model/itemmodels/DiffTableModel.h"
#include "model/itemmodels/FunctionChangeModel.h"
#include "model/itemmodels/FunctionTreeDiffModel.h"
#include "model/itemmodels/ModelRoles.h"
#include "model/memcompare/ProfileDiff.h"
#include "model/memprofile/ProfileLoader.h"
#include "model/services/FunctionNames.h"
#include "model/sysprofile/FunctionChanges.h"
#include "model/sysprofile/SysprofLoader.h"
#include "tests/support/GuiTestData.h"
#include "tests/support/ShownAfterNames.h"
#include "tests/support/TestSuite.h"

#include <QAbstractItemModelTester>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>

using namespace memprof;
using namespace memprof::itemmodels;
using memprof::test::shownAfterNames;

namespace {

template <class P>
std::shared_ptr<const P> loaded(const QString& name)
{
    const std::string path = QFile::encodeName(test::fixture(name)).toStdString();
    if constexpr (std::is_same_v<P, Profile>)
        return std::make_shared<const Profile>(loadProfile(path));
    else
        return std::make_shared<const SysprofProfile>(loadSysprof(path));
}

// Both profiles' functions named from the sources next to the dumps (BASE's
// folder searched as a source folder, as the comparison pages do).
template <class P>
FunctionNames namesOfBoth(const P& base, const QString& baseName, const P& current, const QString& newName)
{
    return std::make_shared<const FunctionNameTable>(services::readFunctionNames(
        services::mergeFunctions(services::luaFunctionsOf(base), services::luaFunctionsOf(current)),
        QFileInfo(test::fixture(newName)).absolutePath(), {QFileInfo(test::fixture(baseName)).absolutePath()}));
}

// The first row (depth first) whose raw name (SortRole) is `name`.
QModelIndex rowNamed(const QAbstractItemModel& model, const QString& name, const QModelIndex& parent = {})
{
    for (int row = 0; row < model.rowCount(parent); ++row) {
        const QModelIndex index = model.index(row, 0, parent);
        if (index.data(SortRole).toString() == name)
            return index;
        if (const QModelIndex below = rowNamed(model, name, index); below.isValid())
            return below;
    }
    return {};
}

} // namespace

class TestComparisonLabels : public QObject {
    Q_OBJECT
private slots:
    void bothDumpsFunctionsAreReadOnce()
    {
        const std::vector<services::ChunkFunctions> base = {{"@a.lua", {}, {0, 3, 7}}, {"@b.lua", {}, {2}}};
        const std::vector<services::ChunkFunctions> current = {{"@a.lua", {}, {3, 9}}, {"@c.lua", {}, {1}}};
        const std::vector<services::ChunkFunctions> merged = services::mergeFunctions(base, current);
        QCOMPARE(merged.size(), std::size_t(3));
        QCOMPARE(merged[0].chunkname, std::string("@a.lua"));
        QCOMPARE(merged[0].lines, (std::vector<std::uint64_t>{0, 3, 7, 9}));
        QCOMPARE(merged[1].chunkname, std::string("@b.lua"));
        QCOMPARE(merged[2].chunkname, std::string("@c.lua"));
        QCOMPARE(merged[2].lines, (std::vector<std::uint64_t>{1}));
    }

    void diffTableReadsByTheFunctionOfEitherDump()
    {
        // leak.lua's lines are only in BASE, freed.lua's only in NEW.
        const auto base = loaded<Profile>(QStringLiteral("v3/leak.bin"));
        const auto current = loaded<Profile>(QStringLiteral("v3/freed.bin"));
        const FunctionNames names =
            namesOfBoth(*base, QStringLiteral("v3/leak.bin"), *current, QStringLiteral("v3/freed.bin"));
        DiffTableModel model(DiffTableModel::Table::Allocations);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setDiff(std::make_shared<const ProfileDiff>(diffProfiles(*base, *current)), current, base);
        const QPersistentModelIndex gone = rowNamed(model, QStringLiteral("@leak.lua:9"));
        const QPersistentModelIndex added = rowNamed(model, QStringLiteral("@freed.lua:8"));
        QVERIFY(gone.isValid() && added.isValid());
        // Without names, the dump's names.
        QCOMPARE(gone.data().toString(), QStringLiteral("@leak.lua:9"));
        QVERIFY(!gone.data(FunctionNameLengthRole).isValid());
        QCOMPARE(shownAfterNames(model, gone, [&] { model.setFunctionNames(names); }),
                 QStringLiteral("remember  leak.lua:9"));
        QCOMPARE(gone.data(FunctionNameLengthRole).toInt(), int(QStringLiteral("remember").size()));
        QCOMPARE(added.data().toString(), QStringLiteral("build  freed.lua:8"));
        // Sorting keeps the dump's name; the tool tip has both, and the side.
        QCOMPARE(gone.data(SortRole).toString(), QStringLiteral("@leak.lua:9"));
        const QString tip = gone.data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.startsWith(QStringLiteral("remember  leak.lua:9\n@leak.lua:9\n")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("only in BASE")), qPrintable(tip));
        // Rows of no Lua function keep their name.
        QCOMPARE(rowNamed(model, QStringLiteral("INTERNAL")).data().toString(), QStringLiteral("INTERNAL"));
        // Another window of the same dumps keeps the names.
        model.setDiff(std::make_shared<const ProfileDiff>(diffProfiles(*base, *current)), current, base);
        QCOMPARE(rowNamed(model, QStringLiteral("@leak.lua:9")).data().toString(),
                 QStringLiteral("remember  leak.lua:9"));
    }

    void diffTreeReadsByTheFunctionOfEitherDump()
    {
        const auto base = loaded<Profile>(QStringLiteral("v3/leak.bin"));
        const auto current = loaded<Profile>(QStringLiteral("v3/freed.bin"));
        const FunctionNames names =
            namesOfBoth(*base, QStringLiteral("v3/leak.bin"), *current, QStringLiteral("v3/freed.bin"));
        FunctionTreeDiffModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setProfiles(base, current);
        const QPersistentModelIndex gone = rowNamed(model, QStringLiteral("@leak.lua:9"));
        const QPersistentModelIndex added = rowNamed(model, QStringLiteral("@freed.lua:8"));
        QVERIFY(gone.isValid() && added.isValid());
        QCOMPARE(gone.data().toString(), QStringLiteral("@leak.lua:9"));
        QCOMPARE(gone.parent().data().toString(), QStringLiteral("function at @leak.lua:7"));
        QCOMPARE(gone.parent().parent().data().toString(), QStringLiteral("@leak.lua"));
        QVERIFY(!model.hasFunctionNames());
        QCOMPARE(shownAfterNames(model, gone, [&] { model.setFunctionNames(names); }),
                 QStringLiteral("remember  leak.lua:9"));
        QVERIFY(model.hasFunctionNames());
        // A function and a line only BASE has read by BASE's function.
        QCOMPARE(gone.parent().data().toString(), QStringLiteral("remember  leak.lua:7"));
        QCOMPARE(gone.data(FunctionNameLengthRole).toInt(), int(QStringLiteral("remember").size()));
        QCOMPARE(added.data().toString(), QStringLiteral("build  freed.lua:8"));
        QCOMPARE(added.parent().data().toString(), QStringLiteral("build  freed.lua:5"));
        // A file whose source was read reads by its path, as the source
        // pane's title does; sorting keeps its chunk name.
        QCOMPARE(gone.parent().parent().data().toString(), QStringLiteral("leak.lua"));
        QCOMPARE(added.parent().parent().data().toString(), QStringLiteral("freed.lua"));
        QCOMPARE(added.parent().parent().data(SortRole).toString(), QStringLiteral("@freed.lua"));
        QCOMPARE(gone.data(SortRole).toString(), QStringLiteral("@leak.lua:9"));
        const QString tip = gone.data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.startsWith(QStringLiteral("remember  leak.lua:9\n")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("only in BASE")), qPrintable(tip));
        // A node only BASE has still points at nothing of NEW.
        QVERIFY(!gone.data(LocationIdRole).isValid());
        QVERIFY(added.data(LocationIdRole).isValid());
    }

    void functionChangesReadByName()
    {
        const QString baseName = QStringLiteral("sysprof/recursion-L-jitoff.bin");
        const QString newName = QStringLiteral("sysprof/modules-L-jitoff.bin");
        const auto base = loaded<SysprofProfile>(baseName);
        const auto current = loaded<SysprofProfile>(newName);
        const FunctionNames names = namesOfBoth(*base, baseName, *current, newName);
        FunctionChangeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setChanges(functionChanges(*base, *current, StackView::Lua));
        // fib is BASE's only, mix NEW's only: each is named from its dump's source.
        const auto rowEndingIn = [&model](const QString& suffix) {
            for (int row = 0; row < model.rowCount(); ++row)
                if (model.index(row, 0).data(SortRole).toString().endsWith(suffix))
                    return QPersistentModelIndex(model.index(row, 0));
            return QPersistentModelIndex();
        };
        const QPersistentModelIndex fib = rowEndingIn(QStringLiteral("recursion.lua:4"));
        const QPersistentModelIndex mix = rowEndingIn(QStringLiteral("modules_helper.lua:4"));
        QVERIFY(fib.isValid() && mix.isValid());
        const QString fibRaw = fib.data(SortRole).toString();
        QCOMPARE(fib.data().toString(), fibRaw);
        QCOMPARE(shownAfterNames(model, fib, [&] { model.setFunctionNames(names); }),
                 QStringLiteral("fib  recursion.lua:4"));
        QCOMPARE(mix.data().toString(), QStringLiteral("mix  modules_helper.lua:4"));
        QCOMPARE(fib.data(FunctionNameLengthRole).toInt(), 3);
        QCOMPARE(fib.data(SortRole).toString(), fibRaw);
        QVERIFY2(fib.data(Qt::ToolTipRole).toString().startsWith(QStringLiteral("fib  recursion.lua:4\n")),
                 qPrintable(fib.data(Qt::ToolTipRole).toString()));
    }
};

MEMPROF_TEST_MAIN(TestComparisonLabels)
#include "test_comparison_labels.moc"
