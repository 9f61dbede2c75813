// SPDX-License-Identifier: GPL-3.0-or-later
// The Charts tab inside the main window: fed when a dump loads, in step with
// the window's one select-location path in both directions.
#include "app/MainWindow.h"

#include "model/memprofile/ProfileRanking.h"

#include "tests/support/SignalWait.h"
#include "tests/support/TestSuite.h"
#include "views/charts/ChartExport.h"
#include "views/charts/ChartsPane.h"
#include "views/charts/HeapChart.h"
#include "views/charts/TopHoldersChart.h"

#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>

using namespace memprof;
using namespace memprof::charts;
using memprof::app::MainWindow;

class TestChartsInWindow : public QObject {
    Q_OBJECT
private slots:
    void chartsFollowTheWindow()
    {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QSignalSpy finished(&window, &MainWindow::loadFinished);
        window.loadDump(QStringLiteral(MEMPROF_TEST_DATA "/v3/medium.bin"));
        QVERIFY(testsuite::received(finished, 30000));
        QVERIFY(finished.at(0).at(0).toBool());
        const Profile& profile = *window.profile();

        auto* pane = window.findChild<ChartsPane*>();
        QVERIFY(pane);
        // The window's tabs, found as --screenshot finds them.
        auto* tabs = window.findChild<QTabWidget*>(QStringLiteral("mainTabs"));
        QVERIFY(tabs);
        QCOMPARE(tabs->tabText(tabs->indexOf(pane)), QStringLiteral("Charts"));
        QCOMPARE((pane->heapChart()->liveMaxGraph()->data()->constEnd() - 1)->value, double(profile.totals.liveBytes));
        QCOMPARE(pane->topHoldersChart()->holders().front().name, rankHeldByName(profile).front().name);

        // The window selects: the chart overlays that location (when shown).
        tabs->setCurrentWidget(pane);
        const LocationId second = pane->topHoldersChart()->holders()[1].location;
        QSignalSpy history(pane, &ChartsPane::locationHistoryFinished);
        window.selectLocation(second);
        QVERIFY(testsuite::received(history, 10000));
        QCOMPARE(history.at(0).at(0).value<LocationId>(), second);
        QVERIFY(pane->heapChart()->overlayGraph()->visible());

        // A bar click goes through the window's selectLocation.
        tabs->setCurrentWidget(pane);
        pane->setCurrentChart(1);
        TopHoldersChart* bars = pane->topHoldersChart();
        bars->replot();
        const TopHolder& top = bars->holders().front();
        QSignalSpy selected(&window, &MainWindow::locationSelected);
        const QPoint onTopBar(static_cast<int>(bars->xAxis->coordToPixel(double(top.heldBytes) / 2)),
                              static_cast<int>(bars->yAxis->coordToPixel(double(bars->holders().size()))));
        QTest::mouseClick(bars, Qt::LeftButton, {}, onTopBar);
        QCOMPARE(selected.count(), 1);
        QCOMPARE(selected.at(0).at(0).value<LocationId>(), top.location);

        const QString shots = qEnvironmentVariable("MEMPROF_CHART_SHOTS");
        if (!shots.isEmpty()) {
            tabs->setCurrentWidget(pane);
            pane->setCurrentChart(0);
            QVERIFY(testsuite::received(history, 10000, 2)); // the top holder's curve
            QTest::qWait(50);
            QVERIFY(window.grab().save(shots + QStringLiteral("/window-charts.png")));
        }
    }
};

MEMPROF_TEST_MAIN(TestChartsInWindow)
#include "test_charts_in_window.moc"
