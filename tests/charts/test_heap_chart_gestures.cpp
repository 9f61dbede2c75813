// SPDX-License-Identifier: GPL-3.0-or-later
// The heap chart under the mouse, offscreen: the hover read-out names the
// event under the pointer with the live and allocated bytes an independent
// replay gives there (one event per bucket, and buckets of many events);
// panning and zooming cannot leave the run (not before event 0, not past
// its end); the peak label stays whole inside the plot when zoomed. Set
// MEMPROF_CHART_SHOTS=<folder> to keep the rendered PNGs for a look.
#include "model/memdecoder/MemprofDecoder.h"
#include "model/memprofile/ProfileLoader.h"
#include "model/report/TextReport.h"
#include "views/charts/HeapChart.h"

#include "model/synth/DumpWriter.h"
#include "tests/support/ReplaySink.h"
#include "tests/support/TestSuite.h"

#include <QApplication>
#include <QLocale>
#include <QMouseEvent>
#include <QTest>
#include <QWheelEvent>

#include <algorithm>

using namespace memprof;
using namespace memprof::charts;

namespace {

// A run that rises to a peak at about 40% and falls back to a plateau.
std::vector<std::uint8_t> hillDump(int steps)
{
    using namespace memprof::synth;
    DumpWriter dump;
    dump.symtabPrologue(3).lfunc(0x100, "@hill.lua", 1).symtabEnd().eventsPrologue(3);
    std::vector<std::pair<std::uint64_t, std::uint64_t>> live; // address, size
    std::uint64_t next = 0x10000;
    for (int i = 0; i < steps; ++i) {
        if (i < steps * 2 / 5 || i % 3 == 0) {
            const std::uint64_t size = 100 + static_cast<std::uint64_t>(i % 7) * 10;
            dump.alloc(luaAt(0x100, 3 + static_cast<std::uint64_t>(i % 4)), next, size);
            live.emplace_back(next, size);
            next += 0x100;
        } else {
            dump.free(luaAt(0x100, 9), live.back().first, live.back().second);
            live.pop_back();
        }
    }
    dump.epilogue();
    return dump.take();
}

struct Replayed {
    Profile profile;
    test::ReplaySink replay;
};

Replayed replayed(const std::vector<std::uint8_t>& bytes)
{
    Replayed r{loadProfile(std::span<const std::uint8_t>(bytes)), {}};
    SpanByteSource source{std::span<const std::uint8_t>(bytes)};
    decode(source, r.replay);
    return r;
}

void sendMouse(QWidget* widget, QEvent::Type type, QPointF pos, Qt::MouseButtons buttons,
               Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    const Qt::MouseButton button = type == QEvent::MouseMove ? Qt::NoButton : Qt::LeftButton;
    QMouseEvent event(type, pos, widget->mapToGlobal(pos), button, buttons, modifiers);
    QApplication::sendEvent(widget, &event);
}

// Shift+drag (the chart's pan gesture) from `from` to `to`.
void shiftDrag(QWidget* widget, QPointF from, QPointF to)
{
    sendMouse(widget, QEvent::MouseButtonPress, from, Qt::LeftButton, Qt::ShiftModifier);
    for (int i = 1; i <= 4; ++i)
        sendMouse(widget, QEvent::MouseMove, from + (to - from) * i / 4.0, Qt::LeftButton, Qt::ShiftModifier);
    sendMouse(widget, QEvent::MouseButtonRelease, to, Qt::NoButton, Qt::ShiftModifier);
}

void wheel(QWidget* widget, QPointF pos, int delta)
{
    QWheelEvent event(pos, widget->mapToGlobal(pos), QPoint(), QPoint(0, delta), Qt::NoButton, Qt::NoModifier,
                      Qt::NoScrollPhase, false);
    QApplication::sendEvent(widget, &event);
}

QCPItemText* peakTextOf(HeapChart& chart)
{
    for (int i = 0; i < chart.itemCount(); ++i)
        if (auto* text = qobject_cast<QCPItemText*>(chart.item(i)); text && text->text() == chart.peakLabel())
            return text;
    return nullptr;
}

void showChart(HeapChart& chart, const Profile& profile)
{
    chart.resize(900, 480);
    chart.setTimeline(profile.timeline, profile.totals);
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    chart.replot();
}

void keepShot(HeapChart& chart, const QString& name)
{
    const QString folder = qEnvironmentVariable("MEMPROF_CHART_SHOTS");
    if (!folder.isEmpty()) {
        chart.replot();
        QVERIFY(chart.grab().save(folder + QLatin1Char('/') + name));
    }
}

QString bytesText(std::uint64_t bytes)
{
    return QString::fromStdString(formatBytes(bytes, true));
}

} // namespace

class TestHeapChartGestures : public QObject {
    Q_OBJECT
private slots:
    void hoverReadsTheEventUnderThePointer()
    {
        const Replayed run = replayed(hillDump(1500));
        QCOMPARE(run.profile.timeline.eventsPerBucket(), std::uint64_t(1));
        HeapChart chart;
        showChart(chart, run.profile);
        const double y = chart.axisRect()->center().y();
        for (std::uint64_t event : {std::uint64_t(1), std::uint64_t(17), run.profile.totals.peakEventIndex,
                                    std::uint64_t(1200), run.profile.totals.eventCount - 1}) {
            // Event e is drawn from key e to key e + 1.
            const double x = chart.xAxis->coordToPixel(static_cast<double>(event) + 0.5);
            sendMouse(&chart, QEvent::MouseMove, QPointF(x, y), Qt::NoButton);
            auto* readout = chart.findChild<QCPItemText*>(QStringLiteral("heapReadout"));
            QVERIFY2(readout, "the heap chart has no hover read-out");
            QVERIFY2(readout->visible(), qPrintable(QStringLiteral("event %1 at x %2").arg(event).arg(x)));
            const QString text = readout->text();
            QVERIFY2(text.contains(tr("event %1").arg(QLocale().toString(static_cast<qulonglong>(event)))),
                     qPrintable(text));
            QVERIFY2(text.contains(tr("live %1").arg(bytesText(run.replay.liveAfter[event - 1]))), qPrintable(text));
            QVERIFY2(text.contains(tr("allocated %1").arg(bytesText(run.replay.allocatedAfter[event - 1]))),
                     qPrintable(text));
        }
        keepShot(chart, QStringLiteral("heap-hover.png"));
        // Leaving the chart hides it.
        QEvent leave(QEvent::Leave);
        QApplication::sendEvent(&chart, &leave);
        QVERIFY(!chart.findChild<QCPItemText*>(QStringLiteral("heapReadout"))->visible());
    }

    void hoverOverABucketReadsItsRange()
    {
        const Replayed run = replayed(hillDump(30000));
        const HeapTimeline& timeline = run.profile.timeline;
        QVERIFY(timeline.eventsPerBucket() > 1);
        HeapChart chart;
        showChart(chart, run.profile);
        const std::size_t bucket = timeline.buckets().size() / 3;
        const std::uint64_t first = timeline.firstEventOf(bucket), last = timeline.lastEventOf(bucket);
        const double x = chart.xAxis->coordToPixel((static_cast<double>(first) + static_cast<double>(last)) / 2);
        sendMouse(&chart, QEvent::MouseMove, QPointF(x, chart.axisRect()->center().y()), Qt::NoButton);
        auto* readout = chart.findChild<QCPItemText*>(QStringLiteral("heapReadout"));
        QVERIFY2(readout, "the heap chart has no hover read-out");
        const auto begin = run.replay.liveAfter.begin() + static_cast<std::ptrdiff_t>(first - 1);
        const auto end = run.replay.liveAfter.begin() + static_cast<std::ptrdiff_t>(last);
        const QString text = readout->text();
        QVERIFY2(text.contains(tr("events %1–%2")
                                   .arg(QLocale().toString(static_cast<qulonglong>(first)),
                                        QLocale().toString(static_cast<qulonglong>(last)))),
                 qPrintable(text));
        QVERIFY2(
            text.contains(tr("live %1–%2")
                              .arg(bytesText(*std::min_element(begin, end)), bytesText(*std::max_element(begin, end)))),
            qPrintable(text));
        QVERIFY2(text.contains(tr("allocated %1").arg(bytesText(run.replay.allocatedAfter[last - 1]))),
                 qPrintable(text));
    }

    void panningStaysInsideTheRun()
    {
        const Replayed run = replayed(hillDump(1500));
        const double n = static_cast<double>(run.profile.totals.eventCount);
        HeapChart chart;
        showChart(chart, run.profile);
        const QPointF middle = chart.axisRect()->center();
        // The whole run is shown: a drag either way has nowhere to go.
        shiftDrag(&chart, middle, middle + QPointF(300, 0));
        QCOMPARE(chart.xAxis->range().lower, 0.0);
        QCOMPARE(chart.xAxis->range().upper, n);
        shiftDrag(&chart, middle, middle - QPointF(300, 0));
        QCOMPARE(chart.xAxis->range().lower, 0.0);
        QCOMPARE(chart.xAxis->range().upper, n);
        // Zoomed in: panning stops at either end with the zoom kept.
        chart.xAxis->setRange(400, 500);
        for (int i = 0; i < 15; ++i) // 47 events a drag
            shiftDrag(&chart, middle, middle + QPointF(350, 0));
        QCOMPARE(chart.xAxis->range().lower, 0.0);
        QCOMPARE(chart.xAxis->range().size(), 100.0);
        for (int i = 0; i < 40; ++i)
            shiftDrag(&chart, middle, middle - QPointF(350, 0));
        QCOMPARE(chart.xAxis->range().upper, n);
        QCOMPARE(chart.xAxis->range().size(), 100.0);
        // Zooming out never shows more than the run.
        for (int i = 0; i < 10; ++i)
            wheel(&chart, middle, -120);
        QVERIFY(chart.xAxis->range().lower >= 0.0);
        QVERIFY(chart.xAxis->range().upper <= n);
    }

    void peakLabelStaysInsideThePlotWhenZoomed_data()
    {
        QTest::addColumn<double>("before");
        QTest::addColumn<double>("after");
        // Zoomed with the peak near the right edge, near the left edge, in
        // a narrow range around it, and late in the run.
        QTest::newRow("peak at the right edge") << 300.0 << 3.0;
        QTest::newRow("peak at the left edge") << 3.0 << 300.0;
        QTest::newRow("narrow") << 6.0 << 6.0;
        QTest::newRow("whole run") << 1e9 << 1e9;
    }

    void peakLabelStaysInsideThePlotWhenZoomed()
    {
        QFETCH(double, before);
        QFETCH(double, after);
        const Replayed run = replayed(hillDump(1500));
        const double peak = static_cast<double>(run.profile.totals.peakEventIndex);
        const double n = static_cast<double>(run.profile.totals.eventCount);
        HeapChart chart;
        showChart(chart, run.profile);
        chart.xAxis->setRange(std::max(0.0, peak - before), std::min(n, peak + after));
        chart.replot();
        QCPItemText* label = peakTextOf(chart);
        QVERIFY(label);
        QVERIFY(label->visible());
        keepShot(chart, QStringLiteral("heap-peak-%1.png").arg(QTest::currentDataTag()).replace(u' ', u'-'));
        const QRectF rect = chart.axisRect()->rect();
        const QRectF box(label->topLeft->pixelPosition(), label->bottomRight->pixelPosition());
        QVERIFY2(rect.contains(box), qPrintable(QStringLiteral("label (%1,%2 %3x%4) outside the plot (%5,%6 %7x%8)")
                                                    .arg(box.left())
                                                    .arg(box.top())
                                                    .arg(box.width())
                                                    .arg(box.height())
                                                    .arg(rect.left())
                                                    .arg(rect.top())
                                                    .arg(rect.width())
                                                    .arg(rect.height())));
    }
};

MEMPROF_TEST_MAIN(TestHeapChartGestures)
#include "test_heap_chart_gestures.moc"
