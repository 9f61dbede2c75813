// SPDX-License-Identifier: GPL-3.0-or-later
#include "HeapChart.h"

#include "ByteAxisTicker.h"

#include "model/report/TextReport.h"

#include <QLocale>

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

    // The legend goes below the plot: inside, it would hide the curve.
    // Centred in a row of its own: empty cells on both sides take the slack.
    legend->setVisible(true);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    legend->setWrap(4);
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
    peakMarker_->setPen(QPen(c.peak, 2));
    peakMarker_->setBrush(c.background);
    peakText_->setColor(c.peak);
    QColor labelBackground = c.background;
    labelBackground.setAlphaF(0.85f);
    peakText_->setBrush(labelBackground);
    peakText_->setPen(QPen(c.peak));
    peakArrow_->setPen(QPen(c.peak));
}

void HeapChart::setTimeline(const HeapTimeline& timeline, const ProfileTotals& totals)
{
    eventCount_ = timeline.eventCount();
    peakLiveBytes_ = totals.peakLiveBytes;
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
                               .arg(QString::fromStdString(formatBytes(peakLiveBytes_, true)),
                                    QLocale().toString(static_cast<qulonglong>(peakEventIndex_))));
    }
    showEmptyText(eventCount_ == 0 ? tr("No allocation events in this profile") : QString());
    legend->setVisible(eventCount_ > 0);
    resetView();
}

void HeapChart::setOverlay(const HeapTimeline& timeline, const QString& name)
{
    if (name.isEmpty() || timeline.eventCount() == 0) {
        clearOverlay();
        return;
    }
    const StepSeries series = stepSeries(timeline, BucketValue::Max);
    overlay_->setData(series.keys, series.values, true);
    overlay_->setName(tr("live bytes of %1").arg(name));
    overlay_->setVisible(true);
    overlay_->addToLegend();
}

void HeapChart::clearOverlay()
{
    overlay_->data()->clear();
    overlay_->setVisible(false);
    overlay_->removeFromLegend();
}

void HeapChart::resetView()
{
    const double lastEvent = std::max<double>(1, static_cast<double>(eventCount_));
    xAxis->setRange(0, lastEvent);
    // Headroom above the peak for its label.
    yAxis->setRange(0, std::max<double>(1024, static_cast<double>(peakLiveBytes_) * 1.22));
    yAxis2->setRange(0, std::max<double>(1024, static_cast<double>(allocatedBytes_) * 1.05));
    placePeakLabel();
}

// The label sits above the marker, on the side with room, inside the plot.
void HeapChart::placePeakLabel()
{
    if (!peakText_->visible())
        return;
    const double ratio = eventCount_ ? static_cast<double>(peakEventIndex_) / static_cast<double>(eventCount_) : 0;
    peakText_->position->setType(QCPItemPosition::ptAbsolute);
    peakText_->position->setParentAnchor(peakMarker_->position);
    if (ratio > 0.6) {
        peakText_->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
        peakText_->position->setCoords(-30, -16);
    } else {
        peakText_->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
        peakText_->position->setCoords(30, -16);
    }
}

} // namespace memprof::charts
