// SPDX-License-Identifier: GPL-3.0-or-later
// The "By function" tab and the peak scope in the main window, driven as a
// user would: the tree sits beside the tables and adds up to the totals, a
// line node puts the source pane on its file and line, a function node on
// its definition, a selection elsewhere follows in the tree, the filter
// keeps a match's ancestors open, copy and export take tree rows, a function
// node takes the selected location's curve off the charts; the leak pane's
// peak scope adds up to the peak.
#include "tests/support/GuiTestData.h"
#include "tests/support/SignalWait.h"
#include "tests/support/WindowTestHelpers.h"
#include "tests/support/WindowWidgets.h"

#include "app/MainWindow.h"
#include "model/itemmodels/FunctionTreeModel.h"
#include "model/itemmodels/HeldModel.h"
#include "model/itemmodels/ModelRoles.h"
#include "tests/support/TestSuite.h"
#include "views/CodeView.h"
#include "views/CostTableView.h"
#include "views/FilterField.h"
#include "views/FunctionTreeView.h"
#include "views/SourcePane.h"
#include "views/charts/ChartsPane.h"
#include "views/charts/HeapChart.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QFileInfo>
#include <QImage>
#include <QLineEdit>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace memprof;
using memprof::app::MainWindow;
using memprof::itemmodels::FunctionTreeModel;
using memprof::test::load;
using memprof::test::Window;

namespace {
// The tree's node labelled `label` (column 0, in the view's proxy).
QModelIndex nodeLabelled(views::FunctionTreeView* tree, const QString& label)
{
    const QModelIndexList found = tree->model()->match(tree->model()->index(0, 0), Qt::DisplayRole, label, 1,
                                                       Qt::MatchExactly | Qt::MatchRecursive);
    return found.isEmpty() ? QModelIndex() : found.first();
}

std::size_t treeNodeCount(const QAbstractItemModel& model, const QModelIndex& parent)
{
    std::size_t count = 0;
    for (int r = 0; r < model.rowCount(parent); ++r)
        count += 1 + treeNodeCount(model, model.index(r, 0, parent));
    return count;
}

// Clicks a node as a user would: its ancestors opened, then a click.
void click(views::FunctionTreeView* tree, const QModelIndex& node)
{
    for (QModelIndex up = node.parent(); up.isValid(); up = up.parent())
        tree->expand(up);
    tree->scrollTo(node);
    QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, tree->visualRect(node).center());
}
} // namespace

class TestFunctionTreeInWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void byFunctionTabAddsUpToTheTotals();
    void lineNodeShowsItsSourceLine();
    void functionFileAndGroupNodes();
    void selectionElsewhereFollowsInTheTree();
    void functionNodeClearsTheChartsOverlay();
    void filterKeepsAncestorsOpen();
    void copyAndExportTakeTreeRows();
    void peakScopeAddsUpToThePeak();
    void screenshotsOfTheNewViews();
};

void TestFunctionTreeInWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("memprof-viewer-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("test_function_tree_in_window"));
}

void TestFunctionTreeInWindow::init()
{
    QSettings().clear();
}

void TestFunctionTreeInWindow::byFunctionTabAddsUpToTheTotals()
{
    Window w;
    QVERIFY(load(w.window, test::fixture(QStringLiteral("v3/medium.bin"))));
    views::FunctionTreeView* tree = test::functionTree(w.window);
    QCOMPARE(test::mainTabs(w.window)->indexOf(tree), 3); // after Allocations, Reallocations, Frees
    QCOMPARE(test::mainTabs(w.window)->tabText(3), QStringLiteral("By function"));
    const Profile& profile = *w->profile();
    qint64 allocated = 0, events = 0, held = 0, peak = 0;
    QAbstractItemModel* shown = tree->model();
    for (int r = 0; r < shown->rowCount(); ++r) {
        events += shown->index(r, FunctionTreeModel::EventsColumn).data(itemmodels::SortRole).toLongLong();
        allocated += shown->index(r, FunctionTreeModel::AllocatedColumn).data(itemmodels::SortRole).toLongLong();
        held += shown->index(r, FunctionTreeModel::HeldColumn).data(itemmodels::SortRole).toLongLong();
        peak += shown->index(r, FunctionTreeModel::PeakColumn).data(itemmodels::SortRole).toLongLong();
    }
    QCOMPARE(events, qint64(profile.totals.eventCount));
    QCOMPARE(allocated, qint64(profile.totals.allocatedBytes));
    QCOMPARE(held, qint64(profile.totals.liveBytes));
    QCOMPARE(peak, qint64(profile.totals.peakLiveBytes));
    // Sorted by allocated bytes, largest first; files show their functions.
    for (int r = 1; r < shown->rowCount(); ++r)
        QVERIFY(shown->index(r - 1, FunctionTreeModel::AllocatedColumn).data(itemmodels::SortRole).toLongLong() >=
                shown->index(r, FunctionTreeModel::AllocatedColumn).data(itemmodels::SortRole).toLongLong());
    QVERIFY(tree->isExpanded(shown->index(0, 0)));
}

void TestFunctionTreeInWindow::lineNodeShowsItsSourceLine()
{
    Window w;
    QVERIFY(test::loadWithFunctionNames(w.window, test::fixture(QStringLiteral("v3/leak.bin"))));
    views::FunctionTreeView* tree = test::functionTree(w.window);
    test::mainTabs(w.window)->setCurrentWidget(tree);
    const QModelIndex line = nodeLabelled(tree, QStringLiteral("remember  leak.lua:9"));
    QVERIFY(line.isValid());
    QCOMPARE(line.parent().data().toString(), QStringLiteral("remember  leak.lua:7"));
    QSignalSpy selected(w.window, &MainWindow::locationSelected);
    click(tree, line);
    QCOMPARE(selected.count(), 1);
    const LocationId id = line.data(itemmodels::LocationIdRole).toUInt();
    QCOMPARE(w->profile()->nameOf(id), std::string("@leak.lua:9"));

    const services::SourceView& view = test::sourcePane(w.window)->currentView();
    QCOMPARE(int(view.kind), int(services::SourceView::Kind::File));
    QCOMPARE(QFileInfo(view.filePath).fileName(), QStringLiteral("leak.lua"));
    QCOMPARE(view.line, 9);
    QCOMPARE(test::sourcePane(w.window)->codeView()->markedLine(), 9);
    // The one select-location path: the tables and the leak pane follow,
    // the tree stays in front.
    QCOMPARE(test::mainTabs(w.window)->currentWidget(), static_cast<QWidget*>(tree));
    QCOMPARE(test::eventTable(w.window, EventKind::Alloc)->currentLocation().value_or(~0u), id);
    QCOMPARE(test::heldTable(w.window)->currentIndex().siblingAtColumn(0).data().toString(),
             QStringLiteral("remember  leak.lua:9"));
    QCOMPARE(tree->currentIndex().siblingAtColumn(0), line);
}

void TestFunctionTreeInWindow::functionFileAndGroupNodes()
{
    Window w;
    QVERIFY(test::loadWithFunctionNames(w.window, test::fixture(QStringLiteral("v3/leak.bin"))));
    views::FunctionTreeView* tree = test::functionTree(w.window);
    test::mainTabs(w.window)->setCurrentWidget(tree);
    QSignalSpy selected(w.window, &MainWindow::locationSelected);

    // A function, named as its source names it: its chunk, marked where it
    // is defined.
    click(tree, nodeLabelled(tree, QStringLiteral("scratch  leak.lua:12")));
    QCOMPARE(int(test::sourcePane(w.window)->currentView().kind), int(services::SourceView::Kind::File));
    QCOMPARE(QFileInfo(test::sourcePane(w.window)->currentView().filePath).fileName(), QStringLiteral("leak.lua"));
    QCOMPARE(test::sourcePane(w.window)->currentView().line, 12);
    QCOMPARE(test::sourcePane(w.window)->codeView()->markedLine(), 12);
    QVERIFY(test::sourcePane(w.window)->codeView()->toPlainText().contains(QStringLiteral("local function scratch")));

    // A file: the chunk, no line marked.
    click(tree, nodeLabelled(tree, QStringLiteral("leak.lua")));
    QCOMPARE(int(test::sourcePane(w.window)->currentView().kind), int(services::SourceView::Kind::File));
    QCOMPARE(test::sourcePane(w.window)->currentView().line, 0);
    QCOMPARE(test::sourcePane(w.window)->codeView()->markedLine(), 0);

    // A group explains what it holds.
    click(tree, test::functionTree(w.window)->model()->index(1, 0));
    QCOMPARE(tree->currentIndex().siblingAtColumn(0).data().toString(), QStringLiteral("INTERNAL"));
    QCOMPARE(int(test::sourcePane(w.window)->currentView().kind), int(services::SourceView::Kind::Explanation));
    QVERIFY(test::sourcePane(w.window)->message().contains(QStringLiteral("INTERNAL")));
    // None of them is a location: nothing else was selected.
    QCOMPARE(selected.count(), 0);
}

void TestFunctionTreeInWindow::selectionElsewhereFollowsInTheTree()
{
    Window w;
    QVERIFY(test::loadWithFunctionNames(w.window, test::fixture(QStringLiteral("v3/leak.bin"))));
    views::FunctionTreeView* tree = test::functionTree(w.window);
    QAbstractItemModel* leak = test::heldTable(w.window)->model();
    int row = 0;
    while (row < leak->rowCount() && leak->index(row, 0).data().toString() != QStringLiteral("scratch  leak.lua:14"))
        ++row;
    QVERIFY(row < leak->rowCount());
    QTest::mouseClick(test::heldTable(w.window)->viewport(), Qt::LeftButton, {},
                      test::heldTable(w.window)->visualRect(leak->index(row, 0)).center());
    const QModelIndex current = tree->currentIndex().siblingAtColumn(0);
    QCOMPARE(current.data().toString(), QStringLiteral("scratch  leak.lua:14"));
    QVERIFY(tree->isExpanded(current.parent()));
    QCOMPARE(current.parent().data().toString(), QStringLiteral("scratch  leak.lua:12"));
    // What was opened stays open when the deferred expansion runs and when
    // the user sorts.
    QTest::qWait(50);
    QVERIFY(tree->isExpanded(tree->currentIndex().siblingAtColumn(0).parent()));
    tree->sortByColumn(FunctionTreeModel::EventsColumn, Qt::DescendingOrder);
    QTest::qWait(50);
    QCOMPARE(tree->currentIndex().siblingAtColumn(0).data().toString(), QStringLiteral("scratch  leak.lua:14"));
    QVERIFY(tree->isExpanded(tree->currentIndex().siblingAtColumn(0).parent()));
}

void TestFunctionTreeInWindow::functionNodeClearsTheChartsOverlay()
{
    Window w;
    QVERIFY(test::loadWithFunctionNames(w.window, test::fixture(QStringLiteral("v3/leak.bin"))));
    auto* charts = w.window->findChild<charts::ChartsPane*>();
    QVERIFY(charts);
    QTabWidget* tabs = test::mainTabs(w.window);
    tabs->setCurrentWidget(charts);
    QSignalSpy history(charts, &charts::ChartsPane::locationHistoryFinished);
    w.window->selectLocation(w.window->profile()->heldAtEnd.front().location);
    QVERIFY(testsuite::received(history, 10000));
    QVERIFY(charts->heapChart()->overlayGraph()->visible());

    views::FunctionTreeView* tree = test::functionTree(w.window);
    tabs->setCurrentWidget(tree);
    click(tree, nodeLabelled(tree, QStringLiteral("scratch  leak.lua:12")));
    tabs->setCurrentWidget(charts);
    QTest::qWait(200); // a pass for the location let go of would be back by now
    QVERIFY(!charts->heapChart()->overlayGraph()->visible());
    QVERIFY(charts->heapChart()->overlayGraph()->data()->isEmpty());
    QVERIFY(charts->statusText().isEmpty());
}

void TestFunctionTreeInWindow::filterKeepsAncestorsOpen()
{
    Window w;
    QVERIFY(test::loadWithFunctionNames(w.window, test::fixture(QStringLiteral("v3/leak.bin"))));
    views::FunctionTreeView* tree = test::functionTree(w.window);
    test::filterField(w.window)->setDelay(0);
    test::filterField(w.window)->lineEdit()->setText(QStringLiteral("leak.lua:14"));
    QTRY_COMPARE(tree->model()->rowCount(), 1);
    const QModelIndex file = tree->model()->index(0, 0);
    QCOMPARE(file.data().toString(), QStringLiteral("leak.lua"));
    QCOMPARE(tree->model()->rowCount(file), 1);
    const QModelIndex function = tree->model()->index(0, 0, file);
    QCOMPARE(function.data().toString(), QStringLiteral("scratch  leak.lua:12"));
    QCOMPARE(tree->model()->rowCount(function), 1);
    QCOMPARE(tree->model()->index(0, 0, function).data().toString(), QStringLiteral("scratch  leak.lua:14"));
    // The path to the match is open, so the match is on screen.
    QTRY_VERIFY(tree->isExpanded(function));
    QVERIFY(tree->isExpanded(file));
    // The tables narrow too.
    QCOMPARE(test::eventTable(w.window, EventKind::Alloc)->model()->rowCount(), 1);

    test::filterField(w.window)->lineEdit()->clear();
    QTRY_COMPARE(tree->model()->rowCount(), 2);
}

void TestFunctionTreeInWindow::copyAndExportTakeTreeRows()
{
    Window w;
    QVERIFY(test::loadWithFunctionNames(w.window, test::fixture(QStringLiteral("v3/leak.bin"))));
    views::FunctionTreeView* tree = test::functionTree(w.window);
    test::mainTabs(w.window)->setCurrentWidget(tree);
    click(tree, nodeLabelled(tree, QStringLiteral("remember  leak.lua:9")));
    tree->copySelection();
    const QStringList copied = QApplication::clipboard()->text().split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(copied.size(), 2);
    QVERIFY2(copied[1].startsWith(QStringLiteral("remember  leak.lua:9\t3,019\t")) ||
                 copied[1].startsWith(QStringLiteral("remember  leak.lua:9\t3019\t")),
             qPrintable(copied[1]));

    tree->setFocus();
    QCOMPARE(w->activeTable(), static_cast<views::CostTableView*>(tree));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("tree.csv"));
    QVERIFY(w->exportCsv(path));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(file.readAll()).split(QStringLiteral("\r\n"), Qt::SkipEmptyParts);
    QCOMPARE(lines.first(),
             QStringLiteral("depth,location,events,allocated_bytes,freed_bytes,held_bytes,peak_live_bytes"));
    // Every node, depth first: the file, its functions and their lines.
    // From v3/leak.report.txt: @leak.lua has 9430 allocation, 1001
    // reallocation and 13 free events; line 9 3010 allocations (156104 B)
    // and 9 frees (24528 B).
    QVERIFY2(lines[1].startsWith(QStringLiteral("0,@leak.lua,10444,421827,79280,")), qPrintable(lines[1]));
    QCOMPARE(std::count_if(
                 lines.begin(), lines.end(),
                 [](const QString& l) { return l.startsWith(QStringLiteral("2,@leak.lua:9,3019,156104,24528,")); }),
             1);
    QCOMPARE(lines.size(), 1 + int(treeNodeCount(*tree->model(), {})));
}

void TestFunctionTreeInWindow::peakScopeAddsUpToThePeak()
{
    Window w;
    QVERIFY(load(w.window, test::fixture(QStringLiteral("v3/medium.bin"))));
    QComboBox* scope = w->findChild<QComboBox*>(QStringLiteral("heldScope"));
    QVERIFY(scope);
    const int peakItem = scope->findData(int(itemmodels::HeldModel::Scope::HeldAtPeak));
    QVERIFY(peakItem >= 0);
    scope->setCurrentIndex(peakItem);
    QAbstractItemModel* leak = test::heldTable(w.window)->model();
    qint64 held = 0;
    for (int r = 0; r < leak->rowCount(); ++r)
        held += leak->index(r, 1).data(itemmodels::SortRole).toLongLong();
    QCOMPARE(held, qint64(w->profile()->totals.peakLiveBytes));
    QVERIFY(held > qint64(w->profile()->totals.liveBytes));
}

void TestFunctionTreeInWindow::screenshotsOfTheNewViews()
{
    QTemporaryDir dir;
    const QString tree = dir.filePath(QStringLiteral("tree.png"));
    QProcess viewer;
    viewer.start(QStringLiteral(MEMPROF_VIEWER_EXE),
                 {QStringLiteral("--screenshot"), tree, QStringLiteral("--tab"), QStringLiteral("functions"),
                  test::fixture(QStringLiteral("v3/medium.bin"))});
    QVERIFY(viewer.waitForFinished(60000));
    QCOMPARE(viewer.exitCode(), 0);
    QCOMPARE(QImage(tree).size(), QSize(1400, 900));

    const QString diff = dir.filePath(QStringLiteral("diff.png"));
    QProcess comparison;
    comparison.start(QStringLiteral(MEMPROF_VIEWER_EXE),
                     {QStringLiteral("--screenshot"), diff, QStringLiteral("--diff"),
                      test::fixture(QStringLiteral("v1/medium.bin")), test::fixture(QStringLiteral("v3/medium.bin"))});
    QVERIFY(comparison.waitForFinished(60000));
    QCOMPARE(comparison.exitCode(), 0);
    QCOMPARE(QImage(diff).size(), QSize(1400, 900));

    QProcess broken;
    broken.start(QStringLiteral(MEMPROF_VIEWER_EXE),
                 {QStringLiteral("--screenshot"), dir.filePath(QStringLiteral("no.png")), QStringLiteral("--diff"),
                  test::fixture(QStringLiteral("v3/leak.bin")),
                  test::fixture(QStringLiteral("corrupt/bad-magic-ljs.bin"))});
    QVERIFY(broken.waitForFinished(60000));
    QVERIFY(broken.exitCode() != 0);
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("no.png"))));
}

MEMPROF_TEST_MAIN(TestFunctionTreeInWindow)
#include "test_function_tree_in_window.moc"
