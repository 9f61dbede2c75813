// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/itemmodels/CallTreeModel.h"

#include "model/itemmodels/CostFormat.h"
#include "model/sysprofile/BottomUpTree.h"

namespace memprof::itemmodels {

namespace {
std::vector<CostTableModel::Column> treeColumns(CallTreeModel::Direction direction)
{
    using M = CallTreeModel;
    const bool topDown = direction == M::Direction::TopDown;
    return {
        {M::tr("Function"), QStringLiteral("function"), CostKind::Text,
         topDown ? M::tr("Each call path from the root; a function's callees below it")
                 : M::tr("The functions samples ended in; their callers below them")},
        {M::tr("Self"), QStringLiteral("self_samples"), CostKind::Count,
         topDown ? M::tr("Samples taken while this function itself ran, on this path")
                 : M::tr("Samples of this path that ended here (at its outermost caller)")},
        {M::tr("Self %"), QStringLiteral("self_share"), CostKind::Share, M::tr("Self samples of all samples")},
        {M::tr("Total"), QStringLiteral("total_samples"), CostKind::Count,
         topDown ? M::tr("Samples taken while this call was on the stack: it and its callees")
                 : M::tr("Samples that ended in the function at the top with this chain of callers")},
        {M::tr("Total %"), QStringLiteral("total_share"), CostKind::Share, M::tr("Total samples of all samples")},
    };
}
} // namespace

QString describeFrame(const CallFrame& frame)
{
    const QString name = QString::fromStdString(frame.name);
    switch (frame.kind) {
    case FrameKind::Lua:
        if (frame.chunk.empty())
            return CallTreeModel::tr("Lua function %1").arg(name);
        return CallTreeModel::tr(
                   "Lua function defined at line %1 of %2 (sysprof records where a function is "
                   "defined, not the line that ran)")
            .arg(frame.line)
            // The file's whole path, without the chunk name's '@'.
            .arg(QString::fromStdString(frame.chunk.starts_with('@') ? frame.chunk.substr(1) : frame.chunk));
    case FrameKind::FastFunction:
        return CallTreeModel::tr("Fast function %1 (a LuaJIT builtin)").arg(name);
    case FrameKind::C:
        return CallTreeModel::tr("C function %1, called from Lua").arg(name);
    case FrameKind::Trace:
        return CallTreeModel::tr("JIT-compiled code: %1").arg(name);
    case FrameKind::VmState:
        return CallTreeModel::tr("Samples with no Lua call chain, taken in the VM state %1").arg(name);
    case FrameKind::Host:
        return CallTreeModel::tr("Host (native) frame %1").arg(name);
    default: // sysprof's stacks hold no memprof lines, no groups
        break;
    }
    return name;
}

QString frameToolTip(const CallFrame& frame, const FunctionNameTable* names)
{
    const FunctionLabel label = frameLabel(frame, names);
    QString text = label.text() + u'\n' + describeFrame(frame);
    // A C symbol's address is in its description already.
    if (!label.note.isEmpty() && frame.kind != FrameKind::C && frame.kind != FrameKind::Host)
        text += u'\n' + label.note;
    return text;
}

CallTreeModel::CallTreeModel(Direction direction, QObject* parent)
    : QAbstractItemModel(parent),
      direction_(direction),
      tree_(std::make_shared<const CallTree>()),
      columns_(treeColumns(direction))
{}

void CallTreeModel::setProfile(std::shared_ptr<const SysprofProfile> profile, StackView view)
{
    beginResetModel();
    profile_ = std::move(profile);
    if (!profile_)
        tree_ = std::make_shared<const CallTree>();
    else if (direction_ == Direction::TopDown)
        tree_ = std::shared_ptr<const CallTree>(profile_, &profile_->tree(view));
    else if (const auto& loaded = profile_->bottomUpTrees[static_cast<std::size_t>(view)])
        tree_ = loaded;
    else
        tree_ = std::make_shared<const CallTree>(bottomUpTree(profile_->tree(view)));
    rowInParent_.assign(tree_->size(), 0);
    for (std::size_t id = 0; id < tree_->size(); ++id) {
        const auto& children = tree_->node(static_cast<CallNodeId>(id)).children;
        for (std::size_t row = 0; row < children.size(); ++row)
            rowInParent_[static_cast<std::size_t>(children[row])] = static_cast<int>(row);
    }
    endResetModel();
}

void CallTreeModel::setFunctionNames(FunctionNames names)
{
    if (names == functionNames_)
        return;
    functionNames_ = std::move(names);
    // One change per parent with children, for the function column.
    const QList<int> roles{Qt::DisplayRole, Qt::ToolTipRole, FunctionNameLengthRole};
    for (std::size_t id = 0; id < tree_->size(); ++id) {
        const auto& children = tree_->node(static_cast<CallNodeId>(id)).children;
        if (children.empty())
            continue;
        const QModelIndex parent = indexOfNode(static_cast<CallNodeId>(id));
        if (id != kCallRoot && !parent.isValid())
            continue;
        emit dataChanged(index(0, FunctionColumn, parent),
                         index(static_cast<int>(children.size()) - 1, FunctionColumn, parent), roles);
    }
}

CallNodeId CallTreeModel::nodeAt(const QModelIndex& index) const
{
    if (!index.isValid() || index.model() != this)
        return -1;
    return static_cast<CallNodeId>(index.internalId());
}

QModelIndex CallTreeModel::indexOfNode(CallNodeId node, int column) const
{
    if (node <= kCallRoot || static_cast<std::size_t>(node) >= tree_->size())
        return {};
    return createIndex(rowInParent_[static_cast<std::size_t>(node)], column, static_cast<quintptr>(node));
}

QModelIndex CallTreeModel::index(int row, int column, const QModelIndex& parent) const
{
    if (row < 0 || column < 0 || column >= ColumnCount || (parent.isValid() && parent.column() != 0))
        return {};
    const CallNodeId parentNode = parent.isValid() ? nodeAt(parent) : kCallRoot;
    const auto& children = tree_->node(parentNode).children;
    if (row >= static_cast<int>(children.size()))
        return {};
    return createIndex(row, column, static_cast<quintptr>(children[static_cast<std::size_t>(row)]));
}

QModelIndex CallTreeModel::parent(const QModelIndex& child) const
{
    const CallNodeId node = nodeAt(child);
    if (node <= kCallRoot)
        return {};
    return indexOfNode(tree_->node(node).parent, 0);
}

int CallTreeModel::rowCount(const QModelIndex& parent) const
{
    if (parent.isValid() && parent.column() != 0)
        return 0;
    const CallNodeId node = parent.isValid() ? nodeAt(parent) : kCallRoot;
    return static_cast<int>(tree_->node(node).children.size());
}

int CallTreeModel::columnCount(const QModelIndex&) const
{
    return ColumnCount;
}

std::uint64_t CallTreeModel::costOf(const CallNode& node, int column) const
{
    return column == SelfColumn || column == SelfShareColumn ? node.selfSamples : node.totalSamples;
}

QVariant CallTreeModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid) || !profile_)
        return {};
    const CallNode& node = tree_->node(nodeAt(index));
    const CallFrame& frame = profile_->frames[node.frame];
    const int column = index.column();
    const CostKind kind = columns_[static_cast<std::size_t>(column)].kind;
    const double all = static_cast<double>(tree_->totalSamples());
    const auto raw = [&]() -> QVariant {
        if (column == FunctionColumn)
            return QString::fromStdString(frame.name);
        const std::uint64_t samples = costOf(node, column);
        if (kind == CostKind::Share)
            return all > 0 ? static_cast<double>(samples) / all : 0.0;
        return static_cast<qint64>(samples);
    };
    switch (role) {
    case Qt::DisplayRole:
        return column == FunctionColumn ? frameLabel(frame, functionNames_.get()).text()
                                        : formatCost(raw(), kind, true);
    case FunctionNameLengthRole:
        return column == FunctionColumn ? frameLabel(frame, functionNames_.get()).data(role) : QVariant();
    case SortRole:
        return raw();
    case Qt::ToolTipRole:
        return frameToolTip(frame, functionNames_.get());
    case Qt::TextAlignmentRole:
        return column == FunctionColumn ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                        : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case CostFractionRole:
        if (kind != CostKind::Share)
            return {};
        return raw();
    case FrameIdRole:
        return QVariant::fromValue(static_cast<uint>(node.frame));
    default:
        return {};
    }
}

QVariant CallTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return {};
    return CostTableModel::columnHeaderData(columns_[static_cast<std::size_t>(section)], role);
}

} // namespace memprof::itemmodels
