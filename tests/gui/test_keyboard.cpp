// SPDX-License-Identifier: GPL-3.0-or-later
// The viewer driven from the keyboard, and what it remembers between runs:
// Enter on a recent file, Esc in the filter, Ctrl+PgDown between tabs, the
// Copy Rows shortcut shown, F5 keeping the selection, the sort orders and
// the held pane's mode kept across windows.
#include "tests/support/GuiTestData.h"
#include "tests/support/SignalWait.h"
#include "tests/support/WindowTestHelpers.h"
#include "tests/support/WindowWidgets.h"

#include "app/MainWindow.h"
#include "tests/support/TestSuite.h"
#include "views/CostTableView.h"
#include "views/FilterField.h"
#include "views/ProfilePage.h"
#include "views/StartPage.h"
#include "views/ViewState.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QHeaderView>
#include <QLineEdit>
#include <QListWidget>
#include <QMenuBar>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTest>
#include <QTimer>

using namespace memprof;
using memprof::test::load;
using memprof::test::Window;

namespace {
views::ViewState* viewStateOf(const QWidget* window)
{
    return test::widgetNamed<views::ProfilePage>(window, "profilePage")->viewState();
}
} // namespace

class TestKeyboard : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init() { QSettings().clear(); }
    void cleanup() { test::closeErrorBoxes(); }

    void enterOpensTheCurrentRecentFile()
    {
        views::StartPage page;
        const QString first = test::fixture(QStringLiteral("v3/leak.bin"));
        const QString second = test::fixture(QStringLiteral("v3/medium.bin"));
        page.setRecentFiles({first, second});
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        auto* recent = page.findChild<QListWidget*>(QStringLiteral("recentFiles"));
        QVERIFY(recent);
        recent->setFocus();
        recent->setCurrentRow(1);
        QSignalSpy requested(&page, &views::StartPage::recentRequested);
        QTest::keyClick(recent, Qt::Key_Return);
        QCOMPARE(requested.count(), 1);
        QCOMPARE(requested.at(0).at(0).toString(), second);
        // The focus frame is drawn (a visible border while focused).
        QVERIFY(recent->styleSheet().contains(QStringLiteral(":focus")));
    }

    void escapeClearsTheFilter()
    {
        Window w;
        QVERIFY(load(w.window, test::fixture(QStringLiteral("v3/medium.bin"))));
        views::FilterField* filter = test::filterField(w.window);
        filter->setDelay(0);
        QLineEdit* edit = filter->lineEdit();
        edit->setFocus();
        QTest::keyClicks(edit, QStringLiteral("json"));
        QTRY_COMPARE(viewStateOf(w.window)->filter().pattern().isEmpty(), false);
        QTest::keyClick(edit, Qt::Key_Escape);
        QCOMPARE(edit->text(), QString());
        QVERIFY(viewStateOf(w.window)->filter().pattern().isEmpty());
    }

    // Ctrl+E exports even while the filter has focus (the line edit took it
    // as "move to the end").
    void ctrlEExportsFromTheFilterField()
    {
        Window w;
        QVERIFY(load(w.window, test::fixture(QStringLiteral("v3/medium.bin"))));
        QLineEdit* edit = test::filterField(w.window)->lineEdit();
        edit->setFocus();
        QTRY_VERIFY(edit->hasFocus());
        QString dialogTitle;
        QTimer::singleShot(300, [&dialogTitle] {
            if (QWidget* dialog = QApplication::activeModalWidget()) {
                dialogTitle = dialog->windowTitle();
                dialog->close();
            }
        });
        QTest::keyClick(edit, Qt::Key_E, Qt::ControlModifier);
        QTRY_VERIFY2(!dialogTitle.isEmpty(), "no export dialog opened");
        QVERIFY2(dialogTitle.contains(QStringLiteral("CSV"), Qt::CaseInsensitive) ||
                     dialogTitle.contains(QStringLiteral("Export"), Qt::CaseInsensitive),
                 qPrintable(dialogTitle));
    }

    void ctrlPageDownSwitchesTabsFromATable()
    {
        Window w;
        QVERIFY(load(w.window, test::fixture(QStringLiteral("v3/medium.bin"))));
        QTabWidget* tabs = test::mainTabs(w.window);
        views::CostTableView* allocations = test::eventTable(w.window, EventKind::Alloc);
        w->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(w.window));
        tabs->setCurrentWidget(allocations);
        allocations->setFocus();
        allocations->setCurrentIndex(allocations->model()->index(0, 0));
        const QModelIndexList selected = allocations->selectionModel()->selectedRows();
        const int before = tabs->currentIndex();
        QTest::keyClick(allocations, Qt::Key_PageDown, Qt::ControlModifier);
        QCOMPARE(tabs->currentIndex(), (before + 1) % tabs->count());
        QCOMPARE(allocations->selectionModel()->selectedRows(), selected); // not extended
        QTest::keyClick(tabs->currentWidget(), Qt::Key_PageUp, Qt::ControlModifier);
        QCOMPARE(tabs->currentIndex(), before);
    }

    void copyRowsShowsItsShortcut()
    {
        Window w;
        QAction* copy = nullptr;
        for (QAction* menu : w->menuBar()->actions())
            for (QAction* action : menu->menu()->actions())
                if (action->text().startsWith(QStringLiteral("&Copy Rows")))
                    copy = action;
        QVERIFY(copy);
        QVERIFY2(copy->text().endsWith(u'\t' + QKeySequence(QKeySequence::Copy).toString(QKeySequence::NativeText)),
                 qPrintable(copy->text()));
    }

    void reloadKeepsTheSelection()
    {
        Window w;
        QVERIFY(load(w.window, test::fixture(QStringLiteral("v3/medium.bin"))));
        const Profile& before = *w->profile();
        const LocationId chosen = before.allocations.at(2).location;
        const std::string name = before.nameOf(chosen);
        viewStateOf(w.window)->selectLocation(chosen);
        QSignalSpy finished(w.window, &app::MainWindow::loadFinished);
        w->reload();
        QVERIFY(testsuite::received(finished, 30000));
        const std::optional<LocationId> after = viewStateOf(w.window)->selectedLocation();
        QVERIFY(after.has_value());
        QCOMPARE(w->profile()->nameOf(*after), name);
        QCOMPARE(test::eventTable(w.window, EventKind::Alloc)->currentLocation().value_or(~0u), *after);
    }

    void sortAndHeldModeAreRemembered()
    {
        const int eventsColumn = 1;
        {
            Window w;
            w->restoreLayout();
            QVERIFY(load(w.window, test::fixture(QStringLiteral("v3/medium.bin"))));
            views::CostTableView* frees = test::eventTable(w.window, EventKind::Free);
            test::mainTabs(w.window)->setCurrentWidget(frees);
            QHeaderView* header = frees->header();
            QTest::mouseClick(header->viewport(), Qt::LeftButton, {},
                              QPoint(header->sectionViewportPosition(eventsColumn) + 5, header->height() / 2));
            QCOMPARE(header->sortIndicatorSection(), eventsColumn);
            auto* scope = w.window->findChild<QComboBox*>(QStringLiteral("heldScope"));
            QVERIFY(scope);
            scope->setCurrentIndex(1);
            w->close();
        }
        Window w;
        w->restoreLayout();
        QVERIFY(load(w.window, test::fixture(QStringLiteral("v3/leak.bin"))));
        QCOMPARE(test::eventTable(w.window, EventKind::Free)->header()->sortIndicatorSection(), eventsColumn);
        // A table the user never sorted keeps its model's initial sort.
        views::CostTableView* allocations = test::eventTable(w.window, EventKind::Alloc);
        QCOMPARE(allocations->header()->sortIndicatorOrder(), Qt::DescendingOrder);
        QCOMPARE(w.window->findChild<QComboBox*>(QStringLiteral("heldScope"))->currentIndex(), 1);
    }
};

MEMPROF_TEST_MAIN(TestKeyboard)
#include "test_keyboard.moc"
