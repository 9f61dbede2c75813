// SPDX-License-Identifier: GPL-3.0-or-later
// memprof-viewer [DUMP...]: a window per dump, or the start page.
// memprof-viewer --diff BASE NEW: a window comparing two dumps (NEW - BASE).
// memprof-viewer --diff --merge BASE... : NEW...: the same, each side the
// dumps on its side of the lone ":" merged (one dump: that dump).
// memprof-viewer --merge DUMP...: one window showing the dumps as one profile.
// memprof-viewer --record: the start page with File > Record open.
// memprof-viewer --screenshot OUT.png [--tab NAME] [--range FIRST:LAST]
// [--search TEXT] DUMP (or --diff BASE NEW): renders the window at a fixed
// size into OUT.png and exits (for docs and checks); --range counts only a
// window of the run, --search searches the flame graph.
#include "DiffWindow.h"
#include "DumpsToMerge.h"
#include "MainWindow.h"
#include "SysprofDiffWindow.h"
#include "model/dump/DumpKind.h"
#include "model/itemmodels/ModelRoles.h"
#include "model/support/MemoryReturn.h"
#include "views/ComparisonWindowBar.h"
#include "views/CostTableView.h"
#include "views/EventWindowBar.h"
#include "views/FunctionNamesReader.h"
#include "views/ProfilePage.h"
#include "views/SysprofComparisonPage.h"
#include "views/SysprofPage.h"
#include "views/ViewState.h"
#include "views/flamegraph/FlameGraphWidget.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFile>
#include <QIcon>
#include <QMessageBox>
#include <QPointer>
#include <QRegularExpression>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTimer>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstring>
#include <functional>
#include <optional>

namespace {

// The first tab whose title contains `name` without a plural s:
// allocations, reallocations, frees, functions, charts.
int tabNamed(const QTabWidget* tabs, const QString& name)
{
    QString wanted = name.toLower();
    if (wanted.endsWith(u's'))
        wanted.chop(1);
    for (int i = 0; i < tabs->count(); ++i)
        if (tabs->tabText(i).remove(u'&').toLower().contains(wanted))
            return i;
    return -1;
}

// The largest screenshot side: a larger one takes gigabytes before the
// paint engine gives up (and crashes at 100000 px).
constexpr int kMaxScreenshotSide = 16384;

// "WIDTHxHEIGHT" with each side 1 to kMaxScreenshotSide, or an empty size.
QSize parseScreenshotSize(const QString& text)
{
    const QRegularExpressionMatch match = QRegularExpression(QStringLiteral("^([0-9]{1,6})x([0-9]{1,6})$")).match(text);
    if (!match.hasMatch())
        return {};
    const QSize size(match.captured(1).toInt(), match.captured(2).toInt());
    const auto inRange = [](int side) { return side >= 1 && side <= kMaxScreenshotSide; };
    return inRange(size.width()) && inRange(size.height()) ? size : QSize();
}

// A failed load for a screenshot: why, as the window's error box says it.
void explainLoadFailure()
{
    QString why;
    for (QWidget* widget : QApplication::topLevelWidgets()) {
        if (auto* box = qobject_cast<QMessageBox*>(widget); box && box->objectName() == u"loadErrorBox")
            why = box->text() + QStringLiteral(": ") + box->informativeText();
    }
    std::fprintf(stderr, "memprof-viewer: no screenshot: %s\n",
                 qPrintable(why.isEmpty() ? QStringLiteral("the dump could not be loaded") : why));
}

// The asked-for tab in front, found by the tab widget's object name.
void showTab(QWidget* window, const QString& tab)
{
    if (tab.isEmpty())
        return;
    if (auto* tabs = window->findChild<QTabWidget*>(QStringLiteral("mainTabs")))
        tabs->setCurrentIndex(tabNamed(tabs, tab));
}

// Runs the event loop, then deletes the windows left open: each window's
// jobs cancel and join their worker threads as it goes, so that no decode
// runs on into the process's exit (where it would race the destruction of
// Qt's and the C++ runtime's globals).
int execThenDeleteWindows()
{
    const int loopCode = QApplication::exec();
    QList<QPointer<QWidget>> windows;
    for (QWidget* widget : QApplication::topLevelWidgets())
        if (!widget->parentWidget())
            windows.append(widget);
    for (const QPointer<QWidget>& window : windows)
        delete window.data();
    return loopCode;
}

// Writes the window into outPath after the layout settled; the exit code.
// Whether a page of `window` still reads its functions' names (they come
// after the first paint): the picture shows them.
bool readingNames(const QWidget* window)
{
    const auto readers = window->findChildren<memprof::views::FunctionNamesReader*>();
    return std::any_of(readers.begin(), readers.end(),
                       [](const memprof::views::FunctionNamesReader* reader) { return reader->isReading(); });
}

void grabLater(QWidget* window, const QString& outPath, int& exitCode)
{
    QTimer::singleShot(200, window, [&exitCode, window, outPath] {
        if (readingNames(window)) {
            grabLater(window, outPath, exitCode);
            return;
        }
        const bool saved = window->grab().save(outPath, "PNG");
        if (!saved)
            std::fprintf(stderr, "memprof-viewer: cannot write %s\n", qPrintable(outPath));
        exitCode = saved ? 0 : 1;
        QCoreApplication::exit(exitCode);
    });
}

// Which profiler wrote BASE decides the comparison window.
bool isSysprofDump(const QString& path)
{
    return memprof::dumpKindOf(QFile::encodeName(path).toStdString()) == memprof::DumpKind::Sysprof;
}

// Shows a comparison window at `size` and runs `compare` inside the event
// loop (a failure found at once, a missing file, is signalled then and its
// exit() is not lost). A comparison on screen goes to `onShown`, which grabs
// it into `exitCode`'s screenshot sooner or later; a failed load says why.
int runComparisonScreenshot(memprof::app::ComparisonWindow* window, const QSize& size, int& exitCode,
                            const std::function<void()>& compare, const std::function<void()>& onShown)
{
    window->resize(size);
    window->show();
    QObject::connect(window, &memprof::app::ComparisonWindow::loadFinished, window, [onShown](bool shown) {
        if (!shown) {
            explainLoadFailure();
            QCoreApplication::exit(1);
            return;
        }
        onShown();
    });
    QTimer::singleShot(0, window, compare);
    const int loopCode = execThenDeleteWindows();
    return loopCode != 0 ? loopCode : exitCode;
}

// The sides of a comparison, BASE and NEW, each one dump or several merged.
using Sides = std::array<QStringList, 2>;

int takeSysprofDiffScreenshot(const QString& outPath, const Sides& sides, const QSize& size, const QString& tab)
{
    auto* window = new memprof::app::SysprofDiffWindow;
    int exitCode = 1;
    const auto grabShown = [&exitCode, window, outPath, tab] {
        if (!tab.isEmpty())
            window->page()->showTab(tab);
        // The flame graph is built off the GUI thread: the grab waits for it.
        auto* flame = window->page()->flameGraph();
        if (!flame->isBuilding()) {
            grabLater(window, outPath, exitCode);
            return;
        }
        QObject::connect(
            flame, &memprof::views::FlameGraphWidget::treeBuilt, window,
            [&exitCode, window, outPath] { grabLater(window, outPath, exitCode); }, Qt::SingleShotConnection);
    };
    return runComparisonScreenshot(
        window, size, exitCode, [window, sides] { window->compare(sides[0], sides[1]); }, grabShown);
}

int takeDiffScreenshot(const QString& outPath, const Sides& sides, const QSize& size, const QString& tab,
                       const QString& range)
{
    if (isSysprofDump(sides[0].front()))
        return takeSysprofDiffScreenshot(outPath, sides, size, tab);
    auto* window = new memprof::app::DiffWindow;
    int exitCode = 1;
    const auto grabShown = [&exitCode, window, outPath, tab] {
        showTab(window, tab);
        // The largest growth of the held bytes that has a source line.
        auto* heldTable = window->findChild<memprof::views::CostTableView*>(QStringLiteral("diffTableHeld"));
        const auto* held = heldTable->proxyModel();
        for (int row = 0; row < held->rowCount(); ++row) {
            const QVariant id = held->index(row, 0).data(memprof::itemmodels::LocationIdRole);
            if (id.isValid() && window->currentProfile()->locations[id.toUInt()].function != memprof::kNoFunction) {
                heldTable->setCurrentIndex(held->index(row, 0));
                break;
            }
        }
        grabLater(window, outPath, exitCode);
    };
    const auto countWindowsThenGrab = [window, grabShown, range] {
        if (range.isEmpty()) {
            grabShown();
            return;
        }
        // The same percentages of both runs, as the comparison's window bar
        // takes them; the grab waits for both windows' counts.
        QString error;
        const auto percents = memprof::views::ComparisonWindowBar::parsePercentRange(range, error);
        if (!percents) {
            std::fprintf(stderr, "memprof-viewer: --range %s: %s\n", qPrintable(range), qPrintable(error));
            QCoreApplication::exit(2);
            return;
        }
        auto* page = window->findChild<memprof::views::ComparisonPage*>();
        const auto applied = QObject::connect(page, &memprof::views::ComparisonPage::windowsApplied, window, grabShown,
                                              Qt::SingleShotConnection);
        page->countWindows(*percents);
        // No window of a run (one without events): the bar says why.
        if (!page->isRecounting() && QObject::disconnect(applied))
            grabShown();
    };
    return runComparisonScreenshot(
        window, size, exitCode, [window, sides] { window->compare(sides[0], sides[1]); }, countWindowsThenGrab);
}

// The sides --diff compares: the two DUMPs, or with --merge the dumps
// before and after a lone ":" (each side one or more); none when the
// arguments are not so.
std::optional<Sides> comparedSides(const QStringList& dumps, bool merge)
{
    if (!merge)
        return dumps.size() == 2 ? std::optional<Sides>(Sides{QStringList{dumps[0]}, QStringList{dumps[1]}})
                                 : std::nullopt;
    const qsizetype separator = dumps.indexOf(QStringLiteral(":"));
    if (separator <= 0 || separator + 1 >= dumps.size() || dumps.lastIndexOf(QStringLiteral(":")) != separator)
        return std::nullopt;
    return Sides{dumps.mid(0, separator), dumps.mid(separator + 1)};
}

// `dumps` with each folder replaced by the dumps in it; false, having said
// why, when a folder has none.
bool expandFolders(QStringList& dumps)
{
    memprof::app::DumpsToMerge expanded = memprof::app::dumpsToMerge(dumps);
    if (!expanded.error.isEmpty()) {
        std::fprintf(stderr, "memprof-viewer: --merge: %s\n", qPrintable(expanded.error));
        return false;
    }
    dumps = std::move(expanded.paths);
    return true;
}

// `dumpPaths`: one dump, or with `merge` several opened as one profile.
int takeScreenshot(const QString& outPath, const QStringList& dumpPaths, bool merge, const QSize& size,
                   const QString& tab, const QString& range, const QString& search)
{
    auto* window = new memprof::app::MainWindow;
    window->resize(size);
    window->show();
    int exitCode = 1;
    const auto grabShown = [&exitCode, window, outPath, tab, search] {
        if (window->hasSysprof()) {
            memprof::views::SysprofPage* page = window->sysprofPage();
            if (!tab.isEmpty())
                page->showTab(tab);
            if (!search.isEmpty())
                page->viewState()->setFlameSearch(search, false);
            // The flame graph is drawn once its worker has built it.
            memprof::views::FlameGraphWidget* flame = page->flameGraph();
            if (!flame->isBuilding()) {
                grabLater(window, outPath, exitCode);
                return;
            }
            QObject::connect(
                flame, &memprof::views::FlameGraphWidget::treeBuilt, window,
                [window, outPath, &exitCode] { grabLater(window, outPath, exitCode); }, Qt::SingleShotConnection);
            return;
        }
        // Show what the viewer is for: the largest holder with a Lua line,
        // and its source.
        auto* heldTable = window->findChild<memprof::views::CostTableView*>(QStringLiteral("heldTable"));
        const QAbstractItemModel* leak = heldTable->proxyModel();
        QModelIndex holder = leak->index(0, 0);
        for (int row = 0; row < leak->rowCount(); ++row) {
            const auto id = leak->index(row, 0).data(memprof::itemmodels::LocationIdRole).toUInt();
            if (window->profile()->locations[id].function != memprof::kNoFunction) {
                holder = leak->index(row, 0);
                break;
            }
        }
        // The holder first: selecting it brings forward a table that has its
        // row, and the asked-for tab must win.
        if (holder.isValid())
            heldTable->setCurrentIndex(holder);
        showTab(window, tab);
        grabLater(window, outPath, exitCode);
    };
    QObject::connect(window, &memprof::app::MainWindow::loadFinished, window, [window, grabShown, range](bool shown) {
        if (!shown) {
            explainLoadFailure();
            QCoreApplication::exit(1);
            return;
        }
        if (range.isEmpty()) {
            grabShown();
            return;
        }
        // The range as the page's range bar takes it (events or samples);
        // the grab waits for its counts.
        memprof::views::ResultsPage* page = nullptr;
        std::uint64_t runLength = 0;
        if (window->hasSysprof()) {
            memprof::views::SysprofPage* cpuPage = window->sysprofPage();
            runLength = cpuPage->wholeRunProfile()->sampleCount;
            QObject::connect(cpuPage, &memprof::views::SysprofPage::rangeCounted, window, grabShown,
                             Qt::SingleShotConnection);
            page = cpuPage;
        } else {
            auto* memoryPage = window->findChild<memprof::views::ProfilePage*>(QStringLiteral("profilePage"));
            runLength = memoryPage->wholeRunProfile()->totals.eventCount;
            QObject::connect(memoryPage, &memprof::views::ProfilePage::windowApplied, window, grabShown,
                             Qt::SingleShotConnection);
            page = memoryPage;
        }
        QString error;
        const auto counted = memprof::views::EventWindowBar::parseWindow(range, runLength, error);
        if (!counted) {
            std::fprintf(stderr, "memprof-viewer: --range %s: %s\n", qPrintable(range), qPrintable(error));
            QCoreApplication::exit(2);
            return;
        }
        if (*counted == page->viewState()->range()) {
            grabShown();
            return;
        }
        page->viewState()->setRange(*counted);
    });
    QTimer::singleShot(0, window, [window, dumpPaths, merge] {
        if (merge)
            window->loadMerged(dumpPaths);
        else
            window->loadDump(dumpPaths.first());
    });
    const int loopCode = execThenDeleteWindows();
    return loopCode != 0 ? loopCode : exitCode;
}

} // namespace

int main(int argc, char* argv[])
{
    memprof::returnLargeBlocksToSystem();
    // A screenshot, --help and --version need no display: offscreen unless
    // told otherwise.
    for (int i = 1; i < argc; ++i) {
        const bool headless = std::strcmp(argv[i], "--screenshot") == 0 || std::strcmp(argv[i], "--help") == 0 ||
                              std::strcmp(argv[i], "-h") == 0 || std::strcmp(argv[i], "--version") == 0 ||
                              std::strcmp(argv[i], "-v") == 0;
        if (headless && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
    }

    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("memprof-viewer"));
    QApplication::setOrganizationName(QStringLiteral("memprof-viewer"));
    QApplication::setApplicationDisplayName(QStringLiteral("Memprof Viewer"));
    QApplication::setApplicationVersion(QStringLiteral(MEMPROF_VERSION));
    QApplication::setDesktopFileName(QStringLiteral(MEMPROF_APP_ID));
    QApplication::setWindowIcon(
        QIcon::fromTheme(QStringLiteral(MEMPROF_APP_ID), QIcon(QStringLiteral(":/icons/memprof-viewer.svg"))));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("A viewer for LuaJIT memory and CPU profiles (memprof and sysprof dumps)."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("DUMP"),
                                 QStringLiteral("Memprof or sysprof dumps to open, a window each."),
                                 QStringLiteral("[DUMP...]"));
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                        QStringLiteral("Render the main window on DUMP into FILE (PNG) and exit."),
                                        QStringLiteral("FILE"));
    const QCommandLineOption screenshotSize(
        QStringLiteral("size"), QStringLiteral("Screenshot size, WIDTHxHEIGHT, each at most 16384 (default 1400x900)."),
        QStringLiteral("SIZE"), QStringLiteral("1400x900"));
    const QCommandLineOption diff(QStringLiteral("diff"),
                                  QStringLiteral("Compare two dumps, BASE and NEW (the two DUMP arguments): "
                                                 "NEW - BASE per location. With --merge, BASE is the dumps before "
                                                 "a lone ':' and NEW those after it, each side merged "
                                                 "(--diff --merge A B : C D)."));
    const QCommandLineOption screenshotTab(
        QStringLiteral("tab"),
        QStringLiteral("Screenshot: the tab in front (allocations, reallocations, frees, functions, charts; "
                       "sysprof dumps: flamegraph, top-down, bottom-up, functions, states)."),
        QStringLiteral("NAME"));
    parser.addOption(screenshot);
    parser.addOption(screenshotSize);
    parser.addOption(screenshotTab);
    const QCommandLineOption screenshotRange(
        QStringLiteral("range"),
        QStringLiteral("Screenshot: count only events FIRST to LAST (numbers or percentages of the run, "
                       "e.g. 1000:5000 or 50%:), as the window bar above the tables takes them; with --diff, "
                       "percentages of both runs (20%:100%)."),
        QStringLiteral("FIRST:LAST"));
    parser.addOption(screenshotRange);
    const QCommandLineOption screenshotSearch(
        QStringLiteral("search"), QStringLiteral("Screenshot: search the flame graph for TEXT (a function's name or location)."),
        QStringLiteral("TEXT"));
    parser.addOption(screenshotSearch);
    parser.addOption(diff);
    const QCommandLineOption record(QStringLiteral("record"),
                                    QStringLiteral("Open File > Record at start: record a script or a running "
                                                   "Tarantool, then view the dump."));
    parser.addOption(record);
    const QCommandLineOption follow(QStringLiteral("follow"),
                                    QStringLiteral("Follow each DUMP as it grows (a profiler still writing it): the "
                                                   "page updates about once a second until the dump's end is "
                                                   "written or Stop Following is pressed."));
    parser.addOption(follow);
    const QCommandLineOption merge(QStringLiteral("merge"),
                                   QStringLiteral("Open the DUMPs (memprof or sysprof dumps of one kind, or folders of "
                                                  "them) as one profile: summed by location or stack, with each "
                                                  "dump's part of a row."));
    parser.addOption(merge);
    parser.process(app);
    QStringList dumps = parser.positionalArguments();
    std::optional<Sides> sides = parser.isSet(diff) ? comparedSides(dumps, parser.isSet(merge)) : std::nullopt;
    // A folder given to a merge stands for the dumps in it (a recorded
    // cluster's): each side's, or the one list's. A --diff line without two
    // sides is refused below, as without --merge.
    if (parser.isSet(merge)) {
        bool expanded = true;
        if (sides)
            expanded = expandFolders((*sides)[0]) && expandFolders((*sides)[1]);
        else if (!parser.isSet(diff))
            expanded = expandFolders(dumps);
        if (!expanded)
            return 2;
    }

    if (parser.isSet(screenshot)) {
        const QSize size = parseScreenshotSize(parser.value(screenshotSize));
        if (!size.isValid()) {
            std::fprintf(stderr, "memprof-viewer: --size %s: expected WIDTHxHEIGHT, each from 1 to %d\n",
                         qPrintable(parser.value(screenshotSize)), kMaxScreenshotSide);
            return 2;
        }
        const bool countRight = parser.isSet(diff)    ? sides.has_value()
                                : parser.isSet(merge) ? !dumps.isEmpty()
                                                      : dumps.size() == 1;
        if (!countRight) {
            std::fprintf(stderr,
                         "usage: memprof-viewer --screenshot OUT.png [--size WxH] [--tab NAME] DUMP\n"
                         "       memprof-viewer --screenshot OUT.png [--size WxH] [--tab NAME] --diff BASE NEW\n"
                         "       memprof-viewer --screenshot OUT.png [--size WxH] [--tab NAME] --merge DUMP...\n"
                         "       memprof-viewer --screenshot OUT.png [--size WxH] [--tab NAME] --diff --merge "
                         "BASE... : NEW...\n");
            return 2;
        }
        if (sides)
            return takeDiffScreenshot(parser.value(screenshot), *sides, size, parser.value(screenshotTab),
                                      parser.value(screenshotRange));
        return takeScreenshot(parser.value(screenshot), dumps, parser.isSet(merge), size, parser.value(screenshotTab),
                              parser.value(screenshotRange), parser.value(screenshotSearch));
    }

    if (parser.isSet(diff)) {
        if (!sides) {
            std::fprintf(stderr, "usage: memprof-viewer --diff BASE NEW\n"
                                 "       memprof-viewer --diff --merge BASE... : NEW...\n");
            return 2;
        }
        memprof::app::ComparisonWindow* comparison = nullptr;
        if (isSysprofDump(sides->front().front()))
            comparison = new memprof::app::SysprofDiffWindow;
        else
            comparison = new memprof::app::DiffWindow;
        comparison->show();
        comparison->compare((*sides)[0], (*sides)[1]);
        return execThenDeleteWindows();
    }

    auto* first = new memprof::app::MainWindow;
    first->restoreLayout();
    first->show();
    if (parser.isSet(merge)) {
        if (dumps.isEmpty()) {
            std::fprintf(stderr, "usage: memprof-viewer --merge DUMP...\n");
            return 2;
        }
        first->openMerged(dumps);
        return execThenDeleteWindows();
    }
    const auto mode = parser.isSet(follow) ? memprof::app::MainWindow::ReadMode::Follow
                                           : memprof::app::MainWindow::ReadMode::Whole;
    for (const QString& dump : dumps)
        first->openDump(dump, mode);
    if (parser.isSet(record))
        first->showRecordDialog();
    return execThenDeleteWindows();
}
