// SPDX-License-Identifier: GPL-3.0-or-later
#include "VmStateChart.h"

#include <algorithm>
#include <cmath>

namespace memprof::charts {

namespace {
// One hue per state, grouped: Lua work in blues, C and builtins in
// greens, the collector red, the interpreter grey, the JIT compiler in
// oranges, compiled code purple.
QColor stateColor(std::size_t state, bool dark)
{
    static const QColor light[kVmStateCount] = {
        QColor(0x9e, 0x9e, 0x9e), QColor(0x1f, 0x62, 0xc8), QColor(0x2e, 0x9e, 0x6b), QColor(0x1a, 0x7f, 0x3c),
        QColor(0xc6, 0x28, 0x28), QColor(0x8d, 0x6e, 0x63), QColor(0xef, 0x8a, 0x00), QColor(0xf5, 0xb0, 0x41),
        QColor(0xd0, 0x6a, 0x00), QColor(0x7b, 0x3f, 0xb5)};
    return dark ? light[state].lighter(135) : light[state];
}
} // namespace

VmStateChart::VmStateChart(QWidget* parent)
    : ChartPlot(parent)
{
    setObjectName(QStringLiteral("vmStateChart"));
    setTitle(tr("Samples per VM state over the run"));
    xAxis->setLabel(tr("sample"));
    yAxis->setLabel(tr("samples"));
    QCPBars* below = nullptr;
    for (std::size_t state = 0; state < kVmStateCount; ++state) {
        auto* bars = new QCPBars(xAxis, yAxis);
        bars->setName(QString::fromLatin1(kVmStateNames[state].data(), static_cast<int>(kVmStateNames[state].size())));
        bars->setWidthType(QCPBars::wtPlotCoords);
        if (below)
            bars->moveAbove(below);
        below = bars;
        bars_[state] = bars;
    }
    legend->setVisible(true);
    legend->setFillOrder(QCPLegend::foColumnsFirst);
    legend->setWrap(5);
    axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
    rangeBand_ = new QCPItemRect(this);
    rangeBand_->setLayer(QStringLiteral("grid"));
    rangeBand_->setVisible(false);
    dragBand_ = new QCPItemRect(this);
    dragBand_->setLayer(QStringLiteral("grid"));
    dragBand_->setVisible(false);
    setPanZoom(Qt::Horizontal);
    applyColors();
}

void VmStateChart::setTimeline(const SampleTimeline& timeline)
{
    sampleCount_ = timeline.sampleCount();
    const auto width = static_cast<double>(timeline.bucketWidth());
    yAxis->setLabel(timeline.bucketWidth() == 1 ? tr("samples") : tr("samples per bar of %L1").arg(timeline.bucketWidth()));
    const auto& buckets = timeline.buckets();
    for (std::size_t state = 0; state < kVmStateCount; ++state) {
        QVector<double> keys, values;
        keys.reserve(static_cast<qsizetype>(buckets.size()));
        values.reserve(static_cast<qsizetype>(buckets.size()));
        for (std::size_t i = 0; i < buckets.size(); ++i) {
            keys << (static_cast<double>(i) + 0.5) * width;
            values << buckets[i][state];
        }
        bars_[state]->setWidth(width);
        bars_[state]->setData(keys, values, true);
        // States with no sample stay out of the legend.
        const bool any = std::any_of(values.begin(), values.end(), [](double v) { return v > 0; });
        bars_[state]->setVisible(any);
        if (any)
            bars_[state]->addToLegend();
        else
            bars_[state]->removeFromLegend();
    }
    showEmptyText(sampleCount_ == 0 ? tr("No samples") : QString());
    resetView();
}

double VmStateChart::drawnSamples(VmState state) const
{
    double sum = 0;
    const auto data = bars_[static_cast<std::size_t>(state)]->data();
    for (auto it = data->constBegin(); it != data->constEnd(); ++it)
        sum += it->value;
    return sum;
}

// Sample s (1-based) is drawn from key s - 1 to key s.
void VmStateChart::setRange(RunRange range)
{
    rangeBand_->setVisible(!range.isWholeRun());
    if (!range.isWholeRun())
        placeBandItem(rangeBand_, xAxis, yAxis, static_cast<double>(range.first - 1),
                      static_cast<double>(std::min(range.last, sampleCount_)));
    replot(QCustomPlot::rpQueuedReplot);
}

void VmStateChart::resetView()
{
    xAxis->setRange(0, std::max<double>(1, static_cast<double>(sampleCount_)));
    // The tallest stack, with room for the legend.
    double tallest = 1;
    for (std::size_t i = 0; sampleCount_ > 0 && i < static_cast<std::size_t>(bars_[0]->data()->size()); ++i) {
        double stack = 0;
        for (const QCPBars* bars : bars_)
            stack += bars->data()->at(static_cast<int>(i))->value;
        tallest = std::max(tallest, stack);
    }
    yAxis->setRange(0, tallest * 1.35);
    replot(QCustomPlot::rpQueuedReplot);
}

void VmStateChart::applyColors()
{
    const ChartColors& c = colors();
    for (std::size_t state = 0; state < kVmStateCount; ++state) {
        const QColor color = stateColor(state, c.dark);
        bars_[state]->setBrush(color);
        bars_[state]->setPen(Qt::NoPen);
    }
    QColor band = c.overlay;
    band.setAlphaF(0.18f);
    rangeBand_->setBrush(band);
    rangeBand_->setPen(QPen(c.overlay, 1));
    QColor drag = c.overlay;
    drag.setAlphaF(0.3f);
    dragBand_->setBrush(drag);
    dragBand_->setPen(QPen(c.overlay, 1));
    legend->setBrush(c.background);
    legend->setTextColor(c.text);
    legend->setBorderPen(QPen(c.grid));
}

RunRange VmStateChart::rangeBetween(double fromPixel, double toPixel) const
{
    const auto clampSample = [this](double pixel) {
        const double key = std::round(xAxis->pixelToCoord(pixel));
        return static_cast<std::uint64_t>(std::clamp(key, 0.0, static_cast<double>(sampleCount_)));
    };
    const std::uint64_t a = clampSample(fromPixel);
    const std::uint64_t b = clampSample(toPixel);
    const RunRange range{std::min(a, b) + 1, std::max(a, b)};
    return range.covers(sampleCount_) ? RunRange{} : range;
}

void VmStateChart::mousePressEvent(QMouseEvent* event)
{
    // A plain drag chooses a range; Shift+drag pans (QCustomPlot's drag).
    if (event->button() == Qt::LeftButton && !(event->modifiers() & Qt::ShiftModifier) && sampleCount_ > 0 &&
        QRectF(axisRect()->rect()).contains(event->position())) {
        dragStartX_ = event->position().x();
        event->accept();
        return;
    }
    ChartPlot::mousePressEvent(event);
}

void VmStateChart::mouseMoveEvent(QMouseEvent* event)
{
    if (dragStartX_) {
        const RunRange range = rangeBetween(*dragStartX_, event->position().x());
        placeBandItem(dragBand_, xAxis, yAxis, static_cast<double>(range.first - 1),
                      static_cast<double>(std::min(range.last, sampleCount_)));
        dragBand_->setVisible(true);
        replot(QCustomPlot::rpQueuedReplot);
        event->accept();
        return;
    }
    ChartPlot::mouseMoveEvent(event);
}

void VmStateChart::mouseReleaseEvent(QMouseEvent* event)
{
    if (dragStartX_ && event->button() == Qt::LeftButton) {
        const double start = *dragStartX_;
        dragStartX_.reset();
        dragBand_->setVisible(false);
        replot(QCustomPlot::rpQueuedReplot);
        event->accept();
        if (std::abs(event->position().x() - start) >= kMinDragPixels) {
            const RunRange range = rangeBetween(start, event->position().x());
            if (range.first <= range.last)
                emit rangeSelected(range);
        }
        return;
    }
    ChartPlot::mouseReleaseEvent(event);
}

} // namespace memprof::charts
