// SPDX-License-Identifier: GPL-3.0-or-later
// A memprof dump shown while it is read: the page comes with the counts so
// far (reading bar, no window, no export or comparison) and fills in, the
// sort order and the selection the user chose meanwhile kept, until the
// finished page, whose counts are exactly a load's.
#include "model/memprofile/ProfileLoader.h"
#include "model/synth/SyntheticDump.h"
#include "tests/support/ProfileDifference.h"
#include "tests/support/SignalWait.h"
#include "tests/support/TestSuite.h"
#include "tests/support/WindowTestHelpers.h"
#include "tests/support/WindowWidgets.h"

#include "app/MemprofDocument.h"
#include "model/itemmodels/LocationTableModel.h"
#include "views/CostTableView.h"
#include "views/EventWindowBar.h"
#include "views/ProfilePage.h"
#include "views/ReadingBar.h"
#include "views/ViewState.h"

#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace memprof;
using memprof::test::Window;

namespace {

const Profile& profileOf(const services::DocumentPtr& document)
{
    return *static_cast<const app::MemprofDocument&>(*document).profile();
}

// What the window showed at one partialShown.
struct PartialState {
    bool pageReading = false;
    bool barShown = false;
    QString barText;
    bool windowBarEnabled = true;
    bool comparable = true;
    std::uint64_t eventCount = 0;
    std::uint64_t bytesRead = 0;
    int sortColumn = -1;
    Qt::SortOrder sortOrder = Qt::AscendingOrder;
    std::optional<std::string> selected;
};

} // namespace

class TestPageWhileReading : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    QString dump_;

private slots:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        dump_ = dir_.filePath(QStringLiteral("growing.bin"));
        // Six blocks of the reader's 1 MiB: a snapshot after each.
        synth::SyntheticOptions options;
        options.seed = 5;
        options.targetBytes = std::uint64_t(6) << 20;
        std::string error;
        QVERIFY2(synth::writeSyntheticDumpFile(dump_.toStdString(), options, nullptr, &error), error.c_str());
    }

    void theCountsSoFarComeBeforeTheFinishedPage()
    {
        Window w;
        w->setPartialInterval(std::chrono::milliseconds(0));
        auto* page = test::widgetNamed<views::ProfilePage>(w.window, "profilePage");
        QVERIFY(page);
        auto* table = page->findChild<views::CostTableView*>(QStringLiteral("tableAllocations"));
        QVERIFY(table);
        const int userColumn = itemmodels::LocationTableModel::EventsColumn;
        QVERIFY(userColumn != itemmodels::LocationTableModel(EventKind::Alloc).initialSortColumn());

        std::vector<PartialState> partials;
        bool finishedBeforeAPartial = false;
        QSignalSpy finished(w.window, &app::MainWindow::loadFinished);
        connect(w.window, &app::MainWindow::partialShown, this, [&] {
            finishedBeforeAPartial |= finished.count() > 0;
            PartialState state;
            state.pageReading = page->isReading();
            state.barShown = !page->readingBar()->isHidden();
            state.barText = page->readingBar()->text();
            state.windowBarEnabled = page->windowBar()->isEnabled();
            state.comparable = w->compareWith(dump_) != nullptr;
            const Profile& soFar = profileOf(w->partialDocument());
            state.eventCount = soFar.totals.eventCount;
            state.bytesRead = soFar.status.bytesConsumed;
            state.sortColumn = table->header()->sortIndicatorSection();
            state.sortOrder = table->header()->sortIndicatorOrder();
            if (const std::optional<LocationId> at = page->viewState()->selectedLocation())
                state.selected = soFar.nameOf(*at);
            partials.push_back(state);
            // The user sorts by the event count and picks a row while the
            // dump is read: both stay through the next counts.
            if (partials.size() == 1) {
                table->sortByColumn(userColumn, Qt::AscendingOrder);
                const LocationId first = soFar.allocations.front().location;
                page->viewState()->selectLocation(first);
                partials.back().selected = soFar.nameOf(first);
            }
        });
        w->loadDump(dump_);
        QVERIFY(testsuite::received(finished, 60000));
        QVERIFY(finished.at(0).at(0).toBool());
        QVERIFY(!finishedBeforeAPartial);
        QCOMPARE_GE(partials.size(), 2u);

        const Profile expected = loadProfile(QFile::encodeName(dump_).toStdString());
        std::uint64_t before = 0;
        for (std::size_t i = 0; i < partials.size(); ++i) {
            const PartialState& state = partials[i];
            QVERIFY(state.pageReading);
            QVERIFY(state.barShown);
            QVERIFY2(state.barText.startsWith(QStringLiteral("Reading… ")), qPrintable(state.barText));
            QVERIFY(!state.windowBarEnabled);
            QVERIFY(!state.comparable);
            QCOMPARE_GE(state.eventCount, before);
            QCOMPARE_LT(state.bytesRead, QFileInfo(dump_).size());
            before = state.eventCount;
            if (i > 0) {
                QCOMPARE(state.sortColumn, userColumn);
                QCOMPARE(state.sortOrder, Qt::AscendingOrder);
                QCOMPARE(state.selected, partials.front().selected);
            }
        }
        QCOMPARE_LT(partials.front().eventCount, expected.totals.eventCount);

        // The finished page: today's document, the user's choices kept.
        QVERIFY(!w->partialDocument());
        QVERIFY(!page->isReading());
        QVERIFY(page->readingBar()->isHidden());
        QVERIFY(page->windowBar()->isEnabled());
        QCOMPARE(table->header()->sortIndicatorSection(), userColumn);
        QCOMPARE(page->profile(), page->wholeRunProfile());
        QCOMPARE(test::differenceOf(profileOf(w->document()), expected), std::string());
        QCOMPARE(page->wholeRunProfile(), &profileOf(w->document()));
        const std::optional<LocationId> selected = page->viewState()->selectedLocation();
        QVERIFY(selected);
        QCOMPARE(std::optional(expected.nameOf(*selected)), partials.front().selected);
    }
};

MEMPROF_TEST_MAIN(TestPageWhileReading)
#include "test_page_while_reading.moc"
