// SPDX-License-Identifier: GPL-3.0-or-later
// Compare With on either side of dumps merged, both kinds: from a merged
// window the merge is BASE and NEW a dump or several merged; from a window
// of one dump, several files chosen are NEW merged. The comparison is of
// whole profiles, rows matched by name: a self-merge against one copy
// changes every row by that row's own figure, a merge against the same
// merge changes nothing; the window bar over BASE's run is off, saying why.
#include "tests/support/GuiTestData.h"
#include "tests/support/SignalWait.h"
#include "tests/support/TestSuite.h"
#include "tests/support/WindowTestHelpers.h"
#include "tests/support/WindowWidgets.h"

#include "app/DiffWindow.h"
#include "app/SysprofDiffWindow.h"
#include "model/itemmodels/DiffTableModel.h"
#include "model/itemmodels/FunctionChangeModel.h"
#include "model/itemmodels/ModelRoles.h"
#include "views/ComparisonPage.h"
#include "views/ComparisonWindowBar.h"
#include "views/CostTableView.h"
#include "views/SysprofComparisonPage.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QPointer>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace memprof;
using memprof::test::loadMerged;
using memprof::test::Window;
using Table = itemmodels::DiffTableModel::Table;

namespace {

constexpr Table kTables[] = {Table::Allocations, Table::Reallocations, Table::Frees, Table::Held};

QString memDump(const char* name)
{
    return test::fixture(QStringLiteral("v3/") + QLatin1String(name));
}

QString cpuDump(const char* name)
{
    return test::fixture(QStringLiteral("sysprof/") + QLatin1String(name));
}

// The comparison `main` opens with `newPaths` as NEW, once shown; null if
// it did not show.
template <class Comparison>
Comparison* compared(app::MainWindow* main, const QStringList& newPaths)
{
    auto* window = qobject_cast<Comparison*>(main->compareWith(newPaths));
    if (!window)
        return nullptr;
    QSignalSpy finished(window, &app::ComparisonWindow::loadFinished);
    if (!testsuite::received(finished, 30000) || !finished.at(0).at(0).toBool())
        return nullptr;
    return window;
}

// Which side holds every figure twice (a self-merge against one copy), or none (the same profile on both sides).
enum class Doubled { Base, New, None };

// Every row of every table of `window` as shown: NEW − BASE is BASE's own
// figure when NEW is doubled, minus NEW's when BASE is, nothing otherwise.
// The rows counted (with a change).
int checkChanges(const QWidget* window, Doubled doubled)
{
    int changed = 0;
    for (const Table table : kTables) {
        const QAbstractItemModel* model = test::diffTable(window, table)->sourceModel();
        if (table != Table::Reallocations && model->rowCount() == 0)
            return -1;
        const auto column = [model](const QString& csv) {
            for (int c = 0; c < model->columnCount(); ++c)
                if (model->headerData(c, Qt::Horizontal, itemmodels::CsvHeaderRole).toString() == csv)
                    return c;
            return -1;
        };
        for (int c = 0; c < model->columnCount(); ++c) {
            const QString csv = model->headerData(c, Qt::Horizontal, itemmodels::CsvHeaderRole).toString();
            if (!csv.startsWith(QLatin1String("delta_")))
                continue;
            const int base = column(QStringLiteral("base_") + csv.mid(6));
            const int current = column(QStringLiteral("new_") + csv.mid(6));
            if (base < 0 || current < 0)
                continue; // a change shown without its sides (the live blocks)
            for (int row = 0; row < model->rowCount(); ++row) {
                const auto raw = [&](int at) { return model->index(row, at).data(itemmodels::SortRole).toLongLong(); };
                if (model->index(row, 1).data(itemmodels::SortRole).toString() != QLatin1String("both"))
                    return -1;
                const qint64 expected = doubled == Doubled::New    ? raw(base)
                                        : doubled == Doubled::Base ? -raw(current)
                                                                   : 0;
                if (raw(c) != expected) {
                    qWarning("%s row %d: %lld, expected %lld", qPrintable(csv), row, raw(c), expected);
                    return -1;
                }
                changed += raw(c) != 0 ? 1 : 0;
            }
        }
    }
    return changed;
}

// The CPU comparison's functions: BASE's samples of each are `baseTimes`
// times NEW's (self and on the stack), every function in both.
bool samplesScaled(const app::SysprofDiffWindow* window, std::uint64_t baseTimes)
{
    const FunctionChanges& changes = window->page()->functionsModel()->changes();
    if (changes.functions.size() < 5 || changes.runSamples[0] != baseTimes * changes.runSamples[1])
        return false;
    for (const FunctionChange& function : changes.functions)
        if (!function.present[0] || !function.present[1] ||
            function.selfSamples[0] != baseTimes * function.selfSamples[1] ||
            function.totalSamples[0] != baseTimes * function.totalSamples[1])
            return false;
    return true;
}

} // namespace

class TestMergedComparison : public QObject {
    Q_OBJECT

private slots:
    void cleanup() { test::closeErrorBoxes(); }

    void aSelfMergeAgainstOneCopyChangesEveryRowByItsOwnFigure()
    {
        const QString leak = memDump("leak.bin");
        Window w;
        QVERIFY(loadMerged(w.window, {leak, leak}));
        QPointer<app::DiffWindow> comparison = compared<app::DiffWindow>(w.window, {leak});
        QVERIFY(comparison);
        QVERIFY(checkChanges(comparison, Doubled::Base) > 0);
        QVERIFY2(comparison->windowTitle().contains(QStringLiteral("2 dumps merged")),
                 qPrintable(comparison->windowTitle()));
        QVERIFY(test::diffSummaryHeader(comparison)->text().contains(QStringLiteral("2 dumps merged")));
        delete comparison.data();
    }

    void severalFilesChosenFromOneDumpAreNewMerged()
    {
        const QString leak = memDump("leak.bin");
        Window w;
        QVERIFY(test::load(w.window, leak));
        QPointer<app::DiffWindow> comparison = compared<app::DiffWindow>(w.window, {leak, leak});
        QVERIFY(comparison);
        QVERIFY(checkChanges(comparison, Doubled::New) > 0);
        // BASE is one dump: its window bar is on, NEW's merge turns it off.
        QVERIFY(comparison->findChild<views::ComparisonPage*>()->windowBar()->isOff());
        delete comparison.data();
    }

    void aMergeAgainstTheSameMergeChangesNothing()
    {
        const QStringList paths = {memDump("leak.bin"), memDump("growth.bin")};
        Window w;
        QVERIFY(loadMerged(w.window, paths));
        QPointer<app::DiffWindow> comparison = compared<app::DiffWindow>(w.window, paths);
        QVERIFY(comparison);
        QCOMPARE(checkChanges(comparison, Doubled::None), 0);
        delete comparison.data();
    }

    void theWindowBarOverBasesRunIsOffSayingWhy()
    {
        const QString leak = memDump("leak.bin");
        Window w;
        QVERIFY(loadMerged(w.window, {leak, memDump("growth.bin")}));
        QPointer<app::DiffWindow> comparison = compared<app::DiffWindow>(w.window, {leak});
        QVERIFY(comparison);
        views::ComparisonWindowBar* bar = comparison->findChild<views::ComparisonPage*>()->windowBar();
        QVERIFY(bar->isOff());
        QVERIFY(!bar->rangeField()->isEnabled());
        QVERIFY(!bar->lastEightyButton()->isEnabled());
        QVERIFY(bar->summaryLabel()->text().contains(QStringLiteral("no common clock")));
        // Asked anyway (a typed range), it counts nothing.
        QString error;
        const auto range = views::ComparisonWindowBar::parsePercentRange(QStringLiteral("20%-100%"), error);
        QVERIFY2(range, qPrintable(error));
        comparison->findChild<views::ComparisonPage*>()->countWindows(*range);
        QVERIFY(!comparison->findChild<views::ComparisonPage*>()->isRecounting());
        QVERIFY(bar->summaryLabel()->text().contains(QStringLiteral("no common clock")));
        delete comparison.data();
        // Two single dumps: the bar is on.
        Window one;
        QVERIFY(test::load(one.window, leak));
        QPointer<app::DiffWindow> plain = compared<app::DiffWindow>(one.window, {memDump("growth.bin")});
        QVERIFY(plain);
        QVERIFY(!plain->findChild<views::ComparisonPage*>()->windowBar()->isOff());
        delete plain.data();
    }

    void cpuProfilesMergedCompareAsWholeProfiles()
    {
        const QString one = cpuDump("recursion-C-jitoff.bin");
        Window w;
        QVERIFY(loadMerged(w.window, {one, one}));
        // The merge (BASE) against one copy: every function twice in BASE.
        QPointer<app::SysprofDiffWindow> single = compared<app::SysprofDiffWindow>(w.window, {one});
        QVERIFY(single);
        QVERIFY(samplesScaled(single, 2));
        QVERIFY2(single->windowTitle().contains(QStringLiteral("2 dumps merged")), qPrintable(single->windowTitle()));
        QVERIFY(single->page()->headerText().contains(QStringLiteral("BASE <b>2 dumps merged</b>")));
        delete single.data();
        // Against the same merge: the same samples on both sides.
        QPointer<app::SysprofDiffWindow> same = compared<app::SysprofDiffWindow>(w.window, {one, one});
        QVERIFY(same);
        QVERIFY(samplesScaled(same, 1));
        delete same.data();
        // From one dump, several files are NEW merged.
        Window plain;
        QVERIFY(test::load(plain.window, one));
        QPointer<app::SysprofDiffWindow> merged = compared<app::SysprofDiffWindow>(plain.window, {one, one});
        QVERIFY(merged);
        const FunctionChanges& changes = merged->page()->functionsModel()->changes();
        QCOMPARE(changes.runSamples[1], 2 * changes.runSamples[0]);
        delete merged.data();
    }

    void theCommandLineComparesGroupsSplitAtAColon()
    {
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("compared.png"));
        const auto run = [](const QStringList& args) {
            QProcess process;
            process.start(QStringLiteral(MEMPROF_VIEWER_EXE), args);
            if (!process.waitForFinished(60000)) {
                process.kill();
                process.waitForFinished();
                return -2;
            }
            return process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
        };
        const QString leak = memDump("leak.bin");
        const QStringList shot = {QStringLiteral("--screenshot"), png, QStringLiteral("--size"),
                                  QStringLiteral("800x600"), QStringLiteral("--diff"), QStringLiteral("--merge")};
        QCOMPARE(run(shot + QStringList{leak, leak, QStringLiteral(":"), leak}), 0);
        QCOMPARE(QImage(png).size(), QSize(800, 600));
        // Each side a folder standing for the dumps in it, as the Record
        // dialog writes a cluster; a folder without any, named.
        const QDir before(dir.filePath(QStringLiteral("cluster-before")));
        QVERIFY(before.mkpath(QStringLiteral(".")));
        QVERIFY(QFile::copy(leak, before.filePath(QStringLiteral("db1.bin"))));
        QVERIFY(QFile::copy(leak, before.filePath(QStringLiteral("db2.bin"))));
        QCOMPARE(run(shot + QStringList{before.path(), QStringLiteral(":"), before.path()}), 0);
        const QString empty = dir.filePath(QStringLiteral("cluster-empty"));
        QVERIFY(QDir().mkpath(empty));
        QCOMPARE(run(shot + QStringList{before.path(), QStringLiteral(":"), empty}), 2);
        // No separator, or a side left empty: the usage.
        QCOMPARE(run(shot + QStringList{leak, leak, leak}), 2);
        QCOMPARE(run(shot + QStringList{leak, QStringLiteral(":")}), 2);
    }

    void aMergeOfTheOtherKindIsRefusedSayingWhy()
    {
        Window w;
        QVERIFY(loadMerged(w.window, {memDump("leak.bin"), memDump("growth.bin")}));
        auto* comparison = w->compareWith(QStringList{cpuDump("recursion-C-jitoff.bin"), cpuDump("recursion-C-jitoff.bin")});
        QVERIFY(comparison);
        QSignalSpy finished(comparison, &app::ComparisonWindow::loadFinished);
        QVERIFY(testsuite::received(finished, 30000));
        QCOMPARE(finished.at(0).at(0).toBool(), false);
        QVERIFY(test::errorBox());
    }
};

MEMPROF_TEST_MAIN(TestMergedComparison)
#include "test_merged_comparison.moc"
