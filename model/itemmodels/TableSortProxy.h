// SPDX-License-Identifier: GPL-3.0-or-later
// The sorting and filtering proxy of every table and tree: sorts by
// SortRole (raw numbers; location names by file, then line number as a
// number) and filters the location column, case-insensitive: a row matches
// by what it shows (a function's name and location) or by the name the
// dump gives it (the raw name in SortRole).
#pragma once

#include <QSortFilterProxyModel>

namespace memprof::itemmodels {

class TableSortProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit TableSortProxy(QObject* parent = nullptr);

protected:
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;
};

} // namespace memprof::itemmodels
