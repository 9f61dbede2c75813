// SPDX-License-Identifier: GPL-3.0-or-later
// The drag-to-select both run charts share (RunRangeDrag), on a bare plot
// offscreen: a drag chooses the positions the chart draws under its ends
// (the heap chart's events) or between the boundaries nearest to them (the
// VM state chart's samples), as 1-based inclusive ranges worked out here by
// hand; a drag over the whole run chooses the default range; a click, a
// Shift+drag or a press outside the plot choose nothing; the band drawn
// while dragging, and the one shading a chosen range, cover the keys those
// positions are drawn on.
#include "views/charts/RunRangeDrag.h"

#include "tests/support/TestSuite.h"

#include <QApplication>
#include <QMouseEvent>
#include <QTest>

#include <utility>
#include <vector>

using namespace memprof;
using namespace memprof::charts;

namespace {

// A plot whose x axis shows a run of `length` positions, keys 0 to length.
struct Plot {
    QCustomPlot plot;
    RunRangeDrag drag;
    std::vector<RunRange> chosen;

    Plot(std::uint64_t length, double firstKey, RunRangeDrag::Ends ends) : drag(&plot, firstKey, ends)
    {
        plot.resize(840, 300);
        plot.xAxis->setRange(0, static_cast<double>(length));
        drag.setRunLength(length);
        QObject::connect(&drag, &RunRangeDrag::rangeChosen, [this](RunRange range) { chosen.push_back(range); });
        plot.show();
        if (!QTest::qWaitForWindowExposed(&plot))
            qWarning("the plot was not shown");
        plot.replot();
    }

    QPointF at(double key) const { return QPointF(plot.xAxis->coordToPixel(key), plot.axisRect()->center().y()); }
    // The keys a band spans.
    static std::pair<double, double> keysOf(const QCPItemRect* band)
    {
        return {band->topLeft->coords().x(), band->bottomRight->coords().x()};
    }
};

QMouseEvent mouse(QWidget* widget, QEvent::Type type, QPointF pos, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    const Qt::MouseButton button = type == QEvent::MouseMove ? Qt::NoButton : Qt::LeftButton;
    const Qt::MouseButtons buttons = type == QEvent::MouseButtonRelease ? Qt::NoButton : Qt::LeftButton;
    return QMouseEvent(type, pos, widget->mapToGlobal(pos), button, buttons, modifiers);
}

// Presses at key `from` and moves to `to`; true when the drag took both.
bool pressAndMove(Plot& p, double from, double to, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    QMouseEvent press = mouse(&p.plot, QEvent::MouseButtonPress, p.at(from), modifiers);
    if (!p.drag.press(&press))
        return false;
    QMouseEvent move = mouse(&p.plot, QEvent::MouseMove, p.at(to), modifiers);
    return p.drag.move(&move);
}

// Releases at key `at`; true when the drag took the release.
bool releaseAt(Plot& p, double at, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    QMouseEvent release = mouse(&p.plot, QEvent::MouseButtonRelease, p.at(at), modifiers);
    return p.drag.release(&release);
}

// Drags from key `from` to `to`; true when the drag took it.
bool dragAcross(Plot& p, double from, double to, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    return pressAndMove(p, from, to, modifiers) && releaseAt(p, to, modifiers);
}

} // namespace

class TestRunRangeDrag : public QObject {
    Q_OBJECT
private slots:
    // Event e is drawn from key e to key e + 1: the events under the press
    // and the release, both in, whichever way the drag goes.
    void aDragChoosesThePositionsUnderItsEnds()
    {
        Plot p(100, 1, RunRangeDrag::Ends::PositionUnder);
        QVERIFY(dragAcross(p, 20.5, 40.5));
        QVERIFY(dragAcross(p, 40.5, 20.5));
        QVERIFY(dragAcross(p, 20.5, 21.5)); // two events side by side
        QVERIFY(dragAcross(p, 97.5, 99.5));
        QCOMPARE(p.chosen.size(), std::size_t(4));
        QCOMPARE(p.chosen[0], (RunRange{20, 40}));
        QCOMPARE(p.chosen[1], (RunRange{20, 40}));
        QCOMPARE(p.chosen[2], (RunRange{20, 21}));
        QCOMPARE(p.chosen[3], (RunRange{97, 99}));
    }

    // Sample s is drawn from key s - 1 to key s: the samples between the
    // boundaries nearest to the press and the release.
    void aDragChoosesThePositionsBetweenTheNearestBoundaries()
    {
        Plot p(20, 0, RunRangeDrag::Ends::NearestBoundary);
        QVERIFY(dragAcross(p, 4.4, 9.6)); // boundaries 4 and 10: samples 5 to 10
        QVERIFY(dragAcross(p, 12.3, 2.8)); // boundaries 12 and 3: samples 4 to 12
        QVERIFY(dragAcross(p, 4.6, 5.4)); // one boundary: no sample
        QCOMPARE(p.chosen.size(), std::size_t(2));
        QCOMPARE(p.chosen[0], (RunRange{5, 10}));
        QCOMPARE(p.chosen[1], (RunRange{4, 12}));
    }

    // Past the axis the ends are clamped to the run; the whole run is the
    // default range, however it was dragged.
    void aDragOverTheWholeRunChoosesTheDefaultRange()
    {
        Plot events(100, 1, RunRangeDrag::Ends::PositionUnder);
        QVERIFY(dragAcross(events, 0.5, 100.5));
        QVERIFY(dragAcross(events, 60.5, 130));
        QCOMPARE(events.chosen.size(), std::size_t(2));
        QCOMPARE(events.chosen[0], RunRange{});
        QVERIFY(events.chosen[0].isWholeRun());
        QCOMPARE(events.chosen[1], (RunRange{60, 100}));

        Plot samples(20, 0, RunRangeDrag::Ends::NearestBoundary);
        QVERIFY(samples.drag.rangeBetween(samples.at(0.3).x(), samples.at(19.8).x()) == RunRange{});
        QVERIFY(samples.drag.rangeBetween(samples.at(0.3).x(), samples.at(18.8).x()) == (RunRange{1, 19}));
    }

    void aClickAShiftDragOrAPressOutsideChooseNothing()
    {
        Plot p(100, 1, RunRangeDrag::Ends::PositionUnder);
        // Closer than kMinDragPixels: a click, over two events though.
        const double near = p.plot.xAxis->pixelToCoord(p.at(30.9).x() + RunRangeDrag::kMinDragPixels - 1);
        QVERIFY(near > 31);
        QVERIFY(dragAcross(p, 30.9, near));
        // Shift+drag is the chart's pan: the drag does not take it.
        QVERIFY(!dragAcross(p, 20.5, 40.5, Qt::ShiftModifier));
        // A press outside the plot's axis rect.
        QMouseEvent outside = mouse(&p.plot, QEvent::MouseButtonPress, QPointF(p.plot.axisRect()->left() - 5, 10));
        QVERIFY(!p.drag.press(&outside));
        // A move or release without a press is the chart's.
        QMouseEvent move = mouse(&p.plot, QEvent::MouseMove, p.at(50));
        QVERIFY(!p.drag.move(&move));
        QVERIFY(!releaseAt(p, 50));
        // Nothing to choose from on an empty run.
        p.drag.setRunLength(0);
        QVERIFY(!dragAcross(p, 20.5, 40.5));
        QVERIFY(p.chosen.empty());
    }

    // While dragging the band covers the keys the chosen positions are
    // drawn on, and it goes on release.
    void theBandCoversTheDraggedPositions()
    {
        Plot events(100, 1, RunRangeDrag::Ends::PositionUnder);
        QVERIFY(pressAndMove(events, 20.5, 40.5));
        QVERIFY(events.drag.band()->visible());
        QCOMPARE(Plot::keysOf(events.drag.band()), std::make_pair(20.0, 41.0));
        QVERIFY(releaseAt(events, 40.5));
        QVERIFY(!events.drag.band()->visible());

        Plot samples(20, 0, RunRangeDrag::Ends::NearestBoundary);
        QVERIFY(pressAndMove(samples, 4.4, 9.6));
        QCOMPARE(Plot::keysOf(samples.drag.band()), std::make_pair(4.0, 10.0));
    }

    // A chosen range shaded: its positions' keys, up to the axis' end; the
    // whole run shades nothing.
    void aChosenRangeIsShadedOverItsPositions()
    {
        Plot events(100, 1, RunRangeDrag::Ends::PositionUnder);
        auto* band = new QCPItemRect(&events.plot);
        events.drag.showRange(band, {20, 40});
        QVERIFY(band->visible());
        QCOMPARE(Plot::keysOf(band), std::make_pair(20.0, 41.0));
        events.drag.showRange(band, {90, 100}); // event 100 drawn past the axis' end
        QCOMPARE(Plot::keysOf(band), std::make_pair(90.0, 100.0));
        events.drag.showRange(band, {});
        QVERIFY(!band->visible());

        Plot samples(20, 0, RunRangeDrag::Ends::NearestBoundary);
        auto* sampleBand = new QCPItemRect(&samples.plot);
        samples.drag.showRange(sampleBand, {5, 10});
        QVERIFY(sampleBand->visible());
        QCOMPARE(Plot::keysOf(sampleBand), std::make_pair(4.0, 10.0));
    }
};

MEMPROF_TEST_MAIN(TestRunRangeDrag)
#include "test_run_range_drag.moc"
