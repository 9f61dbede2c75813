// SPDX-License-Identifier: GPL-3.0-or-later
// Two CPU profiles compared: the function changes against each dump's own
// functions table, the model through the model tester, and the comparison
// window opened from a sysprof window, by --diff's path and on a dump of
// the other kind.
#include "app/MainWindow.h"
#include "app/SysprofDiffWindow.h"
#include "model/itemmodels/FunctionChangeModel.h"
#include "model/itemmodels/ModelRoles.h"
#include "model/sysprofile/FunctionChanges.h"
#include "model/sysprofile/FunctionCosts.h"
#include "model/sysprofile/SysprofLoader.h"
#include "tests/support/WindowTestHelpers.h"
#include "views/CostTableView.h"
#include "views/SysprofComparisonPage.h"
#include "views/SysprofPage.h"

#include <QAbstractItemModelTester>
#include <QPointer>
#include <QSignalSpy>
#include <QTest>

#include <map>

using namespace memprof;

namespace {

QString fixture(const char* name)
{
    return QStringLiteral(MEMPROF_TEST_DATA "/sysprof/") + QLatin1String(name);
}

SysprofProfile load(const char* name)
{
    return loadSysprof(fixture(name).toStdString());
}

// name -> (self, total) of one dump's functions, native addresses dropped.
std::map<std::string, std::pair<std::uint64_t, std::uint64_t>> costsByName(const SysprofProfile& profile,
                                                                          StackView view)
{
    std::map<std::string, std::pair<std::uint64_t, std::uint64_t>> costs;
    for (const FunctionCost& cost : functionCosts(profile.tree(view))) {
        std::string name = profile.frames[cost.frame].name;
        if (const auto address = name.rfind(":0x"); address != std::string::npos)
            name.resize(address);
        costs[std::to_string(int(profile.frames[cost.frame].kind)) + name] = {cost.selfSamples, cost.totalSamples};
    }
    return costs;
}

} // namespace

class TestSysprofComparison : public QObject {
    Q_OBJECT

private slots:
    void cleanup() { test::closeErrorBoxes(); }

    void eachSideIsItsOwnFunctionsTable()
    {
        const SysprofProfile base = load("recursion-C-jitoff.bin");
        const SysprofProfile current = load("coroutines-C-jitoff.bin");
        for (StackView view : {StackView::Lua, StackView::Host}) {
            const FunctionChanges changes = functionChanges(base, current, view);
            QCOMPARE(changes.runSamples[0], base.tree(view).totalSamples());
            QCOMPARE(changes.runSamples[1], current.tree(view).totalSamples());
            const auto baseCosts = costsByName(base, view);
            const auto newCosts = costsByName(current, view);
            std::map<std::string, std::pair<std::uint64_t, std::uint64_t>> seenBase, seenNew;
            double selfShares[2] = {0, 0};
            for (const FunctionChange& change : changes.functions) {
                std::string name = change.frame.name;
                if (const auto address = name.rfind(":0x"); address != std::string::npos)
                    name.resize(address);
                const std::string key = std::to_string(int(change.frame.kind)) + name;
                if (change.present[0])
                    seenBase[key] = {change.selfSamples[0], change.totalSamples[0]};
                if (change.present[1])
                    seenNew[key] = {change.selfSamples[1], change.totalSamples[1]};
                selfShares[0] += change.selfShare(ComparedSide::Base, changes.runSamples);
                selfShares[1] += change.selfShare(ComparedSide::New, changes.runSamples);
            }
            QCOMPARE(seenBase, baseCosts);
            QCOMPARE(seenNew, newCosts);
            // Every sample ends in one function: the self shares make the whole run.
            QVERIFY(std::abs(selfShares[0] - 1.0) < 1e-9);
            QVERIFY(std::abs(selfShares[1] - 1.0) < 1e-9);
            // The largest rise first.
            for (std::size_t i = 1; i < changes.functions.size(); ++i) {
                const auto rise = [&](const FunctionChange& c) {
                    return c.selfShare(ComparedSide::New, changes.runSamples) -
                           c.selfShare(ComparedSide::Base, changes.runSamples);
                };
                QVERIFY(rise(changes.functions[i - 1]) >= rise(changes.functions[i]));
            }
        }
    }

    void nativeSymbolsMatchAcrossRuns()
    {
        // Both runs called pmain, loaded at another address each time.
        const SysprofProfile base = load("recursion-C-jitoff.bin");
        const SysprofProfile current = load("coroutines-C-jitoff.bin");
        const FunctionChanges changes = functionChanges(base, current, StackView::Lua);
        int pmainRows = 0;
        for (const FunctionChange& change : changes.functions)
            if (change.frame.name.rfind("pmain:0x", 0) == 0) {
                ++pmainRows;
                QVERIFY(change.present[0] && change.present[1]);
            }
        QCOMPARE(pmainRows, 1);
    }

    void aDumpAgainstItselfChangesNothing()
    {
        const SysprofProfile profile = load("jit-loops-C-jiton.bin");
        const FunctionChanges changes = functionChanges(profile, profile, StackView::Lua);
        QVERIFY(!changes.functions.empty());
        itemmodels::FunctionChangeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setChanges(changes);
        QCOMPARE(model.rowCount(), static_cast<int>(changes.functions.size()));
        for (int row = 0; row < model.rowCount(); ++row) {
            QCOMPARE(model.index(row, itemmodels::FunctionChangeModel::SelfChangeColumn).data(itemmodels::SortRole).toDouble(), 0.0);
            QCOMPARE(model.index(row, itemmodels::FunctionChangeModel::TotalChangeColumn).data(itemmodels::SortRole).toDouble(), 0.0);
            QCOMPARE(model.index(row, itemmodels::FunctionChangeModel::OnlyInColumn).data().toString(), QString());
            QCOMPARE(model.index(row, itemmodels::FunctionChangeModel::SelfChangeColumn).data().toString(),
                     QStringLiteral("0.0 %"));
        }
    }

    void theWindowComparesTwoDumps()
    {
        QPointer<app::SysprofDiffWindow> window = new app::SysprofDiffWindow;
        window->show();
        QSignalSpy finished(window.data(), &app::SysprofDiffWindow::loadFinished);
        window->compare(fixture("recursion-C-jitoff.bin"), fixture("coroutines-C-jitoff.bin"));
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.front().front().toBool(), true);
        views::SysprofComparisonPage* page = window->page();
        QCOMPARE(window->currentPage(), static_cast<QWidget*>(page));
        const FunctionChanges expected =
            functionChanges(load("recursion-C-jitoff.bin"), load("coroutines-C-jitoff.bin"), StackView::Lua);
        QCOMPARE(page->functionsView()->model()->rowCount(), static_cast<int>(expected.functions.size()));
        QVERIFY2(page->headerText().contains("226 samples") && page->headerText().contains("282 samples"),
                 qPrintable(page->headerText()));
        // The host view compares the native chains of both (mode C) dumps.
        page->setView(StackView::Host);
        QCOMPARE(page->functionsModel()->changes().runSamples[0], load("recursion-C-jitoff.bin").tree(StackView::Host).totalSamples());
        delete window.data();
    }

    void aMemoryProfileOnOneSideSaysWhy()
    {
        QPointer<app::SysprofDiffWindow> window = new app::SysprofDiffWindow;
        window->show();
        QSignalSpy finished(window.data(), &app::SysprofDiffWindow::loadFinished);
        window->compare(fixture("recursion-C-jitoff.bin"), QStringLiteral(MEMPROF_TEST_DATA "/v3/leak.bin"));
        QVERIFY(finished.count() == 1 || finished.wait(30000));
        QCOMPARE(finished.front().front().toBool(), false);
        QTRY_VERIFY(test::errorBox());
        QVERIFY2(test::errorBox()->informativeText().contains("memory profile (memprof)"),
                 qPrintable(test::errorBox()->informativeText()));
        QTRY_VERIFY(window.isNull());
    }

    void aSysprofWindowComparesWithASysprofWindow()
    {
        test::Window main;
        QVERIFY(test::load(main.window, fixture("recursion-L-jitoff.bin")));
        QVERIFY(main->hasSysprof());
        QPointer<app::SysprofDiffWindow> window = main->compareSysprofWith(fixture("recursion-L-jiton.bin"));
        QVERIFY(window);
        QSignalSpy finished(window.data(), &app::SysprofDiffWindow::loadFinished);
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.front().front().toBool(), true);
        // BASE is the profile the main window holds, not loaded again.
        QCOMPARE(window->page()->functionsModel()->changes().runSamples[0], main->sysprofPage()->profile()->sampleCount);
        delete window.data();
    }
};

QTEST_MAIN(TestSysprofComparison)
#include "test_sysprof_comparison.moc"
