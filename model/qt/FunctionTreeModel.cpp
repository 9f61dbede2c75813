// SPDX-License-Identifier: GPL-3.0-or-later
#include "FunctionTreeModel.h"

#include "model/qt/ModelRoles.h"

namespace memprof::qt {

namespace {
struct ColumnInfo {
    const char* title;
    const char* csvName;
    CostKind kind;
    const char* toolTip;
};

// The tables' columns and words, so a figure reads the same everywhere.
constexpr std::array<ColumnInfo, FunctionTreeModel::ColumnCount> kColumns = {{
    {QT_TRANSLATE_NOOP("memprof::qt::FunctionTreeModel", "Location"), "location", CostKind::Text,
     QT_TRANSLATE_NOOP("memprof::qt::FunctionTreeModel",
                       "File, then function (chunk:line where it is defined), then the line or trace")},
    {QT_TRANSLATE_NOOP("memprof::qt::FunctionTreeModel", "Events"), "events", CostKind::Count,
     QT_TRANSLATE_NOOP("memprof::qt::FunctionTreeModel", "Allocations, reallocations and frees here and below")},
    {QT_TRANSLATE_NOOP("memprof::qt::FunctionTreeModel", "Allocated"), "allocated_bytes", CostKind::Bytes,
     QT_TRANSLATE_NOOP("memprof::qt::FunctionTreeModel", "Sum of the new sizes (allocations and reallocations)")},
    {QT_TRANSLATE_NOOP("memprof::qt::FunctionTreeModel", "Freed"), "freed_bytes", CostKind::Bytes,
     QT_TRANSLATE_NOOP("memprof::qt::FunctionTreeModel", "Sum of the old sizes (frees and reallocations)")},
    {QT_TRANSLATE_NOOP("memprof::qt::FunctionTreeModel", "Held at end"), "held_bytes", CostKind::Bytes,
     QT_TRANSLATE_NOOP("memprof::qt::FunctionTreeModel",
                       "Bytes of the blocks still live at the end that these lines last allocated")},
    {QT_TRANSLATE_NOOP("memprof::qt::FunctionTreeModel", "Live at peak"), "peak_live_bytes", CostKind::Bytes,
     QT_TRANSLATE_NOOP("memprof::qt::FunctionTreeModel",
                       "Bytes of the blocks live when the live bytes peaked that these lines last allocated")},
}};

QString translated(const char* text)
{
    return FunctionTreeModel::tr(text);
}
} // namespace

FunctionTreeModel::FunctionTreeModel(QObject* parent)
    : QAbstractItemModel(parent)
{
}

void FunctionTreeModel::setProfile(std::shared_ptr<const Profile> profile)
{
    beginResetModel();
    profile_ = std::move(profile);
    tree_ = profile_ ? buildFunctionTree(*profile_) : FunctionTree();
    rowInParent_.assign(tree_.nodes.size(), 0);
    for (std::size_t r = 0; r < tree_.roots.size(); ++r)
        rowInParent_[static_cast<std::size_t>(tree_.roots[r])] = static_cast<int>(r);
    for (const TreeNode& node : tree_.nodes)
        for (std::size_t r = 0; r < node.children.size(); ++r)
            rowInParent_[static_cast<std::size_t>(node.children[r])] = static_cast<int>(r);
    lineNodeOf_.assign(profile_ ? profile_->locations.size() : 0, kNoNode);
    for (std::size_t n = 0; n < tree_.nodes.size(); ++n)
        if (tree_.nodes[n].kind == TreeNodeKind::Line)
            lineNodeOf_[static_cast<std::size_t>(tree_.nodes[n].location)] = static_cast<std::int32_t>(n);
    totalCost_ = {};
    for (std::int32_t root : tree_.roots)
        totalCost_.add(tree_.nodes[static_cast<std::size_t>(root)].cost);
    endResetModel();
}

void FunctionTreeModel::setHumanReadable(bool humanReadable)
{
    if (humanReadable == humanReadable_)
        return;
    humanReadable_ = humanReadable;
    emitDisplayChanged({});
}

void FunctionTreeModel::emitDisplayChanged(const QModelIndex& parent)
{
    const int rows = rowCount(parent);
    if (rows == 0)
        return;
    emit dataChanged(index(0, 0, parent), index(rows - 1, ColumnCount - 1, parent), {Qt::DisplayRole});
    for (int r = 0; r < rows; ++r)
        emitDisplayChanged(index(r, 0, parent));
}

QModelIndex FunctionTreeModel::index(int row, int column, const QModelIndex& parent) const
{
    if (row < 0 || column < 0 || column >= ColumnCount)
        return {};
    const std::vector<std::int32_t>& siblings =
        parent.isValid() ? tree_.nodes[static_cast<std::size_t>(parent.internalId())].children : tree_.roots;
    if (parent.isValid() && parent.column() != 0)
        return {};
    if (row >= static_cast<int>(siblings.size()))
        return {};
    return createIndex(row, column, static_cast<quintptr>(siblings[static_cast<std::size_t>(row)]));
}

QModelIndex FunctionTreeModel::indexOfNode(std::int32_t node, int column) const
{
    if (node == kNoNode)
        return {};
    return createIndex(rowInParent_[static_cast<std::size_t>(node)], column, static_cast<quintptr>(node));
}

QModelIndex FunctionTreeModel::parent(const QModelIndex& child) const
{
    if (!child.isValid())
        return {};
    return indexOfNode(tree_.nodes[static_cast<std::size_t>(child.internalId())].parent, 0);
}

int FunctionTreeModel::rowCount(const QModelIndex& parent) const
{
    if (!parent.isValid())
        return static_cast<int>(tree_.roots.size());
    if (parent.column() != 0)
        return 0;
    return static_cast<int>(tree_.nodes[static_cast<std::size_t>(parent.internalId())].children.size());
}

int FunctionTreeModel::columnCount(const QModelIndex&) const
{
    return ColumnCount;
}

const TreeNode* FunctionTreeModel::nodeAt(const QModelIndex& index) const
{
    if (!index.isValid() || index.model() != this)
        return nullptr;
    return &tree_.nodes[static_cast<std::size_t>(index.internalId())];
}

std::int64_t FunctionTreeModel::costOf(const TreeCost& cost, int column)
{
    switch (column) {
    case EventsColumn:
        return static_cast<std::int64_t>(cost.eventCount);
    case AllocatedColumn:
        return static_cast<std::int64_t>(cost.allocatedBytes);
    case FreedColumn:
        return static_cast<std::int64_t>(cost.freedBytes);
    case HeldColumn:
        return static_cast<std::int64_t>(cost.heldBytes);
    case PeakColumn:
        return static_cast<std::int64_t>(cost.peakBytes);
    default:
        return 0;
    }
}

FunctionTreeModel::NodeTarget FunctionTreeModel::targetOf(const QModelIndex& index) const
{
    const TreeNode* node = nodeAt(index);
    NodeTarget target;
    if (!node || !profile_)
        return target;
    switch (node->kind) {
    case TreeNodeKind::Line:
        target.kind = NodeTarget::Kind::Location;
        target.location = static_cast<LocationId>(node->location);
        return target;
    case TreeNodeKind::Function:
    case TreeNodeKind::File:
        target.kind = NodeTarget::Kind::Chunk;
        target.function = node->function;
        if (node->kind == TreeNodeKind::Function)
            target.line = static_cast<int>(profile_->functions[static_cast<std::size_t>(node->function)].linedefined);
        return target;
    case TreeNodeKind::Group: {
        const TreeNode* first = node;
        while (!first->children.empty())
            first = &tree_.nodes[static_cast<std::size_t>(first->children.front())];
        if (first->kind == TreeNodeKind::Line) {
            target.kind = NodeTarget::Kind::Explanation;
            target.location = static_cast<LocationId>(first->location);
        }
        return target;
    }
    }
    return target;
}

QModelIndex FunctionTreeModel::indexOfLocation(LocationId location) const
{
    if (location >= lineNodeOf_.size())
        return {};
    return indexOfNode(lineNodeOf_[location], 0);
}

QString FunctionTreeModel::toolTipOf(const TreeNode& node) const
{
    const QString label = QString::fromStdString(node.label);
    switch (node.kind) {
    case TreeNodeKind::Line:
        return label;
    case TreeNodeKind::Function:
        return tr("%1\nthe Lua function defined at line %2")
            .arg(label)
            .arg(profile_->functions[static_cast<std::size_t>(node.function)].linedefined);
    case TreeNodeKind::File:
        return tr("%1\nevery function of this chunk").arg(label);
    case TreeNodeKind::Group:
        if (node.label == kInternalGroup)
            return tr("INTERNAL: memory the LuaJIT runtime allocated or freed on its own behalf, outside any Lua line");
        if (node.label == kCGroup)
            return tr("C functions: memprof records their symbol or address, not a source line");
        return tr("%1: JIT traces whose start is not in the dump's symbol table").arg(label);
    }
    return label;
}

QVariant FunctionTreeModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const TreeNode& node = tree_.nodes[static_cast<std::size_t>(index.internalId())];
    const int column = index.column();
    const CostKind kind = kColumns[static_cast<std::size_t>(column)].kind;
    switch (role) {
    case Qt::DisplayRole:
        return column == LocationColumn ? QString::fromStdString(node.label)
                                        : formatCost(static_cast<qint64>(costOf(node.cost, column)), kind, humanReadable_);
    case SortRole:
        if (column == LocationColumn)
            return QString::fromStdString(node.label);
        return static_cast<qint64>(costOf(node.cost, column));
    case Qt::ToolTipRole:
        return toolTipOf(node);
    case Qt::TextAlignmentRole:
        return kind == CostKind::Text ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                      : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case LocationIdRole:
        if (node.kind == TreeNodeKind::Line)
            return QVariant::fromValue(static_cast<uint>(node.location));
        return {};
    case FunctionIndexRole:
        if ((node.kind == TreeNodeKind::Function || node.kind == TreeNodeKind::File) && node.function != kNoFunction)
            return node.function;
        return {};
    case CostFractionRole: {
        if (column == LocationColumn)
            return {};
        const std::int64_t total = costOf(totalCost_, column);
        return total > 0 ? static_cast<double>(costOf(node.cost, column)) / static_cast<double>(total) : 0.0;
    }
    default:
        return {};
    }
}

QVariant FunctionTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return {};
    const ColumnInfo& col = kColumns[static_cast<std::size_t>(section)];
    switch (role) {
    case Qt::DisplayRole:
        return translated(col.title);
    case Qt::ToolTipRole:
        return translated(col.toolTip);
    case CsvHeaderRole:
        return QString::fromLatin1(col.csvName);
    case Qt::InitialSortOrderRole:
        return col.kind == CostKind::Text ? Qt::AscendingOrder : Qt::DescendingOrder;
    case Qt::TextAlignmentRole:
        return col.kind == CostKind::Text ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                          : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

} // namespace memprof::qt
