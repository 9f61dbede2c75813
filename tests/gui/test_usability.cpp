// SPDX-License-Identifier: GPL-3.0-or-later
// The viewer on a small screen and in daily use: every page and window fits
// a 1024x700 screen with a large dump (the summaries wrap or shorten,
// nothing forces the width), windows restored or cascaded stay on the
// screen, location columns sort by file and line number, and the filter
// counts its matches, says when its pattern is invalid (which then matches
// nothing) and never moves the selection to another row.
//
// The offscreen screen is made 1024x700 (the platform's config file) so
// that fitting is tested against the size the viewer must fit.
#include "model/synth/DumpWriter.h"
#include "model/synth/SyntheticDump.h"
#include "tests/support/GuiTestData.h"
#include "tests/support/SignalWait.h"
#include "tests/support/TestSuite.h"
#include "tests/support/WindowTestHelpers.h"
#include "tests/support/WindowWidgets.h"

#include "app/DiffWindow.h"
#include "app/MainWindow.h"
#include "app/ViewerSettings.h"
#include "app/WindowPlacement.h"
#include "model/itemmodels/ModelRoles.h"
#include "views/ElidedLabel.h"
#include "views/ResultsPage.h"
#include "views/Sparkline.h"
#include "views/SummaryHeader.h"
#include "views/ViewState.h"

#include <QApplication>
#include <QCheckBox>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QScreen>
#include <QSettings>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace memprof;
using memprof::app::DiffWindow;
using memprof::app::MainWindow;
using memprof::test::load;
using memprof::test::Window;
using Table = memprof::itemmodels::DiffTableModel::Table;

namespace {

constexpr QSize kSmallScreen(1024, 700);

// A folder and a file name as long as real ones get (a CI job's workspace,
// a dated capture), so the header has to shorten or wrap them.
const QString kLongFolder = QStringLiteral("home-builder-workspace-production-service-memory-investigation-2026-12");
const QString kLongName =
    QStringLiteral("service-worker-after-warmup-capture-with-a-very-long-descriptive-name-%1.bin");

bool writeLargeDump(const QString& path, std::uint64_t seed)
{
    synth::SyntheticOptions options;
    options.seed = seed;
    options.targetBytes = std::uint64_t(6) << 20; // about 600,000 events: seven-digit counts
    std::string error;
    return synth::writeSyntheticDumpFile(QFile::encodeName(path).toStdString(), options, nullptr, &error);
}

bool compare(DiffWindow* window, const QString& base, const QString& current)
{
    QSignalSpy finished(window, &DiffWindow::loadFinished);
    window->compare(base, current);
    return testsuite::received(finished, 60000) && finished.at(0).at(0).toBool();
}

// A profile with every figure at its widest: twelve-digit counts and byte
// totals, a truncated dump.
Profile widestProfile()
{
    Profile profile;
    profile.status.end = DecodeEnd::Truncated;
    profile.status.totalBytes = 987'654'321'098;
    profile.status.truncatedAt = 987'654'321'000;
    profile.status.symtabVersion = 3;
    profile.status.eventsVersion = 3;
    ProfileTotals& t = profile.totals;
    t.allocCount = 400'000'000'000;
    t.reallocCount = 300'000'000'000;
    t.freeCount = 299'999'999'999;
    t.eventCount = t.allocCount + t.reallocCount + t.freeCount;
    t.allocatedBytes = 123'456'789'012'345;
    t.freedBytes = 123'456'789'000'000;
    t.liveBlockCount = 9'876'543'210;
    t.liveBytes = 12'345'678'901;
    t.peakLiveBytes = 98'765'432'109'876;
    t.peakEventIndex = 999'999'999'999;
    return profile;
}

// The innermost widgets under `widget` whose minimum size exceeds `limit`
// (those that force the window's size), for a failure's message.
QStringList tooLarge(const QWidget* widget, const QSize& limit)
{
    QStringList found;
    for (const QWidget* child : widget->findChildren<QWidget*>(Qt::FindDirectChildrenOnly)) {
        if (child->isWindow())
            continue;
        const QSize hint = child->minimumSizeHint().expandedTo(child->minimumSize());
        if (hint.width() <= limit.width() && hint.height() <= limit.height())
            continue;
        const QStringList inside = tooLarge(child, limit);
        found << (inside.isEmpty()
                      ? QStringList{QStringLiteral("%1 '%2' %3x%4")
                                        .arg(QLatin1String(child->metaObject()->className()), child->objectName())
                                        .arg(hint.width())
                                        .arg(hint.height())}
                      : inside);
    }
    return found;
}

// What a user sees of the window: it fits the small screen, is not made
// wider than it by its content, and the summary shows all of its lines.
void verifyFitsSmallScreen(QMainWindow* window, const char* where)
{
    const QSize hint = window->minimumSizeHint();
    QVERIFY2(hint.width() <= kSmallScreen.width() && hint.height() <= kSmallScreen.height(),
             qPrintable(QStringLiteral("%1: minimumSizeHint %2x%3, from %4")
                            .arg(QLatin1String(where))
                            .arg(hint.width())
                            .arg(hint.height())
                            .arg(tooLarge(window, kSmallScreen - QSize(24, 90)).join(QStringLiteral(", ")))));
    window->resize(kSmallScreen);
    QCoreApplication::processEvents();
    QCOMPARE(window->size(), kSmallScreen);
    const QWidget* page = window->centralWidget();
    QVERIFY2(page->minimumSizeHint().width() <= kSmallScreen.width(), where);
}

// The rows of a proxy's column 0 as their raw names.
QStringList namesShown(const QAbstractItemModel* model)
{
    QStringList names;
    for (int row = 0; row < model->rowCount(); ++row)
        names << model->index(row, 0).data(itemmodels::SortRole).toString();
    return names;
}

// One chunk allocating at lines 100, 7 and 22, in that order, and
// freeing at line 22.
bool writeLineOrderDump(const QString& path, std::uint64_t extra)
{
    synth::DumpWriter dump;
    dump.symtabPrologue(3).lfunc(0x100, "@x.lua", 0).symtabEnd().eventsPrologue(3);
    dump.alloc(synth::luaAt(0x100, 100), 0x1000, 10 + extra).alloc(synth::luaAt(0x100, 7), 0x2000, 30);
    dump.alloc(synth::luaAt(0x100, 22), 0x3000, 20).free(synth::luaAt(0x100, 22), 0x3000, 20).epilogue();
    QFile file(path);
    const auto& bytes = dump.bytes();
    return file.open(QIODevice::WriteOnly) &&
           file.write(reinterpret_cast<const char*>(bytes.data()), qint64(bytes.size())) == qint64(bytes.size());
}

using test::widgetNamed;

views::ViewState* viewStateOf(const QWidget* window)
{
    return widgetNamed<views::ResultsPage>(window, "profilePage")->viewState();
}

void setFilter(const QWidget* window, const QString& text, bool regularExpression = false)
{
    views::FilterField* field = test::filterField(window);
    field->setDelay(0);
    field->regexBox()->setChecked(regularExpression);
    field->lineEdit()->setText(text);
    QTRY_COMPARE(field->lineEdit()->text(), text);
    QTest::qWait(20); // the debounce timer, then the count's
}

QString matchCountText(const QWidget* window)
{
    return widgetNamed<QLabel>(window, "filterMatchCount")->text();
}

} // namespace

class TestUsability : public QObject {
    Q_OBJECT
public:
    // The offscreen screen at the small size the viewer must fit: set up
    // before the application is made.
    static void initMain()
    {
        static QTemporaryDir configDir;
        const QString config = configDir.filePath(QStringLiteral("screen.json"));
        QFile file(config);
        if (!file.open(QIODevice::WriteOnly))
            qFatal("cannot write %s", qPrintable(config));
        file.write(QStringLiteral(R"({"screens": [{"name": "small", "x": 0, "y": 0, "width": %1, "height": %2,
                                    "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]})")
                       .arg(kSmallScreen.width())
                       .arg(kSmallScreen.height())
                       .toUtf8());
        file.close();
        qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" + QFile::encodeName(config));
    }

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void summaryHeaderWrapsAndShortens();
    void diffSummaryHeaderFitsASmallScreen();
    void mainWindowFitsASmallScreenWithALargeDump();
    void comparisonWindowFitsASmallScreen();
    void restoredGeometryIsFittedToTheScreen();
    void newWindowsCascadeOnTheScreen();

    void locationColumnSortsByLineNumber();
    void sparklineColumnLeavesTheNamesTheirRoom();

    void filterCountsTheMatchesOfTheTableInFront();
    void invalidPatternMatchesNothing();
    void filteringOutTheSelectedRowSelectsNothing();

private:
    QTemporaryDir dir_;
    QString largeDump_;
    QString otherLargeDump_;
};

void TestUsability::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("memprof-viewer-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("test_usability"));
    QCOMPARE(QGuiApplication::primaryScreen()->availableGeometry().size(), kSmallScreen);
    QVERIFY(dir_.isValid());
    QVERIFY(QDir(dir_.path()).mkpath(kLongFolder));
    largeDump_ = dir_.filePath(kLongFolder + u'/' + kLongName.arg(1));
    otherLargeDump_ = dir_.filePath(kLongFolder + u'/' + kLongName.arg(2));
    QVERIFY(writeLargeDump(largeDump_, 1));
    QVERIFY(writeLargeDump(otherLargeDump_, 2));
}

void TestUsability::init()
{
    QSettings().clear();
}

void TestUsability::cleanup()
{
    test::closeErrorBoxes();
    // Deleting a window deletes the windows it opened (a comparison).
    QList<QPointer<QWidget>> windows;
    for (QWidget* widget : QApplication::topLevelWidgets())
        if (qobject_cast<QMainWindow*>(widget))
            windows << widget;
    for (const QPointer<QWidget>& window : windows)
        delete window.data();
}

void TestUsability::summaryHeaderWrapsAndShortens()
{
    views::SummaryHeader header;
    header.setProfile(widestProfile(),
                      QStringLiteral("/") + kLongFolder + u'/' + kLongFolder + u'/' + kLongName.arg(3));
    header.setHumanReadable(false); // raw byte counts: the widest figures
    // Narrow enough for half a small screen; the figures wrap instead.
    QVERIFY2(header.minimumSizeHint().width() <= kSmallScreen.width() / 2,
             qPrintable(QString::number(header.minimumSizeHint().width())));
    QVERIFY(header.hasHeightForWidth());
    header.resize(kSmallScreen.width() - 20, header.heightForWidth(kSmallScreen.width() - 20));
    header.show();
    QCoreApplication::processEvents();

    // Every figure is on screen: the facts label got the height its lines need.
    auto* facts = widgetNamed<QLabel>(&header, "summaryFacts");
    QVERIFY(facts->wordWrap());
    QVERIFY2(facts->height() >= facts->heightForWidth(facts->width()),
             qPrintable(QStringLiteral("%1 < %2").arg(facts->height()).arg(facts->heightForWidth(facts->width()))));
    QVERIFY(facts->geometry().right() <= header.contentsRect().right());
    const QLocale locale;
    for (std::uint64_t figure : {widestProfile().totals.eventCount, widestProfile().totals.peakEventIndex,
                                 widestProfile().totals.liveBlockCount})
        QVERIFY(facts->text().contains(locale.toString(qulonglong(figure))));
    // Wrapped: more than one line, at most four.
    const int line = facts->fontMetrics().lineSpacing();
    QVERIFY(facts->height() > line && facts->height() < 5 * line);

    // The file name fits, the folder is shortened in the middle, the tool
    // tip has it whole.
    auto* folder = widgetNamed<views::ElidedLabel>(&header, "summaryFolder");
    auto* name = widgetNamed<views::ElidedLabel>(&header, "summaryFileName");
    QCOMPARE(name->shownText(), kLongName.arg(3));
    QVERIFY2(folder->shownText().contains(QChar(0x2026)), qPrintable(folder->shownText()));
    QCOMPARE(folder->toolTip(), QStringLiteral("/") + kLongFolder + u'/' + kLongFolder);
    QVERIFY(folder->geometry().right() <= header.contentsRect().right());
}

void TestUsability::diffSummaryHeaderFitsASmallScreen()
{
    views::DiffSummaryHeader header;
    const Profile base = widestProfile();
    Profile current = widestProfile();
    current.totals.liveBytes = 1; // a change as wide as the values
    header.setProfiles(base, dir_.filePath(kLongName.arg(1)), current, dir_.filePath(kLongName.arg(2)));
    header.setHumanReadable(false);
    QVERIFY2(header.minimumSizeHint().width() <= kSmallScreen.width() - 40,
             qPrintable(QString::number(header.minimumSizeHint().width())));
    // The names are shortened, the tool tip has both paths; the truncation
    // is still said.
    QVERIFY(header.text().contains(QChar(0x2026)));
    QVERIFY(header.text().contains(QStringLiteral("truncated at byte")));
}

void TestUsability::mainWindowFitsASmallScreenWithALargeDump()
{
    Window w;
    verifyFitsSmallScreen(w.window, "start page");
    QCOMPARE(w->currentPage(), test::startPage(w.window));

    // The loading page, while the large dump loads.
    QSignalSpy finished(w.window.data(), &MainWindow::loadFinished);
    w->loadDump(largeDump_);
    QCOMPARE(w->currentPage(), static_cast<QWidget*>(test::loadingPage(w.window)));
    verifyFitsSmallScreen(w.window, "loading page");
    QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty(), 60000);
    QVERIFY(finished.at(0).at(0).toBool());
    QVERIFY(w->profile()->totals.eventCount >= 100'000);

    for (const bool humanReadable : {true, false}) {
        viewStateOf(w.window)->setHumanReadable(humanReadable);
        QTabWidget* tabs = test::mainTabs(w.window);
        for (int tab = 0; tab < tabs->count(); ++tab) {
            tabs->setCurrentIndex(tab);
            verifyFitsSmallScreen(w.window, qPrintable(tabs->tabText(tab)));
        }
        // The summary is not cut off at the small screen's width.
        auto* header = widgetNamed<views::SummaryHeader>(w.window, "summaryHeader");
        QVERIFY(header->height() >= header->heightForWidth(header->width()));
    }
}

void TestUsability::comparisonWindowFitsASmallScreen()
{
    QPointer<DiffWindow> w = new DiffWindow;
    w->show();
    QSignalSpy finished(w.data(), &DiffWindow::loadFinished);
    w->compare(largeDump_, otherLargeDump_);
    verifyFitsSmallScreen(w, "comparison loading page");
    QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty(), 60000);
    QVERIFY(finished.at(0).at(0).toBool());
    QTabWidget* tabs = test::mainTabs(w);
    for (int tab = 0; tab < tabs->count(); ++tab) {
        tabs->setCurrentIndex(tab);
        verifyFitsSmallScreen(w, qPrintable(tabs->tabText(tab)));
        // The many columns of a comparison leave the names readable (the
        // costs scroll instead): not "@…3".
        const auto* table = qobject_cast<views::CostTableView*>(tabs->widget(tab));
        QVERIFY(table);
        const int readable = table->fontMetrics().averageCharWidth() * 20;
        QVERIFY2(table->header()->sectionSize(0) >= readable, qPrintable(QStringLiteral("%1: %2 < %3")
                                                                             .arg(tabs->tabText(tab))
                                                                             .arg(table->header()->sectionSize(0))
                                                                             .arg(readable)));
    }
    const views::CostTableView* held = test::diffTable(w, Table::Held);
    QVERIFY(held->header()->sectionSize(0) >= held->fontMetrics().averageCharWidth() * 20);
}

void TestUsability::restoredGeometryIsFittedToTheScreen()
{
    const QRect available = QGuiApplication::primaryScreen()->availableGeometry();
    // A window with no saved geometry starts inside the screen.
    {
        QPointer<MainWindow> fresh = new MainWindow;
        fresh->show();
        QVERIFY2(available.contains(fresh->frameGeometry()),
                 qPrintable(QStringLiteral("%1x%2").arg(fresh->width()).arg(fresh->height())));
        delete fresh;
    }
    // Saved on a larger screen, partly beyond this one's right edge.
    {
        MainWindow large;
        large.setGeometry(QRect(600, 300, 1900, 1150));
        app::setWindowGeometry(large.saveGeometry());
    }
    QPointer<MainWindow> restored = new MainWindow;
    restored->restoreLayout();
    restored->show();
    QCoreApplication::processEvents();
    QVERIFY2(available.contains(restored->frameGeometry()), qPrintable(QStringLiteral("%1,%2 %3x%4")
                                                                           .arg(restored->frameGeometry().x())
                                                                           .arg(restored->frameGeometry().y())
                                                                           .arg(restored->frameGeometry().width())
                                                                           .arg(restored->frameGeometry().height())));
    delete restored;

    // The rule itself: moved in, then shrunk to the screen.
    const QRect screen(0, 0, 1366, 768);
    QCOMPARE(app::fittedGeometry(QRect(0, 0, 1400, 900), screen), screen);
    QCOMPARE(app::fittedGeometry(QRect(1000, 500, 800, 600), screen), QRect(566, 168, 800, 600));
    QCOMPARE(app::fittedGeometry(QRect(-50, -20, 400, 300), screen), QRect(0, 0, 400, 300));
    QCOMPARE(app::fittedGeometry(QRect(10, 20, 400, 300), screen), QRect(10, 20, 400, 300));
    QCOMPARE(app::cascadedGeometry(QRect(10, 20, 400, 300), screen), QRect(50, 60, 400, 300));
    QCOMPARE(app::cascadedGeometry(QRect(900, 400, 400, 300), screen), QRect(940, 440, 400, 300));
    QCOMPARE(app::cascadedGeometry(QRect(1000, 500, 400, 300), screen), QRect(0, 0, 400, 300));
    QCOMPARE(app::cascadedGeometry(QRect(0, 0, 1400, 900), screen), screen);
}

void TestUsability::newWindowsCascadeOnTheScreen()
{
    const QRect available = QGuiApplication::primaryScreen()->availableGeometry();
    Window w;
    QVERIFY(load(w.window, test::fixture(QStringLiteral("v3/leak.bin"))));
    w->resize(900, 620);
    w->move(available.right() - 920, available.bottom() - 640); // nearly at the bottom right
    QCoreApplication::processEvents();
    QVERIFY(available.contains(w->frameGeometry()));

    // Another dump: a window a step down and right would leave the screen.
    w->openDump(test::fixture(QStringLiteral("v3/freed.bin")));
    MainWindow* second = nullptr;
    for (QWidget* widget : QApplication::topLevelWidgets())
        if (auto* window = qobject_cast<MainWindow*>(widget); window && window != w.window)
            second = window;
    QVERIFY(second);
    QVERIFY2(available.contains(second->frameGeometry()),
             qPrintable(QStringLiteral("%1,%2").arg(second->frameGeometry().x()).arg(second->frameGeometry().y())));

    // A comparison window likewise.
    auto* comparison = qobject_cast<DiffWindow*>(w->compareWith(test::fixture(QStringLiteral("v3/freed.bin"))));
    QVERIFY(comparison);
    QVERIFY2(available.contains(comparison->frameGeometry()),
             qPrintable(QStringLiteral("%1,%2 %3x%4")
                            .arg(comparison->frameGeometry().x())
                            .arg(comparison->frameGeometry().y())
                            .arg(comparison->frameGeometry().width())
                            .arg(comparison->frameGeometry().height())));
    QSignalSpy compared(comparison, &DiffWindow::loadFinished);
    QVERIFY(testsuite::received(compared, 30000));
}

void TestUsability::locationColumnSortsByLineNumber()
{
    const QString basePath = dir_.filePath(QStringLiteral("lines-base.bin"));
    const QString newPath = dir_.filePath(QStringLiteral("lines-new.bin"));
    QVERIFY(writeLineOrderDump(basePath, 0));
    QVERIFY(writeLineOrderDump(newPath, 5));
    const QStringList byLine = {QStringLiteral("@x.lua:7"), QStringLiteral("@x.lua:22"), QStringLiteral("@x.lua:100")};

    Window w;
    QVERIFY(load(w.window, basePath));
    views::CostTableView* allocations = test::eventTable(w.window, EventKind::Alloc);
    allocations->sortByColumn(0, Qt::AscendingOrder);
    QCOMPARE(namesShown(allocations->model()), byLine);
    allocations->sortByColumn(0, Qt::DescendingOrder);
    QCOMPARE(namesShown(allocations->model()), QStringList({byLine[2], byLine[1], byLine[0]}));
    // The held table (7 and 100 hold their blocks) sorts alike.
    views::CostTableView* held = test::heldTable(w.window);
    held->sortByColumn(0, Qt::AscendingOrder);
    QCOMPARE(namesShown(held->model()), QStringList({byLine[0], byLine[2]}));

    // The comparison's tables too.
    QPointer<DiffWindow> diff = new DiffWindow;
    diff->show();
    QVERIFY(compare(diff, basePath, newPath));
    views::CostTableView* diffAllocations = test::diffTable(diff, Table::Allocations);
    diffAllocations->sortByColumn(0, Qt::AscendingOrder);
    QCOMPARE(namesShown(diffAllocations->model()), byLine);
}

// The held pane's "Held over the run" column is as wide as its number with
// the sparkline, or as its title if that is wider (the title sits above the
// line, not beside it): not both added. At 1366x768 the pane then shows a
// line's name of closures-coroutines.bin whole.
void TestUsability::sparklineColumnLeavesTheNamesTheirRoom()
{
    Window w;
    w->resize(1366, 768);
    QVERIFY(load(w.window, test::fixture(QStringLiteral("v3/closures-coroutines.bin"))));
    views::CostTableView* held = test::heldTable(w.window);
    const QAbstractItemModel* model = held->model();
    QVERIFY(model->rowCount() > 3);
    int sparklineColumn = -1;
    for (int c = 1; c < model->columnCount(); ++c)
        if (model->index(0, c).data(itemmodels::HeldHistoryRole).isValid())
            sparklineColumn = c;
    QVERIFY(sparklineColumn > 0);
    const QFontMetrics metrics(held->font());
    int widestNumber = metrics.horizontalAdvance(QStringLiteral("1023.99KiB"));
    QStringList names;
    for (int r = 0; r < model->rowCount(); ++r) {
        widestNumber =
            std::max(widestNumber, metrics.horizontalAdvance(model->index(r, sparklineColumn).data().toString()));
        names << model->index(r, 0).data().toString();
    }
    const int title = QFontMetrics(held->header()->font())
                          .horizontalAdvance(model->headerData(sparklineColumn, Qt::Horizontal).toString());
    QVERIFY2(held->header()->sectionSize(sparklineColumn) <=
                 std::max(widestNumber + views::kSparklineWidth, title + 20) + 10,
             qPrintable(QString::number(held->header()->sectionSize(sparklineColumn))));
    const QString lineName = QStringLiteral("@closures-coroutines.lua:25");
    QVERIFY2(names.contains(lineName), qPrintable(names.join(u',')));
    QVERIFY2(
        held->header()->sectionSize(0) >= metrics.horizontalAdvance(lineName) + 12,
        qPrintable(
            QStringLiteral("%1 < %2").arg(held->header()->sectionSize(0)).arg(metrics.horizontalAdvance(lineName))));
}

void TestUsability::filterCountsTheMatchesOfTheTableInFront()
{
    Window w;
    QVERIFY(load(w.window, test::fixture(QStringLiteral("v3/medium.bin"))));
    QTabWidget* tabs = test::mainTabs(w.window);
    views::CostTableView* allocations = test::eventTable(w.window, EventKind::Alloc);
    views::CostTableView* frees = test::eventTable(w.window, EventKind::Free);
    tabs->setCurrentWidget(allocations);
    auto* label = widgetNamed<QLabel>(w.window, "filterMatchCount");
    const QLocale locale;
    const int allAllocations = allocations->sourceModel()->rowCount();
    QVERIFY(allAllocations > 3);
    QTRY_COMPARE(label->text(), QStringLiteral("%1 locations").arg(locale.toString(allAllocations)));
    QVERIFY(label->isVisible());

    setFilter(w.window, QStringLiteral(".lua:"));
    const int shownAllocations = allocations->model()->rowCount();
    QVERIFY(shownAllocations > 0 && shownAllocations < allAllocations);
    QTRY_COMPARE(
        label->text(),
        QStringLiteral("%1 of %2 locations").arg(locale.toString(shownAllocations), locale.toString(allAllocations)));

    // Another tab: its own table's counts.
    tabs->setCurrentWidget(frees);
    QTRY_COMPARE(label->text(), QStringLiteral("%1 of %2 locations")
                                    .arg(locale.toString(frees->model()->rowCount()),
                                         locale.toString(frees->sourceModel()->rowCount())));
    // Another filter, on the same tab.
    setFilter(w.window, QStringLiteral("INTERNAL"));
    QCOMPARE(frees->model()->rowCount(), 1);
    QTRY_COMPARE(label->text(),
                 QStringLiteral("1 of %1 locations").arg(locale.toString(frees->sourceModel()->rowCount())));

    // The by-function tree counts its lines.
    views::FunctionTreeView* tree = test::functionTree(w.window);
    tabs->setCurrentWidget(tree);
    QTRY_COMPARE(label->text(),
                 QStringLiteral("%1 of %2 locations")
                     .arg(locale.toString(tree->shownLeafCount()), locale.toString(tree->totalLeafCount())));
    QVERIFY(tree->shownLeafCount() >= 1 && tree->shownLeafCount() < tree->totalLeafCount());

    // The charts are no table: no count.
    for (int tab = 0; tab < tabs->count(); ++tab)
        if (!qobject_cast<views::CostTableView*>(tabs->widget(tab)))
            tabs->setCurrentIndex(tab);
    QTRY_VERIFY(!label->isVisible());

    // No filter: the plain count again.
    tabs->setCurrentWidget(allocations);
    setFilter(w.window, QString());
    QTRY_COMPARE(label->text(), QStringLiteral("%1 locations").arg(locale.toString(allAllocations)));
}

void TestUsability::invalidPatternMatchesNothing()
{
    Window w;
    QVERIFY(load(w.window, test::fixture(QStringLiteral("v3/medium.bin"))));
    views::CostTableView* allocations = test::eventTable(w.window, EventKind::Alloc);
    test::mainTabs(w.window)->setCurrentWidget(allocations);
    const int all = allocations->sourceModel()->rowCount();

    // A valid pattern first: an invalid one must not keep its rows.
    setFilter(w.window, QStringLiteral("lua"), true);
    QVERIFY(allocations->model()->rowCount() > 0);
    setFilter(w.window, QStringLiteral("lua:(1"), true);
    QCOMPARE(allocations->model()->rowCount(), 0);
    QCOMPARE(test::heldTable(w.window)->model()->rowCount(), 0);
    QCOMPARE(test::functionTree(w.window)->model()->rowCount(), 0);

    // The field says so, and why.
    views::FilterField* field = test::filterField(w.window);
    QVERIFY(!field->patternError().isEmpty());
    QTRY_COMPARE(matchCountText(w.window), QStringLiteral("invalid pattern: %1").arg(field->patternError()));
    QVERIFY(field->lineEdit()->toolTip().contains(field->patternError()));
    QVERIFY(field->lineEdit()->styleSheet().contains(QStringLiteral("border")));

    // Fixed: the rows come back, the frame and the reason go.
    setFilter(w.window, QStringLiteral("lua:(1)"), true);
    QVERIFY(allocations->model()->rowCount() > 0);
    QVERIFY(field->patternError().isEmpty());
    QVERIFY(field->lineEdit()->styleSheet().isEmpty());
    QTRY_VERIFY(matchCountText(w.window).endsWith(QStringLiteral("of %1 locations").arg(QLocale().toString(all))));
}

void TestUsability::filteringOutTheSelectedRowSelectsNothing()
{
    Window w;
    QVERIFY(load(w.window, test::fixture(QStringLiteral("v3/medium.bin"))));
    views::CostTableView* allocations = test::eventTable(w.window, EventKind::Alloc);
    test::mainTabs(w.window)->setCurrentWidget(allocations);
    views::CostTableView* held = test::heldTable(w.window);

    // The user selects the first held location that is also allocated.
    const QString chosen = held->model()->index(0, 0).data(itemmodels::SortRole).toString();
    const QStringList allocated = namesShown(allocations->model());
    QVERIFY(allocated.contains(chosen));
    const int row = int(allocated.indexOf(chosen));
    allocations->setCurrentIndex(allocations->model()->index(row, 0));
    views::ViewState* state = viewStateOf(w.window);
    QVERIFY(state->selectedLocation());
    const LocationId location = *state->selectedLocation();
    QCOMPARE(QString::fromStdString(w->profile()->nameOf(location)), chosen);
    QCOMPARE(held->currentLocation(), std::optional<LocationId>(location));
    const QString sourceTitle = test::sourcePane(w.window)->currentView().title;

    // A filter that hides it (and keeps other rows): nothing is selected
    // and no pane moves to another location.
    QSignalSpy selections(state, &views::ViewState::locationSelected);
    const QString other = allocated[row == 0 ? 1 : 0];
    setFilter(w.window, QRegularExpression::escape(other), true);
    QVERIFY(allocations->model()->rowCount() > 0);
    QVERIFY(!namesShown(allocations->model()).contains(chosen));
    QCOMPARE(selections.count(), 0);
    QVERIFY(!allocations->currentIndex().isValid());
    QVERIFY(allocations->selectionModel()->selectedRows().isEmpty());
    QVERIFY(!held->currentIndex().isValid());
    QCOMPARE(state->selectedLocation(), std::optional<LocationId>(location));
    QCOMPARE(test::sourcePane(w.window)->currentView().title, sourceTitle);

    // A filter that keeps the selected row keeps it selected.
    setFilter(w.window, QString());
    allocations->setCurrentIndex(allocations->model()->index(0, 0));
    const auto first = allocations->currentLocation();
    QVERIFY(first);
    setFilter(w.window, QRegularExpression::escape(QString::fromStdString(w->profile()->nameOf(*first))), true);
    QCOMPARE(allocations->currentLocation(), first);
}

MEMPROF_TEST_MAIN(TestUsability)
#include "test_usability.moc"
