// SPDX-License-Identifier: GPL-3.0-or-later
#include "ChartPlot.h"

#include "model/report/TextReport.h"

#include <QEvent>

#include <algorithm>

namespace memprof::charts {

namespace {
QColor blend(const QColor& a, const QColor& b, double t)
{
    return QColor::fromRgbF(static_cast<float>(a.redF() * (1 - t) + b.redF() * t),
                            static_cast<float>(a.greenF() * (1 - t) + b.greenF() * t),
                            static_cast<float>(a.blueF() * (1 - t) + b.blueF() * t));
}
} // namespace

QString ChartPlot::bytesText(std::uint64_t bytes)
{
    return QString::fromStdString(formatBytes(bytes, true));
}

ChartColors ChartColors::fromPalette(const QPalette& palette)
{
    ChartColors c;
    c.background = palette.color(QPalette::Base);
    c.text = palette.color(QPalette::Text);
    c.dark = c.background.lightnessF() < 0.5;
    c.axis = blend(c.background, c.text, 0.6);
    c.grid = blend(c.background, c.text, 0.15);
    c.subGrid = blend(c.background, c.text, 0.07);
    // Hues readable on both backgrounds; lighter shades on dark.
    c.live = c.dark ? QColor(0x5c, 0xa8, 0xff) : QColor(0x1f, 0x62, 0xc8);
    c.liveBand = c.live;
    c.liveBand.setAlphaF(0.25f);
    c.allocated = c.dark ? QColor(0xff, 0xa6, 0x4d) : QColor(0xd0, 0x6a, 0x00);
    c.overlay = c.dark ? QColor(0x6c, 0xe0, 0x8a) : QColor(0x1a, 0x8f, 0x3c);
    c.peak = c.dark ? QColor(0xff, 0x6b, 0x6b) : QColor(0xc6, 0x28, 0x28);
    c.bar = c.live;
    c.barSelected = c.peak;
    return c;
}

ChartPlot::ChartPlot(QWidget* parent) : QCustomPlot(parent)
{
    setNoAntialiasingOnDrag(true);
    plotLayout()->insertRow(0);
    title_ = new QCPTextElement(this, QString(), QFont(font().family(), font().pointSize() + 1, QFont::Bold));
    plotLayout()->addElement(0, 0, title_);
    connect(this, &QCustomPlot::mouseDoubleClick, this, [this] {
        resetView();
        replot();
    });
    refreshColors();
}

void ChartPlot::setTitle(const QString& title)
{
    title_->setText(title);
}

void ChartPlot::setPanZoom(Qt::Orientations orientation)
{
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    axisRect()->setRangeDrag(orientation);
    axisRect()->setRangeZoom(orientation);
}

void ChartPlot::changeEvent(QEvent* event)
{
    QCustomPlot::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange) {
        refreshColors();
        replot();
    }
}

void ChartPlot::styleAxis(QCPAxis* axis)
{
    axis->setBasePen(QPen(colors_.axis));
    axis->setTickPen(QPen(colors_.axis));
    axis->setSubTickPen(QPen(colors_.axis));
    axis->setTickLabelColor(colors_.text);
    axis->setLabelColor(colors_.text);
    axis->grid()->setPen(QPen(colors_.grid, 0, Qt::DotLine));
    axis->grid()->setSubGridPen(QPen(colors_.subGrid, 0, Qt::DotLine));
    axis->grid()->setZeroLinePen(QPen(colors_.grid));
}

void ChartPlot::keepKeyRangeWithin(const QCPRange& range, double length, double smallest)
{
    const double size = std::clamp(range.size(), std::min(length, smallest), length);
    const double lower = std::clamp(range.lower, 0.0, length - size);
    if (lower != range.lower || lower + size != range.upper)
        xAxis->setRange(lower, lower + size);
}

void ChartPlot::placeLegendBelow(int rows)
{
    // Empty cells on both sides of the legend take the slack.
    legend->setVisible(true);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    legend->setWrap(rows);
    axisRect()->insetLayout()->take(legend);
    auto* legendRow = new QCPLayoutGrid;
    plotLayout()->addElement(plotLayout()->rowCount(), 0, legendRow);
    plotLayout()->setRowStretchFactor(plotLayout()->rowCount() - 1, 0.001);
    legendRow->addElement(0, 0, new QCPLayoutElement(this));
    legendRow->addElement(0, 1, legend);
    legendRow->addElement(0, 2, new QCPLayoutElement(this));
    legendRow->setColumnStretchFactors({1, 0.001, 1});
    legendRow->setMargins(QMargins(0, 0, 0, 6));
}

void ChartPlot::showEmptyText(const QString& text)
{
    if (!emptyText_) {
        emptyText_ = new QCPItemText(this);
        emptyText_->position->setType(QCPItemPosition::ptAxisRectRatio);
        emptyText_->position->setCoords(0.5, 0.5);
        emptyText_->setClipToAxisRect(false);
    }
    emptyText_->setText(text);
    emptyText_->setColor(colors_.text);
    emptyText_->setVisible(!text.isEmpty());
}

void ChartPlot::refreshColors()
{
    colors_ = ChartColors::fromPalette(palette());
    setBackground(colors_.background);
    axisRect()->setBackground(colors_.background);
    for (QCPAxis* axis : axisRect()->axes())
        styleAxis(axis);
    title_->setTextColor(colors_.text);
    legend->setBrush(colors_.background);
    legend->setBorderPen(QPen(colors_.grid));
    legend->setTextColor(colors_.text);
    if (emptyText_)
        emptyText_->setColor(colors_.text);
    applyColors();
}

} // namespace memprof::charts
