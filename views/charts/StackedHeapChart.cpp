// SPDX-License-Identifier: GPL-3.0-or-later
#include "StackedHeapChart.h"

#include "ByteAxisTicker.h"
#include "PeakMark.h"
#include "PointerReadout.h"

#include <QLocale>
#include <QMouseEvent>

#include <algorithm>
#include <array>

namespace memprof::charts {

namespace {

constexpr double kPercent = 100;

// Hues told apart on light and dark backgrounds; past them the hues come
// again, lighter or darker.
QColor layerColor(std::size_t layer, bool dark)
{
    static constexpr std::array<QRgb, 10> kHues = {0x1f77b4, 0xff7f0e, 0x2ca02c, 0xd62728, 0x9467bd,
                                                   0x8c564b, 0xe377c2, 0x7f7f7f, 0xbcbd22, 0x17becf};
    QColor color = QColor::fromRgb(kHues[layer % kHues.size()]);
    const std::size_t round = layer / kHues.size();
    if (round % 2 == 1)
        color = dark ? color.darker(140) : color.lighter(140);
    return dark ? color.lighter(115) : color;
}

// A long dump name would set the chart's minimum width: the legend shows
// its end, where the file name is.
QString legendName(const QString& name)
{
    constexpr int kLength = 24;
    return name.size() > kLength ? QStringLiteral("…") + name.right(kLength - 1) : name;
}

QString percentText(double share)
{
    return QLocale().toString(share * kPercent, 'f', 1) + QLatin1Char('%');
}

} // namespace

StackedHeapChart::StackedHeapChart(QWidget* parent) : ChartPlot(parent)
{
    xAxis->setLabel(tr("share of each run (%): each run stretched to the width"));
    xAxis->setRange(0, kPercent);
    yAxis->setLabel(tr("live bytes, summed up the stack"));
    yAxis->setTicker(QSharedPointer<ByteAxisTicker>::create());
    setPanZoom(Qt::Horizontal);
    // Room right of the plot for the last tick's label (there is no right axis).
    axisRect()->setMinimumMargins(QMargins(0, 0, 18, 0));
    top_ = addGraph();
    top_->setLineStyle(QCPGraph::lsStepLeft);
    top_->setName(tr("sum at equal shares of each run"));
    peak_ = new PeakMark(this, xAxis, yAxis);
    readout_ = new PointerReadout(this, QStringLiteral("stackedHeap"));
    setMouseTracking(true);
    connect(xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
            [this](const QCPRange& range) { keepKeyRangeWithin(range, kPercent, 0.5); });
    placeLegendBelow(3); // three a row: more would set the window's minimum width
    applyColors();
    setStack(StackedHeap(), {});
}

void StackedHeapChart::applyColors()
{
    if (!top_)
        return; // the base constructor: nothing to colour yet
    const ChartColors& c = colors();
    for (std::size_t layer = 0; layer < layers_.size(); ++layer) {
        const QColor color = layerColor(layer, c.dark);
        QColor fill = color;
        fill.setAlphaF(c.dark ? 0.55f : 0.45f);
        layers_[layer]->setPen(QPen(color, 1));
        layers_[layer]->setBrush(fill);
    }
    top_->setPen(QPen(c.text, 1.5));
    peak_->applyColors(c);
    readout_->applyColors(c);
}

void StackedHeapChart::setStack(StackedHeap stacked, QStringList names)
{
    stacked_ = std::move(stacked);
    names_ = std::move(names);
    for (QCPGraph* layer : layers_)
        removeGraph(layer);
    layers_.clear();
    // Each layer is drawn as its top, the layers below it summed, filled
    // down to the layer below: one area per dump, the last one's top the
    // sum. Steps: a cell's bytes from its start to the next cell's.
    QVector<double> keys;
    for (std::size_t cell = 0; cell < stacked_.cellCount; ++cell)
        keys.push_back(stacked_.shareAt(cell) * kPercent);
    keys.push_back(kPercent);
    QVector<double> sum(keys.size(), 0.0);
    QCPGraph* below = nullptr;
    for (std::size_t layer = 0; layer < stacked_.layers.size(); ++layer) {
        const std::vector<std::uint64_t>& bytes = stacked_.layers[layer];
        for (std::size_t cell = 0; cell < bytes.size(); ++cell)
            sum[static_cast<qsizetype>(cell)] += static_cast<double>(bytes[cell]);
        sum.back() = sum[sum.size() - 2];
        QCPGraph* graph = addGraph();
        graph->setLineStyle(QCPGraph::lsStepLeft);
        graph->setName(legendName(names_.value(static_cast<qsizetype>(layer))));
        graph->setData(keys, sum, true);
        graph->setChannelFillGraph(below); // the first fills down to zero
        below = graph;
        layers_.push_back(graph);
    }
    // The top edge over the areas, drawn last.
    QVector<double> topValues;
    for (const std::uint64_t bytes : stacked_.top)
        topValues.push_back(static_cast<double>(bytes));
    if (!topValues.isEmpty())
        topValues.push_back(topValues.back());
    removeGraph(top_);
    top_ = addGraph();
    top_->setLineStyle(QCPGraph::lsStepLeft);
    top_->setName(tr("sum at equal shares of each run"));
    top_->setData(stacked_.cellCount > 0 ? keys : QVector<double>{}, topValues, true);
    setTitle(tr("Heap of %n dumps, stacked", nullptr,
                static_cast<int>(stacked_.layers.size())));
    if (stacked_.peakBytes > 0) {
        // The middle of the peak's cell: the cell spans the shares where
        // the sum was read.
        const double key = (stacked_.shareAt(stacked_.peakCell) + 0.5 / static_cast<double>(stacked_.cellCount)) *
                           kPercent;
        peak_->show(key, static_cast<double>(stacked_.peakBytes),
                    tr("peak of the sum %1 at %2 of each run\n(the dumps at equal shares, not a measured moment)")
                        .arg(bytesText(stacked_.peakBytes), percentText(stacked_.shareAt(stacked_.peakCell))));
    } else {
        peak_->hide();
    }
    showEmptyText(stacked_.peakBytes == 0 ? tr("No live bytes in these dumps") : QString());
    legend->setVisible(!layers_.empty());
    readout_->hide();
    applyColors();
    resetView();
}

void StackedHeapChart::resetView()
{
    xAxis->setRange(0, kPercent);
    // Headroom above the peak for its label (two lines).
    yAxis->setRange(0, std::max<double>(1024, static_cast<double>(stacked_.peakBytes) * 1.3));
}

QString StackedHeapChart::peakLabel() const
{
    return peak_->text();
}

int StackedHeapChart::layerAt(std::size_t cell, double bytes) const
{
    if (bytes < 0)
        return -1;
    double below = 0;
    for (std::size_t layer = 0; layer < stacked_.layers.size(); ++layer) {
        below += static_cast<double>(stacked_.layers[layer][cell]);
        if (bytes < below)
            return static_cast<int>(layer);
    }
    return -1;
}

QString StackedHeapChart::readoutAt(const QPointF& pos) const
{
    if (stacked_.cellCount == 0 || !QRectF(axisRect()->rect()).contains(pos))
        return {};
    const double share = xAxis->pixelToCoord(pos.x()) / kPercent;
    const std::size_t cell = stacked_.cellAt(share);
    QStringList lines{tr("%1 of each run").arg(percentText(share))};
    const int layer = layerAt(cell, yAxis->pixelToCoord(pos.y()));
    if (layer >= 0)
        lines << tr("%1: %2")
                     .arg(names_.value(layer), bytesText(stacked_.layers[static_cast<std::size_t>(layer)][cell]));
    lines << tr("sum of %n dumps: %1", nullptr, static_cast<int>(stacked_.layers.size()))
                 .arg(bytesText(stacked_.top[cell]));
    return lines.join(QLatin1Char('\n'));
}

void StackedHeapChart::mouseMoveEvent(QMouseEvent* event)
{
    ChartPlot::mouseMoveEvent(event);
    const QString text = event->buttons() == Qt::NoButton ? readoutAt(event->position()) : QString();
    if (text.isEmpty())
        readout_->hide();
    else
        readout_->show(event->position().x(), text);
    replot(QCustomPlot::rpQueuedReplot);
}

void StackedHeapChart::leaveEvent(QEvent* event)
{
    ChartPlot::leaveEvent(event);
    readout_->hide();
    replot(QCustomPlot::rpQueuedReplot);
}

} // namespace memprof::charts
