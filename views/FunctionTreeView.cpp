// SPDX-License-Identifier: GPL-3.0-or-later
#include "FunctionTreeView.h"

#include "model/itemmodels/CostTreeModel.h"

#include <QSortFilterProxyModel>
#include <QTimer>

namespace memprof::views {

FunctionTreeView::FunctionTreeView(QWidget* parent) : CostTableView(parent), expansion_(new QTimer(this))
{
    setRootIsDecorated(true);
    setIndentation(14); // three levels: leave the names their room
    setUniformRowHeights(true);
    // A match keeps its ancestors; a matching file or function keeps what
    // is under it.
    proxyModel()->setRecursiveFilteringEnabled(true);
    proxyModel()->setAutoAcceptChildRows(true);
    setPlaceholderText(tr("No events in this profile."));
    // Open the path to what the filter matched, once the proxy has
    // inserted the rows of every level.
    expansion_->setSingleShot(true);
    expansion_->setInterval(0);
    connect(expansion_, &QTimer::timeout, this, &FunctionTreeView::showDefaultExpansion);
    // (The proxy tells a new filter by removing or inserting rows, or by a
    // new layout.)
    connect(proxyModel(), &QSortFilterProxyModel::rowsRemoved, expansion_, qOverload<>(&QTimer::start));
    connect(proxyModel(), &QSortFilterProxyModel::rowsInserted, expansion_, qOverload<>(&QTimer::start));
    connect(proxyModel(), &QSortFilterProxyModel::layoutChanged, expansion_, qOverload<>(&QTimer::start));
    connect(proxyModel(), &QSortFilterProxyModel::modelReset, expansion_, qOverload<>(&QTimer::start));
}

void FunctionTreeView::setTreeModel(itemmodels::CostTreeModel* model)
{
    model_ = model;
    setSourceModel(model);
    connect(model, &QAbstractItemModel::modelReset, this, &FunctionTreeView::showDefaultExpansion);
    showDefaultExpansion();
}

void FunctionTreeView::showDefaultExpansion()
{
    // Unfiltered: the files and their functions; filtered: every match.
    // (expandToDepth would collapse what the user or showLocation opened.)
    if (!proxyModel()->filterRegularExpression().pattern().isEmpty()) {
        expandAll();
        return;
    }
    for (int row = 0; row < proxyModel()->rowCount(); ++row)
        expand(proxyModel()->index(row, 0));
}

bool FunctionTreeView::showLocation(LocationId location)
{
    const QModelIndex index = model_ ? proxyModel()->mapFromSource(model_->indexOfLocation(location)) : QModelIndex();
    // The view's own signals stay quiet: the caller already knows.
    showingLocation_ = true;
    const QSignalBlocker quiet(this);
    if (index.isValid()) {
        for (QModelIndex up = index.parent(); up.isValid(); up = up.parent())
            expand(up);
        setCurrentIndex(index);
        scrollTo(index, QAbstractItemView::PositionAtCenter);
    } else {
        clearSelection();
        setCurrentIndex({});
    }
    showingLocation_ = false;
    return index.isValid();
}

void FunctionTreeView::currentChanged(const QModelIndex& current, const QModelIndex& previous)
{
    CostTableView::currentChanged(current, previous); // line nodes: locationActivated
    if (showingLocation_ || !current.isValid() || !model_)
        return;
    const auto target = model_->targetOf(proxyModel()->mapToSource(current));
    using Kind = itemmodels::CostTreeModel::NodeTarget::Kind;
    if (target.kind == Kind::Chunk)
        emit chunkActivated(target.function, target.line);
    else if (target.kind == Kind::Explanation)
        emit explanationActivated(target.location);
}

} // namespace memprof::views
