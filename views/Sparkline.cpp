// SPDX-License-Identifier: GPL-3.0-or-later
#include "Sparkline.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>

namespace memprof::views {

namespace {
QPainterPath pathOf(const itemmodels::HeldSparkline& line, const QRectF& area, double highest, int first, int last)
{
    QPainterPath path;
    const int count = static_cast<int>(line.heldBytes.size());
    const double step = count > 1 ? area.width() / (count - 1) : 0;
    for (int i = first; i <= last; ++i) {
        const QPointF point(area.left() + step * i,
                            area.bottom() - (highest > 0 ? line.heldBytes[i] / highest : 0) * area.height());
        if (i == first)
            path.moveTo(point);
        else
            path.lineTo(point);
    }
    return path;
}
} // namespace

void paintSparkline(QPainter* painter, const QRect& area, const itemmodels::HeldSparkline& line,
                    const QPalette& palette, bool selected)
{
    if (line.isEmpty() || area.width() < 8 || area.height() < 4)
        return;
    const int count = static_cast<int>(line.heldBytes.size());
    const double highest = *std::max_element(line.heldBytes.begin(), line.heldBytes.end());
    const QRectF plot = QRectF(area).adjusted(1, 1, -1, -1);
    const double step = count > 1 ? plot.width() / (count - 1) : 0;
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, true);
    const QColor strong = palette.color(selected ? QPalette::HighlightedText : QPalette::Highlight);
    QColor dim = palette.color(selected ? QPalette::HighlightedText : QPalette::Text);
    dim.setAlphaF(0.35f);
    const bool windowed = line.windowFirst <= line.windowLast && (line.windowFirst > 0 || line.windowLast < count - 1);
    if (windowed) {
        QColor band = strong;
        band.setAlphaF(0.14f);
        painter->fillRect(QRectF(plot.left() + step * line.windowFirst, plot.top(),
                                 std::max(1.0, step * (line.windowLast - line.windowFirst)), plot.height()),
                          band);
    }
    painter->setPen(QPen(windowed ? dim : strong, 1.2));
    painter->drawPath(pathOf(line, plot, highest, 0, count - 1));
    if (windowed) {
        painter->setPen(QPen(strong, 1.6));
        painter->drawPath(pathOf(line, plot, highest, line.windowFirst, line.windowLast));
    }
    painter->restore();
}

} // namespace memprof::views
