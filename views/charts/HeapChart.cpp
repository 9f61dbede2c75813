// SPDX-License-Identifier: GPL-3.0-or-later
#include "HeapChart.h"

#include "ByteAxisTicker.h"
#include "PeakMark.h"
#include "PointerReadout.h"

#include "model/report/TextReport.h"

#include <QLocale>
#include <QMouseEvent>

#include <algorithm>
#include <cmath>

namespace memprof::charts {

StepSeries stepSeries(const HeapTimeline& timeline, BucketValue value)
{
    StepSeries series;
    const auto& buckets = timeline.buckets();
    if (buckets.empty())
        return series;
    series.keys.reserve(static_cast<qsizetype>(buckets.size()) + 2);
    series.values.reserve(series.keys.capacity());
    if (value == BucketValue::Allocated) {
        // A running total: a line through each bucket's end, from 0.
        series.keys.push_back(0);
        series.values.push_back(0);
        for (std::size_t i = 0; i < buckets.size(); ++i) {
            series.keys.push_back(static_cast<double>(timeline.lastEventOf(i)));
            series.values.push_back(static_cast<double>(buckets[i].allocatedBytes));
        }
        return series;
    }
    for (std::size_t i = 0; i < buckets.size(); ++i) {
        series.keys.push_back(static_cast<double>(timeline.firstEventOf(i)));
        series.values.push_back(
            static_cast<double>(value == BucketValue::Max ? buckets[i].maxLiveBytes : buckets[i].minLiveBytes));
    }
    // The step ends on the bytes after the last event: the held bytes.
    series.keys.push_back(static_cast<double>(timeline.eventCount()));
    series.values.push_back(static_cast<double>(timeline.finalLiveBytes()));
    return series;
}

StepSeries stepsBetween(const StepSeries& series, double from, double to)
{
    StepSeries part;
    const auto begin = series.keys.cbegin();
    const auto firstInside = std::upper_bound(begin, series.keys.cend(), from);
    if (firstInside == begin)
        return part; // the series starts after `from`: nothing is in effect there
    const auto pastInside = std::upper_bound(firstInside, series.keys.cend(), to);
    part.keys.push_back(from);
    part.values.push_back(series.values[firstInside - begin - 1]);
    for (auto key = firstInside; key != pastInside; ++key) {
        part.keys.push_back(*key);
        part.values.push_back(series.values[key - begin]);
    }
    if (part.keys.back() != to) {
        part.keys.push_back(to);
        part.values.push_back(part.values.back());
    }
    return part;
}

std::optional<HeapReadout> heapReadout(const HeapTimeline& timeline, std::uint64_t event)
{
    const auto& buckets = timeline.buckets();
    if (buckets.empty())
        return std::nullopt;
    const std::uint64_t clamped = std::clamp<std::uint64_t>(event, 1, timeline.eventCount());
    const std::size_t index =
        std::min<std::size_t>(static_cast<std::size_t>((clamped - 1) / timeline.eventsPerBucket()), buckets.size() - 1);
    const HeapTimelineBucket& bucket = buckets[index];
    return HeapReadout{timeline.firstEventOf(index), timeline.lastEventOf(index), bucket.minLiveBytes,
                       bucket.maxLiveBytes, bucket.allocatedBytes};
}

namespace {
QString eventNumber(std::uint64_t event)
{
    return QLocale().toString(static_cast<qulonglong>(event));
}

} // namespace

HeapChart::HeapChart(QWidget* parent) : ChartPlot(parent)
{
    xAxis->setLabel(tr("events"));
    xAxis->setTicker(QSharedPointer<EventAxisTicker>::create());
    yAxis->setLabel(tr("live bytes"));
    yAxis->setTicker(QSharedPointer<ByteAxisTicker>::create());
    yAxis2->setVisible(true);
    yAxis2->setLabel(tr("allocated bytes (cumulative)"));
    yAxis2->setTicker(QSharedPointer<ByteAxisTicker>::create());
    setPanZoom(Qt::Horizontal);

    allocated_ = addGraph(xAxis, yAxis2);
    allocated_->setName(tr("allocated (cumulative, right axis)"));
    liveMax_ = addGraph();
    liveMax_->setName(tr("live bytes"));
    liveMax_->setLineStyle(QCPGraph::lsStepLeft);
    liveMin_ = addGraph();
    liveMin_->setLineStyle(QCPGraph::lsStepLeft);
    liveMin_->setChannelFillGraph(liveMax_);
    liveMin_->setName(tr("live bytes, range within a bucket"));
    overlayRun_ = addGraph();
    overlayRun_->setLineStyle(QCPGraph::lsStepLeft);
    overlayRun_->setVisible(false);
    overlayRun_->removeFromLegend();
    overlay_ = addGraph();
    overlay_->setLineStyle(QCPGraph::lsStepLeft);
    overlay_->setVisible(false);
    overlay_->removeFromLegend();

    peak_ = new PeakMark(this, xAxis, yAxis);

    // Below the curves: the shaded window and the one being dragged. Event
    // e is drawn from key e to key e + 1 (StepSeries); a drag takes the
    // events under the press and the release.
    windowBand_ = new QCPItemRect(this);
    windowBand_->setObjectName(QStringLiteral("heapWindowBand"));
    windowBand_->setLayer(QStringLiteral("grid"));
    windowBand_->setVisible(false);
    drag_ = new RunRangeDrag(this, 1, RunRangeDrag::Ends::PositionUnder);
    drag_->band()->setObjectName(QStringLiteral("heapDragBand"));
    connect(drag_, &RunRangeDrag::rangeChosen, this, &HeapChart::windowSelected);
    readout_ = new PointerReadout(this, QStringLiteral("heap"));
    setMouseTracking(true);
    connect(xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, &HeapChart::keepRangeInRun);
    // Two rows: one row of four set the window's minimum width.
    placeLegendBelow(2);
    setTitle(tr("Heap over the run"));
    applyColors();
    setTimeline(HeapTimeline(), ProfileTotals());
}

void HeapChart::applyColors()
{
    if (!liveMax_)
        return; // the base constructor: nothing to colour yet
    const ChartColors& c = colors();
    liveMax_->setPen(QPen(c.live, 1.5));
    liveMin_->setPen(Qt::NoPen);
    liveMin_->setBrush(c.liveBand);
    allocated_->setPen(QPen(c.allocated, 1.2, Qt::DashLine));
    overlay_->setPen(QPen(c.overlay, 1.8));
    QColor overlayFill = c.overlay;
    overlayFill.setAlphaF(0.18f);
    overlay_->setBrush(overlayFill);
    QColor faint = c.overlay;
    faint.setAlphaF(0.35f);
    overlayRun_->setPen(QPen(faint, 1, Qt::DotLine));
    peak_->applyColors(c);
    QColor band = c.live;
    band.setAlphaF(c.dark ? 0.16f : 0.10f);
    windowBand_->setBrush(band);
    windowBand_->setPen(QPen(c.live, 1, Qt::DashLine));
    drag_->setBandColor(c.overlay, 0.22f);
    readout_->applyColors(c);
}

void HeapChart::setTimeline(const HeapTimeline& timeline, const ProfileTotals& totals)
{
    timeline_ = timeline;
    eventCount_ = timeline.eventCount();
    peakLiveBytes_ = totals.peakLiveBytes;
    peakOverflowed_ = totals.peakLive().overflowed;
    peakEventIndex_ = totals.peakEventIndex;
    allocatedBytes_ = totals.allocatedBytes;
    const StepSeries maxSeries = stepSeries(timeline, BucketValue::Max);
    const StepSeries minSeries = stepSeries(timeline, BucketValue::Min);
    const StepSeries allocatedSeries = stepSeries(timeline, BucketValue::Allocated);
    liveMax_->setData(maxSeries.keys, maxSeries.values, true);
    liveMin_->setData(minSeries.keys, minSeries.values, true);
    allocated_->setData(allocatedSeries.keys, allocatedSeries.values, true);
    // The band says something only when buckets hold several events.
    liveMin_->setVisible(timeline.eventsPerBucket() > 1);
    if (liveMin_->visible())
        liveMin_->addToLegend();
    else
        liveMin_->removeFromLegend();
    clearOverlay();

    if (eventCount_ > 0 && peakLiveBytes_ > 0)
        peak_->show(static_cast<double>(peakEventIndex_), static_cast<double>(peakLiveBytes_),
                    tr("peak %1 at event %2")
                        .arg(QString::fromStdString(formatBytes(ByteSum{peakLiveBytes_, peakOverflowed_}, true)),
                             QLocale().toString(static_cast<qulonglong>(peakEventIndex_))));
    else
        peak_->hide();
    showEmptyText(eventCount_ == 0 ? tr("No allocation events in this profile") : QString());
    legend->setVisible(eventCount_ > 0);
    hideReadout();
    drag_->setRunLength(eventCount_);
    setWindow({});
    resetView();
}

void HeapChart::setOverlay(const HeapTimeline& timeline, const QString& name)
{
    if (name.isEmpty() || timeline.eventCount() == 0) {
        clearOverlay();
        return;
    }
    overlaySeries_ = stepSeries(timeline, BucketValue::Max);
    overlayRun_->setData(overlaySeries_.keys, overlaySeries_.values, true);
    showOverlayInWindow();
    // A long location name would set the chart's (and the window's) minimum
    // width: the legend shows its end, where the line number is.
    constexpr int kLegendNameLength = 40;
    const QString shown =
        name.size() > kLegendNameLength ? QStringLiteral("…") + name.right(kLegendNameLength - 1) : name;
    overlay_->setName(tr("live bytes of %1").arg(shown));
    overlay_->setVisible(true);
    overlay_->addToLegend();
}

void HeapChart::clearOverlay()
{
    overlaySeries_ = {};
    overlay_->data()->clear();
    overlay_->setVisible(false);
    overlay_->removeFromLegend();
    overlayRun_->data()->clear();
    overlayRun_->setVisible(false);
}

// Event e is drawn from key e to key e + 1 (StepSeries): the window's
// events from its first to one past its last.
void HeapChart::showOverlayInWindow()
{
    if (overlaySeries_.keys.isEmpty())
        return;
    const bool windowed = window_ != RunRange{};
    const StepSeries part =
        windowed ? stepsBetween(overlaySeries_, static_cast<double>(window_.first),
                                std::min(static_cast<double>(window_.last) + 1, static_cast<double>(eventCount_)))
                 : overlaySeries_;
    overlay_->setData(part.keys, part.values, true);
    overlayRun_->setVisible(windowed);
}

void HeapChart::setWindow(RunRange window)
{
    window_ = clampRange(window, eventCount_);
    drag_->showRange(windowBand_, window_);
    showOverlayInWindow();
}

void HeapChart::setChoosingWindow(bool choosing)
{
    choosingWindow_ = choosing;
}

void HeapChart::resetView()
{
    const double lastEvent = std::max<double>(1, static_cast<double>(eventCount_));
    xAxis->setRange(0, lastEvent);
    // Headroom above the peak for its label.
    yAxis->setRange(0, std::max<double>(1024, static_cast<double>(peakLiveBytes_) * 1.22));
    yAxis2->setRange(0, std::max<double>(1024, static_cast<double>(allocatedBytes_) * 1.05));
}

// Panning and zooming show a part of the run, never beyond it.
void HeapChart::keepRangeInRun(const QCPRange& range)
{
    if (eventCount_ > 0)
        keepKeyRangeWithin(range, static_cast<double>(eventCount_), 2.0);
}

QString HeapChart::peakLabel() const
{
    return peak_->text();
}

std::uint64_t HeapChart::eventAt(double x) const
{
    if (eventCount_ == 0)
        return 0;
    const double key = std::floor(xAxis->pixelToCoord(x));
    return static_cast<std::uint64_t>(std::clamp(key, 1.0, static_cast<double>(eventCount_)));
}

void HeapChart::showReadout(double x)
{
    const std::optional<HeapReadout> r = heapReadout(timeline_, eventAt(x));
    if (!r) {
        hideReadout();
        return;
    }
    const QString events = r->firstEvent == r->lastEvent
                               ? tr("event %1").arg(eventNumber(r->firstEvent))
                               : tr("events %1–%2").arg(eventNumber(r->firstEvent), eventNumber(r->lastEvent));
    const QString live = r->minLiveBytes == r->maxLiveBytes
                             ? tr("live %1").arg(bytesText(r->maxLiveBytes))
                             : tr("live %1–%2").arg(bytesText(r->minLiveBytes), bytesText(r->maxLiveBytes));
    readout_->show(x, events + QLatin1Char('\n') + live + QLatin1Char('\n') +
                          tr("allocated %1").arg(bytesText(r->allocatedBytes)));
}

void HeapChart::hideReadout()
{
    readout_->hide();
}

void HeapChart::mousePressEvent(QMouseEvent* event)
{
    // A plain drag chooses a window; Shift+drag pans (QCustomPlot's drag).
    // Without windows to choose, any drag pans.
    if (!choosingWindow_ || !drag_->press(event))
        ChartPlot::mousePressEvent(event);
}

void HeapChart::mouseMoveEvent(QMouseEvent* event)
{
    const double x = event->position().x();
    if (drag_->move(event)) {
        showReadout(x);
        return;
    }
    ChartPlot::mouseMoveEvent(event);
    if (event->buttons() == Qt::NoButton && QRectF(axisRect()->rect()).contains(event->position()))
        showReadout(x);
    else
        hideReadout();
    replot(QCustomPlot::rpQueuedReplot);
}

void HeapChart::mouseReleaseEvent(QMouseEvent* event)
{
    if (!drag_->release(event))
        ChartPlot::mouseReleaseEvent(event);
}

void HeapChart::leaveEvent(QEvent* event)
{
    ChartPlot::leaveEvent(event);
    hideReadout();
    replot(QCustomPlot::rpQueuedReplot);
}

} // namespace memprof::charts
