// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/itemmodels/FunctionTreeDiffModel.h"

#include "model/itemmodels/DiffTableModel.h"

#include <QFont>

#include <algorithm>
#include <cmath>

namespace memprof::itemmodels {

namespace {
using M = FunctionTreeDiffModel;

// The figures, in the order of the change columns and of the side pairs.
enum Figure { Events, Allocated, Freed, Held, Peak, FigureCount };

constexpr bool isChangeColumn(int column)
{
    return column >= M::EventsChangeColumn && column <= M::PeakChangeColumn;
}

std::vector<CostTreeModel::Column> diffTreeColumns()
{
    std::vector<CostTreeModel::Column> columns = {
        {M::tr("Location"), QStringLiteral("location"), CostKind::Text,
         M::tr("File, then function (chunk:line where it is defined), then the line or trace; matched by name "
               "between the dumps")},
        {M::tr("Only in"), QStringLiteral("presence"), CostKind::Text,
         M::tr("BASE: the node is gone in NEW; NEW: the node is new; empty: in both")},
        {M::tr("Δ Events"), QStringLiteral("delta_events"), CostKind::Count,
         M::tr("NEW − BASE: allocations, reallocations and frees here and below")},
        {M::tr("Δ Allocated"), QStringLiteral("delta_allocated_bytes"), CostKind::Bytes,
         M::tr("NEW − BASE: sum of the new sizes")},
        {M::tr("Δ Freed"), QStringLiteral("delta_freed_bytes"), CostKind::Bytes,
         M::tr("NEW − BASE: sum of the old sizes")},
        {M::tr("Δ Held"), QStringLiteral("delta_held_bytes"), CostKind::Bytes,
         M::tr("NEW − BASE: bytes of the blocks still live at the end")},
        {M::tr("Δ Live at peak"), QStringLiteral("delta_peak_live_bytes"), CostKind::Bytes,
         M::tr("NEW − BASE: bytes of the blocks live when the live bytes peaked")},
    };
    const std::pair<QString, QString> figures[FigureCount] = {
        {M::tr("events"), QStringLiteral("events")},
        {M::tr("allocated"), QStringLiteral("allocated_bytes")},
        {M::tr("freed"), QStringLiteral("freed_bytes")},
        {M::tr("held"), QStringLiteral("held_bytes")},
        {M::tr("live at peak"), QStringLiteral("peak_live_bytes")},
    };
    for (int f = 0; f < FigureCount; ++f) {
        const CostKind kind = f == Events ? CostKind::Count : CostKind::Bytes;
        const auto& [title, csvName] = figures[f];
        columns.push_back(
            {M::tr("Base %1").arg(title), QStringLiteral("base_") + csvName, kind, M::tr("%1 in BASE").arg(title)});
        columns.push_back(
            {M::tr("New %1").arg(title), QStringLiteral("new_") + csvName, kind, M::tr("%1 in NEW").arg(title)});
    }
    return columns;
}

std::int64_t figureOf(const TreeCostChange& cost, int figure)
{
    switch (figure) {
    case Events:
        return cost.eventCount;
    case Allocated:
        return cost.allocatedBytes;
    case Freed:
        return cost.freedBytes;
    case Held:
        return cost.heldBytes;
    case Peak:
        return cost.peakBytes;
    default:
        return 0;
    }
}

// The figure a cost column shows.
int figureOfColumn(int column)
{
    return isChangeColumn(column) ? column - M::EventsChangeColumn : (column - M::BaseEventsColumn) / 2;
}
} // namespace

FunctionTreeDiffModel::FunctionTreeDiffModel(QObject* parent)
    : CostTreeModelOf<FunctionTreeDiff>(diffTreeColumns(), parent)
{}

void FunctionTreeDiffModel::setProfiles(std::shared_ptr<const Profile> base, std::shared_ptr<const Profile> newProfile)
{
    beginResetModel();
    FunctionTreeDiff diff = base && newProfile ? diffFunctionTrees(*base, *newProfile) : FunctionTreeDiff();
    base_ = std::move(base);
    setTree(std::move(diff), std::move(newProfile));
    columnMaxMagnitude_.fill(0.0);
    for (std::size_t n = 1; n < tree_.size(); ++n) // not the root: no row
        for (int c = EventsChangeColumn; c < ColumnCount; ++c) {
            double& max = columnMaxMagnitude_[static_cast<std::size_t>(c)];
            max = std::max(max, std::abs(rawValue(static_cast<StackNodeId>(n), c).toDouble()));
        }
    endResetModel();
}

void FunctionTreeDiffModel::setFunctionNames(FunctionNames names)
{
    if (names == functionNames_)
        return;
    functionNames_ = std::move(names);
    emitDisplayChanged({});
}

FunctionLabel FunctionTreeDiffModel::labelOf(StackNodeId id) const
{
    const FunctionTreeDiffNode& node = tree_.node(id);
    const FunctionFrame& frame = tree_.frameOf(id);
    if (node.presence == DiffPresence::BaseOnly)
        return nodeLabel(base_.get(), frame, node.baseLocation, node.baseFunction, functionNames_.get());
    return nodeLabel(profile_.get(), frame, frame.location, frame.function, functionNames_.get());
}

QVariant FunctionTreeDiffModel::rawValue(StackNodeId id, int column) const
{
    const FunctionTreeDiffNode& node = tree_.node(id);
    if (column == LocationColumn)
        return QString::fromStdString(tree_.frameOf(id).label);
    if (column == OnlyInColumn)
        return DiffTableModel::presenceName(node.presence);
    const int figure = figureOfColumn(column);
    if (isChangeColumn(column))
        return qint64(figureOf(node.delta, figure));
    const bool isNew = (column - BaseEventsColumn) % 2 == 1;
    return qint64(figureOf(isNew ? node.newCost : node.baseCost, figure));
}

QString FunctionTreeDiffModel::toolTipOf(StackNodeId id, int column) const
{
    const FunctionTreeDiffNode& node = tree_.node(id);
    const FunctionFrame& frame = tree_.frameOf(id);
    // The name read first, where there is one.
    QString text = describeNode(frame.kind, frame.label, frame.function);
    if (const FunctionLabel label = labelOf(id); label.text() != nodeName(frame.kind, frame.label))
        text = label.toolTip() + u'\n' + text;
    if (node.presence == DiffPresence::BaseOnly)
        text += u'\n' + tr("only in BASE: NEW has no such node here");
    else if (node.presence == DiffPresence::NewOnly)
        text += u'\n' + tr("only in NEW: BASE has no such node here");
    if (column >= EventsChangeColumn) {
        // The figure on both sides and its change, whichever of them the cell shows.
        const int figure = figureOfColumn(column);
        const CostKind kind = this->column(column).kind;
        text += u'\n' + tr("%1: %2 → %3 (%4)")
                            .arg(this->column(EventsChangeColumn + figure).title,
                                 formatCost(qint64(figureOf(node.baseCost, figure)), kind, humanReadable()),
                                 formatCost(qint64(figureOf(node.newCost, figure)), kind, humanReadable()),
                                 formatCostChange(qint64(figureOf(node.delta, figure)), kind, humanReadable()));
    }
    return text;
}

QVariant FunctionTreeDiffModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const auto id = static_cast<StackNodeId>(index.internalId());
    const FunctionTreeDiffNode& node = nodeOf(index);
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        if (column == OnlyInColumn)
            return DiffTableModel::presenceText(node.presence);
        if (isChangeColumn(column))
            return formatCostChange(rawValue(id, column), this->column(column).kind, humanReadable());
        if (column == LocationColumn)
            return labelOf(id).text();
        return formatCost(rawValue(id, column), this->column(column).kind, humanReadable());
    case FunctionNameLengthRole:
        return column == LocationColumn ? labelOf(id).data(role) : QVariant();
    case SortRole:
        return rawValue(id, column);
    case Qt::ToolTipRole:
        return toolTipOf(id, column);
    case Qt::FontRole:
        // A node of one dump only reads in italics, so it stands out in any column.
        if (node.presence != DiffPresence::Both) {
            QFont font;
            font.setItalic(true);
            return font;
        }
        return {};
    case CostFractionRole: {
        if (column < EventsChangeColumn)
            return {};
        const double max = columnMaxMagnitude_[static_cast<std::size_t>(column)];
        return max > 0 ? rawValue(id, column).toDouble() / max : 0.0;
    }
    default:
        return structureData(index, role);
    }
}

QVariant FunctionTreeDiffModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role == ChangeColumnRole && orientation == Qt::Horizontal)
        return section >= EventsChangeColumn && section <= PeakChangeColumn;
    return CostTreeModelOf::headerData(section, orientation, role);
}

int FunctionTreeDiffModel::initialSortColumn() const
{
    return AllocatedChangeColumn;
}

QList<int> FunctionTreeDiffModel::defaultHiddenColumns() const
{
    // The changes the comparison is about first; both sides' figures, the
    // freed bytes and the peak are a click away.
    QList<int> hidden{FreedChangeColumn, PeakChangeColumn};
    for (int column = BaseEventsColumn; column < ColumnCount; ++column)
        hidden.append(column);
    return hidden;
}

} // namespace memprof::itemmodels
