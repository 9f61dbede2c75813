// SPDX-License-Identifier: GPL-3.0-or-later
// The comparison window, driven as a user would: two dumps load off the GUI
// thread and show NEW - BASE sorted by the change, with both summaries and
// their changes in the header; a row shows its source as NEW has it; a dump
// compared with itself (File > Compare With from the main window) is all
// zeros; a broken dump says so and leaves no window; Cancel stops it. The
// "By function" tab: the tree of both dumps adds up to the totals' change,
// a line node shows its source in NEW, the filter keeps ancestors, a row
// selected in a table selects its line node, the tree exports as shown.
#include "tests/support/GuiTestData.h"
#include "tests/support/SignalWait.h"
#include "tests/support/WindowTestHelpers.h"
#include "tests/support/WindowWidgets.h"

#include "app/DiffWindow.h"
#include "app/MainWindow.h"
#include "model/itemmodels/CostFormat.h"
#include "model/itemmodels/FunctionTreeDiffModel.h"
#include "model/itemmodels/ModelRoles.h"
#include "tests/support/TestSuite.h"
#include "views/CodeView.h"
#include "views/CostTableView.h"
#include "views/DiffSummaryHeader.h"
#include "views/FilterField.h"
#include "views/FunctionTreeView.h"
#include "views/LoadingPage.h"
#include "views/MessageBar.h"
#include "views/SourcePane.h"

#include <QApplication>
#include <QFileInfo>
#include <QHeaderView>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <functional>

using namespace memprof;
using memprof::app::DiffWindow;
using memprof::app::MainWindow;
using Table = memprof::itemmodels::DiffTableModel::Table;
using memprof::test::errorBox;
using M = memprof::itemmodels::DiffTableModel;
using T = memprof::itemmodels::FunctionTreeDiffModel;

namespace {
constexpr Table kTables[] = {Table::Allocations, Table::Reallocations, Table::Frees, Table::Held};

bool compare(DiffWindow* window, const QString& base, const QString& current)
{
    QSignalSpy finished(window, &DiffWindow::loadFinished);
    window->compare(base, current);
    return testsuite::received(finished, 30000) && finished.at(0).at(0).toBool();
}

int rowNamed(const QAbstractItemModel* model, const QString& name)
{
    for (int r = 0; r < model->rowCount(); ++r)
        if (model->index(r, 0).data(itemmodels::SortRole).toString() == name)
            return r;
    return -1;
}

// The first node labelled `label`, at any depth.
QModelIndex nodeLabelled(const QAbstractItemModel* model, const QString& label, const QModelIndex& parent = {})
{
    for (int r = 0; r < model->rowCount(parent); ++r) {
        const QModelIndex index = model->index(r, 0, parent);
        if (index.data(itemmodels::SortRole).toString() == label)
            return index;
        if (const QModelIndex below = nodeLabelled(model, label, index); below.isValid())
            return below;
    }
    return {};
}

void clickRow(views::CostTableView* view, const QModelIndex& index)
{
    view->scrollTo(index);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(index).center());
}
// What File > Export CSV writes for the table used last, one record per
// entry; empty when the export failed.
QStringList exportedCsvLines(DiffWindow* window)
{
    QTemporaryDir dir;
    const QString csvPath = dir.filePath(QStringLiteral("export.csv"));
    QFile csv(csvPath);
    if (!window->exportCsv(csvPath) || !csv.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(csv.readAll()).split(QStringLiteral("\r\n"), Qt::SkipEmptyParts);
}

} // namespace

class TestDiffWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void comparesTwoDumps();
    void rowShowsItsSourceInNew();
    void dumpAgainstItselfFromTheMainWindow();
    void brokenDumpSaysSoAndLeavesNoWindow();
    void cancelStopsTheComparison();
    void truncatedSideShowsAWarning();
    void functionTreeTab();
};

void TestDiffWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("memprof-viewer-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("test_diff_window"));
}

void TestDiffWindow::init()
{
    QSettings().clear();
}

void TestDiffWindow::cleanup()
{
    while (QMessageBox* box = errorBox())
        delete box;
}

void TestDiffWindow::comparesTwoDumps()
{
    QPointer<DiffWindow> w = new DiffWindow;
    w->resize(1400, 900);
    w->show();
    QVERIFY(compare(w, test::fixture(QStringLiteral("v3/leak.bin")), test::fixture(QStringLiteral("v3/freed.bin"))));
    QCOMPARE(w->currentPage(), test::comparisonPage(w));
    const ProfileDiff& diff = *w->diff();
    QCOMPARE(test::diffTable(w, Table::Allocations)->model()->rowCount(), int(diff.allocations.size()));
    QCOMPARE(test::diffTable(w, Table::Reallocations)->model()->rowCount(), int(diff.reallocations.size()));
    QCOMPARE(test::diffTable(w, Table::Frees)->model()->rowCount(), int(diff.frees.size()));
    QCOMPARE(test::diffTable(w, Table::Held)->model()->rowCount(), int(diff.held.size()));
    QCOMPARE(test::mainTabs(w)->count(), 4);

    // Sorted by the change, growth first: frees by freed bytes.
    const QAbstractItemModel* frees = test::diffTable(w, Table::Frees)->model();
    for (int r = 1; r < frees->rowCount(); ++r)
        QVERIFY(frees->index(r - 1, M::FreedChangeColumn).data(itemmodels::SortRole).toLongLong() >=
                frees->index(r, M::FreedChangeColumn).data(itemmodels::SortRole).toLongLong());
    // By hand from the reports: INTERNAL freed 157486 B in leak.bin and
    // 309683 B in freed.bin.
    const int internal = rowNamed(frees, QStringLiteral("INTERNAL"));
    QCOMPARE(frees->index(internal, M::FreedChangeColumn).data(itemmodels::SortRole).toLongLong(), 152197);
    // Columns zero by definition start hidden.
    QVERIFY(test::diffTable(w, Table::Frees)->header()->isSectionHidden(M::AllocatedChangeColumn));
    QVERIFY(test::diffTable(w, Table::Allocations)->header()->isSectionHidden(M::FreedChangeColumn));
    QVERIFY(!test::diffTable(w, Table::Allocations)->header()->isSectionHidden(M::OnlyInColumn));

    // The header: both summaries and their changes.
    const QString header = test::diffSummaryHeader(w)->text();
    const Profile base = test::loadFixture(QStringLiteral("v3/leak.bin"));
    const Profile current = test::loadFixture(QStringLiteral("v3/freed.bin"));
    QVERIFY(header.contains(QStringLiteral("leak.bin")) && header.contains(QStringLiteral("freed.bin")));
    const qint64 heldChange = qint64(current.totals.liveBytes) - qint64(base.totals.liveBytes);
    QVERIFY(heldChange < 0);
    QVERIFY2(header.contains(itemmodels::formatCostChange(heldChange, itemmodels::CostKind::Bytes, true)),
             qPrintable(header));
    QVERIFY(header.contains(itemmodels::formatCostChange(
        qint64(current.totals.eventCount) - qint64(base.totals.eventCount), itemmodels::CostKind::Count, true)));
    QVERIFY(w->windowTitle().contains(QStringLiteral("freed.bin against leak.bin")));

    // Export writes the table used last as shown, raw numbers.
    test::diffTable(w, Table::Held)->setFocus();
    QCOMPARE(w->activeTable(), test::diffTable(w, Table::Held));
    const QStringList lines = exportedCsvLines(w);
    QVERIFY(!lines.isEmpty());
    QCOMPARE(lines.first(),
             QStringLiteral("location,presence,delta_held_bytes,base_held_bytes,new_held_bytes,delta_live_blocks"));
    QCOMPARE(lines.size(), 1 + int(diff.held.size()));
    // leak.lua:9 held 131576 B at the end in leak.bin (its HEAP SUMMARY and
    // live blocks agree there) and is not in freed.bin.
    QVERIFY2(lines.contains(QStringLiteral("@leak.lua:9,base,-131576,131576,0,%1")
                                .arg(-diff.held[std::size_t(rowNamed(test::diffTable(w, Table::Held)->sourceModel(),
                                                                     QStringLiteral("@leak.lua:9")))]
                                          .baseValues.blockCount)),
             qPrintable(lines.join(u'|')));

    // The filter narrows every table.
    test::filterField(w)->setDelay(0);
    test::filterField(w)->lineEdit()->setText(QStringLiteral("internal"));
    QTRY_COMPARE(test::diffTable(w, Table::Frees)->model()->rowCount(), 1);
    QCOMPARE(test::diffTable(w, Table::Allocations)->model()->rowCount(), 1);
    QCOMPARE(test::diffTable(w, Table::Held)->model()->rowCount(), 1);
    delete w.data();
}

void TestDiffWindow::rowShowsItsSourceInNew()
{
    QPointer<DiffWindow> w = new DiffWindow;
    w->resize(1400, 900);
    w->show();
    QVERIFY(compare(w, test::fixture(QStringLiteral("v3/leak.bin")), test::fixture(QStringLiteral("v3/freed.bin"))));
    views::CostTableView* allocations = test::diffTable(w, Table::Allocations);
    const int row = rowNamed(allocations->model(), QStringLiteral("@freed.lua:8"));
    QVERIFY(row >= 0);
    QCOMPARE(allocations->model()->index(row, M::OnlyInColumn).data().toString(), QStringLiteral("NEW"));
    QTest::mouseClick(allocations->viewport(), Qt::LeftButton, {},
                      allocations->visualRect(allocations->model()->index(row, 0)).center());
    const services::SourceView& view = test::sourcePane(w)->currentView();
    QCOMPARE(int(view.kind), int(services::SourceView::Kind::File));
    QCOMPARE(QFileInfo(view.filePath).fileName(), QStringLiteral("freed.lua"));
    QCOMPARE(view.line, 8);
    QCOMPARE(test::sourcePane(w)->codeView()->markedLine(), 8);
    // The held table has no such name: nothing selected there.
    QVERIFY(!test::diffTable(w, Table::Held)->currentIndex().isValid());

    // A name only in BASE has no source in NEW, and the status bar says so.
    const int gone = rowNamed(allocations->model(), QStringLiteral("@leak.lua:9"));
    QTest::mouseClick(allocations->viewport(), Qt::LeftButton, {},
                      allocations->visualRect(allocations->model()->index(gone, 0)).center());
    QVERIFY2(w->statusBar()->currentMessage().contains(QStringLiteral("only in BASE")),
             qPrintable(w->statusBar()->currentMessage()));
    QCOMPARE(test::sourcePane(w)->currentView().line, 8); // unchanged
    delete w.data();
}

void TestDiffWindow::dumpAgainstItselfFromTheMainWindow()
{
    QPointer<MainWindow> main = new MainWindow;
    main->show();
    QSignalSpy loaded(main.data(), &MainWindow::loadFinished);
    main->loadDump(test::fixture(QStringLiteral("v3/medium.bin")));
    QVERIFY(testsuite::received(loaded, 30000));
    QPointer<DiffWindow> w =
        qobject_cast<DiffWindow*>(main->compareWith(test::fixture(QStringLiteral("v3/medium.bin"))));
    QVERIFY(w);
    QSignalSpy finished(w.data(), &DiffWindow::loadFinished);
    QVERIFY(testsuite::received(finished, 30000));
    QCOMPARE(finished.at(0).at(0).toBool(), true);
    // BASE is the main window's profile itself, not loaded again.
    for (Table table : kTables) {
        const QAbstractItemModel* model = test::diffTable(w, table)->model();
        QVERIFY(table == Table::Reallocations || model->rowCount() > 0);
        for (int r = 0; r < model->rowCount(); ++r) {
            QCOMPARE(model->index(r, M::OnlyInColumn).data(itemmodels::SortRole).toString(), QStringLiteral("both"));
            for (int c = 0; c < model->columnCount(); ++c)
                if (model->headerData(c, Qt::Horizontal, itemmodels::CsvHeaderRole)
                        .toString()
                        .startsWith(QLatin1String("delta_")))
                    QCOMPARE(model->index(r, c).data(itemmodels::SortRole).toLongLong(), 0);
        }
    }
    // The tree too: every node in both, no change.
    const QAbstractItemModel* tree = test::functionTree(w)->model();
    QVERIFY(tree->rowCount() > 0);
    std::function<void(const QModelIndex&)> checkZero = [&](const QModelIndex& parent) {
        for (int r = 0; r < tree->rowCount(parent); ++r) {
            const QModelIndex node = tree->index(r, 0, parent);
            QCOMPARE(node.siblingAtColumn(T::OnlyInColumn).data(itemmodels::SortRole).toString(),
                     QStringLiteral("both"));
            for (int c = T::EventsChangeColumn; c <= T::PeakChangeColumn; ++c)
                QCOMPARE(node.siblingAtColumn(c).data(itemmodels::SortRole).toLongLong(), 0);
            checkZero(node);
        }
    };
    checkZero({});
    QVERIFY(test::diffSummaryHeader(w)->text().contains(QStringLiteral("NEW − BASE")));
    // Alike file names are told apart by their folders.
    QVERIFY(w->windowTitle().contains(QStringLiteral("v3/medium.bin against v3/medium.bin")));
    delete w.data();
    delete main.data();
}

void TestDiffWindow::brokenDumpSaysSoAndLeavesNoWindow()
{
    const QString broken = test::fixture(QStringLiteral("corrupt/flipped-header-invalid.bin"));
    const Profile expected = test::loadFixture(QStringLiteral("corrupt/flipped-header-invalid.bin"));
    QPointer<DiffWindow> w = new DiffWindow;
    w->show();
    QVERIFY(!compare(w, test::fixture(QStringLiteral("v3/leak.bin")), broken));
    QTRY_VERIFY(errorBox());
    QVERIFY(errorBox()->text().contains(QStringLiteral("flipped-header-invalid.bin")));
    QVERIFY2(errorBox()->informativeText().contains(QStringLiteral("byte %1").arg(expected.status.error.offset)),
             qPrintable(errorBox()->informativeText()));
    QTRY_VERIFY(w.isNull()); // closed and deleted

    // A file that is not there is refused before any loading.
    QPointer<DiffWindow> missing = new DiffWindow;
    missing->show();
    QSignalSpy finished(missing.data(), &DiffWindow::loadFinished);
    missing->compare(test::fixture(QStringLiteral("v3/leak.bin")), test::fixture(QStringLiteral("v3/absent.bin")));
    QCOMPARE(finished.count(), 1);
    QVERIFY(errorBox());
    QTRY_VERIFY(missing.isNull());
    while (QMessageBox* box = errorBox())
        delete box;

    // A CPU profile on either side ends the comparison with why, at once.
    const QString sysprof = QStringLiteral(MEMPROF_TEST_DATA "/sysprof/recursion-C-jitoff.bin");
    for (const bool sysprofIsNew : {true, false}) {
        QPointer<DiffWindow> mixed = new DiffWindow;
        mixed->show();
        const QString memprof = test::fixture(QStringLiteral("v3/leak.bin"));
        QVERIFY(!compare(mixed, sysprofIsNew ? memprof : sysprof, sysprofIsNew ? sysprof : memprof));
        QTRY_VERIFY(errorBox());
        QVERIFY(errorBox()->text().contains(QStringLiteral("recursion-C-jitoff.bin")));
        QVERIFY2(errorBox()->informativeText().contains(QStringLiteral("CPU profile (sysprof)")),
                 qPrintable(errorBox()->informativeText()));
        QTRY_VERIFY(mixed.isNull());
        while (QMessageBox* box = errorBox())
            delete box;
    }
}

void TestDiffWindow::cancelStopsTheComparison()
{
    QTemporaryDir dir;
    const QString big = dir.filePath(QStringLiteral("big.bin"));
    QVERIFY(test::writeRepeatedDump(test::fixture(QStringLiteral("v3/medium.bin")), big, 80)); // ~100 MB
    QPointer<DiffWindow> w = new DiffWindow;
    w->show();
    QSignalSpy finished(w.data(), &DiffWindow::loadFinished);
    w->compare(test::fixture(QStringLiteral("v3/leak.bin")), big);
    QCOMPARE(w->currentPage(), static_cast<QWidget*>(test::loadingPage(w)));
    QVERIFY(w->isLoading());
    // The GUI thread is free while loading: the progress bar moves.
    QTRY_VERIFY_WITH_TIMEOUT(test::loadingPage(w)->progressBar()->value() > 0, 20000);
    QTest::mouseClick(test::loadingPage(w)->cancelButton(), Qt::LeftButton);
    QVERIFY(testsuite::received(finished, 20000));
    QCOMPARE(finished.at(0).at(0).toBool(), false);
    QVERIFY(!errorBox());
    QTRY_VERIFY(w.isNull());
}

void TestDiffWindow::truncatedSideShowsAWarning()
{
    QPointer<DiffWindow> w = new DiffWindow;
    w->show();
    QVERIFY(compare(w, test::fixture(QStringLiteral("v3/medium.bin")),
                    test::fixture(QStringLiteral("corrupt/trunc-mid-event.bin"))));
    QVERIFY(test::messageBar(w)->isVisible());
    QVERIFY2(test::messageBar(w)->text().startsWith(QStringLiteral("NEW: ")), qPrintable(test::messageBar(w)->text()));
    QVERIFY(test::diffSummaryHeader(w)->text().contains(QStringLiteral("truncated at byte")));
    delete w.data();
}

void TestDiffWindow::functionTreeTab()
{
    QPointer<DiffWindow> w = new DiffWindow;
    w->resize(1400, 900);
    w->show();
    QVERIFY(compare(w, test::fixture(QStringLiteral("v3/leak.bin")), test::fixture(QStringLiteral("v3/freed.bin"))));
    views::FunctionTreeView* tree = test::functionTree(w);
    QCOMPARE(test::mainTabs(w)->tabText(test::mainTabs(w)->indexOf(tree)), QStringLiteral("By function"));
    test::mainTabs(w)->setCurrentWidget(tree);
    QCOMPARE(w->activeTable(), static_cast<views::CostTableView*>(tree));
    const QAbstractItemModel* shown = tree->model();
    QVERIFY(shown->rowCount() >= 3); // @leak.lua, @freed.lua, INTERNAL

    // The top level adds up to the change of the totals; sorted by the
    // allocated change, growth first.
    const Profile base = test::loadFixture(QStringLiteral("v3/leak.bin"));
    const Profile current = test::loadFixture(QStringLiteral("v3/freed.bin"));
    qint64 allocated = 0, held = 0;
    for (int r = 0; r < shown->rowCount(); ++r) {
        allocated += shown->index(r, T::AllocatedChangeColumn).data(itemmodels::SortRole).toLongLong();
        held += shown->index(r, T::HeldChangeColumn).data(itemmodels::SortRole).toLongLong();
        if (r > 0)
            QVERIFY(shown->index(r - 1, T::AllocatedChangeColumn).data(itemmodels::SortRole).toLongLong() >=
                    shown->index(r, T::AllocatedChangeColumn).data(itemmodels::SortRole).toLongLong());
    }
    QCOMPARE(allocated, qint64(current.totals.allocatedBytes) - qint64(base.totals.allocatedBytes));
    QCOMPARE(held, qint64(current.totals.liveBytes) - qint64(base.totals.liveBytes));
    // The files are open, so their functions show.
    const QModelIndex freedFile = nodeLabelled(shown, QStringLiteral("@freed.lua"));
    QVERIFY(freedFile.isValid() && !freedFile.parent().isValid());
    QCOMPARE(freedFile.siblingAtColumn(T::OnlyInColumn).data().toString(), QStringLiteral("NEW"));
    QVERIFY(tree->isExpanded(freedFile));
    QCOMPARE(nodeLabelled(shown, QStringLiteral("@leak.lua")).siblingAtColumn(T::OnlyInColumn).data().toString(),
             QStringLiteral("BASE"));

    // A line node shows its source as NEW has it.
    const QModelIndex line = nodeLabelled(shown, QStringLiteral("@freed.lua:8"));
    QVERIFY(line.isValid());
    tree->expand(line.parent());
    clickRow(tree, line);
    QCOMPARE(tree->currentIndex(), line);
    const services::SourceView& view = test::sourcePane(w)->currentView();
    QCOMPARE(int(view.kind), int(services::SourceView::Kind::File));
    QCOMPARE(QFileInfo(view.filePath).fileName(), QStringLiteral("freed.lua"));
    QCOMPARE(view.line, 8);
    QCOMPARE(test::sourcePane(w)->codeView()->markedLine(), 8);
    // ... and selects it in the tables.
    const QModelIndex inAllocations = test::diffTable(w, Table::Allocations)->currentIndex();
    QCOMPARE(inAllocations.siblingAtColumn(0).data(itemmodels::SortRole).toString(), QStringLiteral("@freed.lua:8"));

    // A line only in BASE has no source in NEW, and the status bar says so.
    const QModelIndex gone = nodeLabelled(shown, QStringLiteral("@leak.lua:9"));
    QVERIFY(gone.isValid());
    tree->expand(gone.parent().parent());
    tree->expand(gone.parent());
    clickRow(tree, gone);
    QCOMPARE(tree->currentIndex(), gone);
    QVERIFY2(w->statusBar()->currentMessage().contains(QStringLiteral("only in BASE")),
             qPrintable(w->statusBar()->currentMessage()));
    QCOMPARE(test::sourcePane(w)->currentView().line, 8); // unchanged

    // A row selected in a table selects the line node in the tree.
    views::CostTableView* allocations = test::diffTable(w, Table::Allocations);
    const int row = rowNamed(allocations->model(), QStringLiteral("@freed.lua:8"));
    w->selectLocation(allocations->model()->index(row, 0).data(itemmodels::LocationIdRole).toUInt());
    QCOMPARE(tree->currentIndex().data(itemmodels::SortRole).toString(), QStringLiteral("@freed.lua:8"));

    // Export CSV writes the tree as shown, depth first, raw signed numbers.
    tree->setFocus();
    QCOMPARE(w->activeTable(), static_cast<views::CostTableView*>(tree));
    const QStringList lines = exportedCsvLines(w);
    QVERIFY(!lines.isEmpty());
    QCOMPARE(lines.first(),
             QStringLiteral("depth,location,presence,delta_events,delta_allocated_bytes,delta_held_bytes"));
    QVERIFY2(lines.contains(QStringLiteral("0,@leak.lua,base,%1,%2,%3")
                                .arg(-nodeLabelled(shown, QStringLiteral("@leak.lua"))
                                          .siblingAtColumn(T::BaseEventsColumn)
                                          .data(itemmodels::SortRole)
                                          .toLongLong())
                                .arg(-nodeLabelled(shown, QStringLiteral("@leak.lua"))
                                          .siblingAtColumn(T::BaseAllocatedColumn)
                                          .data(itemmodels::SortRole)
                                          .toLongLong())
                                .arg(-nodeLabelled(shown, QStringLiteral("@leak.lua"))
                                          .siblingAtColumn(T::BaseHeldColumn)
                                          .data(itemmodels::SortRole)
                                          .toLongLong())),
             qPrintable(lines.join(u'|')));

    // The filter narrows the tree to the matches and their ancestors.
    test::filterField(w)->setDelay(0);
    test::filterField(w)->lineEdit()->setText(QStringLiteral("freed.lua:8"));
    QTRY_COMPARE(shown->rowCount(), 1);
    const QModelIndex file = shown->index(0, 0);
    QCOMPARE(file.data(itemmodels::SortRole).toString(), QStringLiteral("@freed.lua"));
    QTRY_VERIFY(tree->isExpanded(file));
    QVERIFY(nodeLabelled(shown, QStringLiteral("@freed.lua:8")).isValid());
    QVERIFY(!nodeLabelled(shown, QStringLiteral("INTERNAL")).isValid());
    delete w.data();
}

MEMPROF_TEST_MAIN(TestDiffWindow)
#include "test_diff_window.moc"
