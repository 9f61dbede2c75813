// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/cpu/CpuCallTreeTab.h"

#include "model/itemmodels/ModelRoles.h"

#include <QSortFilterProxyModel>

#include <algorithm>

namespace memprof::views {

using itemmodels::CallTreeModel;

CpuCallTreeTab::CpuCallTreeTab(Direction direction, QWidget* parent)
    : CpuFrameTable(Pick::CurrentRow, parent), direction_(direction), model_(new CallTreeModel(direction, this))
{
    setSourceModel(model_);
    sortByCostColumn(CallTreeModel::TotalColumn);
    if (direction == Direction::BottomUp)
        setHiddenColumns({CallTreeModel::SelfColumn, CallTreeModel::SelfShareColumn});
    setRootIsDecorated(true);
    // A recursive profile's hottest rows sit dozens of levels deep: a
    // narrow step leaves their names the room (the column widens past it,
    // CostTableView::fitLocationColumn).
    setIndentation(std::max(12, fontMetrics().averageCharWidth() * 3 / 2));
    setUniformRowHeights(true);
    // A match keeps the calls that lead to it, and what it called.
    proxyModel()->setRecursiveFilteringEnabled(true);
    proxyModel()->setAutoAcceptChildRows(true);
}

void CpuCallTreeTab::setProfile(std::shared_ptr<const SysprofProfile> profile, StackView view)
{
    model_->setProfile(profile, view);
    if (direction_ == Direction::TopDown)
        expandHottestPath(profile.get(), view);
    else
        expandToDepth(0);
}

void CpuCallTreeTab::setFunctionNames(itemmodels::FunctionNames names)
{
    model_->setFunctionNames(std::move(names));
}

// Opens the tree along its heaviest branch while it holds at least a tenth of
// the samples: where the time goes is open from the start.
void CpuCallTreeTab::expandHottestPath(const SysprofProfile* profile, StackView view)
{
    const QAbstractItemModel* shown = model();
    const double all = static_cast<double>(profile ? profile->tree(view).totalSamples() : 0);
    QModelIndex parent;
    for (int depth = 0; depth < 64 && all > 0; ++depth) {
        QModelIndex heaviest;
        qint64 most = -1;
        for (int row = 0; row < shown->rowCount(parent); ++row) {
            const QModelIndex child = shown->index(row, CallTreeModel::TotalColumn, parent);
            const qint64 samples = child.data(itemmodels::SortRole).toLongLong();
            if (samples > most) {
                most = samples;
                heaviest = child.siblingAtColumn(0);
            }
        }
        if (!heaviest.isValid() || static_cast<double>(most) < all / 10)
            break;
        expand(heaviest);
        parent = heaviest;
    }
}

} // namespace memprof::views
