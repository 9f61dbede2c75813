// SPDX-License-Identifier: GPL-3.0-or-later
// The window index built in the background once a large dump is shown: the
// page's slot fills without any window chosen, and a window chosen then is
// counted from that index (no whole decode builds another); a window chosen
// before it is ready is counted the old way with exactly loadProfile's
// numbers; a reload, or closing the window, while it is built stops it
// without a hang.
#include "model/synth/SyntheticDump.h"
#include "tests/support/SignalWait.h"
#include "tests/support/WindowTestHelpers.h"

#include "model/memprofile/ProfileLoader.h"
#include "model/report/TextReport.h"
#include "model/services/WindowCount.h"
#include "tests/support/TestSuite.h"
#include "views/ProfilePage.h"
#include "views/ViewState.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <sstream>

using namespace memprof;
using memprof::test::load;
using memprof::test::Window;

namespace {

views::ProfilePage* pageOf(const Window& w)
{
    auto* page = w.window->findChild<views::ProfilePage*>(QStringLiteral("profilePage"));
    if (!page)
        qFatal("no profile page");
    return page;
}

std::string reportOf(const Profile& profile)
{
    std::ostringstream out;
    writeTextReport(out, profile, {});
    return out.str();
}

// Chooses `window` on the page and waits for its counts.
bool applyWindow(views::ProfilePage* page, RunRange window)
{
    QSignalSpy applied(page, &views::ProfilePage::windowApplied);
    page->viewState()->setRange(window);
    return testsuite::received(applied, 120000) && page->profile()->window == window;
}

} // namespace

class TestWindowIndexBackground : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    QString dump_;
    std::uint64_t eventCount_ = 0;

    // The numbers a window must show: a whole decode of just that window.
    void compareWithFullDecode(const views::ProfilePage* page, RunRange window)
    {
        const Profile expected = loadProfile(QFile::encodeName(dump_).toStdString(), {}, nullptr, window);
        QCOMPARE(page->profile()->totals.eventCount, expected.totals.eventCount);
        QCOMPARE(page->profile()->window, expected.window);
        QVERIFY(reportOf(*page->profile()) == reportOf(expected));
    }

private slots:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        dump_ = dir_.filePath(QStringLiteral("large.bin"));
        // Just above the run size from which a window is counted with the
        // index (below it a whole decode is faster and no index is built).
        synth::SyntheticOptions options;
        options.seed = 22;
        options.targetBytes = std::uint64_t(30) << 20;
        synth::SyntheticSummary summary;
        std::string error;
        QVERIFY2(synth::writeSyntheticDumpFile(dump_.toStdString(), options, &summary, &error), error.c_str());
        eventCount_ = summary.eventCount();
        QVERIFY(eventCount_ >= services::kIndexedRunEvents);
    }

    void indexIsBuiltAfterALoadWithoutAWindow()
    {
        Window w;
        QVERIFY(load(w.window, dump_));
        views::ProfilePage* page = pageOf(w);
        QVERIFY(!page->windowIndex());
        // The check is that it comes, once.
        QTRY_VERIFY_WITH_TIMEOUT(page->windowIndex() != nullptr, 120000);
        QCOMPARE(page->windowIndexBuildCount(), 1);
        QTRY_VERIFY(!page->isBuildingWindowIndex()); // its end arrives queued
        QVERIFY(!page->isRecounting());
        QCOMPARE(page->viewState()->range(), RunRange{});
        QCOMPARE(page->profile(), page->wholeRunProfile());
    }

    void aWindowAfterTheIndexIsReadyUsesIt()
    {
        Window w;
        QVERIFY(load(w.window, dump_));
        views::ProfilePage* page = pageOf(w);
        QTRY_VERIFY_WITH_TIMEOUT(page->windowIndex() != nullptr, 120000);
        const std::shared_ptr<const WindowIndex> index = page->windowIndex();
        const RunRange window{eventCount_ / 3, eventCount_ / 2};
        QVERIFY(applyWindow(page, window));
        // The re-count found the index: no whole decode built another.
        QCOMPARE(page->windowIndexBuildCount(), 1);
        QCOMPARE(page->windowIndex(), index);
        QVERIFY(!page->isBuildingWindowIndex());
        compareWithFullDecode(page, window);
    }

    void aWindowBeforeTheIndexIsReadyCountsExactly()
    {
        Window w;
        QVERIFY(load(w.window, dump_));
        views::ProfilePage* page = pageOf(w);
        QVERIFY(!page->windowIndex());
        const RunRange window{eventCount_ / 5, eventCount_ - 7};
        page->viewState()->setRange(window);
        QVERIFY(page->isRecounting());
        // The re-count builds the index itself; the background build waits.
        QVERIFY(!page->isBuildingWindowIndex());
        QSignalSpy applied(page, &views::ProfilePage::windowApplied);
        QVERIFY(testsuite::received(applied, 120000));
        QCOMPARE(page->profile()->window, window);
        compareWithFullDecode(page, window);
        QVERIFY(page->windowIndex() != nullptr);
        QCOMPARE(page->windowIndexBuildCount(), 1); // the re-count's
        QVERIFY(!page->isBuildingWindowIndex());
    }

    void aCancelledWindowBuildsTheIndexInTheBackgroundAgain()
    {
        Window w;
        QVERIFY(load(w.window, dump_));
        views::ProfilePage* page = pageOf(w);
        page->viewState()->setRange({eventCount_ / 3, eventCount_ / 2});
        QVERIFY(page->isRecounting());
        page->viewState()->setRange({}); // back to the whole run: the re-count stops
        QVERIFY(!page->isRecounting());
        QTRY_VERIFY_WITH_TIMEOUT(page->windowIndex() != nullptr, 120000);
        QCOMPARE(page->viewState()->range(), RunRange{});
    }

    void aReloadOrClosingStopsTheBuild()
    {
        auto w = std::make_unique<Window>();
        QVERIFY(load(w->window, dump_));
        views::ProfilePage* page = pageOf(*w);
        // Building (unless it was quicker than this test looks).
        QTRY_VERIFY(page->isBuildingWindowIndex() || page->windowIndex());
        QSignalSpy reloaded(w->window.data(), &app::MainWindow::loadFinished);
        w->window->reload();
        QVERIFY(testsuite::received(reloaded, 30000));
        QVERIFY(reloaded.at(0).at(0).toBool());
        page = pageOf(*w);
        // The reloaded dump gets its own index, built in the background.
        QTRY_VERIFY_WITH_TIMEOUT(page->windowIndex() != nullptr, 120000);

        QVERIFY(load(w->window, dump_));
        QTRY_VERIFY(pageOf(*w)->isBuildingWindowIndex() || pageOf(*w)->windowIndex());
        w.reset(); // closes the window while the index is built
    }
};

MEMPROF_TEST_MAIN(TestWindowIndexBackground)
#include "test_window_index_background.moc"
