// SPDX-License-Identifier: GPL-3.0-or-later
// Several dumps opened as one profile (--merge, File > Open as One
// Profile): the page shows the rows the model's merge sums, each dump's
// part of the selected row in the Instances pane, one dump alone when
// chosen there; a dump that cannot be read leaves the rest shown with a
// warning naming it; dumps of two kinds are refused, naming the file; what
// a merge has not (a window of a run) is not offered; its charts stack the
// dumps' heaps, and one dump chosen shows that dump's own charts; the
// Instances pane's columns fit a 1024-pixel window.
#include "tests/support/InstanceChoice.h"
#include "tests/support/SignalWait.h"
#include "tests/support/TestSuite.h"
#include "tests/support/WindowTestHelpers.h"
#include "tests/support/WindowWidgets.h"

#include "app/MergedMemprofDocument.h"
#include "model/itemmodels/HeldModel.h"
#include "model/itemmodels/InstanceShareModel.h"
#include "model/itemmodels/LocationTableModel.h"
#include "model/itemmodels/ModelRoles.h"
#include "model/merge/MergeLoad.h"
#include "model/merge/StackedHeap.h"
#include "views/CostTableView.h"
#include "views/EventWindowBar.h"
#include "views/InstancesPane.h"
#include "views/LoadingPage.h"
#include "views/MessageBar.h"
#include "views/ProfilePage.h"
#include "views/ViewState.h"
#include "views/charts/ChartsPane.h"
#include "views/charts/HeapChart.h"
#include "views/charts/SizeHistogramChart.h"
#include "views/charts/StackedHeapChart.h"
#include "views/charts/TopHoldersChart.h"
#include "model/memprofile/ProfileLoader.h"
#include "model/merge/MatchName.h"
#include <QHeaderView>
#include <QScrollBar>

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QLabel>
#include <QProgressBar>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>

#include <atomic>
#include <map>

using namespace memprof;
using memprof::test::loadMerged;
using memprof::test::Window;
using itemmodels::InstanceShareModel;
using itemmodels::LocationTableModel;

namespace {

QString fixture(const char* name)
{
    return QStringLiteral(MEMPROF_TEST_DATA "/") + QString::fromLatin1(name);
}

QStringList fixtures(std::initializer_list<const char*> names)
{
    QStringList paths;
    for (const char* name : names)
        paths << fixture(name);
    return paths;
}

MergedMemprof modelMerge(const QStringList& paths)
{
    std::vector<std::string> files;
    for (const QString& path : paths)
        files.push_back(path.toStdString());
    return loadMergedMemprof(files, 2);
}

// memprof-viewer run with `args`: its exit code and its stderr.
std::pair<int, QString> viewer(const QStringList& args)
{
    QProcess process;
    process.start(QStringLiteral(MEMPROF_VIEWER_EXE), args);
    if (!process.waitForFinished(60000)) {
        process.kill();
        process.waitForFinished();
        return {-2, QStringLiteral("did not exit")};
    }
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAllStandardError())};
}

views::ProfilePage* pageOf(const Window& w)
{
    return test::widgetNamed<views::ProfilePage>(w.window, "profilePage");
}

QAction* compareAction(const Window& w)
{
    for (QAction* action : w->findChildren<QAction*>())
        if (action->text().remove(u'&').startsWith(QStringLiteral("Compare With")))
            return action;
    qFatal("no Compare With action");
}

struct Figures {
    qint64 events = 0;
    qint64 allocated = 0;
    qint64 freed = 0;
    bool operator==(const Figures&) const = default;
};

// A table of the page as shown: its figures by location name.
std::map<std::string, Figures> shownRows(const views::ProfilePage* page, EventKind kind)
{
    const QAbstractItemModel* model = test::eventTable(page, kind)->sourceModel();
    std::map<std::string, Figures> rows;
    for (int row = 0; row < model->rowCount(); ++row) {
        const auto id = model->index(row, 0).data(itemmodels::LocationIdRole).toUInt();
        const auto raw = [&](int column) { return model->index(row, column).data(itemmodels::SortRole).toLongLong(); };
        rows[page->profile()->nameOf(id)] = {raw(LocationTableModel::EventsColumn),
                                             raw(LocationTableModel::AllocatedColumn),
                                             raw(LocationTableModel::FreedColumn)};
    }
    return rows;
}

std::map<std::string, Figures> modelRows(const Profile& profile, EventKind kind, qint64 times = 1)
{
    std::map<std::string, Figures> rows;
    for (const LocationRow& row : profile.rows(kind))
        rows[profile.nameOf(row.location)] = {qint64(row.eventCount) * times, qint64(row.allocatedBytes) * times,
                                              qint64(row.freedBytes) * times};
    return rows;
}

std::map<std::string, qint64> heldBytes(const Profile& profile, qint64 times = 1)
{
    std::map<std::string, qint64> held;
    for (const HeldRow& row : profile.heldAtEnd)
        held[profile.nameOf(row.location)] = qint64(row.heldBytes) * times;
    return held;
}

qint64 instanceSum(const InstanceShareModel* model, int column)
{
    qint64 sum = 0;
    for (int row = 0; row < model->rowCount(); ++row)
        sum += model->index(row, column).data(itemmodels::SortRole).toLongLong();
    return sum;
}


} // namespace

class TestMergedPage : public QObject {
    Q_OBJECT

private slots:
    void cleanup() { test::closeErrorBoxes(); }

    void thePageShowsTheRowsOfTheModelsMerge()
    {
        const QStringList paths = fixtures({"v3/leak.bin", "v3/growth.bin", "v3/medium.bin"});
        Window w;
        QSignalSpy dumpsRead(test::loadingPage(w.window)->progressBar(), &QProgressBar::valueChanged);
        QVERIFY(loadMerged(w.window, paths));
        views::ProfilePage* page = pageOf(w);
        QCOMPARE(w->currentPage(), page);
        const MergedMemprof merged = modelMerge(paths);
        for (const EventKind kind : {EventKind::Alloc, EventKind::Realloc, EventKind::Free}) {
            QVERIFY(!merged.profile.rows(kind).empty() || kind == EventKind::Realloc);
            QCOMPARE(shownRows(page, kind), modelRows(merged.profile, kind));
        }
        QCOMPARE(heldBytes(*page->profile()), heldBytes(merged.profile));
        QCOMPARE(page->profile()->totals.eventCount, merged.profile.totals.eventCount);
        QCOMPARE(page->profile()->totals.peakLiveBytes, merged.profile.totals.peakLiveBytes);
        // The loading page counted dumps, not bytes: it ended full.
        QCOMPARE(test::loadingPage(w.window)->progressBar()->value(), 1000);
        QVERIFY(w->windowTitle().startsWith(QStringLiteral("3 dumps merged")));
        QVERIFY(page->isMerged());
    }

    void aRowsBreakdownAddsUpToTheRow()
    {
        Window w;
        QVERIFY(loadMerged(w.window, fixtures({"v3/leak.bin", "v3/growth.bin", "v3/medium.bin"})));
        views::ProfilePage* page = pageOf(w);
        views::InstancesPane* pane = page->instancesPane();
        QVERIFY(!pane->isHidden());
        const InstanceShareModel* shares = page->instanceShares();
        for (const EventKind kind : {EventKind::Alloc, EventKind::Free}) {
            views::CostTableView* table = test::eventTable(page, kind);
            test::mainTabs(page)->setCurrentWidget(table);
            const QAbstractItemModel* rows = table->sourceModel();
            QVERIFY(rows->rowCount() > 3);
            for (int row = 0; row < rows->rowCount(); ++row) {
                const auto id = rows->index(row, 0).data(itemmodels::LocationIdRole).toUInt();
                page->viewState()->selectLocation(id);
                QCOMPARE(shares->location(), std::optional<LocationId>(id));
                QCOMPARE(shares->kind(), kind);
                QCOMPARE(shares->rowCount(), 3);
                const auto raw = [&](int column) {
                    return rows->index(row, column).data(itemmodels::SortRole).toLongLong();
                };
                QCOMPARE(instanceSum(shares, InstanceShareModel::EventsColumn), raw(LocationTableModel::EventsColumn));
                QCOMPARE(instanceSum(shares, InstanceShareModel::AllocatedColumn),
                         raw(LocationTableModel::AllocatedColumn));
                QCOMPARE(instanceSum(shares, InstanceShareModel::FreedColumn), raw(LocationTableModel::FreedColumn));
            }
        }
        // A row of the held pane: its held bytes and blocks.
        const QAbstractItemModel* held = test::heldTable(page)->sourceModel();
        QVERIFY(held->rowCount() > 0);
        for (int row = 0; row < held->rowCount(); ++row) {
            const auto id = held->index(row, 0).data(itemmodels::LocationIdRole).toUInt();
            page->viewState()->selectLocation(id);
            QCOMPARE(instanceSum(shares, InstanceShareModel::HeldColumn),
                     held->index(row, 1 /* held, HeldModel::heldColumn */).data(itemmodels::SortRole).toLongLong());
        }
    }

    void aSelfMergeShowsEveryFigureDoubled()
    {
        const QString leak = fixture("v3/leak.bin");
        Window w;
        QVERIFY(loadMerged(w.window, {leak, leak}));
        views::ProfilePage* page = pageOf(w);
        // The dump alone, as a merge names its rows.
        const MergedMemprof once = modelMerge({leak});
        for (const EventKind kind : {EventKind::Alloc, EventKind::Realloc, EventKind::Free})
            QCOMPARE(shownRows(page, kind), modelRows(once.profile, kind, 2));
        QCOMPARE(heldBytes(*page->profile()), heldBytes(once.profile, 2));
        QCOMPARE(page->profile()->totals.eventCount, 2 * once.profile.totals.eventCount);
        QCOMPARE(page->profile()->totals.allocatedBytes, 2 * once.profile.totals.allocatedBytes);
        QCOMPARE(page->profile()->totals.peakLiveBytes, 2 * once.profile.totals.peakLiveBytes);
        // The two are told apart by number, named from their folder.
        QComboBox* choice = page->instancesPane()->instanceChoice();
        QCOMPARE(choice->count(), 3);
        QCOMPARE(choice->itemText(1), QStringLiteral("leak.bin"));
        QCOMPARE(choice->itemText(2), QStringLiteral("leak.bin #2"));
        // Each copy holds half of a row.
        const LocationRow& top = page->profile()->allocations.front();
        page->viewState()->selectLocation(top.location);
        const InstanceShareModel* shares = page->instanceShares();
        QCOMPARE(shares->rowCount(), 2);
        for (int row = 0; row < 2; ++row)
            QCOMPARE(shares->index(row, InstanceShareModel::EventsColumn).data(itemmodels::SortRole).toLongLong() * 2,
                     qint64(top.eventCount));
    }

    void oneDumpChosenShowsItAloneAndAllComesBack()
    {
        const QStringList paths = fixtures({"v3/leak.bin", "v3/growth.bin"});
        Window w;
        QVERIFY(loadMerged(w.window, paths));
        views::ProfilePage* page = pageOf(w);
        const std::uint64_t mergedEvents = page->profile()->totals.eventCount;
        QVERIFY(test::chooseInstance(page, QStringLiteral("growth.bin")));
        const MergedMemprof growth = modelMerge({paths[1]});
        QCOMPARE(shownRows(page, EventKind::Alloc), modelRows(growth.profile, EventKind::Alloc));
        QCOMPARE(page->profile()->totals.eventCount, growth.profile.totals.eventCount);
        // Its breakdown is its own: one dump.
        page->viewState()->selectLocation(page->profile()->allocations.front().location);
        QCOMPARE(page->instanceShares()->rowCount(), 1);
        QCOMPARE(page->instanceShares()->index(0, 0).data().toString(), QStringLiteral("growth.bin"));
        // All of them again: the merge the page kept.
        QVERIFY(test::chooseInstance(page, page->instancesPane()->instanceChoice()->itemText(0)));
        QCOMPARE(page->profile()->totals.eventCount, mergedEvents);
        QCOMPARE(page->profile(), page->wholeRunProfile());
        QCOMPARE(page->instanceShares()->rowCount(), 2);
    }

    void dumpsOfOneFileNameAreNamedFromTheirCommonFolder()
    {
        Window w;
        QVERIFY(loadMerged(w.window, fixtures({"v3/leak.bin", "v1/leak.bin", "v3/growth.bin"})));
        QComboBox* choice = pageOf(w)->instancesPane()->instanceChoice();
        QCOMPARE(choice->count(), 4);
        QCOMPARE(choice->itemText(1), QStringLiteral("v3/leak.bin"));
        QCOMPARE(choice->itemText(2), QStringLiteral("v1/leak.bin"));
        QCOMPARE(choice->itemText(3), QStringLiteral("growth.bin"));
    }

    void aFolderStandsForTheDumpsInIt()
    {
        QTemporaryDir dir;
        QVERIFY(QFile::copy(fixture("v3/leak.bin"), dir.filePath(QStringLiteral("node1.bin"))));
        QVERIFY(QFile::copy(fixture("v3/growth.bin"), dir.filePath(QStringLiteral("node2.bin"))));
        Window w;
        QVERIFY(loadMerged(w.window, {dir.path()}));
        views::ProfilePage* page = pageOf(w);
        QCOMPARE(page->instancesPane()->instanceChoice()->count(), 3);
        const MergedMemprof merged = modelMerge(fixtures({"v3/leak.bin", "v3/growth.bin"}));
        QCOMPARE(shownRows(page, EventKind::Alloc), modelRows(merged.profile, EventKind::Alloc));
    }

    void aBrokenDumpAmongOthersIsNamedAndLeftOut()
    {
        const QStringList paths = fixtures({"v3/leak.bin", "corrupt/bad-magic-ljs.bin", "v3/growth.bin"});
        Window w;
        QVERIFY(loadMerged(w.window, paths));
        views::ProfilePage* page = pageOf(w);
        views::MessageBar* bar = test::messageBar(page);
        QVERIFY(!bar->isHidden());
        QVERIFY2(bar->text().contains(QStringLiteral("bad-magic-ljs.bin")), qPrintable(bar->text()));
        QVERIFY(w->windowTitle().startsWith(QStringLiteral("2 of 3 dumps merged")));
        const MergedMemprof good = modelMerge(fixtures({"v3/leak.bin", "v3/growth.bin"}));
        QCOMPARE(shownRows(page, EventKind::Alloc), modelRows(good.profile, EventKind::Alloc));
        QCOMPARE(page->instancesPane()->instanceChoice()->findText(QStringLiteral("bad-magic-ljs.bin")), -1);
    }

    void dumpsOfTwoKindsAreRefusedNamingTheFile()
    {
        const QStringList paths = fixtures({"v3/leak.bin", "sysprof/coroutines-C-jitoff.bin"});
        Window w;
        QVERIFY(!loadMerged(w.window, paths));
        QMessageBox* box = test::errorBox();
        QVERIFY(box);
        const QString text = box->text() + box->informativeText() + box->detailedText();
        QVERIFY2(text.contains(QStringLiteral("coroutines-C-jitoff.bin")), qPrintable(text));
        QVERIFY(!w->document());
    }

    void aMergeOffersNoWindowOfARunAndSaysWhy()
    {
        Window w;
        QVERIFY(loadMerged(w.window, fixtures({"v3/leak.bin", "v3/growth.bin"})));
        views::ProfilePage* page = pageOf(w);
        QVERIFY(page->windowBar()->isHidden());
        auto* note = test::widgetNamed<QLabel>(page, "mergedNote");
        QVERIFY(!note->isHidden());
        QVERIFY(note->text().contains(QStringLiteral("no common clock")));
        QTabWidget* tabs = test::mainTabs(page);
        int charts = -1;
        for (int i = 0; i < tabs->count(); ++i)
            if (tabs->tabText(i).remove(u'&') == QStringLiteral("Charts"))
                charts = i;
        QVERIFY(charts >= 0);
        // The charts are there: the heap stacked by dump, no window chosen.
        QVERIFY(tabs->isTabEnabled(charts));
        auto* pane = page->findChild<charts::ChartsPane*>();
        QVERIFY(pane->showsStackedHeap());
        QVERIFY(pane->hintText().contains(QStringLiteral("No window")));
        // A comparison is of whole profiles (test_merged_comparison): on.
        QVERIFY(compareAction(w)->isEnabled());
        // The document asked for a range anyway answers why not.
        std::unique_ptr<services::ProfileLoadJob> count = w->document()->countRange({1, 10});
        QSignalSpy failed(count.get(), &services::ProfileLoadJob::failed);
        count->start();
        QVERIFY(testsuite::received(failed, 30000));
        QVERIFY(failed.at(0).at(0).toString().contains(QStringLiteral("no common clock")));
        // One dump opened in the same window: the window bar and charts again.
        QVERIFY(test::load(w.window, fixture("v3/leak.bin")));
        QVERIFY(!page->isMerged());
        QVERIFY(!page->windowBar()->isHidden());
        QVERIFY(note->isHidden());
        QVERIFY(tabs->isTabEnabled(charts));
        QVERIFY(page->instancesPane()->isHidden());
        QVERIFY(compareAction(w)->isEnabled());
    }

    void theChartsStackEachDumpsHeapAndOneChosenShowsItsOwn()
    {
        const QStringList paths = fixtures({"v3/leak.bin", "v3/growth.bin"});
        Window w;
        QVERIFY(loadMerged(w.window, paths));
        views::ProfilePage* page = pageOf(w);
        auto* pane = page->findChild<charts::ChartsPane*>();
        test::mainTabs(page)->setCurrentWidget(pane);
        QVERIFY(pane->showsStackedHeap());
        QCOMPARE(pane->currentChart(), pane->stackedHeapChart());
        const MergedMemprof merged = modelMerge(paths);
        const StackedHeap stacked = stackHeap(merged.breakdown);
        const charts::StackedHeapChart* chart = pane->stackedHeapChart();
        QCOMPARE(chart->stack().top, stacked.top);
        QCOMPARE(chart->layerCount(), 2);
        QCOMPARE(chart->layerGraph(0)->name(), QStringLiteral("leak.bin"));
        QCOMPARE(chart->layerGraph(1)->name(), QStringLiteral("growth.bin"));
        // The charts of sums show the merge's rows.
        QCOMPARE(pane->topHoldersChart()->holders().front().heldBytes,
                 charts::topHolders(merged.profile, 1).front().heldBytes);

        // One dump chosen: that dump's own charts.
        QVERIFY(test::chooseInstance(page, QStringLiteral("growth.bin")));
        QVERIFY(!pane->showsStackedHeap());
        QCOMPARE(pane->currentChart(), pane->heapChart());
        // The same dump opened alone, its charts drawn by a pane of its own.
        charts::ChartsPane alone;
        const Profile growth = loadProfile(paths[1].toStdString());
        alone.setProfile(growth, paths[1]);
        const auto points = [](auto* graph) {
            std::vector<std::pair<double, double>> drawn;
            for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it)
                drawn.emplace_back(it->key, it->value);
            return drawn;
        };
        QVERIFY(!points(alone.heapChart()->liveMaxGraph()).empty());
        QCOMPARE(points(pane->heapChart()->liveMaxGraph()), points(alone.heapChart()->liveMaxGraph()));
        QCOMPARE(points(pane->heapChart()->liveMinGraph()), points(alone.heapChart()->liveMinGraph()));
        QCOMPARE(points(pane->heapChart()->allocatedGraph()), points(alone.heapChart()->allocatedGraph()));
        QCOMPARE(pane->heapChart()->peakLabel(), alone.heapChart()->peakLabel());
        // A merge names native symbols without their load address.
        const auto holders = [](const charts::TopHoldersChart* chart) {
            std::vector<std::pair<std::string, std::uint64_t>> shown;
            for (const charts::TopHolder& holder : chart->holders())
                shown.emplace_back(withoutLoadAddress(holder.name), holder.heldBytes);
            return shown;
        };
        QVERIFY(!holders(alone.topHoldersChart()).empty());
        QCOMPARE(holders(pane->topHoldersChart()), holders(alone.topHoldersChart()));
        QCOMPARE(points(pane->sizeHistogramChart()->bars()), points(alone.sizeHistogramChart()->bars()));
        // No window of it is counted on the merge's page: a drag pans.
        QVERIFY(!pane->heapChart()->isChoosingWindow());
        QVERIFY(alone.heapChart()->isChoosingWindow());
        // All of them again: stacked.
        QVERIFY(test::chooseInstance(page, page->instancesPane()->instanceChoice()->itemText(0)));
        QVERIFY(pane->showsStackedHeap());
    }

    void theInstancesColumnsFitA1024PixelWindow()
    {
        Window w;
        w->resize(1024, 700);
        QVERIFY(loadMerged(w.window, fixtures({"v3/leak.bin", "v3/growth.bin", "v3/medium.bin"})));
        views::ProfilePage* page = pageOf(w);
        page->viewState()->selectLocation(page->profile()->allocations.front().location);
        views::CostTableView* table = page->instancesPane()->table();
        QVERIFY(QTest::qWaitForWindowExposed(w.window));
        QCoreApplication::processEvents();
        QCOMPARE(table->model()->rowCount(), 3);
        QCOMPARE(table->horizontalScrollBar()->maximum(), 0);
        QHeaderView* header = table->header();
        for (int column = 0; column < header->count(); ++column) {
            QVERIFY(!header->isSectionHidden(column));
            QVERIFY2(header->sectionViewportPosition(column) + header->sectionSize(column) <=
                         table->viewport()->width(),
                     qPrintable(table->model()->headerData(column, Qt::Horizontal).toString()));
        }
        // Every figure reads whole in its column.
        for (int column = 1; column < header->count(); ++column)
            for (int row = 0; row < 3; ++row)
                QVERIFY(table->fontMetrics().horizontalAdvance(table->model()->index(row, column).data().toString()) <
                        header->sectionSize(column));
    }

    void theCommandLineOpensAMergeAndRefusesMixedKinds()
    {
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("merged.png"));
        const auto [shown, shownErr] = viewer({QStringLiteral("--screenshot"), png, QStringLiteral("--size"),
                                               QStringLiteral("800x600"), QStringLiteral("--merge"),
                                               fixture("v3/leak.bin"), fixture("v3/growth.bin")});
        QVERIFY2(shown == 0, qPrintable(shownErr));
        QCOMPARE(QImage(png).size(), QSize(800, 600));
        const auto [refused, why] = viewer({QStringLiteral("--screenshot"), png, QStringLiteral("--merge"),
                                            fixture("v3/leak.bin"), fixture("sysprof/coroutines-C-jitoff.bin")});
        QCOMPARE(refused, 1);
        QVERIFY2(why.contains(QStringLiteral("coroutines-C-jitoff.bin")), qPrintable(why));
        // A folder stands for the dumps in it; its subfolder (a dump of the
        // other kind, refused were it read) and a file not a dump are passed over.
        const QDir cluster(dir.filePath(QStringLiteral("cluster")));
        QVERIFY(cluster.mkpath(QStringLiteral("older")));
        QVERIFY(QFile::copy(fixture("v3/leak.bin"), cluster.filePath(QStringLiteral("db1.bin"))));
        QVERIFY(QFile::copy(fixture("v3/growth.bin"), cluster.filePath(QStringLiteral("db2.bin"))));
        QVERIFY(
            QFile::copy(fixture("sysprof/coroutines-C-jitoff.bin"), cluster.filePath(QStringLiteral("older/cpu.bin"))));
        QFile notes(cluster.filePath(QStringLiteral("notes.txt")));
        QVERIFY(notes.open(QIODevice::WriteOnly) && notes.write("two instances\n") > 0);
        notes.close();
        const auto [byFolder, byFolderErr] =
            viewer({QStringLiteral("--screenshot"), png, QStringLiteral("--merge"), cluster.path()});
        QVERIFY2(byFolder == 0, qPrintable(byFolderErr));
        // A folder without any: said at once, naming it.
        const QString empty = dir.filePath(QStringLiteral("empty"));
        QVERIFY(QDir().mkpath(empty));
        const auto [none, noneWhy] = viewer({QStringLiteral("--screenshot"), png, QStringLiteral("--merge"), empty});
        QCOMPARE(none, 2);
        QVERIFY2(noneWhy.contains(QStringLiteral("folder '%1' is empty").arg(empty)), qPrintable(noneWhy));
    }

    void aCancelledReadEndsCancelled()
    {
        std::atomic<bool> stop{true};
        DecodeControl control;
        control.stop = &stop;
        std::vector<std::pair<quint64, quint64>> progress;
        control.progress = [&progress](std::uint64_t read, std::uint64_t count) { progress.emplace_back(read, count); };
        const services::DocumentPtr cancelled =
            app::MergedMemprofDocument::read(fixtures({"v3/leak.bin", "v3/growth.bin"}), control);
        QCOMPARE(cancelled->status().end, DecodeEnd::Cancelled);
        QVERIFY(progress.empty());
        // Not stopped: a step per dump read, of all of them.
        stop = false;
        const services::DocumentPtr read =
            app::MergedMemprofDocument::read(fixtures({"v3/leak.bin", "v3/growth.bin", "v3/freed.bin"}), control);
        QCOMPARE(read->status().end, DecodeEnd::Complete);
        QCOMPARE(progress, (std::vector<std::pair<quint64, quint64>>{{1, 3}, {2, 3}, {3, 3}}));
    }

    void aMergeExportsWhereEachFigureKeepsItsDump()
    {
        Window w;
        QVERIFY(loadMerged(w.window, fixtures({"v3/leak.bin", "v3/growth.bin"})));
        QTemporaryDir dir;
        QSignalSpy exported(w.window, &app::MainWindow::exportFinished);
        const QString pprof = dir.filePath(QStringLiteral("merged.pb.gz"));
        QString error;
        QVERIFY2(w->startExport(pprof, &error), qPrintable(error));
        QVERIFY(testsuite::received(exported, 30000));
        QCOMPARE(exported.at(0).at(1).toString(), QString());
        QVERIFY(QFileInfo(pprof).size() > 0);
        // DHAT has no place for the dump a figure came from: refused, saying so.
        const QString dhat = dir.filePath(QStringLiteral("merged.dhat.json"));
        QVERIFY2(w->startExport(dhat, &error), qPrintable(error));
        QVERIFY(testsuite::received(exported, 30000, 2));
        QVERIFY(exported.at(1).at(1).toString().contains(QStringLiteral("pprof")));
        QVERIFY(!QFileInfo::exists(dhat));
    }

    void aReloadReadsTheDumpsAgain()
    {
        Window w;
        QVERIFY(loadMerged(w.window, fixtures({"v3/leak.bin", "v3/growth.bin"})));
        const services::DocumentPtr before = w->document();
        QSignalSpy finished(w.window, &app::MainWindow::loadFinished);
        w->reload();
        QVERIFY(testsuite::received(finished, 30000));
        QVERIFY(finished.at(0).at(0).toBool());
        QVERIFY(w->document() != before);
        QVERIFY(pageOf(w)->isMerged());
        QCOMPARE(w->profile()->totals.eventCount,
                 static_cast<const app::MergedMemprofDocument&>(*before).profile()->totals.eventCount);
    }
};

MEMPROF_TEST_MAIN(TestMergedPage)
#include "test_merged_page.moc"
