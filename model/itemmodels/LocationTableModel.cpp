// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/itemmodels/LocationTableModel.h"
#include "model/itemmodels/DisplayText.h"
#include "model/itemmodels/HeldSparkline.h"
#include "model/support/SaturatingMath.h"

namespace memprof::itemmodels {

namespace {
std::vector<CostTableModel::Column> locationColumns(EventKind kind)
{
    using K = CostTableModel::ColumnKind;
    const QString overridesTip =
        kind == EventKind::Alloc
            ? LocationTableModel::tr("Allocations never override other blocks")
            : LocationTableModel::tr("How many locations had allocated the blocks this row freed or moved");
    return {
        {LocationTableModel::tr("Location"), QStringLiteral("location"), K::Text,
         LocationTableModel::tr("Where the event happened: chunk:line, a trace, a C function or INTERNAL")},
        {LocationTableModel::tr("Events"), QStringLiteral("events"), K::Count,
         LocationTableModel::tr("Number of events at this location")},
        {LocationTableModel::tr("Allocated"), QStringLiteral("allocated_bytes"), K::Bytes,
         LocationTableModel::tr("Sum of the new sizes (allocations and reallocations)")},
        {LocationTableModel::tr("Freed"), QStringLiteral("freed_bytes"), K::Bytes,
         LocationTableModel::tr("Sum of the old sizes (frees and reallocations)")},
        {LocationTableModel::tr("Net"), QStringLiteral("net_bytes"), K::Bytes,
         LocationTableModel::tr("Allocated minus freed")},
        {LocationTableModel::tr("Overrides"), QStringLiteral("overrides"), K::Count, overridesTip},
        {LocationTableModel::tr("Held over the run"), QStringLiteral("held_growth_bytes"), K::History,
         LocationTableModel::tr("The bytes this location held over the run (the blocks it last allocated), "
                                "the window emphasised; the number and the sort: its growth over the window")},
    };
}
} // namespace

LocationTableModel::LocationTableModel(EventKind kind, QObject* parent) : CostTableModel(parent), kind_(kind)
{
    setColumns(locationColumns(kind));
}

void LocationTableModel::setProfile(std::shared_ptr<const Profile> profile)
{
    beginResetModel();
    profile_ = std::move(profile);
    names_ = profile_ ? LocationNames(*profile_, functionNames()) : LocationNames();
    recomputeColumnMaxima();
    endResetModel();
}

int LocationTableModel::rowCount(const QModelIndex& parent) const
{
    if (parent.isValid() || !profile_)
        return 0;
    return static_cast<int>(profile_->rows(kind_).size());
}

const LocationRow* LocationTableModel::rowAt(int row) const
{
    if (!profile_ || row < 0 || row >= rowCount())
        return nullptr;
    return &profile_->rows(kind_)[static_cast<std::size_t>(row)];
}

QVariant LocationTableModel::rawValue(int row, int column) const
{
    const LocationRow& r = *rowAt(row);
    switch (column) {
    case LocationColumn:
        return QString::fromStdString(profile_->nameOf(r.location));
    case EventsColumn:
        return static_cast<qint64>(r.eventCount);
    case AllocatedColumn:
        return static_cast<qulonglong>(r.allocatedBytes);
    case FreedColumn:
        return static_cast<qulonglong>(r.freedBytes);
    case NetColumn:
        return static_cast<qint64>(saturatingNet(r.allocated(), r.freed()));
    case OverridesColumn:
        return static_cast<qint64>(r.overrides.size());
    case HistoryColumn:
        return heldGrowth(*profile_, r.location);
    default:
        return {};
    }
}

bool LocationTableModel::rawOverflowed(int row, int column) const
{
    const LocationRow& r = *rowAt(row);
    return column == AllocatedColumn ? r.allocated().overflowed : column == FreedColumn && r.freed().overflowed;
}

QString LocationTableModel::rowToolTip(int row) const
{
    return names_.toolTip(rowAt(row)->location);
}

QString LocationTableModel::rowDisplayName(int row) const
{
    return names_.displayName(rowAt(row)->location);
}

QVariant LocationTableModel::rowNameLength(int row) const
{
    return names_.labelData(rowAt(row)->location, FunctionNameLengthRole);
}

void LocationTableModel::functionNamesChanged()
{
    names_.setFunctionNames(functionNames());
}

std::optional<LocationId> LocationTableModel::rowLocation(int row) const
{
    return rowAt(row)->location;
}

HeldSparkline LocationTableModel::rowHistory(int row) const
{
    return heldSparkline(*profile_, rowAt(row)->location);
}

int LocationTableModel::initialSortColumn() const
{
    return kind_ == EventKind::Free ? FreedColumn : AllocatedColumn;
}

QList<int> LocationTableModel::defaultHiddenColumns() const
{
    // Columns that are zero by definition: allocations override nothing,
    // frees allocate nothing (and their net is -freed).
    switch (kind_) {
    case EventKind::Alloc:
        return {OverridesColumn};
    case EventKind::Free:
        // A free owns no block: its held history is flat unless the same
        // line allocates too.
        return {AllocatedColumn, NetColumn, HistoryColumn};
    case EventKind::Realloc:
        break;
    }
    return {};
}

} // namespace memprof::itemmodels
