// SPDX-License-Identifier: GPL-3.0-or-later
// Not a test: times the first window change on a dump as the viewer does it,
// for the figures in bench/README.md. It loads DUMP into a main window
// (offscreen), then either waits for the window index built in the
// background and chooses a window (the first window a user meets after
// looking at the dump for a moment), or with --now chooses it at once (the
// window before the index is ready: a whole decode, then the count), or
// with --close closes the window while the index is built (the wait for
// the stopped worker).
//   QT_QPA_PLATFORM=offscreen window_change_timing [--now|--close] DUMP
// Prints the load, the wait for the index and the window change in ms.
#include "app/MainWindow.h"
#include "model/support/MemoryReturn.h"
#include "views/ProfilePage.h"
#include "views/ViewState.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>

#include <cstdio>
#include <memory>

using namespace memprof;

int main(int argc, char* argv[])
{
    returnLargeBlocksToSystem(); // as the viewer's main does
    QApplication app(argc, argv);
    QStringList args = app.arguments().mid(1);
    const bool now = args.removeAll(QStringLiteral("--now")) > 0;
    const bool close = args.removeAll(QStringLiteral("--close")) > 0;
    if (args.size() != 1) {
        std::fprintf(stderr, "usage: window_change_timing [--now|--close] DUMP\n");
        return 2;
    }
    auto owned = std::make_unique<app::MainWindow>();
    app::MainWindow& window = *owned;
    window.resize(1400, 900);
    window.show();
    QElapsedTimer clock;
    clock.start();
    QSignalSpy loaded(&window, &app::MainWindow::loadFinished);
    window.loadDump(args.front());
    if (!loaded.wait(600000) || !loaded.at(0).at(0).toBool()) {
        std::fprintf(stderr, "window_change_timing: the dump could not be loaded\n");
        return 1;
    }
    std::printf("load: %lld ms\n", qlonglong(clock.restart()));
    auto* page = window.findChild<views::ProfilePage*>(QStringLiteral("profilePage"));
    if (close) {
        if (!QTest::qWaitFor([page] { return page->isBuildingWindowIndex(); }, 600000)) {
            std::fprintf(stderr, "window_change_timing: no window index build\n");
            return 1;
        }
        QTest::qWait(200); // well into the build
        clock.restart();
        owned.reset();
        std::printf("close while the index is built: %lld ms\n", qlonglong(clock.elapsed()));
        return 0;
    }
    if (!now) {
        if (!QTest::qWaitFor([page] { return page->windowIndex() != nullptr; }, 600000)) {
            std::fprintf(stderr, "window_change_timing: no window index\n");
            return 1;
        }
        std::printf("index ready after: %lld ms\n", qlonglong(clock.restart()));
    }
    const std::uint64_t n = page->wholeRunProfile()->totals.eventCount;
    const RunRange chosen{n / 3, n / 2};
    QSignalSpy applied(page, &views::ProfilePage::windowApplied);
    clock.restart();
    page->viewState()->setRange(chosen);
    if (!applied.wait(600000) || page->profile()->window != chosen) {
        std::fprintf(stderr, "window_change_timing: the window was not counted\n");
        return 1;
    }
    std::printf("first window change (%s): %lld ms\n", now ? "at once" : "index ready", qlonglong(clock.elapsed()));
    return 0;
}
