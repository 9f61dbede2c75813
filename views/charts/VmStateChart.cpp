// SPDX-License-Identifier: GPL-3.0-or-later
#include "VmStateChart.h"

#include <algorithm>

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

VmStateChart::VmStateChart(QWidget* parent) : ChartPlot(parent)
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
    // Over the bars, translucent: they fill the plot's height, so a band
    // behind them would barely show.
    rangeBand_ = new QCPItemRect(this);
    rangeBand_->setLayer(QStringLiteral("main"));
    rangeBand_->setVisible(false);
    // Sample s is drawn from key s - 1 to key s (the bars start at 0); a
    // drag takes the samples between the bar edges nearest to the press and
    // the release.
    drag_ = new RunRangeDrag(this, 0, RunRangeDrag::Ends::NearestBoundary);
    connect(drag_, &RunRangeDrag::rangeChosen, this, &VmStateChart::rangeSelected);
    setPanZoom(Qt::Horizontal);
    applyColors();
}

void VmStateChart::setTimeline(const SampleTimeline& timeline)
{
    sampleCount_ = timeline.sampleCount();
    drag_->setRunLength(sampleCount_);
    const auto width = static_cast<double>(timeline.bucketWidth());
    yAxis->setLabel(timeline.bucketWidth() == 1 ? tr("samples")
                                                : tr("samples per bar of %L1").arg(timeline.bucketWidth()));
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

void VmStateChart::setRange(RunRange range)
{
    drag_->showRange(rangeBand_, range);
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
    band.setAlphaF(0.3f);
    rangeBand_->setBrush(band);
    rangeBand_->setPen(QPen(c.overlay, 2));
    drag_->setBandColor(c.overlay, 0.3f);
    legend->setBrush(c.background);
    legend->setTextColor(c.text);
    legend->setBorderPen(QPen(c.grid));
}

void VmStateChart::mousePressEvent(QMouseEvent* event)
{
    // A plain drag chooses a range; Shift+drag pans (QCustomPlot's drag).
    if (!drag_->press(event))
        ChartPlot::mousePressEvent(event);
}

void VmStateChart::mouseMoveEvent(QMouseEvent* event)
{
    if (!drag_->move(event))
        ChartPlot::mouseMoveEvent(event);
}

void VmStateChart::mouseReleaseEvent(QMouseEvent* event)
{
    if (!drag_->release(event))
        ChartPlot::mouseReleaseEvent(event);
}

} // namespace memprof::charts
