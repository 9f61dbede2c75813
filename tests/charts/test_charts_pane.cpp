// SPDX-License-Identifier: GPL-3.0-or-later
// The charts pane on fixture dumps, offscreen: what each chart draws, the
// top holders' order and click, the selected location's overlay from the
// second pass, export to PNG and PDF, the dark palette. Set
// MEMPROF_CHART_SHOTS=<folder> to keep the rendered PNGs for a look.
#include "model/memprofile/ProfileLoader.h"
#include "model/memprofile/ProfileRanking.h"
#include "model/report/TextReport.h"

#include "tests/support/SignalWait.h"
#include "views/charts/ChartExport.h"
#include "views/charts/ChartsPane.h"
#include "views/charts/HeapChart.h"
#include "views/charts/SizeHistogramChart.h"
#include "views/charts/TopHoldersChart.h"

#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include "tests/support/ChartData.h"
#include "tests/support/FileBytes.h"
#include "tests/support/TestSuite.h"

using namespace memprof;
using namespace memprof::charts;

namespace {

QString dumpPath(const char* name)
{
    return QStringLiteral(MEMPROF_TEST_DATA "/") + QLatin1String(name);
}

// Distinct colours in an image: a blank render has one or two.
int colourCount(const QImage& image)
{
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 3)
        for (int x = 0; x < image.width(); x += 3)
            colours.insert(image.pixel(x, y));
    return static_cast<int>(colours.size());
}

template <class Container>
double highestOf(const Container& data)
{
    double highest = 0;
    for (auto it = data.constBegin(); it != data.constEnd(); ++it)
        highest = std::max(highest, it->value);
    return highest;
}

// The bytes `location` allocated (and reallocated) in `profile`'s events.
std::uint64_t ownAllocatedBytes(const Profile& profile, LocationId location)
{
    std::uint64_t bytes = 0;
    for (const auto* rows : {&profile.allocations, &profile.reallocations})
        for (const LocationRow& row : *rows)
            if (row.location == location)
                bytes += row.allocatedBytes;
    return bytes;
}

void keepShot(ChartsPane& pane, const QString& name)
{
    const QString folder = qEnvironmentVariable("MEMPROF_CHART_SHOTS");
    if (!folder.isEmpty())
        QVERIFY(exportChart(*pane.currentChart(), folder + QLatin1Char('/') + name, ChartFormat::Png, 1000, 560));
}

} // namespace

class TestChartsPane : public QObject {
    Q_OBJECT
private slots:
    void heapChartDrawsTheTimeline()
    {
        const QString path = dumpPath("v3/medium.bin");
        const Profile profile = loadProfile(path.toStdString());
        ChartsPane pane;
        pane.resize(1000, 600);
        pane.setProfile(profile, path);
        HeapChart* chart = pane.heapChart();
        const auto& data = *chart->liveMaxGraph()->data();
        QCOMPARE(data.size(), int(profile.timeline.buckets().size() + 1));
        QCOMPARE((data.constEnd() - 1)->value, double(profile.totals.liveBytes));
        QCOMPARE((data.constEnd() - 1)->key, double(profile.totals.eventCount));
        QCOMPARE(highestOf(data), double(profile.totals.peakLiveBytes));
        QVERIFY(chart->peakLabel().contains(
            QString::fromStdString(formatBytes(static_cast<std::int64_t>(profile.totals.peakLiveBytes), true))));
        QCOMPARE(chart->xAxis->label(), QStringLiteral("events"));
        QCOMPARE((chart->allocatedGraph()->data()->constEnd() - 1)->value, double(profile.totals.allocatedBytes));
        QVERIFY(!chart->overlayGraph()->visible());
        keepShot(pane, QStringLiteral("heap.png"));
    }

    void topHoldersFollowTheLeakRanking_data()
    {
        QTest::addColumn<QString>("dump");
        QTest::newRow("medium") << QStringLiteral("v3/medium.bin");
        QTest::newRow("loadstring: more than 20 holders") << QStringLiteral("v3/loadstring.bin");
    }

    void topHoldersFollowTheLeakRanking()
    {
        QFETCH(QString, dump);
        const QString path = dumpPath(dump.toLatin1().constData());
        const Profile profile = loadProfile(path.toStdString());
        ChartsPane pane;
        pane.resize(1000, 600);
        pane.setProfile(profile, path);
        pane.setCurrentChart(1);
        pane.show();
        QVERIFY(QTest::qWaitForWindowExposed(&pane));
        TopHoldersChart* chart = pane.topHoldersChart();
        const auto ranked = rankHeldByName(profile);
        QCOMPARE(chart->holders().size(), std::min<std::size_t>(TopHoldersChart::kBarCount, ranked.size()));
        for (std::size_t i = 0; i < chart->holders().size(); ++i) {
            QCOMPARE(chart->holders()[i].name, ranked[i].name);
            QCOMPARE(chart->holders()[i].heldBytes, ranked[i].heldBytes);
            QCOMPARE(profile.nameOf(chart->holders()[i].location), ranked[i].name);
        }
        // Clicking the top bar (drawn highest) activates its location.
        chart->replot();
        QSignalSpy activated(&pane, &ChartsPane::locationActivated);
        const TopHolder& top = chart->holders().front();
        const QPoint onTopBar(static_cast<int>(chart->xAxis->coordToPixel(double(top.heldBytes) / 2)),
                              static_cast<int>(chart->yAxis->coordToPixel(double(chart->holders().size()))));
        QCOMPARE(chart->holderAt(onTopBar), 0);
        QTest::mouseClick(chart, Qt::LeftButton, {}, onTopBar);
        QCOMPARE(activated.count(), 1);
        QCOMPARE(activated.at(0).at(0).value<LocationId>(), top.location);
        // Beside the bars nothing is activated.
        const QPoint beside(static_cast<int>(chart->xAxis->coordToPixel(double(top.heldBytes) * 1.1)), onTopBar.y());
        QCOMPARE(chart->holderAt(beside), -1);
        QTest::mouseClick(chart, Qt::LeftButton, {}, beside);
        QCOMPARE(activated.count(), 1);
        pane.setSelectedLocation(chart->holders()[2].location);
        keepShot(pane, QStringLiteral("top-holders-%1.png").arg(QFileInfo(path).baseName()));
    }

    void selectedLocationOverlayAndHistogram()
    {
        const QString path = dumpPath("v3/medium.bin");
        const Profile profile = loadProfile(path.toStdString());
        ChartsPane pane;
        pane.resize(1000, 600);
        pane.setProfile(profile, path);
        pane.show();
        HeapChart* chart = pane.heapChart();
        const HeldRow holder =
            *std::max_element(profile.heldAtEnd.begin(), profile.heldAtEnd.end(),
                              [](const HeldRow& a, const HeldRow& b) { return a.heldBytes < b.heldBytes; });
        QSignalSpy finished(&pane, &ChartsPane::locationHistoryFinished);
        pane.setSelectedLocation(holder.location);
        QVERIFY(testsuite::received(finished, 10000));
        QVERIFY2(pane.statusText().isEmpty(), qPrintable(pane.statusText()));
        QVERIFY(chart->overlayGraph()->visible());
        QCOMPARE((chart->overlayGraph()->data()->constEnd() - 1)->value, double(holder.heldBytes));
        QVERIFY(chart->overlayGraph()->name().contains(QString::fromStdString(profile.nameOf(holder.location))));
        keepShot(pane, QStringLiteral("heap-overlay.png"));

        // The histogram: whole profile, then the location; count, then bytes.
        SizeHistogramChart* sizes = pane.sizeHistogramChart();
        pane.setCurrentChart(2);
        QCOMPARE(memprof::test::sumOf(*sizes->bars()->data()), double(profile.sizeHistogram.totalAllocCount()));
        auto* scope = pane.findChildren<QComboBox*>().at(1);
        auto* measure = pane.findChildren<QComboBox*>().at(0);
        QVERIFY(scope->isEnabled());
        scope->setCurrentIndex(1);
        measure->setCurrentIndex(1);
        QCOMPARE(sizes->measure(), HistogramMeasure::Bytes);
        QCOMPARE(memprof::test::sumOf(*sizes->bars()->data()), double(ownAllocatedBytes(profile, holder.location)));
        scope->setCurrentIndex(0);
        keepShot(pane, QStringLiteral("sizes-bytes.png"));
        measure->setCurrentIndex(0);
        keepShot(pane, QStringLiteral("sizes-count.png"));
    }

    void selectedLocationFollowsTheWindow()
    {
        const QString path = dumpPath("v3/medium.bin");
        const Profile profile = loadProfile(path.toStdString());
        const std::uint64_t events = profile.totals.eventCount;
        const RunRange window{events / 4, events * 3 / 4};
        const Profile windowed = loadProfile(path.toStdString(), {}, nullptr, window);
        // A holder that allocated both inside and outside the window.
        const auto holder = std::find_if(profile.heldAtEnd.begin(), profile.heldAtEnd.end(), [&](const HeldRow& row) {
            const std::uint64_t inWindow = ownAllocatedBytes(windowed, row.location);
            return inWindow > 0 && inWindow < ownAllocatedBytes(profile, row.location);
        });
        QVERIFY(holder != profile.heldAtEnd.end());
        const LocationId location = holder->location;

        ChartsPane pane;
        pane.resize(1000, 600);
        pane.setProfile(profile, path);
        pane.show();
        QSignalSpy finished(&pane, &ChartsPane::locationHistoryFinished);
        pane.setSelectedLocation(location);
        QVERIFY(testsuite::received(finished, 10000));
        pane.setWindowedProfile(windowed);
        QVERIFY(testsuite::received(finished, 10000, 2));
        QVERIFY2(pane.statusText().isEmpty(), qPrintable(pane.statusText()));

        // The curve is drawn over the window, the whole run's faintly.
        HeapChart* chart = pane.heapChart();
        QCOMPARE(chart->window(), window);
        QVERIFY(chart->overlayGraph()->visible());
        QCOMPARE(chart->overlayGraph()->data()->constBegin()->key, double(window.first));
        QCOMPARE((chart->overlayGraph()->data()->constEnd() - 1)->key, double(window.last + 1));
        QVERIFY(chart->overlayRunGraph()->visible());
        QCOMPARE((chart->overlayRunGraph()->data()->constEnd() - 1)->value, double(holder->heldBytes));
        keepShot(pane, QStringLiteral("heap-overlay-window.png"));

        // The location's sizes are the window's.
        pane.setCurrentChart(2);
        auto* measure = pane.findChildren<QComboBox*>().at(0);
        auto* scope = pane.findChildren<QComboBox*>().at(1);
        measure->setCurrentIndex(1);
        scope->setCurrentIndex(1);
        SizeHistogramChart* sizes = pane.sizeHistogramChart();
        QCOMPARE(memprof::test::sumOf(*sizes->bars()->data()), double(ownAllocatedBytes(windowed, location)));
        keepShot(pane, QStringLiteral("sizes-location-window.png"));

        // The whole run again: the whole curve, the whole run's sizes.
        pane.setWindowedProfile(profile);
        QVERIFY(testsuite::received(finished, 10000, 3));
        QVERIFY(!chart->overlayRunGraph()->visible());
        QCOMPARE(chart->overlayGraph()->data()->constBegin()->key, 1.0);
        scope->setCurrentIndex(1);
        QCOMPARE(memprof::test::sumOf(*sizes->bars()->data()), double(ownAllocatedBytes(profile, location)));
    }

    void aNewSelectionCancelsThePrevious()
    {
        const QString path = dumpPath("v3/medium.bin");
        const Profile profile = loadProfile(path.toStdString());
        ChartsPane pane;
        pane.setProfile(profile, path);
        pane.show();
        QSignalSpy finished(&pane, &ChartsPane::locationHistoryFinished);
        pane.setSelectedLocation(profile.heldAtEnd.front().location);
        pane.setSelectedLocation(profile.heldAtEnd.back().location);
        QVERIFY(testsuite::received(finished, 10000));
        QTest::qWait(200); // a late result of the first would arrive by now
        QCOMPARE(finished.count(), 1);
        QCOMPARE(finished.at(0).at(0).value<LocationId>(), profile.heldAtEnd.back().location);
    }

    // The size labels never run together ("128B256B512B"), however narrow
    // the chart: each upright label has its bar's room, slanted ones a line
    // between them, and the labels left out are between written ones.
    void sizeLabelsNeverRunTogether_data()
    {
        QTest::addColumn<int>("width");
        for (int width : {1366, 700, 420, 260})
            QTest::newRow(qPrintable(QString::number(width))) << width;
    }

    void sizeLabelsNeverRunTogether()
    {
        QFETCH(int, width);
        SizeHistogram histogram;
        for (std::uint64_t size = 8; size <= 1024 * 1024; size *= 2)
            for (int i = 0; i < 3; ++i)
                histogram.add(size + std::uint64_t(i));
        SizeHistogramChart chart;
        chart.resize(width, 320);
        chart.setHistogram(histogram, QStringLiteral("whole profile"));
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.replot();
        const auto ticker = qSharedPointerCast<QCPAxisTickerText>(chart.xAxis->ticker());
        QVERIFY(ticker);
        const QFontMetrics metrics(chart.xAxis->tickLabelFont());
        const double spacing = std::abs(chart.xAxis->coordToPixel(1) - chart.xAxis->coordToPixel(0));
        double lastKey = -1;
        int written = 0;
        for (auto it = ticker->ticks().constBegin(); it != ticker->ticks().constEnd(); ++it) {
            if (it.value().isEmpty())
                continue;
            ++written;
            if (lastKey >= 0) {
                const double apart = (it.key() - lastKey) * spacing;
                const double needed = chart.xAxis->tickLabelRotation() == 0 ? metrics.horizontalAdvance(it.value())
                                                                            : metrics.height() / 0.7072;
                QVERIFY2(apart >= needed, qPrintable(QStringLiteral("%1 px apart, %2 needed at rotation %3")
                                                         .arg(apart)
                                                         .arg(needed)
                                                         .arg(chart.xAxis->tickLabelRotation())));
            }
            lastKey = it.key();
        }
        QVERIFY(written >= 3);
    }

    // The top holders' axis title is whole and the largest bar's figure in
    // sight, however narrow the chart.
    void topHoldersKeepTheirTitleAndFigures_data()
    {
        QTest::addColumn<int>("width");
        for (int width : {1366, 700, 480})
            QTest::newRow(qPrintable(QString::number(width))) << width;
    }

    void topHoldersKeepTheirTitleAndFigures()
    {
        QFETCH(int, width);
        const QString path = dumpPath("v3/medium.bin");
        const Profile profile = loadProfile(path.toStdString());
        ChartsPane pane;
        pane.resize(width, 600);
        pane.setProfile(profile, path);
        pane.setCurrentChart(1);
        pane.show();
        QVERIFY(QTest::qWaitForWindowExposed(&pane));
        TopHoldersChart* chart = pane.topHoldersChart();
        chart->replot();
        QVERIFY(!chart->holders().empty());
        const QFontMetrics labelMetrics(chart->xAxis->labelFont());
        QVERIFY2(labelMetrics.horizontalAdvance(chart->xAxis->label()) <= chart->axisRect()->width(),
                 qPrintable(chart->xAxis->label()));
        QVERIFY(chart->xAxis->label().startsWith(QStringLiteral("bytes held at the end")));
        const QFontMetrics metrics(chart->font());
        for (const TopHolder& holder : chart->holders()) {
            const QString figure = QString::fromStdString(formatBytes(holder.held(), true));
            const double end =
                chart->xAxis->coordToPixel(double(holder.heldBytes)) + 4 + metrics.horizontalAdvance(figure);
            QVERIFY2(end <= chart->width(),
                     qPrintable(QStringLiteral("%1 ends at %2 of %3").arg(figure).arg(end).arg(chart->width())));
        }
        keepShot(pane, QStringLiteral("top-holders-%1.png").arg(width));
    }

    void hiddenPaneReadsWhenShown()
    {
        const QString path = dumpPath("v3/leak.bin");
        const Profile profile = loadProfile(path.toStdString());
        ChartsPane pane;
        pane.setProfile(profile, path);
        QSignalSpy finished(&pane, &ChartsPane::locationHistoryFinished);
        pane.setSelectedLocation(profile.heldAtEnd.front().location);
        QTest::qWait(300);
        QCOMPARE(finished.count(), 0);
        pane.show();
        QVERIFY(testsuite::received(finished, 10000));
        QCOMPARE(finished.at(0).at(0).value<LocationId>(), profile.heldAtEnd.front().location);
    }

    void exportsPngAndPdf_data()
    {
        QTest::addColumn<int>("chart");
        QTest::newRow("heap") << 0;
        QTest::newRow("top holders") << 1;
        QTest::newRow("sizes") << 2;
    }

    void exportsPngAndPdf()
    {
        QFETCH(int, chart);
        const QString path = dumpPath("v3/leak.bin");
        const Profile profile = loadProfile(path.toStdString());
        ChartsPane pane;
        pane.resize(900, 560);
        pane.setProfile(profile, path);
        pane.setCurrentChart(chart);
        pane.show();
        QVERIFY(QTest::qWaitForWindowExposed(&pane));
        QTemporaryDir folder;
        const QString png = folder.filePath(QStringLiteral("chart.png"));
        QFile stale(png); // an existing file is replaced whole
        QVERIFY(stale.open(QIODevice::WriteOnly));
        stale.write("old contents");
        stale.close();
        QString error;
        QVERIFY2(pane.exportCurrentChart(png, &error), qPrintable(error));
        const QImage image(png);
        QVERIFY(!image.isNull());
        QCOMPARE(image.size(), pane.currentChart()->size());
        QVERIFY(colourCount(image) > 10);
        const QString pdf = folder.filePath(QStringLiteral("chart.pdf"));
        QVERIFY2(pane.exportCurrentChart(pdf, &error), qPrintable(error));
        QFile written(pdf);
        QVERIFY(written.open(QIODevice::ReadOnly));
        QVERIFY(written.read(5) == "%PDF-");
        QVERIFY(written.size() > 1000);
        // Only the two exports: no temporary file left behind.
        QCOMPARE(QDir(folder.path()).entryList(QDir::Files | QDir::Hidden).size(), 2);
        QVERIFY(!pane.exportCurrentChart(QStringLiteral("/nonexistent-folder/chart.png"), &error));
        QVERIFY(!error.isEmpty());
    }

    // A write that fails part-way (a full disk) is an error naming the cause,
    // and the old file stays as it was.
    void failedExportKeepsTheOldFile()
    {
        const QString path = dumpPath("v3/leak.bin");
        const Profile profile = loadProfile(path.toStdString());
        ChartsPane pane;
        pane.resize(900, 560);
        pane.setProfile(profile, path);
        pane.show();
        QVERIFY(QTest::qWaitForWindowExposed(&pane));
        QTemporaryDir folder;
        for (const QString& name : {QStringLiteral("chart.png"), QStringLiteral("chart.pdf")}) {
            const QString target = folder.filePath(name);
            ::test::writeBytes(target, "old contents");
            QString error;
            bool exported = true;
            {
                const ::test::FileSizeLimit limit(2048);
                exported = pane.exportCurrentChart(target, &error);
            }
            QVERIFY2(!exported, qPrintable(QString::number(QFileInfo(target).size())));
            QVERIFY2(error.contains(QStringLiteral("File too large")) || error.contains(QStringLiteral("render")),
                     qPrintable(error));
            QCOMPARE(::test::readBytes(target), QByteArray("old contents"));
        }
        QCOMPARE(QDir(folder.path()).entryList(QDir::Files | QDir::Hidden).size(), 2);
    }

    void followsTheDarkPalette()
    {
        const QString path = dumpPath("v3/medium.bin");
        const Profile profile = loadProfile(path.toStdString());
        ChartsPane pane;
        pane.resize(900, 560);
        QPalette dark = pane.palette();
        dark.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
        dark.setColor(QPalette::Window, QColor(0x2a, 0x2a, 0x2a));
        dark.setColor(QPalette::Text, QColor(0xe0, 0xe0, 0xe0));
        dark.setColor(QPalette::WindowText, QColor(0xe0, 0xe0, 0xe0));
        pane.setPalette(dark);
        pane.setProfile(profile, path);
        QVERIFY(pane.heapChart()->colors().dark);
        const QImage image = pane.heapChart()->toPixmap(900, 560).toImage();
        QCOMPARE(image.size(), QSize(900, 560));
        QVERIFY(qGray(image.pixel(3, 3)) < 64);
        keepShot(pane, QStringLiteral("heap-dark.png"));
    }

    void emptyProfileSaysSo()
    {
        const QString path = dumpPath("v3/empty.bin");
        const Profile profile = loadProfile(path.toStdString());
        ChartsPane pane;
        pane.resize(800, 500);
        pane.setProfile(profile, path);
        const QImage image = pane.heapChart()->toPixmap(800, 500).toImage();
        QCOMPARE(image.size(), QSize(800, 500));
        keepShot(pane, QStringLiteral("heap-empty.png"));
    }
};

MEMPROF_TEST_MAIN(TestChartsPane)
#include "test_charts_pane.moc"
