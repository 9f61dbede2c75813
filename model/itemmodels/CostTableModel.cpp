// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/itemmodels/CostTableModel.h"

#include <algorithm>
#include <cmath>

namespace memprof::itemmodels {

CostTableModel::CostTableModel(QObject* parent) : QAbstractTableModel(parent)
{}

int CostTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(columns_.size());
}

void CostTableModel::setColumns(std::vector<Column> columns)
{
    columns_ = std::move(columns);
    columnMaxMagnitude_.assign(columns_.size(), 0.0);
}

void CostTableModel::recomputeColumnMaxima()
{
    const int rows = rowCount();
    for (std::size_t c = 0; c < columns_.size(); ++c) {
        double maxMagnitude = 0;
        if (columns_[c].kind != ColumnKind::Text) {
            for (int r = 0; r < rows; ++r)
                maxMagnitude = std::max(maxMagnitude, std::abs(rawValue(r, static_cast<int>(c)).toDouble()));
        }
        columnMaxMagnitude_[c] = maxMagnitude;
    }
}

bool CostTableModel::rawOverflowed(int, int) const
{
    return false;
}

HeldSparkline CostTableModel::rowHistory(int) const
{
    return {};
}

void CostTableModel::setHumanReadable(bool humanReadable)
{
    if (humanReadable == humanReadable_)
        return;
    humanReadable_ = humanReadable;
    if (rowCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1), {Qt::DisplayRole});
}

void CostTableModel::setFunctionNames(FunctionNames names)
{
    if (names == functionNames_)
        return;
    functionNames_ = std::move(names);
    functionNamesChanged();
    if (rowCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, 0),
                         {Qt::DisplayRole, Qt::ToolTipRole, FunctionNameLengthRole});
}

void CostTableModel::functionNamesChanged() {}

QVariant CostTableModel::rowNameLength(int) const
{
    return {};
}

QVariant CostTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Column& col = column(index.column());
    switch (role) {
    case Qt::DisplayRole:
        if (index.column() == 0)
            return rowDisplayName(index.row());
        return formatCost(rawValue(index.row(), index.column()), col.kind, humanReadable_,
                          rawOverflowed(index.row(), index.column()));
    case SortRole:
        return rawValue(index.row(), index.column());
    case Qt::ToolTipRole:
        return rowToolTip(index.row());
    case Qt::TextAlignmentRole:
        return col.kind == ColumnKind::Text ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                            : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case FunctionNameLengthRole:
        return index.column() == 0 ? rowNameLength(index.row()) : QVariant();
    case LocationIdRole:
        if (auto id = rowLocation(index.row()))
            return QVariant::fromValue(static_cast<uint>(*id));
        return {};
    case HeldHistoryRole:
        if (col.kind != ColumnKind::History)
            return {};
        return QVariant::fromValue(rowHistory(index.row()));
    case CostFractionRole: {
        if (col.kind == ColumnKind::Text || col.kind == ColumnKind::History)
            return {};
        const double maxMagnitude = columnMaxMagnitude_[static_cast<std::size_t>(index.column())];
        if (maxMagnitude <= 0)
            return 0.0;
        return rawValue(index.row(), index.column()).toDouble() / maxMagnitude;
    }
    default:
        return {};
    }
}

QString CostTableModel::rowDisplayName(int row) const
{
    return formatCost(rawValue(row, 0), column(0).kind, humanReadable_);
}

QVariant CostTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return {};
    if (role == ChangeColumnRole)
        return isChangeColumn(section);
    return columnHeaderData(column(section), role);
}

QVariant CostTableModel::columnHeaderData(const Column& col, int role)
{
    switch (role) {
    case Qt::DisplayRole:
        return col.title;
    case Qt::ToolTipRole:
        return col.toolTip;
    case CsvHeaderRole:
        return col.csvName;
    case Qt::InitialSortOrderRole:
        return col.kind == ColumnKind::Text ? Qt::AscendingOrder : Qt::DescendingOrder;
    case Qt::TextAlignmentRole:
        return col.kind == ColumnKind::Text ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                            : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

} // namespace memprof::itemmodels
