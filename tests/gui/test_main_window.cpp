// SPDX-License-Identifier: GPL-3.0-or-later
// The main window on fixture dumps, driven as a user would: it loads, the
// leak pane ranks the largest holder first, selecting it shows its source
// line, header clicks sort, the filter narrows, export and copy write what
// is shown, a large load cancels, broken and truncated dumps say so.
#include "tests/support/GuiTestData.h"
#include "tests/support/SignalWait.h"
#include "tests/support/WindowTestHelpers.h"
#include "tests/support/WindowWidgets.h"

#include "app/MainWindow.h"
#include "model/itemmodels/LocationTableModel.h"
#include "model/itemmodels/ModelRoles.h"
#include "model/report/CsvExport.h"
#include "tests/support/TestSuite.h"
#include "views/CodeView.h"
#include "views/CostTableView.h"
#include "views/FilterField.h"
#include "views/LoadingPage.h"
#include "views/MessageBar.h"
#include "views/SourcePane.h"
#include "views/SummaryHeader.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QHeaderView>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QMimeData>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <map>
#include <optional>
#include <set>

using namespace memprof;
using memprof::app::MainWindow;
using memprof::test::closeErrorBoxes;
using memprof::test::errorBox;
using memprof::test::load;
using memprof::test::Window;

namespace {
void clickHeader(views::CostTableView* table, int section)
{
    QHeaderView* header = table->header();
    const QPoint at(header->sectionViewportPosition(section) + header->sectionSize(section) / 2, header->height() / 2);
    QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, at);
}
} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void startPageWithoutDump();
    void loadsAndRanksTheLargestHolderFirst();
    void selectingAHolderShowsItsSourceLine();
    void overridesSelectTheirLocation();
    void headerClickSorts();
    void filterNarrowsEveryTable();
    void exportWritesTheTableAsShown();
    void copyPutsSelectedRowsOnTheClipboard();
    void truncatedDumpShowsWarningBar();
    void truncationBannerAndHeaderNameOneOffset();
    void damagedDumpShowsItsCause();
    void brokenDumpShowsErrorAndNoHalfLoadedWindow();
    void unreadableInputsGetClearMessages();
    void cancelStopsALargeLoad();
    void otherPanesStayInFrontWhenSelecting();
    void secondDumpOpensAnotherWindow();
    void failedReloadKeepsTheProfile();
    void reloadKeepsTheSortOrder();
    void hiddenColumnsStayHidden();
    void droppedFileOpens();
    void screenshotOption();
};

void TestMainWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("memprof-viewer-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("test_main_window"));
}

void TestMainWindow::init()
{
    QSettings().clear();
}

void TestMainWindow::cleanup()
{
    closeErrorBoxes();
}

void TestMainWindow::startPageWithoutDump()
{
    Window w;
    QCOMPARE(w->currentPage(), test::startPage(w.window));
    QVERIFY(!w->hasProfile());
}

void TestMainWindow::loadsAndRanksTheLargestHolderFirst()
{
    Window w;
    QVERIFY(load(w.window, test::fixture(QStringLiteral("v3/medium.bin"))));
    QCOMPARE(w->currentPage(), test::profilePage(w.window));
    const Profile& profile = *w->profile();

    std::map<std::string, std::uint64_t> heldByName;
    for (const HeldRow& live : profile.heldAtEnd)
        heldByName[profile.nameOf(live.location)] += live.heldBytes;
    auto largest = std::max_element(heldByName.begin(), heldByName.end(),
                                    [](const auto& a, const auto& b) { return a.second < b.second; });
    QAbstractItemModel* leak = test::heldTable(w.window)->model();
    QCOMPARE(leak->index(0, 0).data().toString().toStdString(), largest->first);
    QCOMPARE(leak->index(0, 1).data(itemmodels::SortRole).toULongLong(), largest->second);
    QCOMPARE(leak->rowCount(), int(heldByName.size()));
    QVERIFY(!test::messageBar(w.window)->isVisible());
    QVERIFY(w->windowTitle().contains(QStringLiteral("medium.bin")));
}

void TestMainWindow::selectingAHolderShowsItsSourceLine()
{
    Window w;
    QVERIFY(load(w.window, test::fixture(QStringLiteral("v3/medium.bin"))));
    const Profile& profile = *w->profile();
    // The largest holder with a Lua line (INTERNAL has none).
    QAbstractItemModel* leak = test::heldTable(w.window)->model();
    int row = 0;
    while (row < leak->rowCount() && leak->index(row, 0).data().toString() == QStringLiteral("INTERNAL"))
        ++row;
    QVERIFY(row < leak->rowCount());
    test::heldTable(w.window)->setFocus();
    QTest::mouseClick(test::heldTable(w.window)->viewport(), Qt::LeftButton, {},
                      test::heldTable(w.window)->visualRect(leak->index(row, 0)).center());
    const LocationId id = leak->index(row, 0).data(itemmodels::LocationIdRole).toUInt();
    const int expectedLine = int(profile.locations[id].sourceLine);
    QVERIFY(expectedLine > 0);

    const services::SourceView& view = test::sourcePane(w.window)->currentView();
    QCOMPARE(int(view.kind), int(services::SourceView::Kind::File));
    QCOMPARE(QFileInfo(view.filePath).fileName(), QStringLiteral("medium.lua"));
    QCOMPARE(view.line, expectedLine);
    views::CodeView* code = test::sourcePane(w.window)->codeView();
    QVERIFY(code->isVisible());
    QCOMPARE(code->markedLine(), expectedLine);
    QCOMPARE(code->textCursor().blockNumber() + 1, expectedLine);
    QVERIFY2(
        std::abs(code->centredLine() - expectedLine) <= 2 || code->verticalScrollBar()->value() == 0,
        qPrintable(
            QStringLiteral("centred %1, scroll %2").arg(code->centredLine()).arg(code->verticalScrollBar()->value())));

    // INTERNAL explains itself instead of showing a file.
    QTest::mouseClick(test::heldTable(w.window)->viewport(), Qt::LeftButton, {},
                      test::heldTable(w.window)->visualRect(leak->index(0, 0)).center());
    if (leak->index(0, 0).data().toString() == QStringLiteral("INTERNAL")) {
        QCOMPARE(int(test::sourcePane(w.window)->currentView().kind), int(services::SourceView::Kind::Explanation));
        QVERIFY(test::sourcePane(w.window)->message().contains(QStringLiteral("INTERNAL")));
    }
}

void TestMainWindow::overridesSelectTheirLocation()
{
    Window w;
    QVERIFY(load(w.window, test::fixture(QStringLiteral("v3/table-growth.bin"))));
    const Profile& profile = *w->profile();
    const LocationRow* withOverrides = nullptr;
    for (const LocationRow& row : profile.reallocations)
        if (!row.overrides.empty())
            withOverrides = &row;
    QVERIFY(withOverrides);
    views::CostTableView* reallocs = test::eventTable(w.window, EventKind::Realloc);
    test::mainTabs(w.window)->setCurrentWidget(reallocs);
    QVERIFY(reallocs->selectLocation(withOverrides->location));
    QCOMPARE(reallocs->currentLocation().value_or(~0u), withOverrides->location);
    QAbstractItemModel* overrides = test::overridesTable(w.window)->model();
    QCOMPARE(overrides->rowCount(), int(withOverrides->overrides.size()));
    // The caption counts blocks as blocks and locations as locations.
    std::uint64_t blockCount = 0;
    for (const OverrideStats& entry : withOverrides->overrides)
        blockCount += entry.blockCount;
    QVERIFY(blockCount > withOverrides->overrides.size());
    const auto* caption = w.window->findChild<QLabel*>(QStringLiteral("overridesCaption"));
    QVERIFY(caption);
    const QString locations = withOverrides->overrides.size() == 1
                                  ? QStringLiteral("1 location")
                                  : QLocale().toString(qulonglong(withOverrides->overrides.size())) + " locations";
    QVERIFY2(
        caption->text().contains("the " + QLocale().toString(qulonglong(blockCount)) + " blocks it freed or moved"),
        qPrintable(caption->text()));
    QVERIFY2(caption->text().contains("allocated at " + locations), qPrintable(caption->text()));

    // Clicking an Overrides entry selects that location everywhere.
    const QModelIndex first = overrides->index(0, 0);
    const LocationId target = first.data(itemmodels::LocationIdRole).toUInt();
    QSignalSpy selected(w.window, &MainWindow::locationSelected);
    QTest::mouseClick(test::overridesTable(w.window)->viewport(), Qt::LeftButton, {},
                      test::overridesTable(w.window)->visualRect(first).center());
    QCOMPARE(selected.count(), 1);
    QCOMPARE(selected.at(0).at(0).value<LocationId>(), target);
    auto* current = qobject_cast<views::CostTableView*>(test::mainTabs(w.window)->currentWidget());
    QVERIFY(current);
    QCOMPARE(current->currentLocation().value_or(~0u), target);
}

void TestMainWindow::headerClickSorts()
{
    Window w;
    QVERIFY(load(w.window, test::fixture(QStringLiteral("v3/medium.bin"))));
    views::CostTableView* table = test::eventTable(w.window, EventKind::Alloc);
    const int events = itemmodels::LocationTableModel::EventsColumn;
    clickHeader(table, events);
    QCOMPARE(table->header()->sortIndicatorSection(), events);
    QCOMPARE(table->header()->sortIndicatorOrder(), Qt::DescendingOrder); // costs: largest first
    std::uint64_t maxEvents = 0;
    for (const LocationRow& row : w->profile()->allocations)
        maxEvents = std::max(maxEvents, row.eventCount);
    QCOMPARE(table->model()->index(0, events).data(itemmodels::SortRole).toULongLong(), maxEvents);
    for (int r = 1; r < table->model()->rowCount(); ++r)
        QVERIFY(table->model()->index(r - 1, events).data(itemmodels::SortRole).toULongLong() >=
                table->model()->index(r, events).data(itemmodels::SortRole).toULongLong());

    clickHeader(table, events);
    QCOMPARE(table->header()->sortIndicatorOrder(), Qt::AscendingOrder);
    QVERIFY(table->model()->index(0, events).data(itemmodels::SortRole).toULongLong() <=
            table->model()->index(1, events).data(itemmodels::SortRole).toULongLong());

    clickHeader(table, 0); // names: A to Z first
    QCOMPARE(table->header()->sortIndicatorOrder(), Qt::AscendingOrder);
    QVERIFY(table->model()->index(0, 0).data().toString().compare(table->model()->index(1, 0).data().toString(),
                                                                  Qt::CaseInsensitive) <= 0);
}

void TestMainWindow::filterNarrowsEveryTable()
{
    Window w;
    QVERIFY(load(w.window, test::fixture(QStringLiteral("v3/medium.bin"))));
    views::CostTableView* allocations = test::eventTable(w.window, EventKind::Alloc);
    const int before = allocations->model()->rowCount();
    const int leakBefore = test::heldTable(w.window)->model()->rowCount();
    test::filterField(w.window)->setDelay(0);
    test::filterField(w.window)->lineEdit()->setText(QStringLiteral("medium.lua:2"));
    QTRY_VERIFY(allocations->model()->rowCount() < before);
    QVERIFY(allocations->model()->rowCount() > 0);
    for (int r = 0; r < allocations->model()->rowCount(); ++r)
        QVERIFY(allocations->model()->index(r, 0).data().toString().contains(QStringLiteral("medium.lua:2")));
    QVERIFY(test::heldTable(w.window)->model()->rowCount() < leakBefore);

    test::filterField(w.window)->regexBox()->setChecked(true);
    test::filterField(w.window)->lineEdit()->setText(QStringLiteral("^trace \\[(8|9)\\] "));
    QTRY_COMPARE(allocations->model()->rowCount(), 2);

    test::filterField(w.window)->lineEdit()->clear();
    QTRY_COMPARE(allocations->model()->rowCount(), before);
}

void TestMainWindow::exportWritesTheTableAsShown()
{
    Window w;
    QVERIFY(load(w.window, test::fixture(QStringLiteral("v3/medium.bin"))));
    views::CostTableView* table = test::eventTable(w.window, EventKind::Alloc);
    w->setActiveTable(table);
    test::filterField(w.window)->setDelay(0);
    test::filterField(w.window)->lineEdit()->setText(QStringLiteral("TRACE"));
    QTRY_VERIFY(table->model()->rowCount() < int(w->profile()->allocations.size()));
    table->sortByCostColumn(itemmodels::LocationTableModel::EventsColumn);
    table->header()->setSectionHidden(itemmodels::LocationTableModel::OverridesColumn, true);

    // Expected: the TRACE rows by events, largest first, raw numbers.
    const Profile& profile = *w->profile();
    std::vector<const LocationRow*> rows;
    for (const LocationRow& row : profile.allocations)
        if (profile.nameOf(row.location).find("TRACE") != std::string::npos)
            rows.push_back(&row);
    std::stable_sort(rows.begin(), rows.end(),
                     [](const LocationRow* a, const LocationRow* b) { return a->eventCount > b->eventCount; });
    // The held-over-the-run column exports its growth: held at the run's
    // last history point minus at its first.
    const HeldHistory& history = profile.heldHistory;
    const auto growth = [&history](LocationId id) {
        return std::int64_t(history.heldAt(id, history.pointCount() - 1)) - std::int64_t(history.heldAt(id, 0));
    };
    std::string expected =
        csvRecord({"location", "events", "allocated_bytes", "freed_bytes", "net_bytes", "held_growth_bytes"});
    for (const LocationRow* row : rows)
        expected += csvRecord({profile.nameOf(row->location), std::to_string(row->eventCount),
                               std::to_string(row->allocatedBytes), std::to_string(row->freedBytes),
                               std::to_string(std::int64_t(row->allocatedBytes) - std::int64_t(row->freedBytes)),
                               std::to_string(growth(row->location))});

    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("allocations.csv"));
    QString error;
    QVERIFY2(w->exportCsv(out, &error), qPrintable(error));
    QFile file(out);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll().toStdString(), expected);

    // A folder that does not exist: an error, not a crash.
    QVERIFY(!w->exportCsv(dir.filePath(QStringLiteral("missing/x.csv")), &error));
    QVERIFY(!error.isEmpty());
}

void TestMainWindow::copyPutsSelectedRowsOnTheClipboard()
{
    Window w;
    QVERIFY(load(w.window, test::fixture(QStringLiteral("v3/medium.bin"))));
    views::CostTableView* table = test::heldTable(w.window);
    table->setFocus();
    table->selectionModel()->select(table->model()->index(0, 0),
                                    QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    table->selectionModel()->select(table->model()->index(1, 0),
                                    QItemSelectionModel::Select | QItemSelectionModel::Rows);
    QApplication::clipboard()->clear();
    QTest::keySequence(table, QKeySequence::Copy);
    const QStringList lines = QApplication::clipboard()->text().split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 3);
    QVERIFY(lines[0].startsWith(QStringLiteral("Location\tHeld")));
    QCOMPARE(lines[1].section(u'\t', 0, 0), table->model()->index(0, 0).data().toString());
    QCOMPARE(lines[2].section(u'\t', 1, 1), table->model()->index(1, 1).data().toString());
}

void TestMainWindow::truncatedDumpShowsWarningBar()
{
    Window w;
    QVERIFY(load(w.window, test::fixture(QStringLiteral("corrupt/trunc-mid-event.bin"))));
    QVERIFY(test::messageBar(w.window)->isVisible());
    const Profile& profile = *w->profile();
    QCOMPARE(int(profile.status.end), int(DecodeEnd::Truncated));
    const QString text = test::messageBar(w.window)->text();
    // The cause, not only "truncated": the incomplete event and how far
    // into it the file ends (trunc-mid-event: 6 bytes into an alloc at 128,481).
    QVERIFY2(text.contains(QStringLiteral("cut short at byte %1: the Lua alloc (0x09) event there is incomplete "
                                          "(the file ends 6 bytes into it")
                               .arg(QLocale().toString(qulonglong(128481)))),
             qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("Showing the %1 events read").arg(QLocale().toString(qulonglong(364)))));
    QCOMPARE(profile.totals.eventCount, std::uint64_t(364));
    QVERIFY(test::eventTable(w.window, EventKind::Alloc)->model()->rowCount() > 0);
}

// The banner and the summary header name one offset (where the kept data
// ends), with the locale's digit grouping.
void TestMainWindow::truncationBannerAndHeaderNameOneOffset()
{
    const QLocale previous;
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    Window w;
    const bool loaded = load(w.window, test::fixture(QStringLiteral("corrupt/trunc-mid-event.bin")));
    QLocale::setDefault(previous);
    QVERIFY(loaded);
    const QRegularExpression offset(QStringLiteral("at byte ([0-9][0-9,]*)"));
    const auto* header = w.window->findChild<views::SummaryHeader*>(QStringLiteral("summaryHeader"));
    QVERIFY(header);
    const QRegularExpressionMatch inBanner = offset.match(test::messageBar(w.window)->text());
    const QRegularExpressionMatch inHeader = offset.match(header->text());
    QVERIFY2(inBanner.hasMatch(), qPrintable(test::messageBar(w.window)->text()));
    QVERIFY2(inHeader.hasMatch(), qPrintable(header->text()));
    QCOMPARE(inBanner.captured(1), QStringLiteral("128,481"));
    QCOMPARE(inHeader.captured(1), inBanner.captured(1));
    // The banner names no other offset.
    QCOMPARE(test::messageBar(w.window)->text().count(QStringLiteral("at byte")), 1);
}

// Damage in the middle (a string length of 2^62 with 81,008 bytes after it)
// is a broken dump, with its cause and offset, not a dump cut short.
void TestMainWindow::damagedDumpShowsItsCause()
{
    Window w;
    QVERIFY(!load(w.window, test::fixture(QStringLiteral("hostile/huge-string-midstream.bin"))));
    QVERIFY(!w->hasProfile());
    QTRY_VERIFY(errorBox());
    const QString text = errorBox()->informativeText();
    QVERIFY2(text.contains(QStringLiteral("damaged in the middle")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("byte 7038")), qPrintable(text));
    QVERIFY2(!text.contains(QStringLiteral("probably died")), qPrintable(text));
    closeErrorBoxes();
}

void TestMainWindow::brokenDumpShowsErrorAndNoHalfLoadedWindow()
{
    const QString broken = test::fixture(QStringLiteral("corrupt/flipped-header-invalid.bin"));
    const Profile expected = test::loadFixture(QStringLiteral("corrupt/flipped-header-invalid.bin"));
    QCOMPARE(int(expected.status.end), int(DecodeEnd::Failed));
    {
        Window w;
        QVERIFY(!load(w.window, broken));
        QCOMPARE(w->currentPage(), test::startPage(w.window));
        QVERIFY(!w->hasProfile());
        QTRY_VERIFY(errorBox());
        QMessageBox* box = errorBox();
        QVERIFY(box->text().contains(QStringLiteral("flipped-header-invalid.bin")));
        QVERIFY2(box->informativeText().contains(QStringLiteral("byte %1").arg(expected.status.error.offset)),
                 qPrintable(box->informativeText()));
        closeErrorBoxes();
    }
    {
        // A window that shows a profile keeps it; the window opened for the
        // broken dump closes again.
        Window w;
        QVERIFY(load(w.window, test::fixture(QStringLiteral("v3/leak.bin"))));
        const auto windowsBefore = QApplication::topLevelWidgets().size();
        w->openDump(broken);
        QTRY_VERIFY(errorBox());
        QTRY_COMPARE(QApplication::topLevelWidgets().size(), windowsBefore + 1); // + the message box
        QVERIFY(w->hasProfile());
        QCOMPARE(w->currentPage(), test::profilePage(w.window));
        QCOMPARE(QFileInfo(w->dumpPath()).fileName(), QStringLiteral("leak.bin"));
        int mainWindows = 0;
        for (QWidget* top : QApplication::topLevelWidgets())
            mainWindows += qobject_cast<MainWindow*>(top) && top->isVisible() ? 1 : 0;
        QCOMPARE(mainWindows, 1);
    }
}

void TestMainWindow::unreadableInputsGetClearMessages()
{
    QTemporaryDir dir;
    const QString empty = dir.filePath(QStringLiteral("empty.bin"));
    QFile(empty).open(QIODevice::WriteOnly);
    const QString text = dir.filePath(QStringLiteral("notes.txt"));
    {
        QFile f(text);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("hello, this is not a dump\n");
    }
    const std::vector<std::pair<QString, QString>> cases = {
        {dir.path(), QStringLiteral("folder")},
        {empty, QStringLiteral("empty (0 bytes)")},
        {dir.filePath(QStringLiteral("absent.bin")), QStringLiteral("does not exist")},
        {text, QStringLiteral("not a LuaJIT memprof dump")},
    };
    for (const auto& [path, words] : cases) {
        Window w;
        QSignalSpy finished(w.window, &MainWindow::loadFinished);
        w->loadDump(path);
        QTRY_VERIFY(errorBox());
        QVERIFY2(errorBox()->informativeText().contains(words), qPrintable(errorBox()->informativeText()));
        QCOMPARE(w->currentPage(), test::startPage(w.window));
        closeErrorBoxes();
    }
}

void TestMainWindow::cancelStopsALargeLoad()
{
    QTemporaryDir dir;
    const QString big = dir.filePath(QStringLiteral("big.bin"));
    QVERIFY(test::writeRepeatedDump(test::fixture(QStringLiteral("v3/medium.bin")), big, 80)); // ~100 MB
    Window w;
    QSignalSpy finished(w.window, &MainWindow::loadFinished);
    w->loadDump(big);
    QCOMPARE(w->currentPage(), static_cast<QWidget*>(test::loadingPage(w.window)));
    QVERIFY(w->isLoading());
    // The GUI thread is free while loading: the progress bar moves.
    QTRY_VERIFY_WITH_TIMEOUT(test::loadingPage(w.window)->progressBar()->value() > 0, 20000);
    QTest::mouseClick(test::loadingPage(w.window)->cancelButton(), Qt::LeftButton);
    QVERIFY(testsuite::received(finished, 20000));
    QCOMPARE(finished.at(0).at(0).toBool(), false);
    QVERIFY(test::loadingPage(w.window)->progressBar()->value() < 1000);
    QVERIFY(!w->isLoading());
    QVERIFY(!w->hasProfile());
    QCOMPARE(w->currentPage(), test::startPage(w.window));
    QVERIFY(!errorBox());
}

void TestMainWindow::otherPanesStayInFrontWhenSelecting()
{
    Window w;
    QVERIFY(load(w.window, test::fixture(QStringLiteral("v3/table-growth.bin"))));
    const Profile& profile = *w->profile();
    // A location with reallocations but no allocations.
    std::set<LocationId> allocating;
    for (const LocationRow& row : profile.allocations)
        allocating.insert(row.location);
    std::optional<LocationId> reallocOnly;
    for (const LocationRow& row : profile.reallocations)
        if (!allocating.count(row.location))
            reallocOnly = row.location;
    QVERIFY(reallocOnly);

    // From a table without it, the selection moves to a table with it...
    test::mainTabs(w.window)->setCurrentWidget(test::eventTable(w.window, EventKind::Alloc));
    w->selectLocation(*reallocOnly);
    QCOMPARE(test::mainTabs(w.window)->currentWidget(), test::eventTable(w.window, EventKind::Realloc));
    QCOMPARE(test::eventTable(w.window, EventKind::Realloc)->currentLocation().value_or(~0u), *reallocOnly);

    // ...but a pane added beside the tables (the charts) stays in front.
    auto* pane = new QWidget;
    w->addMainTab(pane, QStringLiteral("Other"));
    test::mainTabs(w.window)->setCurrentWidget(pane);
    w->selectLocation(profile.allocations.front().location);
    QCOMPARE(test::mainTabs(w.window)->currentWidget(), pane);
    QCOMPARE(test::eventTable(w.window, EventKind::Alloc)->currentLocation().value_or(~0u),
             profile.allocations.front().location);
}

void TestMainWindow::secondDumpOpensAnotherWindow()
{
    Window w;
    QVERIFY(load(w.window, test::fixture(QStringLiteral("v3/leak.bin"))));
    QPointer<MainWindow> second;
    auto findSecond = [&] {
        for (QWidget* top : QApplication::topLevelWidgets())
            if (auto* other = qobject_cast<MainWindow*>(top); other && other != w.window)
                second = other;
        return !second.isNull();
    };
    w->openDump(test::fixture(QStringLiteral("v3/freed.bin")));
    QTRY_VERIFY(findSecond());
    QTRY_VERIFY(second->hasProfile());
    QCOMPARE(QFileInfo(second->dumpPath()).fileName(), QStringLiteral("freed.bin"));
    QCOMPARE(QFileInfo(w->dumpPath()).fileName(), QStringLiteral("leak.bin"));
    delete second.data();
}

void TestMainWindow::failedReloadKeepsTheProfile()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("medium.bin"));
    QVERIFY(QFile::copy(test::fixture(QStringLiteral("v3/medium.bin")), path));
    Window w;
    QVERIFY(load(w.window, path));
    const std::uint64_t events = w->profile()->totals.eventCount;
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write("not a dump any more");
    }
    QSignalSpy finished(w.window, &MainWindow::loadFinished);
    w->reload();
    QVERIFY(testsuite::received(finished, 20000));
    QCOMPARE(finished.at(0).at(0).toBool(), false);
    QTRY_VERIFY(errorBox());
    QVERIFY(w->hasProfile());
    QCOMPARE(w->profile()->totals.eventCount, events);
    QCOMPARE(w->currentPage(), test::profilePage(w.window));
}

void TestMainWindow::reloadKeepsTheSortOrder()
{
    Window w;
    QVERIFY(load(w.window, test::fixture(QStringLiteral("v3/medium.bin"))));
    views::CostTableView* allocations = test::eventTable(w.window, EventKind::Alloc);
    allocations->sortByColumn(itemmodels::LocationTableModel::EventsColumn, Qt::AscendingOrder);
    const auto firstEvents = [&] {
        return allocations->model()
            ->index(0, itemmodels::LocationTableModel::EventsColumn)
            .data(itemmodels::SortRole)
            .toULongLong();
    };
    const qulonglong fewest = firstEvents();
    QSignalSpy finished(w.window, &MainWindow::loadFinished);
    w->reload();
    QVERIFY(testsuite::received(finished, 20000));
    QCOMPARE(finished.at(0).at(0).toBool(), true);
    QCOMPARE(allocations->header()->sortIndicatorSection(), int(itemmodels::LocationTableModel::EventsColumn));
    QCOMPARE(allocations->header()->sortIndicatorOrder(), Qt::AscendingOrder);
    QCOMPARE(firstEvents(), fewest);
    // Another dump starts again from the costliest rows.
    QVERIFY(load(w.window, test::fixture(QStringLiteral("v3/leak.bin"))));
    QCOMPARE(allocations->header()->sortIndicatorSection(), int(itemmodels::LocationTableModel::AllocatedColumn));
    QCOMPARE(allocations->header()->sortIndicatorOrder(), Qt::DescendingOrder);
}

void TestMainWindow::hiddenColumnsStayHidden()
{
    const int overrides = itemmodels::LocationTableModel::OverridesColumn;
    {
        Window w;
        QVERIFY(load(w.window, test::fixture(QStringLiteral("v3/medium.bin"))));
        w->restoreLayout();
        views::CostTableView* allocations = test::eventTable(w.window, EventKind::Alloc);
        allocations->chooseHiddenColumns({overrides, 0});
        QCOMPARE(allocations->hiddenColumns(), QList<int>{overrides}); // the location never hides
        QVERIFY(allocations->header()->isSectionHidden(overrides));
        // Another dump resets the model; the column stays hidden.
        QVERIFY(load(w.window, test::fixture(QStringLiteral("v3/leak.bin"))));
        QVERIFY(allocations->header()->isSectionHidden(overrides));
        QVERIFY(!allocations->header()->isSectionHidden(itemmodels::LocationTableModel::EventsColumn));
        QVERIFY(!allocations->visibleColumns().contains(overrides));
        w->close();
    }
    // Only choices are saved: the frees table's defaults are not frozen.
    const QString freesKey = QStringLiteral("columns/hidden/tableFrees");
    QVERIFY(QSettings().contains(QStringLiteral("columns/hidden/tableAllocations")));
    QVERIFY(!QSettings().contains(freesKey));
    // The next window remembers it; the other tables are untouched.
    Window w;
    w->restoreLayout();
    QVERIFY(load(w.window, test::fixture(QStringLiteral("v3/leak.bin"))));
    QCOMPARE(test::eventTable(w.window, EventKind::Alloc)->hiddenColumns(), QList<int>{overrides});
    QVERIFY(test::eventTable(w.window, EventKind::Alloc)->header()->isSectionHidden(overrides));
    QVERIFY(!test::eventTable(w.window, EventKind::Free)->header()->isSectionHidden(overrides));
    // Defaults (frees allocate nothing) survive loads too.
    QVERIFY(test::eventTable(w.window, EventKind::Free)
                ->header()
                ->isSectionHidden(itemmodels::LocationTableModel::AllocatedColumn));
    QVERIFY(load(w.window, test::fixture(QStringLiteral("v3/medium.bin"))));
    QVERIFY(test::eventTable(w.window, EventKind::Free)
                ->header()
                ->isSectionHidden(itemmodels::LocationTableModel::AllocatedColumn));
}

void TestMainWindow::droppedFileOpens()
{
    Window w;
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(test::fixture(QStringLiteral("v3/leak.bin")))});
    QDragEnterEvent enter(QPoint(100, 100), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(w.window, &enter);
    QVERIFY(enter.isAccepted());
    QSignalSpy finished(w.window, &MainWindow::loadFinished);
    QDropEvent drop(QPointF(100, 100), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(w.window, &drop);
    QVERIFY(testsuite::received(finished, 20000));
    QVERIFY(w->hasProfile());
    QCOMPARE(QFileInfo(w->dumpPath()).fileName(), QStringLiteral("leak.bin"));
}

void TestMainWindow::screenshotOption()
{
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("shot.png"));
    QProcess viewer;
    viewer.start(QStringLiteral(MEMPROF_VIEWER_EXE),
                 {QStringLiteral("--screenshot"), png, test::fixture(QStringLiteral("v3/medium.bin"))});
    QVERIFY(viewer.waitForFinished(60000));
    QCOMPARE(viewer.exitCode(), 0);
    const QImage image(png);
    QVERIFY(!image.isNull());
    QCOMPARE(image.size(), QSize(1400, 900));

    QProcess broken;
    broken.start(QStringLiteral(MEMPROF_VIEWER_EXE),
                 {QStringLiteral("--screenshot"), dir.filePath(QStringLiteral("no.png")),
                  test::fixture(QStringLiteral("corrupt/bad-magic-ljs.bin"))});
    QVERIFY(broken.waitForFinished(60000));
    QVERIFY(broken.exitCode() != 0);
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("no.png"))));
}

MEMPROF_TEST_MAIN(TestMainWindow)
#include "test_main_window.moc"
