// SPDX-License-Identifier: GPL-3.0-or-later
// Several CPU profiles (sysprof dumps) opened as one (--merge, File > Open
// as One Profile): the flame graph and the functions count every dump's
// samples; the Instances pane shows each dump's samples of the selected
// function, which are the dump's own count of it; one dump chosen there
// shows its figures alone, all of them the merge again; what a merge has
// not (a chart over a run, a range of it) is off, saying why; the export
// keeps each figure's dump.
#include "tests/support/GuiTestData.h"
#include "tests/support/OwnFunctionCounts.h"
#include "tests/support/InstanceChoice.h"
#include "tests/support/SignalWait.h"
#include "tests/support/TestSuite.h"
#include "tests/support/WindowTestHelpers.h"
#include "tests/support/WindowWidgets.h"

#include "model/itemmodels/ModelRoles.h"
#include "model/itemmodels/SampleShareModel.h"
#include "model/sysprofile/SysprofLoader.h"
#include "views/InstancesPane.h"
#include "views/SysprofPage.h"
#include "views/flamegraph/FlameGraphWidget.h"

#include <QComboBox>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace memprof;
using itemmodels::SampleShareModel;
using memprof::test::loadMerged;
using memprof::test::Window;

namespace {

QString dump(const char* name)
{
    return test::fixture(QStringLiteral("sysprof/") + QLatin1String(name));
}

std::uint64_t ownSamples(const QString& path)
{
    return loadSysprof(QFile::encodeName(path).toStdString(), {}, viewerSysprofOptions()).sampleCount;
}

// The page's flame graph once built: its root's samples.
std::uint64_t flameRoot(views::SysprofPage* page)
{
    views::FlameGraphWidget* flame = page->flameGraph();
    if (!QTest::qWaitFor([flame] { return flame->tree() && !flame->isBuilding(); }, 30000))
        return 0;
    return flame->tree()->nodes.front().value;
}


qint64 raw(const SampleShareModel* model, int row, int column)
{
    return model->index(row, column).data(itemmodels::SortRole).toLongLong();
}

} // namespace

class TestMergedSysprofPage : public QObject {
    Q_OBJECT

private slots:
    void cleanup() { test::closeErrorBoxes(); }

    void theFlameGraphCountsEveryDumpsSamples()
    {
        const QStringList paths = {dump("recursion-C-jitoff.bin"), dump("coroutines-C-jitoff.bin")};
        Window w;
        QVERIFY(loadMerged(w.window, paths));
        views::SysprofPage* page = w->sysprofPage();
        QCOMPARE(w->currentPage(), page);
        QVERIFY(page->isMerged());
        const std::uint64_t samples = ownSamples(paths[0]) + ownSamples(paths[1]);
        QVERIFY(ownSamples(paths[0]) > 0 && ownSamples(paths[1]) > 0);
        QCOMPARE(flameRoot(page), samples);
        QCOMPARE(page->profile()->sampleCount, samples);
        QVERIFY(w->windowTitle().startsWith(QStringLiteral("2 dumps merged")));
        QVERIFY(page->headerText().contains(QStringLiteral("2 dumps merged")));
        QVERIFY(!page->instancesPane()->isHidden());
    }

    void aSelfMergeDoublesEverySample()
    {
        const QString one = dump("recursion-C-jitoff.bin");
        Window w;
        QVERIFY(loadMerged(w.window, {one, one}));
        views::SysprofPage* page = w->sysprofPage();
        QCOMPARE(flameRoot(page), 2 * ownSamples(one));
        // Each copy has half of the selected function.
        QVERIFY(page->selectedFrame());
        const SampleShareModel* shares = page->sampleShares();
        QCOMPARE(shares->rowCount(), 2);
        QCOMPARE(raw(shares, 0, SampleShareModel::SelfColumn), raw(shares, 1, SampleShareModel::SelfColumn));
        QVERIFY(raw(shares, 0, SampleShareModel::TotalColumn) > 0);
        QCOMPARE(raw(shares, 0, SampleShareModel::TotalColumn), raw(shares, 1, SampleShareModel::TotalColumn));
    }

    void aFunctionsBreakdownIsEachDumpsOwnCount()
    {
        const QStringList paths = {dump("recursion-C-jitoff.bin"), dump("coroutines-C-jitoff.bin")};
        Window w;
        QVERIFY(loadMerged(w.window, paths));
        views::SysprofPage* page = w->sysprofPage();
        const StackView view = page->view();
        const std::array<std::map<test::FrameKey, test::SampleCounts>, 2> own = {
            test::ownFunctionCounts(paths[0].toStdString(), view),
            test::ownFunctionCounts(paths[1].toStdString(), view)};
        const SampleShareModel* shares = page->sampleShares();
        // Every function of the functions table, selected as a click does.
        const QAbstractItemModel* functions = page->functionsView()->sourceModel();
        QVERIFY(functions->rowCount() > 5);
        for (int row = 0; row < functions->rowCount(); ++row) {
            const auto frame = static_cast<FrameId>(functions->index(row, 0).data(itemmodels::FrameIdRole).toUInt());
            page->selectFrame(frame);
            QCOMPARE(shares->frame(), std::optional<FrameId>(frame));
            QCOMPARE(shares->rowCount(), 2);
            for (int share = 0; share < 2; ++share) {
                const test::SampleCounts expected =
                    test::countsOf(own[shares->instanceAt(share)], page->profile()->frames[frame]);
                QCOMPARE(raw(shares, share, SampleShareModel::SelfColumn), expected.first);
                QCOMPARE(raw(shares, share, SampleShareModel::TotalColumn), expected.second);
            }
        }
    }

    void oneDumpChosenShowsItsOwnFigures()
    {
        const QStringList paths = {dump("recursion-C-jitoff.bin"), dump("coroutines-C-jitoff.bin")};
        Window w;
        QVERIFY(loadMerged(w.window, paths));
        views::SysprofPage* page = w->sysprofPage();
        const std::uint64_t merged = flameRoot(page);
        QVERIFY(test::chooseInstance(page, QStringLiteral("coroutines-C-jitoff.bin")));
        QCOMPARE(flameRoot(page), ownSamples(paths[1]));
        QCOMPARE(page->profile()->sampleCount, ownSamples(paths[1]));
        QVERIFY(page->headerText().contains(QStringLiteral("one of the dumps merged")));
        // Its breakdown is its own: one dump, all of the selected function.
        QVERIFY(page->selectedFrame());
        QCOMPARE(page->sampleShares()->rowCount(), 1);
        QCOMPARE(page->sampleShares()->index(0, 0).data().toString(), QStringLiteral("coroutines-C-jitoff.bin"));
        // All of them again: the merge the page kept.
        QVERIFY(test::chooseInstance(page, page->instancesPane()->instanceChoice()->itemText(0)));
        QCOMPARE(flameRoot(page), merged);
        QCOMPARE(page->profile(), page->wholeRunProfile());
        QCOMPARE(page->sampleShares()->rowCount(), 2);
    }

    void aMergeOffersNoChartOverARunAndSaysWhy()
    {
        Window w;
        QVERIFY(loadMerged(w.window, {dump("recursion-C-jitoff.bin"), dump("coroutines-C-jitoff.bin")}));
        views::SysprofPage* page = w->sysprofPage();
        auto* note = test::widgetNamed<QLabel>(page, "mergedNote");
        QVERIFY(!note->isHidden());
        QVERIFY(note->text().contains(QStringLiteral("no common clock")));
        QTabWidget* tabs = test::mainTabs(page);
        const int states = tabs->count() - 1;
        QCOMPARE(tabs->tabText(states).remove(u'&'), QStringLiteral("VM states"));
        QVERIFY(!tabs->isTabEnabled(states));
        QVERIFY(tabs->tabToolTip(states).contains(QStringLiteral("no common clock")));
        QVERIFY(w->document()->whyNoRange().contains(QStringLiteral("no common clock")));
        // One dump opened in the same window: the chart again, no instances.
        QVERIFY(test::load(w.window, dump("recursion-C-jitoff.bin")));
        QVERIFY(!page->isMerged());
        QVERIFY(note->isHidden());
        QVERIFY(tabs->isTabEnabled(states));
        QVERIFY(page->instancesPane()->isHidden());
        QVERIFY(page->headerText().contains(QStringLiteral("recursion-C-jitoff.bin")));
    }

    void dumpsOfTwoKindsAreRefusedNamingTheFile()
    {
        Window w;
        QVERIFY(!loadMerged(w.window, {dump("recursion-C-jitoff.bin"), test::fixture(QStringLiteral("v3/leak.bin"))}));
        QMessageBox* box = test::errorBox();
        QVERIFY(box);
        const QString text = box->text() + box->informativeText() + box->detailedText();
        QVERIFY2(text.contains(QStringLiteral("leak.bin")), qPrintable(text));
        QVERIFY(!w->document());
    }

    void theExportKeepsEachSamplesDump()
    {
        Window w;
        QVERIFY(loadMerged(w.window, {dump("recursion-C-jitoff.bin"), dump("coroutines-C-jitoff.bin")}));
        QTemporaryDir dir;
        QSignalSpy exported(w.window, &app::MainWindow::exportFinished);
        // speedscope: a profile per dump, named by it.
        const QString speedscope = dir.filePath(QStringLiteral("merged.cpu.speedscope.json"));
        QString error;
        QVERIFY2(w->startExport(speedscope, &error), qPrintable(error));
        QVERIFY(testsuite::received(exported, 30000));
        QCOMPARE(exported.at(0).at(1).toString(), QString());
        QFile file(speedscope);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonArray profiles = QJsonDocument::fromJson(file.readAll()).object().value("profiles").toArray();
        QCOMPARE(profiles.size(), 2);
        QVERIFY(profiles[0].toObject().value("name").toString().startsWith(QStringLiteral("recursion-C-jitoff.bin")));
        // pprof: each sample labelled with its dump.
        const QString pprof = dir.filePath(QStringLiteral("merged.cpu.pb.gz"));
        QVERIFY2(w->startExport(pprof, &error), qPrintable(error));
        QVERIFY(testsuite::received(exported, 30000, 2));
        QCOMPARE(exported.at(1).at(1).toString(), QString());
        QVERIFY(QFileInfo(pprof).size() > 0);
        // A format with no place for the dump: refused, saying so.
        const QString chrome = dir.filePath(QStringLiteral("merged.cpuprofile"));
        QVERIFY2(w->startExport(chrome, &error), qPrintable(error));
        QVERIFY(testsuite::received(exported, 30000, 3));
        QVERIFY(exported.at(2).at(1).toString().contains(QStringLiteral("pprof")));
        QVERIFY(!QFileInfo::exists(chrome));
    }
};

MEMPROF_TEST_MAIN(TestMergedSysprofPage)
#include "test_merged_sysprof_page.moc"
