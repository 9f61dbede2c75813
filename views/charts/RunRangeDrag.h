// SPDX-License-Identifier: GPL-3.0-or-later
// Drag-to-select on a chart whose x axis counts the run (the heap chart's
// events, the VM state chart's samples), the one gesture both charts share:
// a plain left drag inside the plot draws a band and, on release, chooses
// the stretch of the run between press and release (rangeChosen). A press
// and release closer than kMinDragPixels is a click and chooses nothing;
// Shift+drag is left to the chart (QCustomPlot's pan). It also shades a
// chosen range, so the drag and the shading agree on where a position is
// drawn.
#pragma once

#include "QCustomPlotInclude.h"

#include "model/dump/RunRange.h"

#include <QObject>

#include <cstdint>
#include <optional>
#include <utility>

class QMouseEvent;

namespace memprof::charts {

class RunRangeDrag : public QObject {
    Q_OBJECT
public:
    // A press and release closer than this is a click, not a selection.
    static constexpr double kMinDragPixels = 4;

    // How the pointer's x picks an end of the range.
    enum class Ends {
        // The position drawn under the pointer, included: a drag always
        // chooses at least one position.
        PositionUnder,
        // The boundary between two positions nearest to the pointer: a
        // drag that starts and ends at one boundary chooses nothing.
        NearestBoundary,
    };

    // Position n (1-based) of the run is drawn on `plot`'s x axis from key
    // n - 1 + firstKey to n + firstKey, and the axis ends at the key of the
    // run's length. The drag's band is made on the plot's grid layer, above
    // the items made before it.
    RunRangeDrag(QCustomPlot* plot, double firstKey, Ends ends);

    // The run's length in positions; a drag under way ends unchosen (the
    // chart shows another run). Nothing is chosen on an empty run.
    void setRunLength(std::uint64_t length);
    void setBandColor(const QColor& color, float fillAlpha);
    // The band drawn while dragging (for tests).
    QCPItemRect* band() const { return band_; }

    // The chart's mouse events, forwarded: true when the drag took the
    // event (the chart then leaves it alone).
    bool press(QMouseEvent* event);
    bool move(QMouseEvent* event);
    bool release(QMouseEvent* event);

    // The range a drag from widget x `fromPixel` to `toPixel` chooses,
    // clamped to the run (the default range when it covers the run);
    // nothing when it holds no position.
    std::optional<RunRange> rangeBetween(double fromPixel, double toPixel) const;
    // Shades `range` with `band`, hidden for the whole run.
    void showRange(QCPItemRect* band, RunRange range) const;

signals:
    void rangeChosen(memprof::RunRange range);

private:
    // The boundaries (0..run length) a drag ends at: the range is the
    // positions after the first, up to and including the second.
    std::pair<std::uint64_t, std::uint64_t> boundariesBetween(double fromPixel, double toPixel) const;
    // Places `band` from boundary `from` to boundary `to`, within the axis.
    void placeBand(QCPItemRect* band, std::uint64_t from, std::uint64_t to) const;

    QCustomPlot* plot_;
    double firstKey_;
    Ends ends_;
    QCPItemRect* band_;
    std::uint64_t runLength_ = 0;
    std::optional<double> startX_; // the press of a drag under way
};

} // namespace memprof::charts
