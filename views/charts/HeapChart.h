// SPDX-License-Identifier: GPL-3.0-or-later
// The heap over the run: live bytes against the event number (memprof has no
// timestamps) as steps through each bucket's maximum, with the bucket's
// minimum as a band below, the cumulative allocated bytes on the right axis,
// the peak marked and labelled, and one location's own live bytes overlaid.
// It always shows the whole run; the page's event window is shaded on it,
// and the overlay is drawn over the window, faintly over the rest.
// Dragging across it chooses a window (windowSelected); Shift+drag pans, the
// wheel zooms, within the run. Under the pointer a crosshair reads the event,
// its live and allocated bytes.
#pragma once

#include "ChartPlot.h"
#include "RunRangeDrag.h"

#include "model/dump/RunRange.h"
#include "model/memprofile/HeapTimeline.h"
#include "model/memprofile/Profile.h"

#include <optional>

namespace memprof::charts {

class PeakMark;
class PointerReadout;

// What the timeline knows about the events drawn at one place: one event
// when buckets hold one, else the bucket's events.
struct HeapReadout {
    std::uint64_t firstEvent = 0;
    std::uint64_t lastEvent = 0;
    std::uint64_t minLiveBytes = 0;
    std::uint64_t maxLiveBytes = 0;
    std::uint64_t allocatedBytes = 0; // cumulative, after lastEvent
};
// The bucket holding `event` (1-based, clamped to the run); nothing for an
// empty timeline.
std::optional<HeapReadout> heapReadout(const HeapTimeline& timeline, std::uint64_t event);

// The steps of a timeline: each bucket's first event with its maximum (or
// minimum), then the last event with the bytes after it.
struct StepSeries {
    QVector<double> keys;
    QVector<double> values;
};
// The part of `series` drawn between keys `from` and `to` (from <= to): the
// step in effect at `from`, the steps inside, and the step in effect at
// `to` ending it.
StepSeries stepsBetween(const StepSeries& series, double from, double to);

class HeapChart : public ChartPlot {
    Q_OBJECT
public:
    explicit HeapChart(QWidget* parent = nullptr);

    void setTimeline(const HeapTimeline& timeline, const ProfileTotals& totals);
    // Overlays `timeline` (a LocationHistory's) as the live bytes of `name`;
    // an empty name removes the overlay.
    void setOverlay(const HeapTimeline& timeline, const QString& name);
    void clearOverlay();
    // Shades the events of `window` (nothing for the whole run).
    void setWindow(RunRange window);
    RunRange window() const { return window_; }
    // Whether a drag chooses a window (on by default); off where the page
    // counts none (a dump of a merge shown alone), a drag pans.
    void setChoosingWindow(bool choosing);
    bool isChoosingWindow() const { return choosingWindow_; }

    void resetView() override;

    // For tests: the drawn series.
    QCPGraph* liveMaxGraph() const { return liveMax_; }
    QCPGraph* liveMinGraph() const { return liveMin_; }
    QCPGraph* allocatedGraph() const { return allocated_; }
    // The overlay over the window (the whole run without one), and the
    // faint whole-run curve under it (hidden without a window).
    QCPGraph* overlayGraph() const { return overlay_; }
    QCPGraph* overlayRunGraph() const { return overlayRun_; }
    QString peakLabel() const;
    QCPItemRect* windowBand() const { return windowBand_; }
    // The event drawn at a widget x coordinate (clamped to the run).
    std::uint64_t eventAt(double x) const;

signals:
    // The user dragged across the chart: count these events (clamped to
    // the run; the default window when the drag covered all of it).
    void windowSelected(memprof::RunRange window);

protected:
    void applyColors() override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    void keepRangeInRun(const QCPRange& range);
    void showReadout(double x);
    void hideReadout();
    void showOverlayInWindow();

    QCPGraph* liveMax_ = nullptr;
    QCPGraph* liveMin_ = nullptr;
    QCPGraph* allocated_ = nullptr;
    QCPGraph* overlay_ = nullptr;
    QCPGraph* overlayRun_ = nullptr;
    PeakMark* peak_ = nullptr;
    QCPItemRect* windowBand_ = nullptr;
    RunRangeDrag* drag_ = nullptr; // a window being chosen
    PointerReadout* readout_ = nullptr;
    HeapTimeline timeline_;
    StepSeries overlaySeries_;
    RunRange window_;
    std::uint64_t eventCount_ = 0;
    std::uint64_t peakLiveBytes_ = 0;
    bool peakOverflowed_ = false; // the peak passed 2^64-1: its label marks it
    std::uint64_t peakEventIndex_ = 0;
    std::uint64_t allocatedBytes_ = 0;
    bool choosingWindow_ = true;
};

enum class BucketValue { Max, Min, Allocated };
StepSeries stepSeries(const HeapTimeline& timeline, BucketValue value);

} // namespace memprof::charts
