// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/itemmodels/OverridesModel.h"

namespace memprof::itemmodels {

OverridesModel::OverridesModel(QObject* parent) : CostTableModel(parent)
{
    using K = ColumnKind;
    setColumns({
        {tr("Allocated at"), QStringLiteral("location"), K::Text,
         tr("The location that had allocated the blocks this row freed or moved")},
        {tr("Blocks"), QStringLiteral("blocks"), K::Count, tr("Blocks of that location freed or moved here")},
        {tr("Freed"), QStringLiteral("freed_bytes"), K::Bytes, tr("Their recorded sizes")},
        {tr("Reallocated"), QStringLiteral("allocated_bytes"), K::Bytes,
         tr("The new sizes this row's reallocations gave them")},
    });
}

void OverridesModel::setProfile(std::shared_ptr<const Profile> profile)
{
    beginResetModel();
    profile_ = std::move(profile);
    names_ = profile_ ? LocationNames(*profile_, functionNames()) : LocationNames();
    overrides_.clear();
    recomputeColumnMaxima();
    endResetModel();
}

void OverridesModel::setRow(const LocationRow* row)
{
    beginResetModel();
    if (row && profile_)
        overrides_ = row->overrides;
    else
        overrides_.clear();
    recomputeColumnMaxima();
    endResetModel();
}

int OverridesModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(overrides_.size());
}

QVariant OverridesModel::rawValue(int row, int column) const
{
    const OverrideStats& o = overrides_[static_cast<std::size_t>(row)];
    switch (column) {
    case LocationColumn:
        return QString::fromStdString(profile_->nameOf(o.location));
    case BlocksColumn:
        return static_cast<qint64>(o.blockCount);
    case FreedColumn:
        return static_cast<qulonglong>(o.freedBytes);
    case AllocatedColumn:
        return static_cast<qulonglong>(o.allocatedBytes);
    default:
        return {};
    }
}

bool OverridesModel::rawOverflowed(int row, int column) const
{
    const OverrideStats& o = overrides_[static_cast<std::size_t>(row)];
    return column == FreedColumn ? o.freed().overflowed : column == AllocatedColumn && o.allocated().overflowed;
}

QString OverridesModel::rowToolTip(int row) const
{
    return tr("%1\nClick to select this location")
        .arg(names_.toolTip(overrides_[static_cast<std::size_t>(row)].location));
}

QString OverridesModel::rowDisplayName(int row) const
{
    return names_.displayName(overrides_[static_cast<std::size_t>(row)].location);
}

QVariant OverridesModel::rowNameLength(int row) const
{
    return names_.labelData(overrides_[static_cast<std::size_t>(row)].location, FunctionNameLengthRole);
}

void OverridesModel::functionNamesChanged()
{
    names_.setFunctionNames(functionNames());
}

std::optional<LocationId> OverridesModel::rowLocation(int row) const
{
    return overrides_[static_cast<std::size_t>(row)].location;
}

int OverridesModel::initialSortColumn() const
{
    return BlocksColumn;
}

QList<int> OverridesModel::defaultHiddenColumns() const
{
    return {};
}

} // namespace memprof::itemmodels
