// SPDX-License-Identifier: GPL-3.0-or-later
#include "PeakMark.h"

#include <algorithm>

namespace memprof::charts {

PeakMark::PeakMark(QCustomPlot* plot, QCPAxis* keyAxis, QCPAxis* valueAxis)
    : QObject(plot),
      keyAxis_(keyAxis),
      valueAxis_(valueAxis),
      marker_(new QCPItemTracer(plot)),
      label_(new QCPItemText(plot)),
      arrow_(new QCPItemLine(plot))
{
    marker_->setStyle(QCPItemTracer::tsCircle);
    marker_->setSize(8);
    marker_->position->setAxes(keyAxis, valueAxis);
    label_->setPadding(QMargins(4, 2, 4, 2));
    arrow_->setHead(QCPLineEnding::esSpikeArrow);
    arrow_->end->setParentAnchor(marker_->position);
    arrow_->start->setParentAnchor(label_->bottom);
    // The label's room depends on the plot's size and range: placed anew
    // once the layout is known, before each drawing.
    connect(plot, &QCustomPlot::afterLayout, this, &PeakMark::place);
    hide();
}

void PeakMark::show(double key, double value, const QString& text)
{
    key_ = key;
    value_ = value;
    marker_->position->setCoords(key, value);
    label_->setText(text);
    marker_->setVisible(true);
    label_->setVisible(true);
    arrow_->setVisible(true);
}

void PeakMark::hide()
{
    marker_->setVisible(false);
    label_->setVisible(false);
    arrow_->setVisible(false);
}

bool PeakMark::isVisible() const
{
    return label_->visible();
}

QString PeakMark::text() const
{
    return label_->text();
}

void PeakMark::applyColors(const ChartColors& c)
{
    marker_->setPen(QPen(c.peak, 2));
    marker_->setBrush(c.background);
    label_->setColor(c.peak);
    QColor labelBackground = c.background;
    labelBackground.setAlphaF(0.85f);
    label_->setBrush(labelBackground);
    label_->setPen(QPen(c.peak));
    arrow_->setPen(QPen(c.peak));
}

void PeakMark::place()
{
    if (!label_->visible())
        return;
    const QRectF rect = keyAxis_->axisRect()->rect();
    const QMargins padding = label_->padding();
    const QSizeF text = QFontMetricsF(label_->font())
                            .boundingRect(QRectF(), Qt::TextDontClip | label_->textAlignment(), label_->text())
                            .size();
    const QSizeF size(text.width() + padding.left() + padding.right() + 2,
                      text.height() + padding.top() + padding.bottom() + 2);
    if (rect.width() <= size.width() + 4 || rect.height() <= size.height() + 4)
        return; // no layout yet
    const QPointF marker(keyAxis_->coordToPixel(key_), valueAxis_->coordToPixel(value_));
    const double ratio = (marker.x() - rect.left()) / rect.width();
    double left = ratio > 0.6 ? marker.x() - 30 - size.width() : marker.x() + 30;
    double top = marker.y() - 16 - size.height();
    left = std::clamp(left, rect.left() + 2, rect.right() - 2 - size.width());
    top = std::clamp(top, rect.top() + 2, rect.bottom() - 2 - size.height());
    label_->position->setParentAnchor(nullptr);
    label_->position->setType(QCPItemPosition::ptAbsolute);
    label_->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    label_->position->setCoords(left + 1, top + 1);
    arrow_->setVisible(rect.contains(marker));
}

} // namespace memprof::charts
