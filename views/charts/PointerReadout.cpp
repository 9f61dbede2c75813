// SPDX-License-Identifier: GPL-3.0-or-later
#include "PointerReadout.h"

namespace memprof::charts {

PointerReadout::PointerReadout(QCustomPlot* plot, const QString& name)
    : QObject(plot), plot_(plot), crosshair_(new QCPItemStraightLine(plot)), text_(new QCPItemText(plot))
{
    crosshair_->setObjectName(name + QStringLiteral("Crosshair"));
    crosshair_->setVisible(false);
    text_->setObjectName(name + QStringLiteral("Readout"));
    text_->position->setType(QCPItemPosition::ptAxisRectRatio);
    text_->setPadding(QMargins(6, 4, 6, 4));
    text_->setTextAlignment(Qt::AlignLeft);
    text_->setVisible(false);
}

void PointerReadout::show(double pixelX, const QString& text)
{
    text_->setText(text);
    const QRectF rect = plot_->axisRect()->rect();
    const bool pointerLeft = pixelX < rect.center().x();
    text_->setPositionAlignment((pointerLeft ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignTop);
    text_->position->setCoords(pointerLeft ? 0.99 : 0.01, 0.02);
    text_->setVisible(true);
    const double key = plot_->xAxis->pixelToCoord(pixelX);
    crosshair_->point1->setCoords(key, 0);
    crosshair_->point2->setCoords(key, 1);
    crosshair_->setVisible(true);
}

void PointerReadout::hide()
{
    text_->setVisible(false);
    crosshair_->setVisible(false);
}

bool PointerReadout::isVisible() const
{
    return text_->visible();
}

QString PointerReadout::text() const
{
    return text_->text();
}

void PointerReadout::applyColors(const ChartColors& c)
{
    QColor background = c.background;
    background.setAlphaF(0.85f);
    crosshair_->setPen(QPen(c.axis, 1, Qt::DashLine));
    text_->setColor(c.text);
    text_->setBrush(background);
    text_->setPen(QPen(c.grid));
}

} // namespace memprof::charts
