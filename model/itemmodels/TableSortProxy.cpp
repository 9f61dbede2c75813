// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/itemmodels/TableSortProxy.h"

#include "model/itemmodels/LocationOrder.h"
#include "model/itemmodels/ModelRoles.h"

namespace memprof::itemmodels {

TableSortProxy::TableSortProxy(QObject* parent) : QSortFilterProxyModel(parent)
{
    setSortRole(SortRole);
    setFilterKeyColumn(0);
    setFilterCaseSensitivity(Qt::CaseInsensitive);
    setSortCaseSensitivity(Qt::CaseInsensitive);
    setDynamicSortFilter(true);
}

bool TableSortProxy::lessThan(const QModelIndex& left, const QModelIndex& right) const
{
    const QVariant a = left.data(sortRole());
    const QVariant b = right.data(sortRole());
    if (a.typeId() == QMetaType::QString && b.typeId() == QMetaType::QString)
        return compareLocationNames(a.toString(), b.toString()) < 0;
    return QSortFilterProxyModel::lessThan(left, right);
}

bool TableSortProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    if (QSortFilterProxyModel::filterAcceptsRow(sourceRow, sourceParent))
        return true;
    const QVariant raw =
        sourceModel()->index(sourceRow, filterKeyColumn(), sourceParent).data(SortRole);
    return raw.typeId() == QMetaType::QString && filterRegularExpression().match(raw.toString()).hasMatch();
}

} // namespace memprof::itemmodels
