// SPDX-License-Identifier: GPL-3.0-or-later
// The event window in the main window, driven as a user would: a drag
// across the heap chart sets the page's window (a click or Shift+drag does
// not); every pane then counts the window's events, as loadProfile over the
// window computes them on its own (event tables, Overrides, by function,
// source gutter, top holders, sizes, held pane in each scope, suspects with
// their explanation); "Whole run" gives back exactly the numbers shown
// before; the presets and the typed window; the held-over-the-run column
// sorts by growth; a dump changed or gone since it was loaded keeps the
// whole run with the reason shown; a long re-count runs off the GUI thread
// with progress and Cancel, and a newer window replaces one still counted. Set
// MEMPROF_GUI_SHOTS=<folder> to keep PNGs of the window for a look.
#include "tests/support/ChartData.h"
#include "tests/support/GuiTestData.h"
#include "tests/support/SignalWait.h"
#include "tests/support/WindowTestHelpers.h"
#include "tests/support/WindowWidgets.h"

#include "app/MainWindow.h"
#include "model/itemmodels/ChunkLineCosts.h"
#include "model/itemmodels/FunctionTreeModel.h"
#include "model/itemmodels/HeldModel.h"
#include "model/itemmodels/HeldSparkline.h"
#include "model/itemmodels/LocationTableModel.h"
#include "model/itemmodels/ModelRoles.h"
#include "model/memprofile/LeakSuspects.h"
#include "model/memprofile/ProfileRanking.h"
#include "model/report/TextReport.h"
#include "tests/support/TestSuite.h"
#include "views/CodeView.h"
#include "views/EventWindowBar.h"
#include "views/HeldPane.h"
#include "views/ProfilePage.h"
#include "views/SourcePane.h"
#include "views/ViewState.h"
#include "views/charts/ChartsPane.h"
#include "views/charts/HeapChart.h"
#include "views/charts/SizeHistogramChart.h"
#include "views/charts/TopHoldersChart.h"

#include <QComboBox>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QMouseEvent>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace memprof;
using itemmodels::FunctionTreeModel;
using itemmodels::HeldModel;
using itemmodels::LocationTableModel;
using memprof::test::load;
using memprof::test::Window;

namespace {

constexpr EventKind kKinds[] = {EventKind::Alloc, EventKind::Realloc, EventKind::Free};

views::ProfilePage* pageOf(const Window& w)
{
    return test::widgetNamed<views::ProfilePage>(w.window, "profilePage");
}

views::EventWindowBar* barOf(const Window& w)
{
    return test::widgetNamed<views::EventWindowBar>(w.window, "eventWindowBar");
}

charts::ChartsPane* chartsOf(const Window& w)
{
    auto* pane = w.window->findChild<charts::ChartsPane*>();
    if (!pane)
        qFatal("no charts pane");
    return pane;
}

views::HeldPane* leakPaneOf(const Window& w)
{
    auto* pane = w.window->findChild<views::HeldPane*>();
    if (!pane)
        qFatal("no held pane");
    return pane;
}

// Types a window into the bar's field, as a user would.
void typeInto(const Window& w, const QString& text)
{
    QLineEdit* field = barOf(w)->rangeField();
    field->setFocus();
    field->selectAll();
    // keyClicks takes ASCII only; the en dash is pasted.
    field->insert(text);
    field->setModified(true);
    QTest::keyClick(field, Qt::Key_Return);
}

// Sets the window by typing it, then waits for the panes to show it.
bool typeWindow(const Window& w, const QString& text)
{
    QSignalSpy applied(pageOf(w), &views::ProfilePage::windowApplied);
    typeInto(w, text);
    return testsuite::received(applied, 60000);
}

bool clickAndWait(const Window& w, QPushButton* button)
{
    QSignalSpy applied(pageOf(w), &views::ProfilePage::windowApplied);
    QTest::mouseClick(button, Qt::LeftButton);
    return testsuite::received(applied, 60000);
}

void sendMouse(QWidget* widget, QEvent::Type type, QPointF pos, Qt::MouseButtons buttons,
               Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    const Qt::MouseButton button = type == QEvent::MouseMove ? Qt::NoButton : Qt::LeftButton;
    QMouseEvent event(type, pos, widget->mapToGlobal(pos), button, buttons, modifiers);
    QApplication::sendEvent(widget, &event);
}

void drag(QWidget* widget, QPointF from, QPointF to, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    sendMouse(widget, QEvent::MouseButtonPress, from, Qt::LeftButton, modifiers);
    for (int i = 1; i <= 5; ++i)
        sendMouse(widget, QEvent::MouseMove, from + (to - from) * i / 5.0, Qt::LeftButton, modifiers);
    sendMouse(widget, QEvent::MouseButtonRelease, to, Qt::NoButton, modifiers);
}

// A column's raw values summed over the rows a view shows.
qint64 columnSum(const QAbstractItemModel* model, int column)
{
    qint64 sum = 0;
    for (int r = 0; r < model->rowCount(); ++r)
        sum += model->index(r, column).data(itemmodels::SortRole).toLongLong();
    return sum;
}

struct RowSums {
    std::uint64_t events = 0, allocated = 0, freed = 0;
};
RowSums rowSums(const std::vector<LocationRow>& rows)
{
    RowSums s;
    for (const LocationRow& row : rows) {
        s.events += row.eventCount;
        s.allocated += row.allocatedBytes;
        s.freed += row.freedBytes;
    }
    return s;
}

std::uint64_t heldSum(const std::vector<HeldRow>& rows)
{
    std::uint64_t sum = 0;
    for (const HeldRow& row : rows)
        sum += row.heldBytes;
    return sum;
}

// A table as CSV, its header first, then its records in text order: rows
// that tie on the sort column may come back in another order when a model
// is filled again (the proxy's stable sort starts from the model's order).
QString recordsOf(const views::CostTableView* table)
{
    QStringList records = QString::fromStdString(table->toCsv()).split(QStringLiteral("\r\n"));
    if (records.size() > 1)
        std::sort(records.begin() + 1, records.end());
    return records.join(u'\n');
}

// Every table of the page, and the charts' figures: what "Whole run" must
// give back exactly.
QStringList everythingShown(const Window& w)
{
    QStringList shown;
    for (EventKind kind : kKinds)
        shown << recordsOf(test::eventTable(w.window, kind));
    shown << recordsOf(test::heldTable(w.window));
    shown << recordsOf(test::functionTree(w.window));
    shown << recordsOf(test::overridesTable(w.window));
    for (const charts::TopHolder& holder : chartsOf(w)->topHoldersChart()->holders())
        shown << QString::fromStdString(holder.name) + QString::number(holder.heldBytes);
    shown << QString::number(test::sumOf(*chartsOf(w)->sizeHistogramChart()->bars()->data()));
    return shown;
}

// The Reallocations row with the most Overrides, made current.
const LocationRow* showBusiestRealloc(const Window& w)
{
    views::CostTableView* table = test::eventTable(w.window, EventKind::Realloc);
    test::mainTabs(w.window)->setCurrentWidget(table);
    QAbstractItemModel* shown = table->model();
    int best = -1;
    qint64 most = -1;
    for (int r = 0; r < shown->rowCount(); ++r) {
        const qint64 n = shown->index(r, LocationTableModel::OverridesColumn).data(itemmodels::SortRole).toLongLong();
        if (n > most) {
            most = n;
            best = r;
        }
    }
    if (best < 0)
        return nullptr;
    table->setCurrentIndex(shown->index(best, 0));
    const auto* model = static_cast<const LocationTableModel*>(table->sourceModel());
    return model->rowAt(table->currentSourceRow());
}

void keepShot(const Window& w, const QString& name)
{
    const QString folder = qEnvironmentVariable("MEMPROF_GUI_SHOTS");
    if (!folder.isEmpty()) {
        QTest::qWait(50); // the layout settles
        QVERIFY(w.window->grab().save(folder + QLatin1Char('/') + name));
    }
}

} // namespace

class TestEventWindowGui : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("memprof-viewer-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("test_event_window_gui"));
    }
    void init() { QSettings().clear(); }

    void dragAcrossTheHeapChartSetsTheWindow()
    {
        Window w;
        QVERIFY(load(w.window, test::fixture(QStringLiteral("v3/growth.bin"))));
        views::ViewState* state = pageOf(w)->viewState();
        QCOMPARE(state->range(), RunRange{});
        test::mainTabs(w.window)->setCurrentWidget(chartsOf(w));
        charts::HeapChart* chart = chartsOf(w)->heapChart();
        QVERIFY(QTest::qWaitForWindowExposed(w.window));
        chart->replot();
        QVERIFY(chartsOf(w)->hintText().contains(QStringLiteral("Shift+drag")));
        const QRect plot = chart->axisRect()->rect();
        const QPointF from(plot.left() + plot.width() * 0.3, plot.center().y());
        const QPointF to(plot.left() + plot.width() * 0.6, plot.center().y());
        // The events drawn under the press and the release (event e spans
        // keys e..e+1).
        const RunRange expected{static_cast<std::uint64_t>(std::floor(chart->xAxis->pixelToCoord(from.x()))),
                                static_cast<std::uint64_t>(std::floor(chart->xAxis->pixelToCoord(to.x())))};
        QSignalSpy applied(pageOf(w), &views::ProfilePage::windowApplied);
        drag(chart, from, to);
        QCOMPARE(state->range(), expected);
        QVERIFY(chart->windowBand()->visible());
        QVERIFY(testsuite::received(applied, 60000));
        QCOMPARE(pageOf(w)->profile()->window, expected);
        QCOMPARE(barOf(w)->rangeField()->text(), QStringLiteral("%1–%2").arg(expected.first).arg(expected.last));
        QVERIFY(barOf(w)->summaryLabel()->text().contains(QStringLiteral("% of the run")));
        // The heap chart keeps the whole run.
        QCOMPARE(chart->xAxis->range().upper, double(pageOf(w)->wholeRunProfile()->totals.eventCount));
        QCOMPARE((chart->liveMaxGraph()->data()->constEnd() - 1)->value,
                 double(pageOf(w)->wholeRunProfile()->totals.liveBytes));
        // A click is not a window; Shift+drag pans and keeps the window.
        drag(chart, to, to + QPointF(1, 0));
        QCOMPARE(state->range(), expected);
        chart->xAxis->setRange(chart->xAxis->range().lower, chart->xAxis->range().lower + 1000);
        const double before = chart->xAxis->range().lower;
        drag(chart, to, from, Qt::ShiftModifier);
        QVERIFY(chart->xAxis->range().lower > before);
        QCOMPARE(state->range(), expected);
        QVERIFY(!pageOf(w)->isRecounting());
    }

    void everyPaneCountsTheWindow()
    {
        const QString path = test::fixture(QStringLiteral("v3/growth.bin"));
        Window w;
        QVERIFY(load(w.window, path));
        const Profile whole = *pageOf(w)->wholeRunProfile();
        const std::uint64_t n = whole.totals.eventCount;
        const RunRange window{n / 4, n / 2};
        QVERIFY(typeWindow(w, QStringLiteral("%1–%2").arg(window.first).arg(window.last)));
        QCOMPARE(pageOf(w)->viewState()->range(), window);
        // Counted on its own, without the viewer.
        const Profile expected = loadProfile(QFile::encodeName(path).toStdString(), {}, nullptr, window);
        QCOMPARE(expected.window, window);

        // The event tables.
        for (EventKind kind : kKinds) {
            const QAbstractItemModel* shown = test::eventTable(w.window, kind)->sourceModel();
            const RowSums sums = rowSums(expected.rows(kind));
            QCOMPARE(shown->rowCount(), int(expected.rows(kind).size()));
            QCOMPARE(columnSum(shown, LocationTableModel::EventsColumn), qint64(sums.events));
            QCOMPARE(columnSum(shown, LocationTableModel::AllocatedColumn), qint64(sums.allocated));
            QCOMPARE(columnSum(shown, LocationTableModel::FreedColumn), qint64(sums.freed));
        }
        QVERIFY(rowSums(expected.allocations).events < rowSums(whole.allocations).events);

        // The Overrides of the busiest realloc row.
        if (const LocationRow* row = showBusiestRealloc(w)) {
            const LocationRow* counted = nullptr;
            for (const LocationRow& r : expected.reallocations)
                if (r.location == row->location)
                    counted = &r;
            QVERIFY(counted);
            const QAbstractItemModel* overrides = test::overridesTable(w.window)->sourceModel();
            QCOMPARE(overrides->rowCount(), int(counted->overrides.size()));
        }

        // By function: the top level adds up to the window's counts.
        const QAbstractItemModel* tree = test::functionTree(w.window)->model();
        QCOMPARE(columnSum(tree, FunctionTreeModel::EventsColumn),
                 qint64(rowSums(expected.allocations).events + rowSums(expected.reallocations).events +
                        rowSums(expected.frees).events));
        QCOMPARE(columnSum(tree, FunctionTreeModel::AllocatedColumn),
                 qint64(rowSums(expected.allocations).allocated + rowSums(expected.reallocations).allocated));
        QCOMPARE(columnSum(tree, FunctionTreeModel::HeldColumn), qint64(heldSum(expected.heldAtEnd)));
        QCOMPARE(columnSum(tree, FunctionTreeModel::PeakColumn), qint64(heldSum(expected.heldAtPeak)));

        // The held pane, in each scope.
        views::HeldPane* leak = leakPaneOf(w);
        const QAbstractItemModel* held = leak->table()->sourceModel();
        QCOMPARE(leak->scopeBox()->currentIndex(), 0); // the survivors
        QVERIFY(leak->scopeBox()->currentText().contains(QStringLiteral("survivors")));
        QCOMPARE(columnSum(held, 1), qint64(heldSum(expected.heldAtEnd)));
        for (auto [scope, rule] :
             {std::pair{HeldModel::Scope::WindowBlocksAtWindowEnd, HeldRule::WindowBlocksAtWindowEnd},
              std::pair{HeldModel::Scope::LiveAtWindowEnd, HeldRule::LiveAtWindowEnd}}) {
            leak->scopeBox()->setCurrentIndex(leak->scopeBox()->findData(static_cast<int>(scope)));
            QCOMPARE(columnSum(held, 1), qint64(heldSum(expected.held(rule))));
        }
        QVERIFY(heldSum(expected.heldAtWindowEnd) != heldSum(expected.heldAtEnd));
        leak->scopeBox()->setCurrentIndex(0);

        // The charts: top holders and sizes count the window.
        charts::ChartsPane* chartsPane = chartsOf(w);
        const std::vector<charts::TopHolder> holders = charts::topHolders(expected, charts::TopHoldersChart::kBarCount);
        QCOMPARE(chartsPane->topHoldersChart()->holders().size(), holders.size());
        for (std::size_t i = 0; i < holders.size(); ++i) {
            QCOMPARE(chartsPane->topHoldersChart()->holders()[i].name, holders[i].name);
            QCOMPARE(chartsPane->topHoldersChart()->holders()[i].heldBytes, holders[i].heldBytes);
        }
        QCOMPARE(test::sumOf(*chartsPane->sizeHistogramChart()->bars()->data()),
                 double(expected.sizeHistogram.totalAllocCount()));
        QVERIFY(expected.sizeHistogram.totalAllocCount() < whole.sizeHistogram.totalAllocCount());

        // The source gutter: the window's per-line costs of the chunk.
        views::CostTableView* allocations = test::eventTable(w.window, EventKind::Alloc);
        test::mainTabs(w.window)->setCurrentWidget(allocations);
        std::optional<LocationId> luaLine;
        for (int r = 0; r < allocations->model()->rowCount() && !luaLine; ++r) {
            const LocationId id = allocations->model()->index(r, 0).data(itemmodels::LocationIdRole).toUInt();
            if (expected.locations[id].function != kNoFunction)
                luaLine = id;
        }
        QVERIFY(luaLine);
        pageOf(w)->selectLocation(*luaLine);
        const LocationInfo& info = expected.locations[*luaLine];
        const itemmodels::ChunkLineCosts costs(expected);
        const auto& lines = costs.linesOf(expected.functions[std::size_t(info.function)].chunkname);
        const auto& gutter = test::sourcePane(w.window)->codeView()->lineCosts();
        QCOMPARE(gutter.size(), lines.size());
        for (const auto& [line, cost] : lines) {
            QVERIFY(gutter.count(line));
            QCOMPARE(gutter.at(line).allocatedBytes, cost.allocatedBytes);
            QCOMPARE(gutter.at(line).heldBytes, cost.heldBytes);
        }
    }

    void functionTreeHeldFollowsTheHeldPane()
    {
        const QString path = test::fixture(QStringLiteral("v3/growth.bin"));
        Window w;
        QVERIFY(load(w.window, path));
        const std::uint64_t n = pageOf(w)->wholeRunProfile()->totals.eventCount;
        const RunRange window{n / 4, n / 2};
        QVERIFY(typeWindow(w, QStringLiteral("%1–%2").arg(window.first).arg(window.last)));
        const Profile expected = loadProfile(QFile::encodeName(path).toStdString(), {}, nullptr, window);

        std::uint64_t heapSummary = 0;
        for (const HeapSummaryRow& row : expected.heapSummary)
            heapSummary += row.summaryBytes > 0 ? std::uint64_t(row.summaryBytes) : 0;
        struct Case {
            HeldModel::Scope scope;
            std::uint64_t heldBytes;
            QString header;
        };
        const Case cases[] = {
            {HeldModel::Scope::HeldAtEnd, heldSum(expected.heldAtEnd), QStringLiteral("Survivors")},
            {HeldModel::Scope::WindowBlocksAtWindowEnd, heldSum(expected.windowBlocksAtWindowEnd),
             QStringLiteral("Held at window end")},
            {HeldModel::Scope::LiveAtWindowEnd, heldSum(expected.heldAtWindowEnd),
             QStringLiteral("Live at window end")},
            {HeldModel::Scope::HeldAtPeak, heldSum(expected.heldAtPeak), QStringLiteral("Held at peak")},
            {HeldModel::Scope::HeapSummary, heapSummary, QStringLiteral("Heap summary")},
        };
        QVERIFY(heldSum(expected.heldAtWindowEnd) != heldSum(expected.heldAtEnd));
        views::HeldPane* leak = leakPaneOf(w);
        const QAbstractItemModel* tree = test::functionTree(w.window)->model();
        for (const Case& c : cases) {
            leak->scopeBox()->setCurrentIndex(leak->scopeBox()->findData(static_cast<int>(c.scope)));
            QCOMPARE(pageOf(w)->viewState()->heldScope(), c.scope);
            QCOMPARE(columnSum(tree, FunctionTreeModel::HeldColumn), qint64(c.heldBytes));
            QCOMPARE(tree->headerData(FunctionTreeModel::HeldColumn, Qt::Horizontal).toString(), c.header);
        }
        // The suspects rank names, not lines: the tree keeps the survivors.
        leak->scopeBox()->setCurrentIndex(leak->scopeBox()->findData(static_cast<int>(HeldModel::Scope::Suspects)));
        QCOMPARE(columnSum(tree, FunctionTreeModel::HeldColumn), qint64(heldSum(expected.heldAtEnd)));
        QCOMPARE(tree->headerData(FunctionTreeModel::HeldColumn, Qt::Horizontal).toString(),
                 QStringLiteral("Survivors"));
    }

    void wholeRunRestoresTheOriginalNumbers()
    {
        Window w;
        QVERIFY(load(w.window, test::fixture(QStringLiteral("v3/table-growth.bin"))));
        showBusiestRealloc(w);
        const QStringList before = everythingShown(w);
        const std::uint64_t n = pageOf(w)->wholeRunProfile()->totals.eventCount;
        QVERIFY(!barOf(w)->wholeRunButton()->isEnabled());
        QVERIFY(typeWindow(w, QStringLiteral("%1-%2").arg(n / 3).arg(n - n / 4)));
        showBusiestRealloc(w);
        QVERIFY(everythingShown(w) != before);
        QVERIFY(barOf(w)->wholeRunButton()->isEnabled());
        QVERIFY(clickAndWait(w, barOf(w)->wholeRunButton()));
        QCOMPARE(pageOf(w)->viewState()->range(), RunRange{});
        QCOMPARE(pageOf(w)->profile(), pageOf(w)->wholeRunProfile());
        showBusiestRealloc(w);
        QCOMPARE(everythingShown(w), before);
        QVERIFY(!chartsOf(w)->heapChart()->windowBand()->visible());
        // A window typed as the whole run is the whole run too.
        typeInto(w, QStringLiteral("1:%1").arg(n));
        QCOMPARE(pageOf(w)->viewState()->range(), RunRange{});
        QCOMPARE(everythingShown(w), before);
    }

    void presetsAndTypedWindows()
    {
        Window w;
        QVERIFY(load(w.window, test::fixture(QStringLiteral("v3/growth.bin"))));
        const Profile& whole = *pageOf(w)->wholeRunProfile();
        const std::uint64_t n = whole.totals.eventCount, peak = whole.totals.peakEventIndex;
        QVERIFY(peak > 1 && peak < n);
        QVERIFY(clickAndWait(w, barOf(w)->upToPeakButton()));
        QCOMPARE(pageOf(w)->viewState()->range(), (RunRange{1, peak}));
        QVERIFY(!barOf(w)->upToPeakButton()->isEnabled());
        QVERIFY(clickAndWait(w, barOf(w)->afterPeakButton()));
        QCOMPARE(pageOf(w)->viewState()->range(), (RunRange{peak + 1, n}));
        QCOMPARE(pageOf(w)->profile()->window, (RunRange{peak + 1, n}));
        // Percentages and open ends, digit groups allowed.
        QVERIFY(typeWindow(w, QStringLiteral("50%–")));
        QCOMPARE(pageOf(w)->viewState()->range(), (RunRange{n / 2 + 1, n}));
        QVERIFY(typeWindow(w, QStringLiteral("1,000 – 2,000")));
        QCOMPARE(pageOf(w)->viewState()->range(), (RunRange{1000, 2000}));
        QVERIFY(barOf(w)->summaryLabel()->text().contains(QLocale().toString(1001)));
        // A mistake says why and keeps the window.
        typeInto(w, QStringLiteral("9-2"));
        QCOMPARE(pageOf(w)->viewState()->range(), (RunRange{1000, 2000}));
        QVERIFY(barOf(w)->summaryLabel()->text().startsWith(QStringLiteral("Not a window")));
    }

    void heldPaneSuspectsExplainThemselves()
    {
        const QString path = test::fixture(QStringLiteral("v3/growth.bin"));
        Window w;
        QVERIFY(load(w.window, path));
        const std::uint64_t n = pageOf(w)->wholeRunProfile()->totals.eventCount;
        const RunRange window{n / 5, n};
        QVERIFY(typeWindow(w, QStringLiteral("%1–%2").arg(window.first).arg(window.last)));
        const Profile expected = loadProfile(QFile::encodeName(path).toStdString(), {}, nullptr, window);
        views::HeldPane* leak = leakPaneOf(w);
        leak->scopeBox()->setCurrentIndex(leak->scopeBox()->findData(static_cast<int>(HeldModel::Scope::Suspects)));
        const std::vector<LeakSuspect> suspects = rankLeakSuspects(expected, window);
        QVERIFY(!suspects.empty());
        QAbstractItemModel* shown = leak->table()->model();
        QCOMPARE(shown->rowCount(), int(suspects.size()));
        const auto* model = static_cast<const HeldModel*>(leak->table()->sourceModel());
        const int why = model->columnCount() - 1;
        QCOMPARE(model->headerData(why, Qt::Horizontal).toString(), QStringLiteral("Why"));
        for (int r = 0; r < shown->rowCount(); ++r) {
            const LeakSuspect& s = suspects[std::size_t(r)];
            QCOMPARE(shown->index(r, 0).data(itemmodels::SortRole).toString().toStdString(), s.name);
            QCOMPARE(shown->index(r, model->heldColumn()).data(itemmodels::SortRole).toLongLong(),
                     qint64(s.scoreBytes));
            const QString text = QString::fromStdString(explainSuspect(s, expected, window, true));
            QCOMPARE(shown->index(r, why).data().toString(), text);
            QVERIFY(shown->index(r, 0).data(Qt::ToolTipRole).toString().contains(text));
        }
        // The dump's name: the functions' names may have come by now.
        QCOMPARE(shown->index(0, 0).data(itemmodels::SortRole).toString(), QStringLiteral("@growth.lua:18"));
        keepShot(w, QStringLiteral("suspects.png"));
        // Back to the whole run: the window-end scopes are not offered.
        QVERIFY(clickAndWait(w, barOf(w)->wholeRunButton()));
        leak->scopeBox()->setCurrentIndex(
            leak->scopeBox()->findData(static_cast<int>(HeldModel::Scope::LiveAtWindowEnd)));
        const auto* items = qobject_cast<QStandardItemModel*>(leak->scopeBox()->model());
        QVERIFY(items);
        QVERIFY(
            !items->item(leak->scopeBox()->findData(static_cast<int>(HeldModel::Scope::LiveAtWindowEnd)))->isEnabled());
    }

    void heldOverTheRunSortsByGrowth()
    {
        const QString path = test::fixture(QStringLiteral("v3/growth.bin"));
        Window w;
        QVERIFY(load(w.window, path));
        const std::uint64_t n = pageOf(w)->wholeRunProfile()->totals.eventCount;
        const RunRange window{n / 2, n};
        QVERIFY(typeWindow(w, QStringLiteral("%1–%2").arg(window.first).arg(window.last)));
        const Profile expected = loadProfile(QFile::encodeName(path).toStdString(), {}, nullptr, window);
        const HeldHistory& history = expected.heldHistory;
        const HeldHistory::PointRange points = history.pointsOf(window.first, window.last);
        QVERIFY(points.size() > 2);

        // The held pane: by name, the growth of the summed series.
        std::map<std::string, qint64> growthByName;
        for (const HeldSeries& series : heldSeriesByName(expected))
            growthByName[series.name] = qint64(series.heldBytes[points.last]) - qint64(series.heldBytes[points.first]);
        views::CostTableView* leak = test::heldTable(w.window);
        const auto* model = static_cast<const HeldModel*>(leak->sourceModel());
        const int column = model->historyColumn();
        QVERIFY(column > 0);
        QVERIFY(!leak->header()->isSectionHidden(column));
        leak->sortByCostColumn(column);
        QCOMPARE(leak->proxyModel()->sortColumn(), column);
        QCOMPARE(leak->proxyModel()->sortOrder(), Qt::DescendingOrder);
        QAbstractItemModel* shown = leak->model();
        QVERIFY(shown->rowCount() > 1);
        for (int r = 0; r < shown->rowCount(); ++r) {
            const qint64 growth = shown->index(r, column).data(itemmodels::SortRole).toLongLong();
            QCOMPARE(growth, growthByName[shown->index(r, 0).data(itemmodels::SortRole).toString().toStdString()]);
            if (r > 0)
                QVERIFY(shown->index(r - 1, column).data(itemmodels::SortRole).toLongLong() >= growth);
            const auto line =
                shown->index(r, column).data(itemmodels::HeldHistoryRole).value<itemmodels::HeldSparkline>();
            QCOMPARE(std::size_t(line.heldBytes.size()), history.pointCount());
            QCOMPARE(line.windowFirst, int(points.first));
            QCOMPARE(line.windowLast, int(points.last));
        }
        QVERIFY(shown->index(0, column).data().toString().startsWith(u'+'));

        // An event table: by identity.
        views::CostTableView* allocations = test::eventTable(w.window, EventKind::Alloc);
        allocations->sortByCostColumn(LocationTableModel::HistoryColumn);
        shown = allocations->model();
        for (int r = 0; r < shown->rowCount(); ++r) {
            const LocationId id = shown->index(r, 0).data(itemmodels::LocationIdRole).toUInt();
            const qint64 expectedGrowth =
                qint64(history.heldAt(id, points.last)) - qint64(history.heldAt(id, points.first));
            const qint64 growth =
                shown->index(r, LocationTableModel::HistoryColumn).data(itemmodels::SortRole).toLongLong();
            QCOMPARE(growth, expectedGrowth);
            if (r > 0)
                QVERIFY(
                    shown->index(r - 1, LocationTableModel::HistoryColumn).data(itemmodels::SortRole).toLongLong() >=
                    growth);
        }
        // The leak's table grows most over the second half.
        QCOMPARE(shown->index(0, 0).data(itemmodels::SortRole).toString().left(13), QStringLiteral("@growth.lua:1"));
    }

    void aDumpChangedOrGoneKeepsTheWindowShown()
    {
        QTemporaryDir dir;
        const QString copy = dir.filePath(QStringLiteral("dump.bin"));
        QVERIFY(QFile::copy(test::fixture(QStringLiteral("v3/growth.bin")), copy));
        Window w;
        QVERIFY(load(w.window, copy));
        const QStringList before = everythingShown(w);
        const std::uint64_t n = pageOf(w)->wholeRunProfile()->totals.eventCount;
        views::ViewState* state = pageOf(w)->viewState();
        // Another dump under the same name: its events are not the run shown.
        QVERIFY(QFile::remove(copy));
        QVERIFY(QFile::copy(test::fixture(QStringLiteral("v3/medium.bin")), copy));
        typeInto(w, QStringLiteral("1-%1").arg(n / 2));
        QTRY_VERIFY_WITH_TIMEOUT(!pageOf(w)->isRecounting(), 30000);
        QCOMPARE(state->range(), RunRange{});
        QVERIFY2(test::messageBar(w.window)->text().contains(QStringLiteral("changed on disk")),
                 qPrintable(test::messageBar(w.window)->text()));
        QCOMPARE(everythingShown(w), before);
        // Gone: the reason is shown, the whole run stays.
        QVERIFY(QFile::remove(copy));
        typeInto(w, QStringLiteral("1-%1").arg(n / 3));
        QTRY_VERIFY_WITH_TIMEOUT(!pageOf(w)->isRecounting(), 30000);
        QCOMPARE(state->range(), RunRange{});
        QVERIFY2(test::messageBar(w.window)->text().startsWith(QStringLiteral("The window could not be counted")),
                 qPrintable(test::messageBar(w.window)->text()));
        QCOMPARE(everythingShown(w), before);
    }

    void longRecountRunsOffTheGuiThreadWithCancel()
    {
        QTemporaryDir dir;
        const QString big = dir.filePath(QStringLiteral("big.bin"));
        QVERIFY(test::writeRepeatedDump(test::fixture(QStringLiteral("v3/growth.bin")), big, 40));
        Window w;
        QVERIFY(load(w.window, big));
        const QStringList before = everythingShown(w);
        const std::uint64_t n = pageOf(w)->wholeRunProfile()->totals.eventCount;
        views::EventWindowBar* bar = barOf(w);

        // Cancel: the window shown stays, and its numbers.
        typeInto(w, QStringLiteral("%1-%2").arg(n / 3).arg(n / 2));
        QVERIFY(pageOf(w)->isRecounting());
        QTRY_VERIFY_WITH_TIMEOUT(bar->cancelButton()->isVisible(), 5000); // the GUI kept running meanwhile
        QVERIFY(bar->progressBar()->isVisible());
        keepShot(w, QStringLiteral("recounting.png"));
        QElapsedTimer cancelling;
        cancelling.start();
        QTest::mouseClick(bar->cancelButton(), Qt::LeftButton);
        QVERIFY(!pageOf(w)->isRecounting());
        qInfo("Cancel stopped the re-count in %lld ms", qlonglong(cancelling.elapsed()));
        QCOMPARE(pageOf(w)->viewState()->range(), RunRange{});
        QVERIFY(!bar->cancelButton()->isVisible());
        QCOMPARE(everythingShown(w), before);

        // A newer window replaces one still counted; the time it takes.
        typeInto(w, QStringLiteral("%1-%2").arg(n / 3).arg(n / 2));
        QVERIFY(pageOf(w)->isRecounting());
        QSignalSpy applied(pageOf(w), &views::ProfilePage::windowApplied);
        QElapsedTimer timer;
        timer.start();
        QVERIFY(typeWindow(w, QStringLiteral("%1-%2").arg(n / 4).arg(n - 10)));
        qInfo("re-count of a %lld-event dump (%lld bytes) in the GUI: %lld ms", qlonglong(n),
              qlonglong(QFileInfo(big).size()), qlonglong(timer.elapsed()));
        QCOMPARE(applied.count(), 1);
        QCOMPARE(pageOf(w)->profile()->window, (RunRange{n / 4, n - 10}));
        QVERIFY(!bar->cancelButton()->isVisible());
    }
};

MEMPROF_TEST_MAIN(TestEventWindowGui)
#include "test_event_window_gui.moc"
