// SPDX-License-Identifier: GPL-3.0-or-later
// Two CPU profiles compared: the function changes against each dump's own
// functions table, the model through the model tester, and the comparison
// window opened from a sysprof window, by --diff's path and on a dump of
// the other kind.
#include "app/MainWindow.h"
#include "app/SysprofDiffWindow.h"
#include "model/flame/CallFlameTree.h"
#include "model/itemmodels/FunctionChangeModel.h"
#include "model/itemmodels/ModelRoles.h"
#include "model/sysprofile/FunctionChanges.h"
#include "model/sysprofile/FunctionCosts.h"
#include "model/sysprofile/SysprofLoader.h"
#include "tests/support/SignalWait.h"
#include "tests/support/TestSuite.h"
#include "tests/support/WindowTestHelpers.h"
#include "views/CostTableView.h"
#include "views/SysprofComparisonPage.h"
#include "views/SysprofPage.h"
#include "views/flamegraph/FlameGraphWidget.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QImage>
#include <QPointer>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTest>

#include <map>

using namespace memprof;

namespace {

QString fixture(const char* name)
{
    return QStringLiteral(MEMPROF_TEST_DATA "/sysprof/") + QLatin1String(name);
}

SysprofProfile load(const char* name)
{
    return loadSysprof(fixture(name).toStdString());
}

// name -> (self, total) of one dump's functions, native addresses dropped.
std::map<std::string, std::pair<std::uint64_t, std::uint64_t>> costsByName(const SysprofProfile& profile,
                                                                           StackView view)
{
    std::map<std::string, std::pair<std::uint64_t, std::uint64_t>> costs;
    for (const FunctionCost& cost : functionCosts(profile.tree(view))) {
        std::string name = profile.frames[cost.frame].name;
        if (const auto address = name.rfind(":0x"); address != std::string::npos)
            name.resize(address);
        costs[std::to_string(int(profile.frames[cost.frame].kind)) + name] = {cost.selfSamples, cost.totalSamples};
    }
    return costs;
}

// Each path of a call tree (frame match keys from the root) -> its total.
std::map<std::vector<std::string>, std::uint64_t> totalsByPath(const SysprofProfile& profile, StackView view)
{
    std::map<std::vector<std::string>, std::uint64_t> totals;
    const CallTree& tree = profile.tree(view);
    for (CallNodeId id = 1; id < static_cast<CallNodeId>(tree.size()); ++id) {
        std::vector<std::string> path;
        for (FrameId frame : tree.pathTo(id))
            path.push_back(frameMatchKey(profile.frames[frame]));
        totals[path] += tree.node(id).totalSamples;
    }
    return totals;
}

} // namespace

class TestSysprofComparison : public QObject {
    Q_OBJECT

private slots:
    void cleanup() { test::closeErrorBoxes(); }

    void eachSideIsItsOwnFunctionsTable()
    {
        const SysprofProfile base = load("recursion-C-jitoff.bin");
        const SysprofProfile current = load("coroutines-C-jitoff.bin");
        for (StackView view : {StackView::Lua, StackView::Host}) {
            const FunctionChanges changes = functionChanges(base, current, view);
            QCOMPARE(changes.runSamples[0], base.tree(view).totalSamples());
            QCOMPARE(changes.runSamples[1], current.tree(view).totalSamples());
            const auto baseCosts = costsByName(base, view);
            const auto newCosts = costsByName(current, view);
            std::map<std::string, std::pair<std::uint64_t, std::uint64_t>> seenBase, seenNew;
            double selfShares[2] = {0, 0};
            for (const FunctionChange& change : changes.functions) {
                std::string name = change.frame.name;
                if (const auto address = name.rfind(":0x"); address != std::string::npos)
                    name.resize(address);
                const std::string key = std::to_string(int(change.frame.kind)) + name;
                if (change.present[0])
                    seenBase[key] = {change.selfSamples[0], change.totalSamples[0]};
                if (change.present[1])
                    seenNew[key] = {change.selfSamples[1], change.totalSamples[1]};
                selfShares[0] += change.selfShare(ComparedSide::Base, changes.runSamples);
                selfShares[1] += change.selfShare(ComparedSide::New, changes.runSamples);
            }
            QCOMPARE(seenBase, baseCosts);
            QCOMPARE(seenNew, newCosts);
            // Every sample ends in one function: the self shares make the whole run.
            QVERIFY(std::abs(selfShares[0] - 1.0) < 1e-9);
            QVERIFY(std::abs(selfShares[1] - 1.0) < 1e-9);
            // The largest rise first.
            for (std::size_t i = 1; i < changes.functions.size(); ++i) {
                const auto rise = [&](const FunctionChange& c) {
                    return c.selfShare(ComparedSide::New, changes.runSamples) -
                           c.selfShare(ComparedSide::Base, changes.runSamples);
                };
                QVERIFY(rise(changes.functions[i - 1]) >= rise(changes.functions[i]));
            }
        }
    }

    void nativeSymbolsMatchAcrossRuns()
    {
        // Both runs called pmain, loaded at another address each time.
        const SysprofProfile base = load("recursion-C-jitoff.bin");
        const SysprofProfile current = load("coroutines-C-jitoff.bin");
        const FunctionChanges changes = functionChanges(base, current, StackView::Lua);
        int pmainRows = 0;
        for (const FunctionChange& change : changes.functions)
            if (change.frame.name.rfind("pmain:0x", 0) == 0) {
                ++pmainRows;
                QVERIFY(change.present[0] && change.present[1]);
            }
        QCOMPARE(pmainRows, 1);
    }

    void aDumpAgainstItselfChangesNothing()
    {
        const SysprofProfile profile = load("jit-loops-C-jiton.bin");
        const FunctionChanges changes = functionChanges(profile, profile, StackView::Lua);
        QVERIFY(!changes.functions.empty());
        itemmodels::FunctionChangeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setChanges(changes);
        QCOMPARE(model.rowCount(), static_cast<int>(changes.functions.size()));
        for (int row = 0; row < model.rowCount(); ++row) {
            QCOMPARE(model.index(row, itemmodels::FunctionChangeModel::SelfChangeColumn)
                         .data(itemmodels::SortRole)
                         .toDouble(),
                     0.0);
            QCOMPARE(model.index(row, itemmodels::FunctionChangeModel::TotalChangeColumn)
                         .data(itemmodels::SortRole)
                         .toDouble(),
                     0.0);
            QCOMPARE(model.index(row, itemmodels::FunctionChangeModel::OnlyInColumn).data().toString(), QString());
            QCOMPARE(model.index(row, itemmodels::FunctionChangeModel::SelfChangeColumn).data().toString(),
                     QStringLiteral("0.0 %"));
        }
    }

    // The differential flame is NEW's tree; each frame's BASE value is
    // BASE's total on the same path (0 where BASE has no such path), and
    // its change is the difference of the two shares.
    void theDifferentialFlameIsNewsTreeWithBasesFigures()
    {
        const SysprofProfile base = load("recursion-C-jitoff.bin");
        const SysprofProfile current = load("coroutines-C-jitoff.bin");
        for (StackView view : {StackView::Lua, StackView::Host}) {
            const FlameTree flame = differentialCallFlameTree(base, current, view);
            QVERIFY(flame.differential);
            QCOMPARE(flame.baseTotal, base.tree(view).totalSamples());
            QCOMPARE(flame.nodes[0].value, current.tree(view).totalSamples());
            const auto baseTotals = totalsByPath(base, view);
            const auto newTotals = totalsByPath(current, view);
            const CallTree& calls = current.tree(view);
            int inBoth = 0;
            double largest = 0;
            for (std::int32_t node = 1; node < static_cast<std::int32_t>(flame.nodes.size()); ++node) {
                std::vector<std::string> path;
                for (FrameId frame : calls.pathTo(flame.nodes[node].sourceId))
                    path.push_back(frameMatchKey(current.frames[frame]));
                QCOMPARE(flame.nodes[node].value, newTotals.at(path));
                const auto found = baseTotals.find(path);
                QCOMPARE(flame.nodes[node].baseValue, found == baseTotals.end() ? 0 : found->second);
                inBoth += found != baseTotals.end();
                const double expected = double(flame.nodes[node].value) / double(flame.nodes[0].value) -
                                        double(flame.nodes[node].baseValue) / double(flame.baseTotal);
                QVERIFY(std::abs(shareChange(flame, node) - expected) < 1e-12);
                largest = std::max(largest, std::abs(expected));
            }
            QVERIFY(inBoth > 0); // pmain and the main chunk at least
            QVERIFY(std::abs(flame.largestShareChange - largest) < 1e-12);
        }
        // A dump against itself: every frame in both, nothing changed.
        const SysprofProfile same = load("jit-loops-C-jiton.bin");
        const FlameTree flame = differentialCallFlameTree(same, same, StackView::Lua);
        for (std::int32_t node = 0; node < static_cast<std::int32_t>(flame.nodes.size()); ++node) {
            QCOMPARE(flame.nodes[node].baseValue, flame.nodes[node].value);
            QCOMPARE(shareChange(flame, node), 0.0);
        }
        QCOMPARE(flame.largestShareChange, 0.0);
    }

    void theWindowComparesTwoDumps()
    {
        QPointer<app::SysprofDiffWindow> window = new app::SysprofDiffWindow;
        window->show();
        QSignalSpy finished(window.data(), &app::SysprofDiffWindow::loadFinished);
        window->compare(fixture("recursion-C-jitoff.bin"), fixture("coroutines-C-jitoff.bin"));
        QVERIFY(testsuite::received(finished, 30000));
        QCOMPARE(finished.front().front().toBool(), true);
        views::SysprofComparisonPage* page = window->page();
        QCOMPARE(window->currentPage(), static_cast<QWidget*>(page));
        const FunctionChanges expected =
            functionChanges(load("recursion-C-jitoff.bin"), load("coroutines-C-jitoff.bin"), StackView::Lua);
        QCOMPARE(page->functionsView()->model()->rowCount(), static_cast<int>(expected.functions.size()));
        QVERIFY2(page->headerText().contains("226 samples") && page->headerText().contains("282 samples"),
                 qPrintable(page->headerText()));
        // The flame graph tab: the differential tree of the view shown.
        QVERIFY(page->showTab(QStringLiteral("flamegraph")));
        views::FlameGraphWidget* flame = page->flameGraph();
        QVERIFY(QTest::qWaitFor([flame] { return flame->tree() && !flame->isBuilding(); }, 30000));
        QVERIFY(flame->tree()->differential);
        QCOMPARE(flame->tree()->nodes[0].value, load("coroutines-C-jitoff.bin").tree(StackView::Lua).totalSamples());
        QCOMPARE(flame->tree()->baseTotal, load("recursion-C-jitoff.bin").tree(StackView::Lua).totalSamples());
        // The largest rise is selected in the table and, at its costliest
        // frame, in the flame; picking a frame selects its function's row.
        const QModelIndex top = page->functionsView()->proxyModel()->index(0, 0);
        QCOMPARE(page->functionsView()->currentIndex().row(), 0);
        // (Rows by the dump's name: the table shows the functions' names.)
        QCOMPARE(QString::fromStdString(page->selectedFunction()), top.data(itemmodels::SortRole).toString());
        QVERIFY(flame->selectedNode() > 0);
        QCOMPARE(QString::fromStdString(flame->tree()->nodes[flame->selectedNode()].name),
                 top.data(itemmodels::SortRole).toString());
        for (std::int32_t node = 1; node < static_cast<std::int32_t>(flame->tree()->nodes.size()); ++node)
            if (flame->tree()->nodes[node].name == page->selectedFunction())
                QVERIFY(flame->tree()->nodes[node].value <= flame->tree()->nodes[flame->selectedNode()].value);
        int other = 1;
        while (flame->tree()->nodes[other].name == page->selectedFunction())
            ++other;
        flame->selectNode(other);
        QCOMPARE(page->selectedFunction(), flame->tree()->nodes[other].name);
        QCOMPARE(page->functionsView()->currentIndex().data(itemmodels::SortRole).toString(),
                 QString::fromStdString(flame->tree()->nodes[other].name));
        // The host view compares the native chains of both (mode C) dumps.
        page->setView(StackView::Host);
        QCOMPARE(page->functionsModel()->changes().runSamples[0],
                 load("recursion-C-jitoff.bin").tree(StackView::Host).totalSamples());
        QVERIFY(QTest::qWaitFor([flame] { return flame->tree() && !flame->isBuilding(); }, 30000));
        QCOMPARE(flame->tree()->baseTotal, load("recursion-C-jitoff.bin").tree(StackView::Host).totalSamples());
        delete window.data();
    }

    // One colour language: a rise is red and a fall blue in the functions
    // table's bars as in the differential flame graph.
    void aRiseIsRedAndAFallBlueInBothPanes()
    {
        QPointer<app::SysprofDiffWindow> window = new app::SysprofDiffWindow;
        window->resize(1200, 800);
        window->show();
        QVERIFY(QTest::qWaitForWindowExposed(window.data()));
        QSignalSpy finished(window.data(), &app::SysprofDiffWindow::loadFinished);
        window->compare(fixture("recursion-C-jitoff.bin"), fixture("coroutines-C-jitoff.bin"));
        QVERIFY(testsuite::received(finished, 30000));
        views::SysprofComparisonPage* page = window->page();
        views::CostTableView* table = page->functionsView();
        const QAbstractItemModel* rows = table->model();
        const int column = itemmodels::FunctionChangeModel::SelfChangeColumn;
        const int last = rows->rowCount() - 1;
        QVERIFY(last > 2);
        QVERIFY(rows->index(0, column).data(itemmodels::SortRole).toDouble() > 0);
        QVERIFY(rows->index(last, column).data(itemmodels::SortRole).toDouble() < 0);
        // Neither row selected: the selection's own colour would mix in.
        table->setCurrentIndex(rows->index(1, 0));
        const auto barColour = [&](int row) {
            const QModelIndex cell = rows->index(row, column);
            table->scrollTo(cell);
            QApplication::processEvents();
            const QImage image = table->viewport()->grab().toImage();
            const QRect rect = table->visualRect(cell);
            return QColor(image.pixel(rect.left() + 4, rect.center().y()));
        };
        const QColor rise = barColour(0);
        const QColor fall = barColour(last);
        QVERIFY2(rise.red() > rise.blue() + 20, qPrintable(rise.name()));
        QVERIFY2(fall.blue() > fall.red() + 20, qPrintable(fall.name()));

        QVERIFY(page->showTab(QStringLiteral("flamegraph")));
        views::FlameGraphWidget* flame = page->flameGraph();
        QVERIFY(QTest::qWaitFor([flame] { return flame->tree() && !flame->isBuilding(); }, 30000));
        QApplication::processEvents();
        const FlameTree& tree = *flame->tree();
        int grew = -1;
        int shrank = -1;
        for (std::int32_t node = 1; node < static_cast<std::int32_t>(tree.nodes.size()); ++node) {
            if (flame->frameRect(node).width() < 8 || node == flame->selectedNode())
                continue;
            if (grew < 0 || shareChange(tree, node) > shareChange(tree, grew))
                grew = node;
            if (shrank < 0 || shareChange(tree, node) < shareChange(tree, shrank))
                shrank = node;
        }
        QVERIFY(shareChange(tree, grew) > 0);
        QVERIFY(shareChange(tree, shrank) < 0);
        const QImage image = flame->grab().toImage();
        const auto fill = [&](int node) {
            const QRectF rect = flame->frameRect(node);
            return QColor(image.pixel(QPoint(int(rect.right()) - 3, int(rect.center().y()))));
        };
        QVERIFY2(fill(grew).red() > fill(grew).blue() + 20, qPrintable(fill(grew).name()));
        QVERIFY2(fill(shrank).blue() > fill(shrank).red() + 20, qPrintable(fill(shrank).name()));
        delete window.data();
    }

    void aMemoryProfileOnOneSideSaysWhy()
    {
        QPointer<app::SysprofDiffWindow> window = new app::SysprofDiffWindow;
        window->show();
        QSignalSpy finished(window.data(), &app::SysprofDiffWindow::loadFinished);
        window->compare(fixture("recursion-C-jitoff.bin"), QStringLiteral(MEMPROF_TEST_DATA "/v3/leak.bin"));
        QVERIFY(testsuite::received(finished, 30000));
        QCOMPARE(finished.front().front().toBool(), false);
        QTRY_VERIFY(test::errorBox());
        QVERIFY2(test::errorBox()->informativeText().contains("memory profile (memprof)"),
                 qPrintable(test::errorBox()->informativeText()));
        QTRY_VERIFY(window.isNull());
    }

    void aSysprofWindowComparesWithASysprofWindow()
    {
        test::Window main;
        QVERIFY(test::load(main.window, fixture("recursion-L-jitoff.bin")));
        QVERIFY(main->hasSysprof());
        QPointer<app::SysprofDiffWindow> window =
            qobject_cast<app::SysprofDiffWindow*>(main->compareWith(fixture("recursion-L-jiton.bin")));
        QVERIFY(window);
        QSignalSpy finished(window.data(), &app::SysprofDiffWindow::loadFinished);
        QVERIFY(testsuite::received(finished, 30000));
        QCOMPARE(finished.front().front().toBool(), true);
        // BASE is the profile the main window holds, not loaded again.
        QCOMPARE(window->page()->functionsModel()->changes().runSamples[0],
                 main->sysprofPage()->profile()->sampleCount);
        delete window.data();
    }
};

MEMPROF_TEST_MAIN(TestSysprofComparison)
#include "test_sysprof_comparison.moc"
