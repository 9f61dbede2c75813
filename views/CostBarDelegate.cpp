// SPDX-License-Identifier: GPL-3.0-or-later
#include "CostBarDelegate.h"

#include "Sparkline.h"

#include "model/itemmodels/ChangeColors.h"
#include "model/itemmodels/ModelRoles.h"

#include <QApplication>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace memprof::views {

void CostBarDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    if (const QVariant nameLength = index.data(itemmodels::FunctionNameLengthRole); nameLength.isValid()) {
        paintFunction(painter, option, index, nameLength.toInt());
        return;
    }
    const QVariant history = index.data(itemmodels::HeldHistoryRole);
    const QVariant fractionValue = index.data(itemmodels::CostFractionRole);
    if (!history.isValid() && !fractionValue.isValid()) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    QStyleOptionViewItem opt(option);
    QString text;
    const QRect textRect = paintBackground(painter, opt, index, text);
    const bool selected = opt.state & QStyle::State_Selected;

    if (history.isValid()) {
        // The growth on the right, the line in the room left of it.
        const int textWidth = std::min(opt.fontMetrics.horizontalAdvance(text) + 6, textRect.width() / 2);
        paintSparkline(painter, opt.rect.adjusted(3, 3, -3 - textWidth, -3), history.value<itemmodels::HeldSparkline>(),
                       opt.palette, selected);
    } else {
        const double fraction = std::clamp(fractionValue.toDouble(), -1.0, 1.0);
        const QRect area = opt.rect.adjusted(2, 2, -2, -2);
        const int width = static_cast<int>(std::lround(std::abs(fraction) * area.width()));
        if (width > 0) {
            const bool negative = fraction < 0;
            // A change reads in the colours every comparing pane gives it.
            const bool change =
                index.model()->headerData(index.column(), Qt::Horizontal, itemmodels::ChangeColumnRole).toBool();
            QColor color = change     ? (negative ? itemmodels::fallColor() : itemmodels::riseColor())
                           : negative ? QColor(0x2e, 0x9e, 0x5b)
                                      : opt.palette.color(QPalette::Highlight);
            color.setAlpha(selected ? 110 : 70);
            painter->fillRect(QRect(area.left(), area.top(), width, area.height()), color);
        }
    }

    painter->save();
    painter->setFont(opt.font);
    painter->setPen(opt.palette.color(selected ? QPalette::HighlightedText : QPalette::Text));
    painter->drawText(textRect, static_cast<int>(opt.displayAlignment),
                      opt.fontMetrics.elidedText(text, Qt::ElideRight, textRect.width()));
    painter->restore();
}

// Background, selection and focus, without the text: `text` gets it, the
// rectangle returned is where it goes.
QRect CostBarDelegate::paintBackground(QPainter* painter, QStyleOptionViewItem& opt, const QModelIndex& index,
                                       QString& text) const
{
    initStyleOption(&opt, index);
    text = opt.text;
    opt.text.clear();
    const QStyle* style = opt.widget ? opt.widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, opt.widget);
    return style->subElementRect(QStyle::SE_ItemViewItemText, &opt, opt.widget);
}

// "serialize  serializer.lua:2": the name in the text's colour, where it is
// dimmed, as a desktop profiler shows a symbol and its location.
void CostBarDelegate::paintFunction(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index,
                                    int nameLength) const
{
    QStyleOptionViewItem opt(option);
    QString text;
    // Inside the margin the style leaves around a cell's text, as in the
    // cells the style paints (a function without a location).
    const QStyle* style = opt.widget ? opt.widget->style() : QApplication::style();
    const int margin = style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, opt.widget) + 1;
    const QRect textRect = paintBackground(painter, opt, index, text).adjusted(margin, 0, -margin, 0);
    const bool selected = opt.state & QStyle::State_Selected;
    const QString name = opt.fontMetrics.elidedText(text.left(nameLength), Qt::ElideRight, textRect.width());
    const int nameWidth = opt.fontMetrics.horizontalAdvance(name);
    const QRect rest = textRect.adjusted(nameWidth, 0, 0, 0);
    painter->save();
    painter->setFont(opt.font);
    const QColor textColor = opt.palette.color(selected ? QPalette::HighlightedText : QPalette::Text);
    painter->setPen(textColor);
    painter->drawText(textRect, Qt::AlignLeft | Qt::AlignVCenter, name);
    if (rest.width() > 0) {
        QColor dim = selected ? textColor : opt.palette.color(QPalette::PlaceholderText);
        if (selected)
            dim.setAlphaF(0.7f);
        painter->setPen(dim);
        painter->drawText(rest, Qt::AlignLeft | Qt::AlignVCenter,
                          opt.fontMetrics.elidedText(text.mid(nameLength), Qt::ElideRight, rest.width()));
    }
    painter->restore();
}

QSize CostBarDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QSize size = QStyledItemDelegate::sizeHint(option, index);
    if (index.data(itemmodels::HeldHistoryRole).isValid())
        size.setWidth(size.width() + kSparklineWidth);
    return size;
}

} // namespace memprof::views
