// SPDX-License-Identifier: GPL-3.0-or-later
#include "SizeHistogramChart.h"

#include "ByteAxisTicker.h"

#include "model/report/TextReport.h"

#include <QFontMetrics>
#include <QLocale>
#include <QToolTip>

#include <cmath>
#include <utility>

namespace memprof::charts {

QString SizeHistogramChart::bucketLabel(std::size_t bucket)
{
    const std::uint64_t low = SizeHistogram::lowerBound(bucket);
    const std::uint64_t high = SizeHistogram::upperBound(bucket);
    if (low == high)
        return bytesText(low);
    // The exclusive upper bound reads better: "1KiB–2KiB" holds 1024..2047.
    return bucket >= 64 ? QStringLiteral("≥ %1").arg(bytesText(low))
                        : QStringLiteral("%1–%2").arg(bytesText(low), bytesText(high + 1));
}

SizeHistogramChart::SizeHistogramChart(QWidget* parent) : ChartPlot(parent)
{
    bars_ = new QCPBars(xAxis, yAxis);
    bars_->setWidth(0.8);
    xAxis->setLabel(tr("allocation size (a bar holds the sizes from its label up to twice it)"));
    xAxis->setSubTicks(false);
    xAxis->setTickLength(0, 4);
    xAxis->grid()->setVisible(false);
    setPanZoom(Qt::Horizontal);
    setMouseTracking(true);
    // Zooming widens the bars: the labels may stand upright again.
    connect(xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, [this] { fitTickLabels(); });
    applyColors();
    rebuild();
}

void SizeHistogramChart::resizeEvent(QResizeEvent* event)
{
    ChartPlot::resizeEvent(event);
    fitTickLabels();
    replot(QCustomPlot::rpQueuedReplot);
}

void SizeHistogramChart::fitTickLabels()
{
    auto ticker = qSharedPointerCast<QCPAxisTickerText>(xAxis->ticker());
    if (!ticker)
        return;
    const QFontMetrics metrics(xAxis->tickLabelFont());
    int widest = 0;
    for (const QString& label : std::as_const(tickLabels_))
        widest = std::max(widest, metrics.horizontalAdvance(label));
    const double spacing = std::abs(xAxis->coordToPixel(1) - xAxis->coordToPixel(0));
    if (spacing <= 0 || axisRect()->width() <= 0)
        return;
    const int gap = metrics.averageCharWidth();
    const bool upright = spacing >= widest + gap;
    xAxis->setTickLabelRotation(upright ? 0 : -45);
    // Slanted labels stand a bar's spacing times sin 45° apart: when that
    // is less than a line, write every n-th.
    const int every = upright ? 1 : std::max(1, int(std::ceil((metrics.height() + 2) / (spacing * 0.7071))));
    QMap<double, QString> shown;
    int index = 0;
    for (auto it = tickLabels_.constBegin(); it != tickLabels_.constEnd(); ++it, ++index)
        shown.insert(it.key(), index % every == 0 ? it.value() : QString());
    ticker->setTicks(shown);
}

void SizeHistogramChart::applyColors()
{
    if (!bars_)
        return;
    const ChartColors& c = colors();
    QColor fill = c.bar;
    fill.setAlphaF(0.75f);
    bars_->setBrush(fill);
    bars_->setPen(QPen(c.bar));
}

void SizeHistogramChart::setHistogram(const SizeHistogram& histogram, const QString& scope)
{
    histogram_ = histogram;
    scope_ = scope;
    rebuild();
}

void SizeHistogramChart::setMeasure(HistogramMeasure measure)
{
    measure_ = measure;
    rebuild();
}

void SizeHistogramChart::rebuild()
{
    const auto& values = measure_ == HistogramMeasure::Count ? histogram_.allocCount : histogram_.allocatedBytes;
    firstBucket_ = SizeHistogram::kBucketCount;
    lastBucket_ = 0;
    for (std::size_t b = 0; b < SizeHistogram::kBucketCount; ++b) {
        if (histogram_.allocCount[b] == 0)
            continue;
        firstBucket_ = std::min(firstBucket_, b);
        lastBucket_ = b;
    }
    QVector<double> keys, heights;
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    largest_ = 0;
    if (firstBucket_ <= lastBucket_) {
        for (std::size_t b = firstBucket_; b <= lastBucket_; ++b) {
            keys.push_back(static_cast<double>(b));
            heights.push_back(static_cast<double>(values[b]));
            largest_ = std::max(largest_, static_cast<double>(values[b]));
            ticker->addTick(static_cast<double>(b), bytesText(SizeHistogram::lowerBound(b)));
        }
    }
    tickLabels_ = ticker->ticks();
    bars_->setData(keys, heights, true);
    xAxis->setTicker(ticker);
    if (measure_ == HistogramMeasure::Bytes) {
        yAxis->setTicker(QSharedPointer<ByteAxisTicker>::create());
        yAxis->setLabel(tr("bytes allocated"));
    } else {
        yAxis->setTicker(QSharedPointer<QCPAxisTicker>::create());
        yAxis->setLabel(tr("allocations"));
    }
    const std::uint64_t count = histogram_.totalAllocCount();
    setTitle(tr("Allocation sizes: %1 (%2 allocations, %3)")
                 .arg(scope_, QLocale().toString(static_cast<qulonglong>(count)),
                      bytesText(histogram_.totalAllocatedBytes())));
    showEmptyText(count == 0 ? tr("No allocations") : QString());
    resetView();
    fitTickLabels();
}

void SizeHistogramChart::resetView()
{
    if (firstBucket_ <= lastBucket_)
        xAxis->setRange(static_cast<double>(firstBucket_) - 0.6, static_cast<double>(lastBucket_) + 0.6);
    else
        xAxis->setRange(0, 1);
    yAxis->setRange(0, std::max(largest_ * 1.08, measure_ == HistogramMeasure::Bytes ? 1024.0 : 1.0));
}

void SizeHistogramChart::mouseMoveEvent(QMouseEvent* event)
{
    QCustomPlot::mouseMoveEvent(event);
    const double key = xAxis->pixelToCoord(event->position().x());
    const long bucket = std::lround(key);
    if (!axisRect()->rect().contains(event->position().toPoint()) || bucket < static_cast<long>(firstBucket_) ||
        bucket > static_cast<long>(lastBucket_) || std::abs(key - static_cast<double>(bucket)) > 0.4) {
        QToolTip::hideText();
        return;
    }
    const auto b = static_cast<std::size_t>(bucket);
    QToolTip::showText(event->globalPosition().toPoint(),
                       tr("%1\n%2 allocations, %3")
                           .arg(bucketLabel(b), QLocale().toString(static_cast<qulonglong>(histogram_.allocCount[b])),
                                bytesText(histogram_.allocatedBytes[b])),
                       this);
}

} // namespace memprof::charts
