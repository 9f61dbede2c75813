// SPDX-License-Identifier: GPL-3.0-or-later
// The comparison window's event window, driven as a user would: both runs
// cut at the same percentages ("the last 80% of each"), each counted again
// off the GUI thread, and every table then compares the two windows exactly
// as two windowed loads would; Whole runs goes back. Event numbers, or a run
// without events, count nothing and the bar says why.
#include "tests/support/GuiTestData.h"
#include "tests/support/SignalWait.h"
#include "tests/support/WindowWidgets.h"

#include "app/DiffWindow.h"
#include "model/itemmodels/ModelRoles.h"
#include "model/report/RangeOption.h"
#include "tests/support/TestSuite.h"
#include "views/ComparisonPage.h"
#include "views/ComparisonWindowBar.h"
#include "views/CostTableView.h"

#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPointer>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

#include <functional>

using namespace memprof;
using memprof::app::DiffWindow;
using Table = memprof::itemmodels::DiffTableModel::Table;
using M = memprof::itemmodels::DiffTableModel;

namespace {
const QString kBase = QStringLiteral("v3/leak.bin");
const QString kNew = QStringLiteral("v3/freed.bin");

bool compare(DiffWindow* window, const QString& base, const QString& current)
{
    QSignalSpy finished(window, &DiffWindow::loadFinished);
    window->compare(test::fixture(base), test::fixture(current));
    return testsuite::received(finished, 30000) && finished.at(0).at(0).toBool();
}

views::ComparisonPage* pageOf(const DiffWindow* window)
{
    return window->findChild<views::ComparisonPage*>(QStringLiteral("comparisonPage"));
}

// The window `percent` ("20%:100%") cuts from a run of `eventCount` events.
RunRange windowOf(const char* percent, std::uint64_t eventCount)
{
    std::string why;
    const std::optional<RangeOption> range = parseRangeOption(percent, why);
    const std::optional<RunRange> window = range ? resolveRange(*range, eventCount, why) : std::nullopt;
    return window ? clampRange(*window, eventCount) : RunRange{};
}

// The fixture's profile counted over `percent` of its run, as a load
// with that window gives it.
Profile windowedFixture(const QString& relative, const char* percent)
{
    const Profile whole = test::loadFixture(relative);
    return loadProfile(QFile::encodeName(test::fixture(relative)).toStdString(), {}, nullptr,
                       windowOf(percent, whole.totals.eventCount));
}

// Every row of a diff table as "name delta" for each change column shown.
QStringList rowsOf(const QAbstractItemModel* model)
{
    QStringList rows;
    for (int r = 0; r < model->rowCount(); ++r) {
        QString row = model->index(r, 0).data(itemmodels::SortRole).toString();
        for (int c = 1; c < model->columnCount(); ++c)
            row += u' ' + model->index(r, c).data(itemmodels::SortRole).toString();
        rows << row;
    }
    rows.sort();
    return rows;
}

// The tables of the window after comparing `expected` (the same columns).
QStringList expectedRows(const ProfileDiff& expected, Table table)
{
    M model(table);
    model.setDiff(std::make_shared<const ProfileDiff>(expected), nullptr);
    return rowsOf(&model);
}

bool waitForWindows(views::ComparisonPage* page, const std::function<void()>& action)
{
    QSignalSpy applied(page, &views::ComparisonPage::windowsApplied);
    action();
    return testsuite::received(applied, 30000);
}

void typeRange(views::ComparisonWindowBar* bar, const QString& text)
{
    // As typed (QTest::keyClicks knows no '%' or en dash): then Return.
    bar->rangeField()->setText(text);
    bar->rangeField()->setModified(true);
    QTest::keyClick(bar->rangeField(), Qt::Key_Return);
}
} // namespace

class TestComparisonWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void lastEightyPercentOfEachRunIsCompared();
    void typedPercentagesCountAndEventNumbersAreRefused();
    void runWithoutEventsSaysWhy();
};

void TestComparisonWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("memprof-viewer-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("test_comparison_window"));
}

void TestComparisonWindow::init()
{
    QSettings().clear();
}

void TestComparisonWindow::lastEightyPercentOfEachRunIsCompared()
{
    QPointer<DiffWindow> w = new DiffWindow;
    w->resize(1366, 768);
    w->show();
    QVERIFY(compare(w, kBase, kNew));
    views::ComparisonPage* page = pageOf(w);
    QVERIFY(page);
    views::ComparisonWindowBar* bar = page->windowBar();
    QVERIFY(bar->isVisible());
    QVERIFY(bar->summaryLabel()->text().contains(QStringLiteral("whole runs")));
    QVERIFY(!bar->wholeRunsButton()->isEnabled());

    const Profile base = windowedFixture(kBase, "20%:100%");
    const Profile current = windowedFixture(kNew, "20%:100%");
    const ProfileDiff expected = diffProfiles(base, current);
    const ProfileDiff whole = diffProfiles(test::loadFixture(kBase), test::loadFixture(kNew));
    // The windows change the comparison: otherwise this test proves nothing.
    QVERIFY(expectedRows(expected, Table::Allocations) != expectedRows(whole, Table::Allocations));

    QVERIFY(waitForWindows(page, [&] { QTest::mouseClick(bar->lastEightyButton(), Qt::LeftButton); }));
    QCOMPARE(page->baseProfile()->window, base.window);
    QCOMPARE(page->currentProfile()->window, current.window);
    for (Table table : {Table::Allocations, Table::Reallocations, Table::Frees, Table::Held})
        QCOMPARE(rowsOf(test::diffTable(w, table)->sourceModel()), expectedRows(expected, table));
    QCOMPARE(bar->rangeField()->text(), QStringLiteral("20%–100%"));
    const QString summary = bar->summaryLabel()->text();
    QVERIFY2(summary.contains(QStringLiteral("BASE events %1–%2")
                                  .arg(QLocale().toString(qulonglong(base.window.first)),
                                       QLocale().toString(qulonglong(base.window.last)))),
             qPrintable(summary));
    QVERIFY2(summary.contains(QStringLiteral("NEW events %1–%2")
                                  .arg(QLocale().toString(qulonglong(current.window.first)),
                                       QLocale().toString(qulonglong(current.window.last)))),
             qPrintable(summary));
    QVERIFY(!page->isRecounting());

    // Whole runs: the loaded profiles again, at once.
    QVERIFY(waitForWindows(page, [&] { QTest::mouseClick(bar->wholeRunsButton(), Qt::LeftButton); }));
    QCOMPARE(page->baseProfile()->window, RunRange{});
    QCOMPARE(rowsOf(test::diffTable(w, Table::Allocations)->sourceModel()), expectedRows(whole, Table::Allocations));
    delete w.data();
}

void TestComparisonWindow::typedPercentagesCountAndEventNumbersAreRefused()
{
    QPointer<DiffWindow> w = new DiffWindow;
    w->show();
    QVERIFY(compare(w, kBase, kNew));
    views::ComparisonPage* page = pageOf(w);
    views::ComparisonWindowBar* bar = page->windowBar();

    QVERIFY(waitForWindows(page, [&] { typeRange(bar, QStringLiteral("10%-60%")); }));
    const Profile base = windowedFixture(kBase, "10%:60%");
    const Profile current = windowedFixture(kNew, "10%:60%");
    QCOMPARE(page->baseProfile()->window, base.window);
    QCOMPARE(page->currentProfile()->window, current.window);
    QCOMPARE(rowsOf(test::diffTable(w, Table::Held)->sourceModel()),
             expectedRows(diffProfiles(base, current), Table::Held));

    // Event numbers are other events in each run: refused, the windows stay.
    QSignalSpy applied(page, &views::ComparisonPage::windowsApplied);
    typeRange(bar, QStringLiteral("5–100"));
    QVERIFY2(bar->summaryLabel()->text().contains(QStringLiteral("in percent of the runs")),
             qPrintable(bar->summaryLabel()->text()));
    QVERIFY(!page->isRecounting());
    QCOMPARE(applied.count(), 0);
    QCOMPARE(page->baseProfile()->window, base.window);
    delete w.data();
}

void TestComparisonWindow::runWithoutEventsSaysWhy()
{
    QPointer<DiffWindow> w = new DiffWindow;
    w->show();
    QVERIFY(compare(w, QStringLiteral("v3/empty.bin"), kNew));
    views::ComparisonPage* page = pageOf(w);
    views::ComparisonWindowBar* bar = page->windowBar();
    QSignalSpy applied(page, &views::ComparisonPage::windowsApplied);
    QTest::mouseClick(bar->lastEightyButton(), Qt::LeftButton);
    QVERIFY2(bar->summaryLabel()->text().contains(QStringLiteral("BASE has no events")),
             qPrintable(bar->summaryLabel()->text()));
    QVERIFY(!page->isRecounting());
    QCOMPARE(applied.count(), 0);
    QCOMPARE(page->baseProfile()->window, RunRange{});
    delete w.data();
}

MEMPROF_TEST_MAIN(TestComparisonWindow)
#include "test_comparison_window.moc"
