// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/itemmodels/FunctionTreeModel.h"
#include "model/itemmodels/DisplayText.h"

#include "model/itemmodels/ModelRoles.h"

namespace memprof::itemmodels {

namespace {
// The tables' columns and words, so a figure reads the same everywhere.
std::vector<CostTreeModel::Column> treeColumns()
{
    using T = FunctionTreeModel;
    return {
        {T::tr("Location"), QStringLiteral("location"), CostKind::Text,
         T::tr("File, then function (where it is defined), then the line or trace")},
        {T::tr("Events"), QStringLiteral("events"), CostKind::Count,
         T::tr("Allocations, reallocations and frees here and below")},
        {T::tr("Allocated"), QStringLiteral("allocated_bytes"), CostKind::Bytes,
         T::tr("Sum of the new sizes (allocations and reallocations)")},
        {T::tr("Freed"), QStringLiteral("freed_bytes"), CostKind::Bytes,
         T::tr("Sum of the old sizes (frees and reallocations)")},
        {T::tr("Held bytes"), QStringLiteral("held_bytes"), CostKind::Bytes,
         T::tr("Bytes of the blocks still live at the end that these lines last allocated")},
        {T::tr("Live at peak"), QStringLiteral("peak_live_bytes"), CostKind::Bytes,
         T::tr("Bytes of the blocks live when the live bytes peaked that these lines last allocated")},
    };
}
} // namespace

FunctionTreeModel::FunctionTreeModel(QObject* parent) : CostTreeModelOf<FunctionTree>(treeColumns(), parent)
{}

namespace {
FunctionTree treeHolding(const Profile& profile, HeldModel::Scope scope)
{
    using Scope = HeldModel::Scope;
    switch (scope) {
    case Scope::HeldAtPeak:
        return buildFunctionTree(profile, profile.heldAtPeak);
    case Scope::HeapSummary:
        return buildFunctionTree(profile, heapSummaryByLocation(profile));
    case Scope::WindowBlocksAtWindowEnd:
        return buildFunctionTree(profile, HeldRule::WindowBlocksAtWindowEnd);
    case Scope::LiveAtWindowEnd:
        return buildFunctionTree(profile, HeldRule::LiveAtWindowEnd);
    case Scope::HeldAtEnd:
    case Scope::Suspects:
        break;
    }
    return buildFunctionTree(profile, HeldRule::SurvivorsAtEnd);
}
} // namespace

void FunctionTreeModel::setProfile(std::shared_ptr<const Profile> profile)
{
    rebuild(std::move(profile));
}

void FunctionTreeModel::setHeldScope(HeldModel::Scope scope)
{
    if (scope == heldScope_)
        return;
    heldScope_ = scope;
    rebuild(profile_);
    emit headerDataChanged(Qt::Horizontal, HeldColumn, HeldColumn);
}

void FunctionTreeModel::setFunctionNames(std::shared_ptr<const FunctionNameTable> names)
{
    functionNames_ = std::move(names);
    names_.setFunctionNames(functionNames_);
    emitDisplayChanged({});
}

void FunctionTreeModel::rebuild(std::shared_ptr<const Profile> profile)
{
    beginResetModel();
    FunctionTree tree = profile ? treeHolding(*profile, heldScope_) : FunctionTree();
    setTree(std::move(tree), std::move(profile));
    names_ = profile_ ? LocationNames(*profile_, functionNames_) : LocationNames();
    totalCost_ = {};
    for (const StackNodeId root : tree_.roots())
        totalCost_.add(tree_.node(root));
    endResetModel();
}

QVariant FunctionTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && section == HeldColumn)
        return CostTableModel::columnHeaderData(heldColumn(), role);
    return CostTreeModelOf<FunctionTree>::headerData(section, orientation, role);
}

// The held column's header and tool tip name the held pane's scope.
CostTreeModel::Column FunctionTreeModel::heldColumn() const
{
    using Scope = HeldModel::Scope;
    Column held = column(HeldColumn);
    const bool windowed = profile_ && !profile_->window.covers(profile_->totals.eventCount);
    switch (heldScope_) {
    case Scope::HeldAtPeak:
        held.title = tr("Held at peak");
        held.toolTip = tr("Bytes of the blocks live at the peak that these lines last allocated");
        break;
    case Scope::HeapSummary:
        held.title = tr("Heap summary");
        held.toolTip = tr("The reference's HEAP SUMMARY (allocated minus freed) of each name, on its first line");
        break;
    case Scope::WindowBlocksAtWindowEnd:
        held.title = tr("Held at window end");
        held.toolTip =
            tr("Bytes of the blocks allocated in the window and live at its last event that these "
               "lines last allocated");
        break;
    case Scope::LiveAtWindowEnd:
        held.title = tr("Live at window end");
        held.toolTip =
            tr("Bytes of all the blocks live at the window's last event that these lines last "
               "allocated, inside the window or before it");
        break;
    case Scope::HeldAtEnd:
    case Scope::Suspects:
        if (windowed) {
            held.title = tr("Survivors");
            held.toolTip =
                tr("Bytes of the blocks allocated in the window and still live at the end that these "
                   "lines last allocated");
        }
        break;
    }
    return held;
}

std::uint64_t FunctionTreeModel::costOf(const TreeCost& cost, int column)
{
    switch (column) {
    case EventsColumn:
        return cost.eventCount;
    case AllocatedColumn:
        return cost.allocatedBytes;
    case FreedColumn:
        return cost.freedBytes;
    case HeldColumn:
        return cost.heldBytes;
    case PeakColumn:
        return cost.peakBytes;
    default:
        return 0;
    }
}

bool FunctionTreeModel::overflowedOf(const TreeCost& cost, int column)
{
    static constexpr std::uint8_t kBits[ColumnCount] = {0,
                                                        kEventsFigureOverflowed,
                                                        kAllocatedFigureOverflowed,
                                                        kFreedFigureOverflowed,
                                                        kHeldFigureOverflowed,
                                                        kPeakFigureOverflowed};
    return column > LocationColumn && column < ColumnCount && (cost.overflowed & kBits[column]) != 0;
}

QVariant FunctionTreeModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const TreeNode& node = nodeOf(index);
    const FunctionFrame& frame = frameOf(index);
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return column == LocationColumn ? frameLabel(profile_.get(), names_, frame).text()
                                        : formatCost(qulonglong(costOf(node, column)), this->column(column).kind,
                                                     humanReadable(), overflowedOf(node, column));
    case FunctionNameLengthRole:
        return column == LocationColumn ? frameLabel(profile_.get(), names_, frame).data(role) : QVariant();
    case SortRole:
        if (column == LocationColumn)
            return QString::fromStdString(frame.label);
        return qulonglong(costOf(node, column));
    case Qt::ToolTipRole:
        if (frame.kind == FrameKind::Line && frame.location >= 0)
            return names_.toolTip(static_cast<LocationId>(frame.location));
        if (const FunctionLabel label = frameLabel(profile_.get(), names_, frame); label.location.size() > 0)
            return label.toolTip() + u'\n' + describeNode(frame.kind, frame.label, frame.function);
        return describeNode(frame.kind, frame.label, frame.function);
    case CostFractionRole: {
        if (column == LocationColumn)
            return {};
        const std::uint64_t total = costOf(totalCost_, column);
        return total > 0 ? static_cast<double>(costOf(node, column)) / static_cast<double>(total) : 0.0;
    }
    default:
        return structureData(index, role);
    }
}

FunctionLabel FunctionTreeModel::frameLabel(const Profile* profile, const LocationNames& names,
                                            const FunctionFrame& frame)
{
    // A line reads as in the tables (told apart from a location printed
    // alike); a function by what it is, not like one of its lines.
    if (frame.kind == FrameKind::Line && frame.location >= 0)
        return names.label(static_cast<LocationId>(frame.location));
    return nodeLabel(profile, frame, frame.location, frame.function, names.functionNames().get());
}

int FunctionTreeModel::initialSortColumn() const
{
    return AllocatedColumn;
}

QList<int> FunctionTreeModel::defaultHiddenColumns() const
{
    return {};
}

} // namespace memprof::itemmodels
