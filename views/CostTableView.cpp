// SPDX-License-Identifier: GPL-3.0-or-later
#include "CostTableView.h"

#include "CostBarDelegate.h"
#include "Sparkline.h"
#include "model/itemmodels/ModelRoles.h"
#include "model/itemmodels/TableCsv.h"
#include "model/itemmodels/TableSortProxy.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QMenu>
#include <QPainter>
#include <QSortFilterProxyModel>

#include <algorithm>
#include <utility>
#include <vector>

namespace memprof::views {

CostTableView::CostTableView(QWidget* parent) : QTreeView(parent), proxy_(new itemmodels::TableSortProxy(this))
{
    setModel(proxy_);

    setRootIsDecorated(false);
    setUniformRowHeights(true);
    setAllColumnsShowFocus(true);
    setAlternatingRowColors(true);
    setSortingEnabled(true);
    setSelectionMode(QAbstractItemView::ExtendedSelection);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setTextElideMode(Qt::ElideMiddle); // keep the line number of long paths
    setItemDelegate(new CostBarDelegate(this));

    header()->setStretchLastSection(false);
    header()->setSectionsMovable(true);
    header()->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(header(), &QHeaderView::sectionClicked, this, [this] { sortChosen_ = true; });
    connect(header(), &QHeaderView::customContextMenuRequested, this, &CostTableView::showHeaderMenu);
    // Opening a tree deeper may need a wider location column.
    connect(this, &QTreeView::expanded, this, &CostTableView::fitLocationColumn);
    connect(this, &QTreeView::collapsed, this, &CostTableView::fitLocationColumn);

    auto* copy = new QAction(tr("Copy Rows"), this);
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetShortcut);
    connect(copy, &QAction::triggered, this, &CostTableView::copySelection);
    addAction(copy);
}

void CostTableView::setSourceModel(QAbstractItemModel* model)
{
    proxy_->setSourceModel(model);
    connect(model, &QAbstractItemModel::modelReset, this, &CostTableView::fitColumns);
    fitColumns();
}

QAbstractItemModel* CostTableView::sourceModel() const
{
    return proxy_->sourceModel();
}

void CostTableView::fitColumns()
{
    const int columns = proxy_->columnCount();
    if (columns == 0)
        return;
    // Room for the widest value shown (at least "1023.99KiB"), with its
    // sparkline where it has one, or for the header's text with its sort
    // arrow if that is wider: the header sits above the sparkline, not
    // beside it. The location takes the rest.
    const QFontMetrics metrics(font());
    const QFontMetrics headerMetrics(header()->font());
    header()->setSectionResizeMode(0, QHeaderView::Stretch);
    const int rows = std::min(proxy_->rowCount(), 2000);
    for (int c = 1; c < columns; ++c) {
        header()->setSectionResizeMode(c, QHeaderView::Interactive);
        int width = compactColumns_ ? 0 : metrics.horizontalAdvance(QStringLiteral("1023.99KiB"));
        for (int r = 0; r < rows; ++r)
            width = std::max(width, metrics.horizontalAdvance(proxy_->index(r, c).data().toString()));
        if (rows > 0 && proxy_->index(0, c).data(itemmodels::HeldHistoryRole).isValid())
            width += kSparklineWidth;
        const QString title = proxy_->headerData(c, Qt::Horizontal).toString();
        width = std::max(width, headerMetrics.horizontalAdvance(title) + 20);
        // A sentence (a suspect's why) leaves the location its room; the
        // row's tool tip holds it whole.
        if (proxy_->headerData(c, Qt::Horizontal, Qt::TextAlignmentRole).toInt() & Qt::AlignLeft)
            width = std::min(width, 240);
        header()->resizeSection(c, width + 10);
    }
    header()->setMinimumSectionSize(40);
    applyHiddenColumns();
}

void CostTableView::setCompactColumns(bool compact)
{
    compactColumns_ = compact;
    fitColumns();
}

void CostTableView::setHiddenColumns(const QList<int>& columns)
{
    hiddenColumns_.clear();
    for (int c : columns)
        if (c > 0 && !hiddenColumns_.contains(c))
            hiddenColumns_.append(c);
    std::sort(hiddenColumns_.begin(), hiddenColumns_.end());
    applyHiddenColumns();
}

void CostTableView::chooseHiddenColumns(const QList<int>& columns)
{
    columnsChosen_ = true;
    setHiddenColumns(columns);
}

void CostTableView::setColumnShown(int column, bool shown)
{
    QList<int> hidden = hiddenColumns_;
    if (shown)
        hidden.removeAll(column);
    else
        hidden.append(column);
    chooseHiddenColumns(hidden);
}

void CostTableView::applyHiddenColumns()
{
    for (int c = 0; c < proxy_->columnCount(); ++c)
        header()->setSectionHidden(c, hiddenColumns_.contains(c));
    fitLocationColumn();
}

void CostTableView::fitLocationColumn()
{
    // The location takes the room the costs leave, but never so little
    // that its names turn into "@…3": in a narrow pane it keeps a readable
    // width and the costs scroll.
    if (header()->count() == 0)
        return;
    int costs = 0;
    for (int c = 1; c < header()->count(); ++c)
        if (!header()->isSectionHidden(c))
            costs += header()->sectionSize(c);
    // A tree's rows keep that width past their indentation, however deep
    // they are open (a memory tree's lines sit three levels in; a recursive
    // call tree's hottest rows may sit dozens deep): the column takes the
    // room they need, and the view scrolls sideways when the pane has less.
    const int levels = rootIsDecorated() ? std::max(3, deepestShownLevel() + 1) : 0;
    const int readable =
        fontMetrics().averageCharWidth() * (compactColumns_ ? kCompactNameCharacters : kReadableLocationCharacters) +
        levels * indentation();
    const bool roomy = viewport()->width() - costs >= readable;
    const bool stretched = header()->sectionResizeMode(0) == QHeaderView::Stretch;
    if (roomy && !stretched) {
        header()->setSectionResizeMode(0, QHeaderView::Stretch);
    } else if (!roomy) {
        if (stretched)
            header()->setSectionResizeMode(0, QHeaderView::Interactive);
        if (stretched || header()->sectionSize(0) < readable)
            header()->resizeSection(0, readable);
    }
}

int CostTableView::deepestShownLevel() const
{
    // Only the open rows count; a bound keeps a huge open tree cheap.
    int deepest = 0;
    int visited = 0;
    std::vector<std::pair<QModelIndex, int>> open{{QModelIndex(), -1}};
    while (!open.empty() && visited < 20000) {
        const auto [parent, level] = open.back();
        open.pop_back();
        const int rows = proxy_->rowCount(parent);
        if (rows > 0)
            deepest = std::max(deepest, level + 1);
        for (int row = 0; row < rows && visited < 20000; ++row, ++visited) {
            const QModelIndex child = proxy_->index(row, 0, parent);
            if (isExpanded(child))
                open.emplace_back(child, level + 1);
        }
    }
    return deepest;
}

void CostTableView::resizeEvent(QResizeEvent* event)
{
    QTreeView::resizeEvent(event);
    fitLocationColumn();
}

void CostTableView::setPlaceholderText(const QString& text)
{
    placeholderText_ = text;
    viewport()->update();
}

void CostTableView::paintEvent(QPaintEvent* event)
{
    QTreeView::paintEvent(event);
    if (proxy_->rowCount() > 0 || !proxy_->sourceModel())
        return;
    const bool filtered = proxy_->sourceModel()->rowCount() > 0;
    const QString text = filtered ? tr("No location matches the filter.") : placeholderText_;
    if (text.isEmpty())
        return;
    QPainter painter(viewport());
    painter.setPen(palette().color(QPalette::PlaceholderText));
    painter.drawText(viewport()->rect().adjusted(12, 12, -12, -12), Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap,
                     text);
}

void CostTableView::setFilter(const QRegularExpression& expression)
{
    // When the filter hides the current row, the selection model moves the
    // current index to a neighbour: that is no choice of the user's, so no
    // pane may follow it, and the table is left with nothing selected.
    const QPersistentModelIndex current = proxy_->mapToSource(currentIndex());
    {
        const QSignalBlocker quiet(this); // locationActivated, and a tree's chunkActivated
        proxy_->setFilterRegularExpression(expression);
        if (current.isValid() && !proxy_->mapFromSource(current).isValid()) {
            clearSelection();
            setCurrentIndex({});
        }
    }
    const QModelIndex now = proxy_->mapToSource(currentIndex());
    if (now != QModelIndex(current))
        emit currentSourceRowChanged(currentSourceRow());
}

namespace {
// Rows without children (a table's rows, a tree's lines) under `parent`.
int leafCount(const QAbstractItemModel& model, const QModelIndex& parent = {})
{
    const int rows = model.rowCount(parent);
    int leaves = 0;
    for (int row = 0; row < rows; ++row) {
        const QModelIndex index = model.index(row, 0, parent);
        leaves += model.hasChildren(index) ? leafCount(model, index) : 1;
    }
    return leaves;
}
} // namespace

int CostTableView::shownLeafCount() const
{
    return leafCount(*proxy_);
}

int CostTableView::totalLeafCount() const
{
    return proxy_->sourceModel() ? leafCount(*proxy_->sourceModel()) : 0;
}

void CostTableView::sortByCostColumn(int column)
{
    const QVariant order = proxy_->headerData(column, Qt::Horizontal, Qt::InitialSortOrderRole);
    sortByColumn(column, order.isValid() ? static_cast<Qt::SortOrder>(order.toInt()) : Qt::DescendingOrder);
}

bool CostTableView::selectLocation(LocationId location, const QString& name)
{
    QModelIndex found;
    for (int row = 0; row < proxy_->rowCount() && !found.isValid(); ++row) {
        const QModelIndex index = proxy_->index(row, 0);
        const QVariant id = index.data(itemmodels::LocationIdRole);
        if (id.isValid() && id.toUInt() == location)
            found = index;
    }
    for (int row = 0; row < proxy_->rowCount() && !found.isValid() && !name.isEmpty(); ++row) {
        const QModelIndex index = proxy_->index(row, 0);
        if (index.data(itemmodels::SortRole).toString() == name)
            found = index;
    }
    if (found.isValid()) {
        selectingProgrammatically_ = true;
        setCurrentIndex(found);
        scrollTo(found, QAbstractItemView::PositionAtCenter);
        selectingProgrammatically_ = false;
        return true;
    }
    selectingProgrammatically_ = true;
    clearSelection();
    setCurrentIndex({});
    selectingProgrammatically_ = false;
    return false;
}

std::optional<LocationId> CostTableView::currentLocation() const
{
    const QVariant id = currentIndex().data(itemmodels::LocationIdRole);
    if (!id.isValid())
        return std::nullopt;
    return static_cast<LocationId>(id.toUInt());
}

int CostTableView::currentSourceRow() const
{
    const QModelIndex current = proxy_->mapToSource(currentIndex());
    return current.isValid() ? current.row() : -1;
}

void CostTableView::currentChanged(const QModelIndex& current, const QModelIndex& previous)
{
    QTreeView::currentChanged(current, previous);
    emit currentSourceRowChanged(currentSourceRow());
    if (selectingProgrammatically_ || !current.isValid())
        return;
    if (auto location = currentLocation())
        emit locationActivated(*location);
}

QList<int> CostTableView::visibleColumns() const
{
    QList<int> columns;
    for (int visual = 0; visual < header()->count(); ++visual) {
        const int logical = header()->logicalIndex(visual);
        if (!header()->isSectionHidden(logical))
            columns << logical;
    }
    return columns;
}

std::string CostTableView::toCsv() const
{
    return itemmodels::tableToCsv(*proxy_, visibleColumns());
}

void CostTableView::copySelection() const
{
    // Indexes, not row numbers: in a tree, rows sit at every level.
    QModelIndexList rows = selectionModel()->selectedRows();
    if (rows.isEmpty() && currentIndex().isValid())
        rows << currentIndex().siblingAtColumn(0);
    // In the order shown: by the rows of the path from the top level.
    auto path = [](QModelIndex index) {
        QList<int> rowsFromTop;
        for (; index.isValid(); index = index.parent())
            rowsFromTop.prepend(index.row());
        return rowsFromTop;
    };
    std::sort(rows.begin(), rows.end(),
              [&path](const QModelIndex& a, const QModelIndex& b) { return path(a) < path(b); });
    if (rows.isEmpty())
        return;
    QApplication::clipboard()->setText(itemmodels::rowsToTabSeparated(rows, visibleColumns()));
}

void CostTableView::showHeaderMenu(const QPoint& pos)
{
    QMenu menu(this);
    menu.addSection(tr("Columns"));
    for (int c = 0; c < proxy_->columnCount(); ++c) {
        QAction* action = menu.addAction(proxy_->headerData(c, Qt::Horizontal).toString());
        action->setCheckable(true);
        action->setChecked(!header()->isSectionHidden(c));
        action->setEnabled(c != 0); // the location always stays
        connect(action, &QAction::toggled, this, [this, c](bool shown) { setColumnShown(c, shown); });
    }
    menu.addSeparator();
    connect(menu.addAction(tr("Show All Columns")), &QAction::triggered, this, [this] { chooseHiddenColumns({}); });
    menu.exec(header()->viewport()->mapToGlobal(pos));
}

std::optional<CostTableView::SortChoice> CostTableView::sortChosen() const
{
    if (!sortChosen_)
        return std::nullopt;
    return SortChoice{header()->sortIndicatorSection(), header()->sortIndicatorOrder()};
}

void CostTableView::chooseSort(SortChoice choice)
{
    if (choice.column < 0 || choice.column >= header()->count())
        return;
    sortByColumn(choice.column, choice.order);
    sortChosen_ = true;
}

} // namespace memprof::views
