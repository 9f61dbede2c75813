// SPDX-License-Identifier: GPL-3.0-or-later
// A sysprof dump shown while it is read: the page comes with the counts so
// far (reading bar, no range, no export or comparison) and fills in, the
// view, the sort order and the function the user chose meanwhile kept,
// until the finished page, whose counts are exactly a load's.
#include "model/synth/SyntheticSysprofDump.h"
#include "model/sysprofile/SysprofLoader.h"
#include "tests/support/SignalWait.h"
#include "tests/support/SysprofDifference.h"
#include "tests/support/TestSuite.h"
#include "tests/support/WindowTestHelpers.h"

#include "app/SysprofDocument.h"
#include "views/CostTableView.h"
#include "views/ReadingBar.h"
#include "views/SysprofPage.h"

#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace memprof;
using memprof::test::Window;

namespace {

const SysprofProfile& profileOf(const services::DocumentPtr& document)
{
    return *static_cast<const app::SysprofDocument&>(*document).profile();
}

// What the window showed at one partialShown.
struct PartialState {
    bool pageReading = false;
    bool barShown = false;
    QString barText;
    bool comparable = true;
    std::uint64_t samples = 0;
    std::uint64_t bytesRead = 0;
    StackView view = StackView::Lua;
    int sortColumn = -1;
    Qt::SortOrder sortOrder = Qt::AscendingOrder;
    std::optional<std::string> selected;
    bool pageShowsIt = false; // the page's profile is the partial document's
};

} // namespace

class TestSysprofPageWhileReading : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    QString dump_;

private slots:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        dump_ = dir_.filePath(QStringLiteral("growing.bin"));
        // Six blocks of the reader's 1 MiB, mode C: a snapshot after each.
        synth::SyntheticSysprofOptions options;
        options.seed = 5;
        options.targetBytes = std::uint64_t(6) << 20;
        std::string error;
        QVERIFY2(synth::writeSyntheticSysprofDumpFile(dump_.toStdString(), options, nullptr, &error), error.c_str());
    }

    void theCountsSoFarComeBeforeTheFinishedPage()
    {
        Window w;
        w->setPartialInterval(std::chrono::milliseconds(0));
        views::SysprofPage* page = nullptr;
        const int userColumn = 0;
        const StackView userView = StackView::Host;

        std::vector<PartialState> partials;
        bool finishedBeforeAPartial = false;
        QSignalSpy finished(w.window, &app::MainWindow::loadFinished);
        connect(w.window, &app::MainWindow::partialShown, this, [&] {
            finishedBeforeAPartial |= finished.count() > 0;
            if (!page)
                page = w.window->findChild<views::SysprofPage*>();
            if (!page)
                return;
            const SysprofProfile& soFar = profileOf(w->partialDocument());
            PartialState state;
            state.pageReading = page->isReading();
            state.barShown = !page->readingBar()->isHidden();
            state.barText = page->readingBar()->text();
            state.comparable = w->compareWith(dump_) != nullptr;
            state.samples = soFar.sampleCount;
            state.bytesRead = soFar.status.bytesConsumed;
            state.view = page->view();
            state.sortColumn = page->functionsView()->header()->sortIndicatorSection();
            state.sortOrder = page->functionsView()->header()->sortIndicatorOrder();
            state.pageShowsIt = page->profile().get() == &soFar;
            if (page->selectedFrame())
                state.selected = soFar.frames[*page->selectedFrame()].name;
            partials.push_back(state);
            // While the dump is read the user picks the host view, sorts
            // the functions by name and picks a function other than the
            // hottest: all stay through the next counts.
            if (partials.size() == 1) {
                QVERIFY(page->functionsView()->header()->sortIndicatorSection() != userColumn);
                page->setView(userView);
                page->functionsView()->sortByColumn(userColumn, Qt::AscendingOrder);
                const CallTree& calls = soFar.tree(userView);
                QVERIFY(!calls.root().children.empty());
                const FrameId chosen = calls.node(calls.root().children.front()).frame;
                QVERIFY(page->selectedFrame() != std::optional<FrameId>(chosen));
                page->selectFrame(chosen);
                partials.back().view = page->view();
                partials.back().selected = soFar.frames[chosen].name;
            }
        });
        w->loadDump(dump_);
        QVERIFY(testsuite::received(finished, 60000));
        QVERIFY(finished.at(0).at(0).toBool());
        QVERIFY(!finishedBeforeAPartial);
        QVERIFY(page);
        QCOMPARE_GE(partials.size(), 2u);

        const SysprofProfile expected = loadSysprof(QFile::encodeName(dump_).toStdString(), {}, viewerSysprofOptions());
        std::uint64_t before = 0;
        for (std::size_t i = 0; i < partials.size(); ++i) {
            const PartialState& state = partials[i];
            QVERIFY(state.pageReading);
            QVERIFY(state.barShown);
            QVERIFY2(state.barText.startsWith(QStringLiteral("Reading… ")), qPrintable(state.barText));
            QVERIFY(!state.comparable);
            QVERIFY(state.pageShowsIt);
            QCOMPARE_GE(state.samples, before);
            QCOMPARE_LT(state.bytesRead, QFileInfo(dump_).size());
            before = state.samples;
            if (i > 0) {
                QCOMPARE(state.view, userView);
                QCOMPARE(state.sortColumn, userColumn);
                QCOMPARE(state.sortOrder, Qt::AscendingOrder);
                QCOMPARE(state.selected, partials.front().selected);
            }
        }
        QCOMPARE_LT(partials.front().samples, expected.sampleCount);

        // The finished page: today's document, the user's choices kept.
        QVERIFY(!w->partialDocument());
        QVERIFY(!page->isReading());
        QVERIFY(page->readingBar()->isHidden());
        QCOMPARE(page->view(), userView);
        QCOMPARE(page->functionsView()->header()->sortIndicatorSection(), userColumn);
        QCOMPARE(page->profile(), page->wholeRunProfile());
        QCOMPARE(page->profile().get(), &profileOf(w->document()));
        QCOMPARE(test::differenceOf(profileOf(w->document()), expected), std::string());
        QCOMPARE(profileOf(w->document()).status.end, DecodeEnd::Complete);
        QVERIFY(page->selectedFrame());
        QCOMPARE(std::optional(expected.frames[*page->selectedFrame()].name), partials.front().selected);
    }
};

MEMPROF_TEST_MAIN(TestSysprofPageWhileReading)
#include "test_sysprof_page_while_reading.moc"
