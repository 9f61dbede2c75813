// SPDX-License-Identifier: GPL-3.0-or-later
// The comparison window, driven as a user would: two dumps load off the GUI
// thread and show NEW - BASE sorted by the change, with both summaries and
// their changes in the header; a row shows its source as NEW has it; a dump
// compared with itself (File > Compare With from the main window) is all
// zeros; a broken dump says so and leaves no window; Cancel stops it.
#include "GuiTestData.h"

#include "DiffWindow.h"
#include "MainWindow.h"
#include "model/qt/CostFormat.h"
#include "model/qt/ModelRoles.h"
#include "views/CodeView.h"
#include "views/CostTableView.h"
#include "views/DiffSummaryHeader.h"
#include "views/FilterField.h"
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

using namespace memprof;
using memprof::app::DiffWindow;
using memprof::app::MainWindow;
using Table = DiffWindow::Table;
using M = memprof::qt::DiffTableModel;

namespace {
constexpr Table kTables[] = {Table::Allocations, Table::Reallocations, Table::Frees, Table::Held};

QMessageBox* errorBox()
{
    for (QWidget* w : QApplication::topLevelWidgets())
        if (auto* box = qobject_cast<QMessageBox*>(w); box && box->objectName() == QLatin1String("loadErrorBox"))
            return box;
    return nullptr;
}

bool compare(DiffWindow* window, const QString& base, const QString& current)
{
    QSignalSpy finished(window, &DiffWindow::loadFinished);
    window->compare(base, current);
    return finished.wait(30000) && finished.at(0).at(0).toBool();
}

int rowNamed(const QAbstractItemModel* model, const QString& name)
{
    for (int r = 0; r < model->rowCount(); ++r)
        if (model->index(r, 0).data(qt::SortRole).toString() == name)
            return r;
    return -1;
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
    QCOMPARE(w->currentPage(), w->comparisonPage());
    const ProfileDiff& diff = *w->diff();
    QCOMPARE(w->table(Table::Allocations)->model()->rowCount(), int(diff.allocations.size()));
    QCOMPARE(w->table(Table::Reallocations)->model()->rowCount(), int(diff.reallocations.size()));
    QCOMPARE(w->table(Table::Frees)->model()->rowCount(), int(diff.frees.size()));
    QCOMPARE(w->table(Table::Held)->model()->rowCount(), int(diff.held.size()));
    QCOMPARE(w->mainTabs()->count(), 3);

    // Sorted by the change, growth first: frees by freed bytes.
    const QAbstractItemModel* frees = w->table(Table::Frees)->model();
    for (int r = 1; r < frees->rowCount(); ++r)
        QVERIFY(frees->index(r - 1, M::FreedChangeColumn).data(qt::SortRole).toLongLong() >=
                frees->index(r, M::FreedChangeColumn).data(qt::SortRole).toLongLong());
    // By hand from the reports: INTERNAL freed 157486 B in leak.bin and
    // 309683 B in freed.bin.
    const int internal = rowNamed(frees, QStringLiteral("INTERNAL"));
    QCOMPARE(frees->index(internal, M::FreedChangeColumn).data(qt::SortRole).toLongLong(), 152197);
    // Columns zero by definition start hidden.
    QVERIFY(w->table(Table::Frees)->header()->isSectionHidden(M::AllocatedChangeColumn));
    QVERIFY(w->table(Table::Allocations)->header()->isSectionHidden(M::FreedChangeColumn));
    QVERIFY(!w->table(Table::Allocations)->header()->isSectionHidden(M::OnlyInColumn));

    // The header: both summaries and their changes.
    const QString header = w->summaryHeader()->text();
    const Profile base = test::loadFixture(QStringLiteral("v3/leak.bin"));
    const Profile current = test::loadFixture(QStringLiteral("v3/freed.bin"));
    QVERIFY(header.contains(QStringLiteral("leak.bin")) && header.contains(QStringLiteral("freed.bin")));
    const qint64 heldChange = qint64(current.totals.liveBytes) - qint64(base.totals.liveBytes);
    QVERIFY(heldChange < 0);
    QVERIFY2(header.contains(qt::formatCostChange(heldChange, qt::CostKind::Bytes, true)), qPrintable(header));
    QVERIFY(header.contains(qt::formatCostChange(qint64(current.totals.eventCount) - qint64(base.totals.eventCount),
                                                 qt::CostKind::Count, true)));
    QVERIFY(w->windowTitle().contains(QStringLiteral("freed.bin against leak.bin")));

    // Export writes the table used last as shown, raw numbers.
    w->table(Table::Held)->setFocus();
    QCOMPARE(w->activeTable(), w->table(Table::Held));
    QTemporaryDir dir;
    const QString csvPath = dir.filePath(QStringLiteral("held.csv"));
    QVERIFY(w->exportCsv(csvPath));
    QFile csv(csvPath);
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(csv.readAll()).split(QStringLiteral("\r\n"), Qt::SkipEmptyParts);
    QCOMPARE(lines.first(), QStringLiteral("location,presence,delta_held_bytes,base_held_bytes,new_held_bytes,delta_live_blocks"));
    QCOMPARE(lines.size(), 1 + int(diff.held.size()));
    // leak.lua:9 held 131576 B at the end in leak.bin (its HEAP SUMMARY and
    // live blocks agree there) and is not in freed.bin.
    QVERIFY2(lines.contains(QStringLiteral("@leak.lua:9,base,-131576,131576,0,%1")
                                .arg(-diff.held[std::size_t(rowNamed(w->table(Table::Held)->sourceModel(), QStringLiteral("@leak.lua:9")))].base.blockCount)),
             qPrintable(lines.join(u'|')));

    // The filter narrows every table.
    w->filterField()->setDelay(0);
    w->filterField()->lineEdit()->setText(QStringLiteral("internal"));
    QTRY_COMPARE(w->table(Table::Frees)->model()->rowCount(), 1);
    QCOMPARE(w->table(Table::Allocations)->model()->rowCount(), 1);
    QCOMPARE(w->table(Table::Held)->model()->rowCount(), 1);
    delete w.data();
}

void TestDiffWindow::rowShowsItsSourceInNew()
{
    QPointer<DiffWindow> w = new DiffWindow;
    w->resize(1400, 900);
    w->show();
    QVERIFY(compare(w, test::fixture(QStringLiteral("v3/leak.bin")), test::fixture(QStringLiteral("v3/freed.bin"))));
    views::CostTableView* allocations = w->table(Table::Allocations);
    const int row = rowNamed(allocations->model(), QStringLiteral("@freed.lua:8"));
    QVERIFY(row >= 0);
    QCOMPARE(allocations->model()->index(row, M::OnlyInColumn).data().toString(), QStringLiteral("NEW"));
    QTest::mouseClick(allocations->viewport(), Qt::LeftButton, {},
                      allocations->visualRect(allocations->model()->index(row, 0)).center());
    const qt::SourceView& view = w->sourcePane()->currentView();
    QCOMPARE(int(view.kind), int(qt::SourceView::Kind::File));
    QCOMPARE(QFileInfo(view.filePath).fileName(), QStringLiteral("freed.lua"));
    QCOMPARE(view.line, 8);
    QCOMPARE(w->sourcePane()->codeView()->markedLine(), 8);
    // The held table has no such name: nothing selected there.
    QVERIFY(!w->table(Table::Held)->currentIndex().isValid());

    // A name only in BASE has no source in NEW, and the status bar says so.
    const int gone = rowNamed(allocations->model(), QStringLiteral("@leak.lua:9"));
    QTest::mouseClick(allocations->viewport(), Qt::LeftButton, {},
                      allocations->visualRect(allocations->model()->index(gone, 0)).center());
    QVERIFY2(w->statusBar()->currentMessage().contains(QStringLiteral("only in BASE")),
             qPrintable(w->statusBar()->currentMessage()));
    QCOMPARE(w->sourcePane()->currentView().line, 8); // unchanged
    delete w.data();
}

void TestDiffWindow::dumpAgainstItselfFromTheMainWindow()
{
    QPointer<MainWindow> main = new MainWindow;
    main->show();
    QSignalSpy loaded(main.data(), &MainWindow::loadFinished);
    main->loadDump(test::fixture(QStringLiteral("v3/medium.bin")));
    QVERIFY(loaded.wait(30000));
    QPointer<DiffWindow> w = main->compareWith(test::fixture(QStringLiteral("v3/medium.bin")));
    QVERIFY(w);
    QSignalSpy finished(w.data(), &DiffWindow::loadFinished);
    QVERIFY(finished.wait(30000));
    QCOMPARE(finished.at(0).at(0).toBool(), true);
    // BASE is the main window's profile itself, not loaded again.
    for (Table table : kTables) {
        const QAbstractItemModel* model = w->table(table)->model();
        QVERIFY(table == Table::Reallocations || model->rowCount() > 0);
        for (int r = 0; r < model->rowCount(); ++r) {
            QCOMPARE(model->index(r, M::OnlyInColumn).data(qt::SortRole).toString(), QStringLiteral("both"));
            for (int c = 0; c < model->columnCount(); ++c)
                if (model->headerData(c, Qt::Horizontal, qt::CsvHeaderRole).toString().startsWith(QLatin1String("delta_")))
                    QCOMPARE(model->index(r, c).data(qt::SortRole).toLongLong(), 0);
        }
    }
    QVERIFY(w->summaryHeader()->text().contains(QStringLiteral("NEW − BASE")));
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
    QCOMPARE(w->currentPage(), static_cast<QWidget*>(w->loadingPage()));
    QVERIFY(w->isLoading());
    // The GUI thread is free while loading: the progress bar moves.
    QTRY_VERIFY_WITH_TIMEOUT(w->loadingPage()->progressBar()->value() > 0, 20000);
    QTest::mouseClick(w->loadingPage()->cancelButton(), Qt::LeftButton);
    QVERIFY(finished.wait(20000));
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
    QVERIFY(w->messageBar()->isVisible());
    QVERIFY2(w->messageBar()->text().startsWith(QStringLiteral("NEW: ")), qPrintable(w->messageBar()->text()));
    QVERIFY(w->summaryHeader()->text().contains(QStringLiteral("truncated at byte")));
    delete w.data();
}

QTEST_MAIN(TestDiffWindow)
#include "test_diff_window.moc"
