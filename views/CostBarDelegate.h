// SPDX-License-Identifier: GPL-3.0-or-later
// Draws a bar behind a cost cell, proportional to the cell's share of the
// column's largest magnitude (CostFractionRole). Negative values (a net or
// a diff that shrank) draw in another colour, so they never pass for costs.
// A held-over-the-run cell (HeldHistoryRole) draws its sparkline beside its
// growth instead. A function cell with a location after its name
// (FunctionNameLengthRole) draws the location dimmed.
#pragma once

#include <QStyledItemDelegate>

namespace memprof::views {

class CostBarDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;

private:
    QRect paintBackground(QPainter* painter, QStyleOptionViewItem& opt, const QModelIndex& index,
                          QString& text) const;
    void paintFunction(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index,
                       int nameLength) const;
};

} // namespace memprof::views
