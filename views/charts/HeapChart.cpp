// SPDX-License-Identifier: GPL-3.0-or-later
#include "HeapChart.h"

#include "ByteAxisTicker.h"

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

    peakMarker_ = new QCPItemTracer(this);
    peakMarker_->setStyle(QCPItemTracer::tsCircle);
    peakMarker_->setSize(8);
    peakMarker_->position->setAxes(xAxis, yAxis);
    peakText_ = new QCPItemText(this);
    peakText_->setPadding(QMargins(4, 2, 4, 2));
    peakArrow_ = new QCPItemLine(this);
    peakArrow_->setHead(QCPLineEnding::esSpikeArrow);
    peakArrow_->end->setParentAnchor(peakMarker_->position);
    peakArrow_->start->setParentAnchor(peakText_->bottom);

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
    crosshair_ = new QCPItemStraightLine(this);
    crosshair_->setObjectName(QStringLiteral("heapCrosshair"));
    crosshair_->setVisible(false);
    readout_ = new QCPItemText(this);
    readout_->setObjectName(QStringLiteral("heapReadout"));
    readout_->position->setType(QCPItemPosition::ptAxisRectRatio);
    readout_->setPadding(QMargins(6, 4, 6, 4));
    readout_->setTextAlignment(Qt::AlignLeft);
    readout_->setVisible(false);
    setMouseTracking(true);
    connect(xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, &HeapChart::keepRangeInRun);
    // The label's room depends on the plot's size and range: placed anew
    // once the layout is known, before each drawing.
    connect(this, &QCustomPlot::afterLayout, this, &HeapChart::placePeakLabel);

    // The legend goes below the plot: inside, it would hide the curve.
    // Centred in a row of its own: empty cells on both sides take the slack.
    legend->setVisible(true);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    legend->setWrap(2); // two rows: one row of four set the window's minimum width
    axisRect()->insetLayout()->take(legend);
    auto* legendRow = new QCPLayoutGrid;
    plotLayout()->addElement(plotLayout()->rowCount(), 0, legendRow);
    plotLayout()->setRowStretchFactor(plotLayout()->rowCount() - 1, 0.001);
    legendRow->addElement(0, 0, new QCPLayoutElement(this));
    legendRow->addElement(0, 1, legend);
    legendRow->addElement(0, 2, new QCPLayoutElement(this));
    legendRow->setColumnStretchFactors({1, 0.001, 1});
    legendRow->setMargins(QMargins(0, 0, 0, 6));
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
    peakMarker_->setPen(QPen(c.peak, 2));
    peakMarker_->setBrush(c.background);
    peakText_->setColor(c.peak);
    QColor labelBackground = c.background;
    labelBackground.setAlphaF(0.85f);
    peakText_->setBrush(labelBackground);
    peakText_->setPen(QPen(c.peak));
    peakArrow_->setPen(QPen(c.peak));
    QColor band = c.live;
    band.setAlphaF(c.dark ? 0.16f : 0.10f);
    windowBand_->setBrush(band);
    windowBand_->setPen(QPen(c.live, 1, Qt::DashLine));
    drag_->setBandColor(c.overlay, 0.22f);
    crosshair_->setPen(QPen(c.axis, 1, Qt::DashLine));
    readout_->setColor(c.text);
    readout_->setBrush(labelBackground);
    readout_->setPen(QPen(c.grid));
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

    const bool hasPeak = eventCount_ > 0 && peakLiveBytes_ > 0;
    peakMarker_->setVisible(hasPeak);
    peakText_->setVisible(hasPeak);
    peakArrow_->setVisible(hasPeak);
    if (hasPeak) {
        peakMarker_->position->setCoords(static_cast<double>(peakEventIndex_), static_cast<double>(peakLiveBytes_));
        peakText_->setText(tr("peak %1 at event %2")
                               .arg(QString::fromStdString(formatBytes(ByteSum{peakLiveBytes_, peakOverflowed_}, true)),
                                    QLocale().toString(static_cast<qulonglong>(peakEventIndex_))));
    }
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

void HeapChart::resetView()
{
    const double lastEvent = std::max<double>(1, static_cast<double>(eventCount_));
    xAxis->setRange(0, lastEvent);
    // Headroom above the peak for its label.
    yAxis->setRange(0, std::max<double>(1024, static_cast<double>(peakLiveBytes_) * 1.22));
    yAxis2->setRange(0, std::max<double>(1024, static_cast<double>(allocatedBytes_) * 1.05));
}

// Panning and zooming show a part of the run, never beyond it: the range
// keeps its size (at most the run's) and slides back inside [0, last event].
void HeapChart::keepRangeInRun(const QCPRange& range)
{
    if (eventCount_ == 0)
        return;
    const double run = static_cast<double>(eventCount_);
    const double size = std::clamp(range.size(), std::min(run, 2.0), run);
    const double lower = std::clamp(range.lower, 0.0, run - size);
    if (lower != range.lower || lower + size != range.upper)
        xAxis->setRange(lower, lower + size);
}

// The label sits above the marker, on the side of the view with room, and
// whole inside the plot whatever the zoom: where the marker's side has no
// room, it slides along the edge.
void HeapChart::placePeakLabel()
{
    if (!peakText_->visible())
        return;
    const QRectF rect = axisRect()->rect();
    const QMargins padding = peakText_->padding();
    const QSizeF text = QFontMetricsF(peakText_->font())
                            .boundingRect(QRectF(), Qt::TextDontClip | peakText_->textAlignment(), peakText_->text())
                            .size();
    const QSizeF size(text.width() + padding.left() + padding.right() + 2,
                      text.height() + padding.top() + padding.bottom() + 2);
    if (rect.width() <= size.width() + 4 || rect.height() <= size.height() + 4)
        return; // no layout yet
    const QPointF marker(xAxis->coordToPixel(static_cast<double>(peakEventIndex_)),
                         yAxis->coordToPixel(static_cast<double>(peakLiveBytes_)));
    const double ratio = (marker.x() - rect.left()) / rect.width();
    double left = ratio > 0.6 ? marker.x() - 30 - size.width() : marker.x() + 30;
    double top = marker.y() - 16 - size.height();
    left = std::clamp(left, rect.left() + 2, rect.right() - 2 - size.width());
    top = std::clamp(top, rect.top() + 2, rect.bottom() - 2 - size.height());
    peakText_->position->setParentAnchor(nullptr);
    peakText_->position->setType(QCPItemPosition::ptAbsolute);
    peakText_->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    peakText_->position->setCoords(left + 1, top + 1);
    peakArrow_->setVisible(rect.contains(marker));
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
    readout_->setText(events + QLatin1Char('\n') + live + QLatin1Char('\n') +
                      tr("allocated %1").arg(bytesText(r->allocatedBytes)));
    // In the corner away from the pointer, so it never hides the curve under it.
    const QRectF rect = axisRect()->rect();
    const bool pointerLeft = x < rect.center().x();
    readout_->setPositionAlignment((pointerLeft ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignTop);
    readout_->position->setCoords(pointerLeft ? 0.99 : 0.01, 0.02);
    readout_->setVisible(true);
    const double key = xAxis->pixelToCoord(x);
    crosshair_->point1->setCoords(key, 0);
    crosshair_->point2->setCoords(key, 1);
    crosshair_->setVisible(true);
}

void HeapChart::hideReadout()
{
    readout_->setVisible(false);
    crosshair_->setVisible(false);
}

void HeapChart::mousePressEvent(QMouseEvent* event)
{
    // A plain drag chooses a window; Shift+drag pans (QCustomPlot's drag).
    if (!drag_->press(event))
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
