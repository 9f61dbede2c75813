// SPDX-License-Identifier: GPL-3.0-or-later
#include "CostBarDelegate.h"

#include "model/itemmodels/ModelRoles.h"

#include <QApplication>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace memprof::views {

void CostBarDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    const QVariant fractionValue = index.data(itemmodels::CostFractionRole);
    if (!fractionValue.isValid()) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    QStyleOptionViewItem opt(option);
    initStyleOption(&opt, index);
    const QString text = opt.text;
    opt.text.clear();
    const QStyle* style = opt.widget ? opt.widget->style() : QApplication::style();
    // Background, selection and focus, without the text.
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, opt.widget);

    const double fraction = std::clamp(fractionValue.toDouble(), -1.0, 1.0);
    const QRect area = opt.rect.adjusted(2, 2, -2, -2);
    const int width = static_cast<int>(std::lround(std::abs(fraction) * area.width()));
    if (width > 0) {
        const bool negative = fraction < 0;
        QColor color = negative ? QColor(0x2e, 0x9e, 0x5b) : opt.palette.color(QPalette::Highlight);
        color.setAlpha(opt.state & QStyle::State_Selected ? 110 : 70);
        painter->fillRect(QRect(area.left(), area.top(), width, area.height()), color);
    }

    const QRect textRect = style->subElementRect(QStyle::SE_ItemViewItemText, &opt, opt.widget);
    const bool selected = opt.state & QStyle::State_Selected;
    painter->save();
    painter->setFont(opt.font);
    painter->setPen(opt.palette.color(selected ? QPalette::HighlightedText : QPalette::Text));
    painter->drawText(textRect, static_cast<int>(opt.displayAlignment),
                      opt.fontMetrics.elidedText(text, Qt::ElideRight, textRect.width()));
    painter->restore();
}

} // namespace memprof::views
