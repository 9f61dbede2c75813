// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/cpu/CpuFrameTable.h"

#include "model/itemmodels/ModelRoles.h"

#include <QItemSelectionModel>
#include <QScopedValueRollback>

namespace memprof::views {

CpuFrameTable::CpuFrameTable(Pick pick, QWidget* parent) : CostTableView(parent)
{
    const auto picked = [this](const QModelIndex& index) {
        const QVariant frame = index.data(itemmodels::FrameIdRole);
        if (frame.isValid() && !showing_)
            emit frameActivated(static_cast<FrameId>(frame.toUInt()));
    };
    if (pick == Pick::Click) {
        connect(this, &QAbstractItemView::activated, this, picked);
        connect(this, &QAbstractItemView::clicked, this, picked);
        return;
    }
    connect(selectionModel(), &QItemSelectionModel::currentChanged, this, picked);
}

void CpuFrameTable::showFrame(FrameId frame)
{
    const QVariant id = QVariant::fromValue(static_cast<uint>(frame));
    if (currentIndex().data(itemmodels::FrameIdRole) == id)
        return;
    QAbstractItemModel* shown = model();
    // The function's own top-level row first (in bottom-up, its root, not
    // a row where it called itself or called back), else its first row at
    // any depth.
    QModelIndexList found = shown->match(shown->index(0, 0), itemmodels::FrameIdRole, id, 1, Qt::MatchExactly);
    if (found.isEmpty())
        found = shown->match(shown->index(0, 0), itemmodels::FrameIdRole, id, 1, Qt::MatchExactly | Qt::MatchRecursive);
    if (found.isEmpty())
        return;
    const QScopedValueRollback<bool> showing(showing_, true);
    setCurrentIndex(found.front());
    scrollTo(found.front());
}

} // namespace memprof::views
