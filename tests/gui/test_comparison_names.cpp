// SPDX-License-Identifier: GPL-3.0-or-later
// The comparison windows name functions as a single dump's page does: both
// dumps' functions are read from the sources next to them after the first
// paint, then the memprof diff table and by-function tree, and the CPU
// functions-change table and differential flame graph (frames, details,
// search) read by the functions' names, in place: the sort and the
// selection stay. Without the sources the dumps' names stay.
#include "app/DiffWindow.h"
#include "app/SysprofDiffWindow.h"
#include "model/itemmodels/FunctionChangeModel.h"
#include "model/itemmodels/FunctionTreeDiffModel.h"
#include "model/itemmodels/ModelRoles.h"
#include "tests/support/GuiTestData.h"
#include "tests/support/SignalWait.h"
#include "tests/support/TestSuite.h"
#include "tests/support/WindowWidgets.h"
#include "views/CostTableView.h"
#include "views/FilterField.h"
#include "views/FunctionTreeView.h"
#include "views/SysprofComparisonPage.h"
#include "views/flamegraph/FlameGraphWidget.h"

#include <QFile>
#include <QLineEdit>
#include <QPointer>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

using namespace memprof;
using Table = memprof::itemmodels::DiffTableModel::Table;

namespace {

template <class Window>
bool compare(Window* window, const QString& base, const QString& current)
{
    QSignalSpy finished(window, &Window::loadFinished);
    window->compare(base, current);
    return testsuite::received(finished, 30000) && finished.at(0).at(0).toBool();
}

QModelIndex rowNamed(const QAbstractItemModel* model, const QString& name, const QModelIndex& parent = {})
{
    for (int row = 0; row < model->rowCount(parent); ++row) {
        const QModelIndex index = model->index(row, 0, parent);
        if (index.data(itemmodels::SortRole).toString() == name)
            return index;
        if (const QModelIndex below = rowNamed(model, name, index); below.isValid())
            return below;
    }
    return {};
}

QModelIndex rowEndingIn(const QAbstractItemModel* model, const QString& suffix)
{
    for (int row = 0; row < model->rowCount(); ++row)
        if (model->index(row, 0).data(itemmodels::SortRole).toString().endsWith(suffix))
            return model->index(row, 0);
    return {};
}

// The rows in the order shown, by their dump's names.
QStringList rawOrder(const QAbstractItemModel* model)
{
    QStringList names;
    for (int row = 0; row < model->rowCount(); ++row)
        names << model->index(row, 0).data(itemmodels::SortRole).toString();
    return names;
}

int flameNodeEndingIn(const views::FlameGraphWidget* flame, const std::string& suffix)
{
    const FlameTree* tree = flame->tree();
    for (std::size_t node = 1; node < tree->nodes.size(); ++node) {
        const std::string& name = tree->nodes[node].name;
        if (name.size() >= suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
            return static_cast<int>(node);
    }
    return -1;
}

// `names` copied into a folder of their own, without their sources.
bool copyWithoutSources(const QTemporaryDir& dir, const QStringList& names)
{
    for (const QString& name : names)
        if (!QFile::copy(test::fixture(name), dir.filePath(name.section(u'/', -1))))
            return false;
    return true;
}

} // namespace

class TestComparisonNames : public QObject {
    Q_OBJECT
private slots:
    void memprofComparisonReadsNames()
    {
        QPointer<app::DiffWindow> w = new app::DiffWindow;
        w->resize(1024, 700);
        w->show();
        QVERIFY(compare(w.data(), test::fixture(QStringLiteral("v3/leak.bin")),
                        test::fixture(QStringLiteral("v3/freed.bin"))));
        auto* treeModel = w->findChild<itemmodels::FunctionTreeDiffModel*>();
        QVERIFY(treeModel);
        views::CostTableView* allocations = test::diffTable(w, Table::Allocations);
        const QAbstractItemModel* shown = allocations->model();
        // Sorted by the location, one row selected: the names change neither.
        allocations->sortByColumn(itemmodels::DiffTableModel::LocationColumn, Qt::AscendingOrder);
        const QStringList order = rawOrder(shown);
        allocations->setCurrentIndex(rowNamed(shown, QStringLiteral("@leak.lua:9")));
        QTRY_VERIFY_WITH_TIMEOUT(treeModel->hasFunctionNames(), 10000);
        const QModelIndex gone = rowNamed(shown, QStringLiteral("@leak.lua:9"));
        QCOMPARE(gone.data().toString(), QStringLiteral("remember  leak.lua:9"));
        QCOMPARE(rowNamed(shown, QStringLiteral("@freed.lua:8")).data().toString(),
                 QStringLiteral("build  freed.lua:8"));
        QCOMPARE(rawOrder(shown), order);
        QCOMPARE(allocations->currentIndex(), gone);
        QVERIFY(gone.data(Qt::ToolTipRole).toString().startsWith(QStringLiteral("remember  leak.lua:9\n")));
        // The status line names a row as the row reads, in NEW or only in BASE.
        allocations->setCurrentIndex(rowNamed(shown, QStringLiteral("@freed.lua:8")));
        QTRY_COMPARE(w->statusBar()->currentMessage(), QStringLiteral("build  freed.lua:8"));
        allocations->setCurrentIndex(gone);
        QTRY_VERIFY2(w->statusBar()->currentMessage().startsWith(QStringLiteral("remember  leak.lua:9 is only in BASE")),
                     qPrintable(w->statusBar()->currentMessage()));
        // The held pane and the by-function tree too.
        QCOMPARE(rowNamed(test::diffTable(w, Table::Held)->model(), QStringLiteral("@leak.lua:9")).data().toString(),
                 QStringLiteral("remember  leak.lua:9"));
        const QModelIndex line = rowNamed(test::functionTree(w)->model(), QStringLiteral("@leak.lua:9"));
        QCOMPARE(line.data().toString(), QStringLiteral("remember  leak.lua:9"));
        QCOMPARE(line.parent().data().toString(), QStringLiteral("remember  leak.lua:7"));
        // The filter matches the name: remember's lines, nothing else.
        test::filterField(w)->setDelay(0);
        test::filterField(w)->lineEdit()->setText(QStringLiteral("remember"));
        QTRY_VERIFY(!rowNamed(shown, QStringLiteral("@freed.lua:8")).isValid());
        QVERIFY(rowNamed(shown, QStringLiteral("@leak.lua:9")).isValid());
        for (int row = 0; row < shown->rowCount(); ++row)
            QVERIFY2(shown->index(row, 0).data().toString().startsWith(QStringLiteral("remember  leak.lua:")),
                     qPrintable(shown->index(row, 0).data().toString()));
        delete w.data();
    }

    void memprofComparisonWithoutSourcesKeepsTheDumpsNames()
    {
        QTemporaryDir dir;
        QVERIFY(copyWithoutSources(dir, {QStringLiteral("v3/leak.bin"), QStringLiteral("v3/freed.bin")}));
        QPointer<app::DiffWindow> w = new app::DiffWindow;
        w->resize(1024, 700);
        w->show();
        QVERIFY(compare(w.data(), dir.filePath(QStringLiteral("leak.bin")), dir.filePath(QStringLiteral("freed.bin"))));
        auto* treeModel = w->findChild<itemmodels::FunctionTreeDiffModel*>();
        QVERIFY(treeModel);
        QTRY_VERIFY_WITH_TIMEOUT(treeModel->hasFunctionNames(), 10000);
        const QAbstractItemModel* shown = test::diffTable(w, Table::Allocations)->model();
        QCOMPARE(rowNamed(shown, QStringLiteral("@leak.lua:9")).data().toString(), QStringLiteral("@leak.lua:9"));
        QCOMPARE(rowNamed(test::functionTree(w)->model(), QStringLiteral("@leak.lua:9")).data().toString(),
                 QStringLiteral("@leak.lua:9"));
        delete w.data();
    }

    void cpuComparisonReadsNames()
    {
        QPointer<app::SysprofDiffWindow> w = new app::SysprofDiffWindow;
        w->resize(1024, 700);
        w->show();
        QVERIFY(compare(w.data(), test::fixture(QStringLiteral("sysprof/recursion-L-jitoff.bin")),
                        test::fixture(QStringLiteral("sysprof/modules-L-jitoff.bin"))));
        views::SysprofComparisonPage* page = w->page();
        const QAbstractItemModel* shown = page->functionsView()->model();
        const std::string selected = page->selectedFunction();
        QVERIFY(!selected.empty());
        const QStringList order = rawOrder(shown);
        const int selectedRow = page->functionsView()->currentIndex().row();
        QTRY_VERIFY_WITH_TIMEOUT(page->functionsModel()->functionNames() != nullptr, 10000);
        // fib runs in BASE only, mix in NEW only: each named from its source.
        QCOMPARE(rowEndingIn(shown, QStringLiteral("recursion.lua:4")).data().toString(),
                 QStringLiteral("fib  recursion.lua:4"));
        QCOMPARE(rowEndingIn(shown, QStringLiteral("modules_helper.lua:4")).data().toString(),
                 QStringLiteral("mix  modules_helper.lua:4"));
        QCOMPARE(rawOrder(shown), order);
        QCOMPARE(page->selectedFunction(), selected);
        QCOMPARE(page->functionsView()->currentIndex().row(), selectedRow);

        // The differential flame: NEW's frames by name, in the details and the search.
        QVERIFY(page->showTab(QStringLiteral("flamegraph")));
        views::FlameGraphWidget* flame = page->flameGraph();
        QVERIFY(QTest::qWaitFor([flame] { return flame->tree() && !flame->isBuilding(); }, 30000));
        const int mix = flameNodeEndingIn(flame, "modules_helper.lua:4");
        QVERIFY(mix > 0);
        QVERIFY2(flame->frameDescription(mix).contains(QStringLiteral("mix  modules_helper.lua:4")),
                 qPrintable(flame->frameDescription(mix)));
        flame->setSearch(QStringLiteral("mix"));
        QVERIFY(flame->matchedValue() >= flame->tree()->nodes[std::size_t(mix)].value);
        // The selection is still the function picked before the names came.
        QCOMPARE(page->selectedFunction(), selected);
        delete w.data();
    }

    void cpuComparisonWithoutSourcesKeepsTheDumpsNames()
    {
        QTemporaryDir dir;
        QVERIFY(copyWithoutSources(
            dir, {QStringLiteral("sysprof/recursion-L-jitoff.bin"), QStringLiteral("sysprof/modules-L-jitoff.bin")}));
        QPointer<app::SysprofDiffWindow> w = new app::SysprofDiffWindow;
        w->resize(1024, 700);
        w->show();
        QVERIFY(compare(w.data(), dir.filePath(QStringLiteral("recursion-L-jitoff.bin")),
                        dir.filePath(QStringLiteral("modules-L-jitoff.bin"))));
        views::SysprofComparisonPage* page = w->page();
        QTRY_VERIFY_WITH_TIMEOUT(page->functionsModel()->functionNames() != nullptr, 10000);
        const QModelIndex mixRow = rowEndingIn(page->functionsView()->model(), QStringLiteral("modules_helper.lua:4"));
        QCOMPARE(mixRow.data().toString(), mixRow.data(itemmodels::SortRole).toString());
        QVERIFY(page->showTab(QStringLiteral("flamegraph")));
        views::FlameGraphWidget* flame = page->flameGraph();
        QVERIFY(QTest::qWaitFor([flame] { return flame->tree() && !flame->isBuilding(); }, 30000));
        flame->setSearch(QStringLiteral("mix"));
        QCOMPARE(flame->matchedValue(), std::uint64_t(0));
        delete w.data();
    }
};

MEMPROF_TEST_MAIN(TestComparisonNames)
#include "test_comparison_names.moc"
