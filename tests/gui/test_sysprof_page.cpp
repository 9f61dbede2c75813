// SPDX-License-Identifier: GPL-3.0-or-later
// A sysprof dump opened in the window: its page, the models behind the
// panes (checked by QAbstractItemModelTester and against the aggregates
// computed directly), the one selection every pane follows, the stack
// views, the window's shared actions on the page (the filter, the tabs,
// Export CSV), and a dump that cannot be read.
#include "app/MainWindow.h"
#include "model/itemmodels/CallTreeModel.h"
#include "model/itemmodels/FunctionCostModel.h"
#include "model/itemmodels/ModelRoles.h"
#include "model/sysprofile/FunctionCosts.h"
#include "model/sysprofile/SysprofLoader.h"
#include "tests/support/SignalWait.h"
#include "tests/support/TestSuite.h"
#include "tests/support/WindowTestHelpers.h"
#include "views/CostTableView.h"
#include "views/FilterField.h"
#include "views/SourcePane.h"
#include "views/SysprofPage.h"
#include "views/charts/VmStateChart.h"
#include "views/flamegraph/FlameGraphWidget.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QFile>
#include <QLineEdit>
#include <QMenuBar>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace memprof;

namespace {

QString fixture(const char* name)
{
    return QStringLiteral(MEMPROF_TEST_DATA "/sysprof/") + QLatin1String(name);
}

std::uint64_t sumOfTopRows(const QAbstractItemModel* model, int column)
{
    std::uint64_t sum = 0;
    for (int row = 0; row < model->rowCount(); ++row)
        sum += model->index(row, column).data(itemmodels::SortRole).toULongLong();
    return sum;
}

FrameId frameNamed(const SysprofProfile& profile, const std::string& name)
{
    for (FrameId id = 0; id < profile.frames.size(); ++id)
        if (profile.frames[id].name == name)
            return id;
    return FrameId(-1);
}

// The top-down tree as the user sees it: each row's frame names from the
// root and its total samples.
void collectRows(const QAbstractItemModel* model, const QModelIndex& parent, QStringList path,
                 std::vector<std::pair<QStringList, std::uint64_t>>& rows)
{
    for (int row = 0; row < model->rowCount(parent); ++row) {
        const QModelIndex name = model->index(row, 0, parent);
        QStringList rowPath = path;
        rowPath << name.data(itemmodels::SortRole).toString(); // the frame's name, as the flame's nodes
        rows.emplace_back(
            rowPath,
            model->index(row, itemmodels::CallTreeModel::TotalColumn, parent).data(itemmodels::SortRole).toULongLong());
        collectRows(model, name, rowPath, rows);
    }
}

int flameNodeAt(const FlameTree& tree, const QStringList& path)
{
    int node = 0;
    for (const QString& name : path) {
        const auto& children = tree.nodes[node].children;
        const auto found = std::find_if(children.begin(), children.end(), [&](std::int32_t child) {
            return QString::fromStdString(tree.nodes[child].name) == name;
        });
        if (found == children.end())
            return -1;
        node = *found;
    }
    return node;
}

// Samples of the frames whose name contains `text`, a match inside a match
// counted once: walked on the call tree itself.
std::uint64_t matchingSamples(const SysprofProfile& profile, StackView view, const std::string& text)
{
    const CallTree& tree = profile.tree(view);
    std::uint64_t sum = 0;
    std::vector<CallNodeId> pending(tree.root().children.begin(), tree.root().children.end());
    while (!pending.empty()) {
        const CallNodeId id = pending.back();
        pending.pop_back();
        if (profile.frames[tree.node(id).frame].name.find(text) != std::string::npos) {
            sum += tree.node(id).totalSamples;
            continue;
        }
        pending.insert(pending.end(), tree.node(id).children.begin(), tree.node(id).children.end());
    }
    return sum;
}

// The flame graph is built off the GUI thread: waits for the page's.
bool flameIsBuilt(views::SysprofPage* page)
{
    return QTest::qWaitFor([page] { return page->flameGraph()->tree() && !page->flameGraph()->isBuilding(); }, 30000);
}

// The lines of a CSV file the window wrote.
QStringList csvLines(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll()).split(u'\n', Qt::SkipEmptyParts);
}

QAction* menuAction(QWidget* window, const QString& text)
{
    for (QAction* menu : window->findChild<QMenuBar*>()->actions())
        for (QAction* action : menu->menu()->actions())
            if (action->text() == text)
                return action;
    return nullptr;
}

// Functions of `profile` whose name contains `text`.
int functionsNamed(const SysprofProfile& profile, const std::string& text)
{
    int matching = 0;
    for (const FunctionCost& cost : functionCosts(profile.tree(StackView::Lua)))
        matching += profile.frames[cost.frame].name.find(text) != std::string::npos;
    return matching;
}

} // namespace

class TestSysprofPage : public QObject {
    Q_OBJECT

private slots:
    void cleanup() { test::closeErrorBoxes(); }

    void aSysprofDumpOpensItsOwnPage()
    {
        test::Window window;
        QVERIFY(test::load(window.window, fixture("coroutines-C-jitoff.bin")));
        QVERIFY(window->hasSysprof());
        QVERIFY(!window->hasProfile());
        views::SysprofPage* page = window->sysprofPage();
        QCOMPARE(window->currentPage(), static_cast<QWidget*>(page));
        QVERIFY2(page->headerText().contains("282 samples"), qPrintable(page->headerText()));
        QVERIFY(page->headerText().contains("mode C"));
        QCOMPARE(window->windowTitle(), QStringLiteral("coroutines-C-jitoff.bin — Memprof Viewer"));
    }

    void everyPaneCountsEverySample()
    {
        test::Window window;
        QVERIFY(test::load(window.window, fixture("recursion-C-jitoff.bin")));
        views::SysprofPage* page = window->sysprofPage();
        const std::uint64_t samples = page->profile()->sampleCount;
        QCOMPARE(samples, std::uint64_t(226));
        QCOMPARE(sumOfTopRows(page->topDownView()->model(), itemmodels::CallTreeModel::TotalColumn), samples);
        // Bottom-up: each sample once, under the function it ended in.
        QCOMPARE(sumOfTopRows(page->bottomUpView()->model(), itemmodels::CallTreeModel::TotalColumn), samples);
        QCOMPARE(sumOfTopRows(page->functionsView()->model(), itemmodels::FunctionCostModel::SelfColumn), samples);
        for (StackView view : {StackView::Host, StackView::Reference, StackView::Lua}) {
            page->setView(view);
            QCOMPARE(sumOfTopRows(page->bottomUpView()->model(), itemmodels::CallTreeModel::TotalColumn), samples);
            QCOMPARE(sumOfTopRows(page->functionsView()->model(), itemmodels::FunctionCostModel::SelfColumn), samples);
        }
    }

    void theModelsPassTheModelTester()
    {
        const auto profile =
            std::make_shared<const SysprofProfile>(loadSysprof(fixture("recursion-C-jitoff.bin").toStdString()));
        for (auto direction :
             {itemmodels::CallTreeModel::Direction::TopDown, itemmodels::CallTreeModel::Direction::BottomUp}) {
            itemmodels::CallTreeModel tree(direction);
            QAbstractItemModelTester treeTester(&tree, QAbstractItemModelTester::FailureReportingMode::QtTest);
            tree.setProfile(profile, StackView::Lua);
            tree.setProfile(profile, StackView::Host);
        }
        itemmodels::FunctionCostModel functions;
        QAbstractItemModelTester functionsTester(&functions, QAbstractItemModelTester::FailureReportingMode::QtTest);
        functions.setProfile(profile, StackView::Lua);
        itemmodels::CallEdgeModel callers(itemmodels::CallEdgeModel::Side::Callers);
        QAbstractItemModelTester callersTester(&callers, QAbstractItemModelTester::FailureReportingMode::QtTest);
        callers.setFunction(profile, StackView::Lua, frameNamed(*profile, "@recursion.lua:6"));
        QVERIFY(callers.rowCount() > 0);
    }

    void selectingAFunctionSelectsItEverywhere()
    {
        test::Window window;
        QVERIFY(test::load(window.window, fixture("recursion-L-jitoff.bin")));
        views::SysprofPage* page = window->sysprofPage();
        const SysprofProfile& profile = *page->profile();
        // The hottest function is selected from the start.
        QCOMPARE(page->selectedFrame(), std::optional<FrameId>(frameNamed(profile, "string.format")));

        // The user picks the recursive function (fib) in the functions table.
        const FrameId fib = frameNamed(profile, "@recursion.lua:4");
        QAbstractItemModel* functions = page->functionsView()->model();
        const QModelIndexList rows = functions->match(functions->index(0, 0), itemmodels::FrameIdRole,
                                                      QVariant::fromValue(static_cast<uint>(fib)), 1, Qt::MatchExactly);
        QCOMPARE(rows.size(), 1);
        QVERIFY(page->showTab(QStringLiteral("functions")));
        page->functionsView()->setCurrentIndex(rows.front());
        QCOMPARE(page->selectedFrame(), std::optional<FrameId>(fib));
        for (views::CostTableView* view : {page->topDownView(), page->bottomUpView()})
            QCOMPARE(view->currentIndex().data(itemmodels::FrameIdRole).toUInt(), static_cast<uint>(fib));

        // The sandwich's totals are the tree's.
        const CallersAndCallees expected = callersAndCallees(profile.tree(StackView::Lua), fib);
        QCOMPARE(sumOfTopRows(page->callersView()->model(), itemmodels::CallEdgeModel::SamplesColumn), [&] {
            std::uint64_t s = 0;
            for (const CallEdge& e : expected.callers)
                s += e.samples;
            return s;
        }());
        QCOMPARE(page->callersView()->model()->rowCount(), static_cast<int>(expected.callers.size()));
        QCOMPARE(page->calleesView()->model()->rowCount(), static_cast<int>(expected.callees.size()));
        QVERIFY(!expected.callers.empty());
        // fib calls itself: the recursion is one caller and one callee.
        const QVariant self = QVariant::fromValue(static_cast<uint>(fib));
        QCOMPARE(
            page->callersView()
                ->model()
                ->match(page->callersView()->model()->index(0, 0), itemmodels::FrameIdRole, self, 1, Qt::MatchExactly)
                .size(),
            1);

        // The source pane shows fib's chunk (beside the dump) at its definition.
        const services::SourceView& source = page->sourcePane()->currentView();
        QCOMPARE(source.kind, services::SourceView::Kind::File);
        QVERIFY2(source.filePath.endsWith(QStringLiteral("sysprof/recursion.lua")), qPrintable(source.filePath));
        QCOMPARE(source.line, 4);

        // A click on a caller goes to it.
        QAbstractItemModel* callers = page->callersView()->model();
        const QModelIndex firstCaller = callers->index(0, 0);
        const auto caller = static_cast<FrameId>(firstCaller.data(itemmodels::FrameIdRole).toUInt());
        emit page->callersView()->clicked(firstCaller);
        QCOMPARE(page->selectedFrame(), std::optional<FrameId>(caller));
    }

    void theFilterNarrowsEveryPane()
    {
        test::Window window;
        QVERIFY(test::load(window.window, fixture("recursion-L-jitoff.bin")));
        views::SysprofPage* page = window->sysprofPage();
        auto* filter = page->findChild<views::FilterField*>();
        QVERIFY(filter);
        filter->setDelay(0);
        filter->lineEdit()->setText(QStringLiteral("string."));
        const int matching = functionsNamed(*page->profile(), "string.");
        QVERIFY(matching >= 2);
        QTRY_COMPARE(page->functionsView()->model()->rowCount(), matching);
        // A tree keeps the paths that lead to a match.
        QVERIFY(page->topDownView()->model()->rowCount() > 0);
        QVERIFY(page->topDownView()->model()->rowCount() < 4);
    }

    void aSampleRangeMakesEveryPaneCountOnlyItsSamples()
    {
        test::Window window;
        QVERIFY(test::load(window.window, fixture("coroutines-C-jitoff.bin")));
        views::SysprofPage* page = window->sysprofPage();
        const SysprofProfile& whole = *page->profile();
        // The chart draws the whole run, state by state.
        for (std::size_t state = 0; state < kVmStateCount; ++state)
            QCOMPARE(page->vmStateChart()->drawnSamples(static_cast<VmState>(state)),
                     static_cast<double>(whole.samplesByState[state]));

        const std::optional<FrameId> selected = page->selectedFrame();
        const std::string selectedName = whole.frames[*selected].name;
        QSignalSpy counted(page, &views::SysprofPage::rangeCounted);
        const RunRange range{41, 200}; // samples 41 to 200, as the range bar numbers them
        page->setRange(range);
        QVERIFY(testsuite::received(counted, 30000));
        const SysprofProfile direct = loadSysprof(fixture("coroutines-C-jitoff.bin").toStdString(), {}, {range, false});
        QCOMPARE(page->profile()->sampleCount, direct.sampleCount);
        QCOMPARE(sumOfTopRows(page->topDownView()->model(), itemmodels::CallTreeModel::TotalColumn),
                 direct.sampleCount);
        QCOMPARE(sumOfTopRows(page->functionsView()->model(), itemmodels::FunctionCostModel::SelfColumn),
                 direct.sampleCount);
        const std::vector<FunctionCost> costs = functionCosts(direct.tree(StackView::Lua));
        QCOMPARE(page->functionsView()->model()->rowCount(), static_cast<int>(costs.size()));
        QVERIFY2(page->headerText().contains("samples 41 to 200 of 282"), qPrintable(page->headerText()));
        // The selection carries over by name.
        QVERIFY(page->selectedFrame());
        QCOMPARE(page->profile()->frames[*page->selectedFrame()].name, selectedName);

        page->setRange({});
        QCOMPARE(page->profile()->sampleCount, whole.sampleCount);
    }

    // A range shows on the VM states chart over its bars (they fill its
    // height), and the table keeps its "What it is" column readable.
    void aRangeShowsOnTheStatesChartAndKeepsTheTableReadable()
    {
        test::Window window;
        window->resize(1024, 700);
        QVERIFY(test::load(window.window, fixture("recursion-L-jitoff.bin")));
        views::SysprofPage* page = window->sysprofPage();
        QVERIFY(page->showTab(QStringLiteral("states")));
        charts::VmStateChart* chart = page->vmStateChart();
        auto* table = chart->parentWidget()->findChild<QTableWidget*>();
        QVERIFY(table);
        QApplication::processEvents();
        const int meaning = 3;
        const int readable = table->fontMetrics().horizontalAdvance(QStringLiteral("Running a Lua function"));
        QVERIFY(table->columnWidth(meaning) >= readable);
        chart->replot();
        // A point inside the range to be, on the bars.
        const QPoint inside(int(chart->xAxis->coordToPixel(85.5)), int(chart->yAxis->coordToPixel(0.5)));
        const QColor before = QColor(chart->grab().toImage().pixel(inside));

        QSignalSpy counted(page, &views::SysprofPage::rangeCounted);
        // Counted while another tab is in front, then shown.
        QVERIFY(page->showTab(QStringLiteral("top-down")));
        page->setRange({50, 120});
        QVERIFY(testsuite::received(counted, 30000));
        QVERIFY(page->showTab(QStringLiteral("states")));
        QApplication::processEvents();
        chart->replot();
        const QColor after = QColor(chart->grab().toImage().pixel(inside));
        QVERIFY2(before != after, qPrintable(before.name() + QStringLiteral(" stays ") + after.name()));
        QVERIFY2(table->columnWidth(meaning) >= readable,
                 qPrintable(QString::number(table->columnWidth(meaning)) + QStringLiteral(" px")));
    }

    void theFlameGraphIsTheFirstTab()
    {
        test::Window window;
        QVERIFY(test::load(window.window, fixture("modules-L-jiton.bin")));
        views::SysprofPage* page = window->sysprofPage();
        QCOMPARE(page->tabs()->currentWidget(), static_cast<QWidget*>(page->flameGraph()));
        QVERIFY(page->showTab(QStringLiteral("states")));
        QVERIFY(page->showTab(QStringLiteral("flamegraph")));
        QCOMPARE(page->tabs()->currentWidget(), static_cast<QWidget*>(page->flameGraph()));
    }

    void flameFramesAreAsWideAsTheTopDownTotals_data()
    {
        QTest::addColumn<QString>("dump");
        QTest::addColumn<int>("view");
        QTest::newRow("modules L, Lua") << "modules-L-jiton.bin" << int(StackView::Lua);
        QTest::newRow("jit loops C, Lua") << "jit-loops-C-jiton.bin" << int(StackView::Lua);
        QTest::newRow("recursion C, host") << "recursion-C-jitoff.bin" << int(StackView::Host);
        QTest::newRow("coroutines C, reference") << "coroutines-C-jitoff.bin" << int(StackView::Reference);
    }

    void flameFramesAreAsWideAsTheTopDownTotals()
    {
        QFETCH(QString, dump);
        QFETCH(int, view);
        test::Window window;
        window->resize(1200, 800);
        QVERIFY(test::load(window.window, fixture(dump.toLatin1().constData())));
        views::SysprofPage* page = window->sysprofPage();
        page->setView(static_cast<StackView>(view));
        QVERIFY(flameIsBuilt(page));
        views::FlameGraphWidget* flame = page->flameGraph();
        const FlameTree& tree = *flame->tree();
        const double width = flame->drawingWidth();
        QVERIFY(width > 100);
        QCOMPARE(tree.nodes[0].value, page->profile()->sampleCount);
        QCOMPARE(flame->frameRect(0).width(), width);

        std::vector<std::pair<QStringList, std::uint64_t>> rows;
        collectRows(page->topDownView()->model(), {}, {}, rows);
        QVERIFY(rows.size() > 3);
        int drawn = 0;
        for (const auto& [path, total] : rows) {
            const int node = flameNodeAt(tree, path);
            QVERIFY2(node > 0, qPrintable(path.join(u';')));
            QCOMPARE(tree.nodes[node].value, total);
            const QRectF rect = flame->frameRect(node);
            const double expected = width * double(total) / double(tree.nodes[0].value);
            if (expected < 1.0) {
                QVERIFY(rect.isEmpty()); // under a pixel: not drawn
                continue;
            }
            ++drawn;
            QVERIFY2(std::abs(rect.width() - expected) < 0.01, qPrintable(path.join(u';')));
        }
        QVERIFY(drawn > 3);
    }

    void theFlameAndThePanesSelectTogether()
    {
        test::Window window;
        QVERIFY(test::load(window.window, fixture("recursion-L-jitoff.bin")));
        views::SysprofPage* page = window->sysprofPage();
        const SysprofProfile& profile = *page->profile();
        QVERIFY(flameIsBuilt(page));
        views::FlameGraphWidget* flame = page->flameGraph();
        const CallTree& calls = profile.tree(StackView::Lua);
        // The preselected (hottest) function is selected in the flame too.
        QVERIFY(flame->selectedNode() > 0);
        QCOMPARE(calls.node(flame->selectedNode()).frame, *page->selectedFrame());

        // A frame picked in the flame is the page's selected function.
        const FrameId fib = frameNamed(profile, "@recursion.lua:4");
        CallNodeId fibNode = -1;
        for (CallNodeId id = 1; id < static_cast<CallNodeId>(calls.size()); ++id)
            if (calls.node(id).frame == fib) {
                fibNode = id;
                break;
            }
        QVERIFY(fibNode > 0);
        flame->selectNode(fibNode);
        QCOMPARE(page->selectedFrame(), std::optional<FrameId>(fib));
        QCOMPARE(page->functionsView()->currentIndex().data(itemmodels::FrameIdRole).toUInt(), static_cast<uint>(fib));

        // A function picked elsewhere selects its costliest frame.
        const FrameId format = frameNamed(profile, "string.format");
        page->selectFrame(format);
        QVERIFY(flame->selectedNode() > 0);
        QCOMPARE(calls.node(flame->selectedNode()).frame, format);
        for (CallNodeId id = 1; id < static_cast<CallNodeId>(calls.size()); ++id)
            if (calls.node(id).frame == format)
                QVERIFY(calls.node(id).totalSamples <= calls.node(flame->selectedNode()).totalSamples);
    }

    // A function picked elsewhere is its own top-level row in Bottom-up
    // (where its samples ended), not a row where it called a function
    // listed above it.
    void bottomUpSelectsTheFunctionsOwnRow()
    {
        test::Window window;
        QVERIFY(test::load(window.window, fixture("recursion-L-jitoff.bin")));
        views::SysprofPage* page = window->sysprofPage();
        const FrameId build = frameNamed(*page->profile(), "@recursion.lua:6");
        QAbstractItemModel* rows = page->bottomUpView()->model();
        const QVariant id = QVariant::fromValue(static_cast<uint>(build));
        // The case in point: a row of it, nested, comes before its own.
        const QModelIndexList depthFirst =
            rows->match(rows->index(0, 0), itemmodels::FrameIdRole, id, 1, Qt::MatchExactly | Qt::MatchRecursive);
        QCOMPARE(depthFirst.size(), 1);
        QVERIFY(depthFirst.front().parent().isValid());
        QCOMPARE(rows->match(rows->index(0, 0), itemmodels::FrameIdRole, id, 1, Qt::MatchExactly).size(), 1);

        page->selectFrame(build);
        const QModelIndex current = page->bottomUpView()->currentIndex();
        QCOMPARE(current.data(itemmodels::FrameIdRole).toUInt(), static_cast<uint>(build));
        QVERIFY2(!current.parent().isValid(), "a nested row of the function is selected, not its own");
    }

    // The flame from the keyboard, on the page: Tab reaches it from the
    // filter, the arrows move its selection and every pane follows, Enter
    // zooms into the page's state, Backspace goes back.
    void theFlameGraphFromTheKeyboard()
    {
        test::Window window;
        QVERIFY(test::load(window.window, fixture("recursion-L-jitoff.bin")));
        views::SysprofPage* page = window->sysprofPage();
        QVERIFY(flameIsBuilt(page));
        QVERIFY(page->showTab(QStringLiteral("flamegraph")));
        window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(window.window));
        views::FlameGraphWidget* flame = page->flameGraph();
        QLineEdit* filter = page->filterField()->lineEdit();
        filter->setFocus();
        QTRY_VERIFY(filter->hasFocus());
        for (int tabs = 0; tabs < 20 && QApplication::focusWidget() != flame->focusProxy(); ++tabs)
            QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        QVERIFY2(QApplication::focusWidget() == flame->focusProxy(), "Tab never reached the flame graph");
        QWidget* canvas = flame->focusProxy();
        const CallTree& calls = page->profile()->tree(StackView::Lua);

        // From the preselected frame, up to its parent: the page follows.
        const int start = flame->selectedNode();
        QVERIFY(start > 0);
        const int parent = flame->tree()->nodes[start].parent;
        QVERIFY(parent > 0);
        QTest::keyClick(canvas, Qt::Key_Up);
        QCOMPARE(flame->selectedNode(), parent);
        QCOMPARE(page->selectedFrame(), std::optional<FrameId>(calls.node(parent).frame));
        QCOMPARE(page->topDownView()->currentIndex().data(itemmodels::FrameIdRole).toUInt(),
                 static_cast<uint>(calls.node(parent).frame));
        // Enter zooms, and the zoom is the page's.
        QTest::keyClick(canvas, Qt::Key_Return);
        QCOMPARE(flame->zoomNode(), parent);
        QVERIFY(!page->viewState()->flameZoomPath().empty());
        QCOMPARE(page->viewState()->flameZoomPath().back(), flame->tree()->nodes[parent].name);
        // Down goes to a child inside the zoom; Backspace unzooms.
        QTest::keyClick(canvas, Qt::Key_Down);
        QCOMPARE(flame->tree()->nodes[flame->selectedNode()].parent, parent);
        QCOMPARE(page->selectedFrame(), std::optional<FrameId>(calls.node(flame->selectedNode()).frame));
        QTest::keyClick(canvas, Qt::Key_Backspace);
        QCOMPARE(flame->zoomNode(), 0);
        QVERIFY(page->viewState()->flameZoomPath().empty());
    }

    void flameSearchCountsTheMatchingSamples()
    {
        test::Window window;
        QVERIFY(test::load(window.window, fixture("modules-L-jitoff.bin")));
        views::SysprofPage* page = window->sysprofPage();
        QVERIFY(flameIsBuilt(page));
        views::FlameGraphWidget* flame = page->flameGraph();
        for (const char* text : {"modules_helper", "function_alias", "@"}) {
            flame->setSearch(QString::fromLatin1(text));
            const std::uint64_t expected = matchingSamples(*page->profile(), StackView::Lua, text);
            QVERIFY2(expected > 0, text);
            QCOMPARE(flame->matchedValue(), expected);
        }
    }

    void theFlameKeepsItsZoomOverARange()
    {
        test::Window window;
        QVERIFY(test::load(window.window, fixture("coroutines-C-jitoff.bin")));
        views::SysprofPage* page = window->sysprofPage();
        QVERIFY(flameIsBuilt(page));
        views::FlameGraphWidget* flame = page->flameGraph();
        const FlameTree& before = *flame->tree();
        // The widest frame two levels down.
        int zoom = 0;
        for (int depth = 0; depth < 2 && !before.nodes[zoom].children.empty(); ++depth)
            zoom = *std::max_element(before.nodes[zoom].children.begin(), before.nodes[zoom].children.end(),
                                     [&](int a, int b) { return before.nodes[a].value < before.nodes[b].value; });
        QVERIFY(zoom > 0);
        const std::string zoomName = before.nodes[zoom].name;
        flame->setZoomNode(zoom);
        QCOMPARE(flame->frameRect(zoom).width(), double(flame->drawingWidth()));

        QSignalSpy counted(page, &views::SysprofPage::rangeCounted);
        page->setRange({1, 150});
        QVERIFY(testsuite::received(counted, 30000));
        QVERIFY(flameIsBuilt(page));
        const FlameTree& after = *flame->tree();
        QCOMPARE(after.nodes[0].value, page->profile()->sampleCount);
        QCOMPARE(after.nodes[0].value, std::uint64_t(150));
        QVERIFY(flame->zoomNode() > 0);
        QCOMPARE(after.nodes[flame->zoomNode()].name, zoomName);
        flame->resetZoom();
        QCOMPARE(flame->zoomNode(), 0);
    }

    // The zoom and the search are the page's view state: the flame shows
    // what the state says, and what the user does in the flame goes there.
    void theFlamesZoomAndSearchAreThePagesViewState()
    {
        test::Window window;
        QVERIFY(test::load(window.window, fixture("coroutines-C-jitoff.bin")));
        views::SysprofPage* page = window->sysprofPage();
        QVERIFY(flameIsBuilt(page));
        views::FlameGraphWidget* flame = page->flameGraph();
        views::ViewState* state = page->viewState();
        const FlameTree& tree = *flame->tree();
        int zoom = 0;
        std::vector<std::string> path;
        for (int depth = 0; depth < 2 && !tree.nodes[zoom].children.empty(); ++depth) {
            zoom = *std::max_element(tree.nodes[zoom].children.begin(), tree.nodes[zoom].children.end(),
                                     [&](int a, int b) { return tree.nodes[a].value < tree.nodes[b].value; });
            path.push_back(tree.nodes[zoom].name);
        }
        QCOMPARE(path.size(), std::size_t(2));

        // The flame's zoom is the state's; Back and Reset too.
        flame->setZoomNode(zoom);
        QVERIFY(state->flameZoomPath() == path);
        flame->back();
        QVERIFY(state->flameZoomPath().empty());
        // The state's zoom is the flame's.
        state->setFlameZoomPath(path);
        QCOMPARE(flame->zoomNode(), zoom);
        flame->resetZoom();
        QVERIFY(state->flameZoomPath().empty());

        // Searching in the flame sets the state; the state sets the flame.
        flame->setSearch(QStringLiteral("coroutine"), false);
        QCOMPARE(state->flameSearch(), QStringLiteral("coroutine"));
        QVERIFY(!state->flameSearchIsRegularExpression());
        state->setFlameSearch(QStringLiteral("^@"), true);
        QCOMPARE(flame->searchText(), QStringLiteral("^@"));
        QVERIFY(flame->searchIsRegularExpression());
        QVERIFY(flame->matchedValue() > 0);

        // Another view rebuilds the flame: the state's zoom and search stay and
        // are put on the new tree as far as its frames go.
        state->setFlameZoomPath({path.front()});
        QCOMPARE(flame->zoomNode(), tree.nodes[zoom].parent);
        page->setView(StackView::Reference);
        QVERIFY(flameIsBuilt(page));
        QCOMPARE(state->flameSearch(), QStringLiteral("^@"));
        QCOMPARE(flame->searchText(), QStringLiteral("^@"));
        const FlameTree& other = *flame->tree();
        if (flame->zoomNode() > 0)
            QCOMPARE(other.nodes[flame->zoomNode()].name, path.front());
        page->setView(StackView::Lua);
        QVERIFY(flameIsBuilt(page));
        QVERIFY(flame->zoomNode() > 0);
        QCOMPARE(flame->tree()->nodes[flame->zoomNode()].name, path.front());
        // The dump shown again (a reload): the zoom and the search stay.
        page->setProfile(page->profile(), fixture("coroutines-C-jitoff.bin"));
        QVERIFY(flameIsBuilt(page));
        QVERIFY(flame->zoomNode() > 0);
        QCOMPARE(flame->tree()->nodes[flame->zoomNode()].name, path.front());
        QCOMPARE(flame->searchText(), QStringLiteral("^@"));
    }

    // Ctrl+F and Edit > Filter Locations go to the CPU page's filter, as on
    // the memory page: what the user types then filters the tables.
    void ctrlFFocusesTheFilterAndTheTypedTextFilters()
    {
        test::Window window;
        QVERIFY(test::load(window.window, fixture("recursion-L-jitoff.bin")));
        views::SysprofPage* page = window->sysprofPage();
        auto* filter = page->findChild<views::FilterField*>();
        QVERIFY(filter);
        filter->setDelay(0);
        window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(window.window));
        QVERIFY(page->showTab(QStringLiteral("functions")));
        page->functionsView()->setFocus();
        QTRY_VERIFY(page->functionsView()->hasFocus());
        QTest::keyClick(page->functionsView(), Qt::Key_F, Qt::ControlModifier);
        QTRY_VERIFY(filter->lineEdit()->hasFocus());
        QTest::keyClicks(QApplication::focusWidget(), QStringLiteral("string."));
        QCOMPARE(filter->lineEdit()->text(), QStringLiteral("string."));
        const int matching = functionsNamed(*page->profile(), "string.");
        QVERIFY(matching >= 2);
        QTRY_COMPARE(page->functionsView()->model()->rowCount(), matching);
        QVERIFY(page->topDownView()->model()->rowCount() < 4);

        // The menu's action: the filter again, its text selected to be replaced.
        page->functionsView()->setFocus();
        QTRY_VERIFY(page->functionsView()->hasFocus());
        QAction* action = menuAction(window.window, QStringLiteral("&Filter Locations"));
        QVERIFY(action);
        action->trigger();
        QTRY_VERIFY(filter->lineEdit()->hasFocus());
        QCOMPARE(filter->lineEdit()->selectedText(), QStringLiteral("string."));
    }

    void ctrlPageDownAndUpChangeTabs()
    {
        test::Window window;
        QVERIFY(test::load(window.window, fixture("recursion-L-jitoff.bin")));
        views::SysprofPage* page = window->sysprofPage();
        window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(window.window));
        QVERIFY(page->showTab(QStringLiteral("top-down")));
        const int before = page->tabs()->currentIndex();
        page->topDownView()->setFocus();
        QTRY_VERIFY(page->topDownView()->hasFocus());
        QTest::keyClick(page->topDownView(), Qt::Key_PageDown, Qt::ControlModifier);
        QCOMPARE(page->tabs()->currentIndex(), before + 1);
        QTest::keyClick(page->tabs()->currentWidget(), Qt::Key_PageUp, Qt::ControlModifier);
        QCOMPARE(page->tabs()->currentIndex(), before);
        // From the first tab (the flame graph) back to the last.
        QVERIFY(page->showTab(QStringLiteral("flamegraph")));
        page->tabs()->setFocus();
        QTRY_VERIFY(page->tabs()->hasFocus());
        QTest::keyClick(page->tabs(), Qt::Key_PageUp, Qt::ControlModifier);
        QCOMPARE(page->tabs()->currentIndex(), page->tabs()->count() - 1);
    }

    // Export CSV writes the CPU table used last, as the memory tables are
    // written: a tree with each row's depth, a table as shown.
    void exportCsvWritesTheTableUsedLast()
    {
        test::Window window;
        QVERIFY(test::load(window.window, fixture("recursion-L-jitoff.bin")));
        views::SysprofPage* page = window->sysprofPage();
        window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(window.window));
        QTemporaryDir dir;
        QVERIFY(dir.isValid());

        QVERIFY(page->showTab(QStringLiteral("top-down")));
        QString error;
        QVERIFY2(window->exportCsv(dir.filePath(QStringLiteral("top-down.csv")), &error), qPrintable(error));
        QStringList lines = csvLines(dir.filePath(QStringLiteral("top-down.csv")));
        QVERIFY(lines.size() > 2);
        QVERIFY2(lines[0].startsWith(QStringLiteral("depth,")), qPrintable(lines[0]));
        const QModelIndex root = page->topDownView()->model()->index(0, 0);
        const QString total = QString::number(
            root.siblingAtColumn(itemmodels::CallTreeModel::TotalColumn).data(itemmodels::SortRole).toULongLong());
        QVERIFY2(lines[1].startsWith(QStringLiteral("0,") + root.data(itemmodels::SortRole).toString() + u','),
                 qPrintable(lines[1]));
        QVERIFY2(lines[1].split(u',').contains(total), qPrintable(lines[1] + QStringLiteral(" / ") + total));

        // The functions tab: its functions table, sorted by self samples.
        QVERIFY(page->showTab(QStringLiteral("functions")));
        QVERIFY2(window->exportCsv(dir.filePath(QStringLiteral("functions.csv")), &error), qPrintable(error));
        lines = csvLines(dir.filePath(QStringLiteral("functions.csv")));
        QCOMPARE(lines.size(), page->functionsView()->model()->rowCount() + 1);
        QVERIFY2(!lines[0].startsWith(QStringLiteral("depth,")), qPrintable(lines[0]));
        const QModelIndex hottest = page->functionsView()->model()->index(0, 0);
        const QString self = QString::number(hottest.siblingAtColumn(itemmodels::FunctionCostModel::SelfColumn)
                                                 .data(itemmodels::SortRole)
                                                 .toULongLong());
        QVERIFY2(lines[1].startsWith(hottest.data().toString() + u','), qPrintable(lines[1]));
        QVERIFY2(lines[1].split(u',').contains(self), qPrintable(lines[1]));

        // The callers, once used.
        page->callersView()->setFocus();
        QTRY_VERIFY(page->callersView()->hasFocus());
        QVERIFY2(window->exportCsv(dir.filePath(QStringLiteral("callers.csv")), &error), qPrintable(error));
        QCOMPARE(csvLines(dir.filePath(QStringLiteral("callers.csv"))).size(),
                 page->callersView()->model()->rowCount() + 1);

        // File > Export CSV… asks where to write the table used last.
        QAction* exportCsv = window->findChild<QAction*>(QStringLiteral("exportCsvAction"));
        QVERIFY(exportCsv);
        QVERIFY(exportCsv->isEnabled());
        QString dialogTitle;
        QTimer::singleShot(300, [&dialogTitle] {
            if (QWidget* dialog = QApplication::activeModalWidget()) {
                dialogTitle = dialog->windowTitle();
                dialog->close();
            }
        });
        exportCsv->trigger();
        QTRY_VERIFY2(!dialogTitle.isEmpty(), "no export dialog opened");
        QVERIFY2(dialogTitle.contains(QStringLiteral("Callers")), qPrintable(dialogTitle));
    }

    // The split between the panes and the source stays where it is while
    // the user selects functions: the flame graph does not re-lay out under
    // the pointer.
    void selectingFunctionsKeepsTheSourceSplit()
    {
        test::Window window;
        QVERIFY(test::load(window.window, fixture("coroutines-C-jitoff.bin")));
        views::SysprofPage* page = window->sysprofPage();
        auto* split = page->findChild<QSplitter*>(QStringLiteral("cpuSourceSplitter"));
        QVERIFY(split);
        QVERIFY(flameIsBuilt(page));
        QTest::qWait(50);
        const QList<int> sizes = split->sizes();
        QVERIFY(sizes.size() == 2 && sizes[0] > 0 && sizes[1] > 0);
        const SysprofProfile& profile = *page->profile();
        int selected = 0;
        for (const FunctionCost& cost : functionCosts(profile.tree(StackView::Lua))) {
            page->selectFrame(cost.frame);
            QTest::qWait(20);
            QCOMPARE(split->sizes(), sizes);
            ++selected;
        }
        QVERIFY(selected > 5);
        // Host frames (C functions, no source) too.
        page->setView(StackView::Host);
        QVERIFY(flameIsBuilt(page));
        for (const FunctionCost& cost : functionCosts(page->profile()->tree(StackView::Host))) {
            page->selectFrame(cost.frame);
            QTest::qWait(20);
            QCOMPARE(split->sizes(), sizes);
        }
    }

    void aModeLDumpHasNoHostView()
    {
        test::Window window;
        QVERIFY(test::load(window.window, fixture("recursion-L-jitoff.bin")));
        views::SysprofPage* page = window->sysprofPage();
        QCOMPARE(page->view(), StackView::Lua);
        QVERIFY2(page->headerText().contains("mode L"), qPrintable(page->headerText()));
    }

    // A trace's sample has no host chain in mode C either: a dump whose
    // samples are all in traces does not tell its mode, and the header
    // does not guess (jit-loops was recorded in both modes).
    void aDumpOfTracesAloneDoesNotClaimAMode_data()
    {
        QTest::addColumn<QString>("dump");
        QTest::newRow("mode C") << QStringLiteral("jit-loops-C-jiton.bin");
        QTest::newRow("mode L") << QStringLiteral("jit-loops-L-jiton.bin");
    }

    void aDumpOfTracesAloneDoesNotClaimAMode()
    {
        QFETCH(QString, dump);
        test::Window window;
        QVERIFY(test::load(window.window, fixture(qPrintable(dump))));
        views::SysprofPage* page = window->sysprofPage();
        QCOMPARE(page->view(), StackView::Lua);
        const QString header = page->headerText();
        QVERIFY2(header.contains("100.0 % in JIT traces"), qPrintable(header));
        QVERIFY2(!header.contains("mode L") && !header.contains("mode C"), qPrintable(header));
        QVERIFY2(header.contains("no host call chains"), qPrintable(header));
    }

    void aCutDumpOpensWithItsSamplesAndSaysSo()
    {
        test::Window window;
        QVERIFY(test::load(window.window, fixture("cut-mid-sample.bin")));
        QVERIFY2(window->sysprofPage()->headerText().contains("cut short"),
                 qPrintable(window->sysprofPage()->headerText()));
    }

    void aBrokenDumpSaysWhy()
    {
        test::Window window;
        QVERIFY(!test::load(window.window, fixture("bad-version.bin")));
        QMessageBox* box = test::errorBox();
        QVERIFY(box);
        QVERIFY2(box->text().contains("version 9") || box->informativeText().contains("version 9") ||
                     box->detailedText().contains("version 9"),
                 qPrintable(box->text() + box->informativeText()));
    }
};

MEMPROF_TEST_MAIN(TestSysprofPage)
#include "test_sysprof_page.moc"
