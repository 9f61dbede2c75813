// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/itemmodels/InstanceShareModel.h"

namespace memprof::itemmodels {

InstanceShareModel::InstanceShareModel(QObject* parent) : CostTableModel(parent)
{
    using K = ColumnKind;
    setColumns({
        {tr("Instance"), QStringLiteral("instance"), K::Text, tr("The dump, by its file name")},
        {tr("Events"), QStringLiteral("events"), K::Count, tr("This dump's events of the row")},
        {tr("Allocated"), QStringLiteral("allocated_bytes"), K::Bytes, tr("This dump's bytes allocated by the row")},
        {tr("Freed"), QStringLiteral("freed_bytes"), K::Bytes, tr("This dump's bytes freed by the row")},
        {tr("Held"), QStringLiteral("held_bytes"), K::Bytes,
         tr("This dump's bytes allocated at the location and still live at its end")},
        {tr("Blocks"), QStringLiteral("held_blocks"), K::Count, tr("Those live blocks")},
    });
}

void InstanceShareModel::setBreakdown(std::shared_ptr<const MemprofBreakdown> breakdown)
{
    beginResetModel();
    breakdown_ = std::move(breakdown);
    location_.reset();
    rebuild();
    endResetModel();
}

void InstanceShareModel::showLocation(std::optional<LocationId> location, EventKind kind)
{
    beginResetModel();
    location_ = location;
    kind_ = kind;
    rebuild();
    endResetModel();
}

void InstanceShareModel::rebuild()
{
    shares_.clear();
    if (breakdown_ && location_) {
        // Every dump summed, with its shares where it has some.
        for (InstanceId instance = 0; instance < breakdown_->instances.size(); ++instance)
            if (breakdown_->instances[instance].merged)
                shares_.push_back({instance, {instance}, {instance}});
        const auto shareOf = [this](InstanceId instance) -> Share* {
            for (Share& share : shares_)
                if (share.instance == instance)
                    return &share;
            return nullptr;
        };
        for (const RowShare& row : breakdown_->rows(kind_, *location_))
            if (Share* share = shareOf(row.instance))
                share->row = row;
        for (const HeldShare& held : breakdown_->heldAtEnd(*location_))
            if (Share* share = shareOf(held.instance))
                share->held = held;
    }
    recomputeColumnMaxima();
}

int InstanceShareModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(shares_.size());
}

QVariant InstanceShareModel::rawValue(int row, int column) const
{
    const Share& share = shares_[static_cast<std::size_t>(row)];
    switch (column) {
    case InstanceColumn:
        return QString::fromStdString(breakdown_->instances[share.instance].name);
    case EventsColumn:
        return static_cast<qint64>(share.row.eventCount);
    case AllocatedColumn:
        return static_cast<qulonglong>(share.row.allocatedBytes);
    case FreedColumn:
        return static_cast<qulonglong>(share.row.freedBytes);
    case HeldColumn:
        return static_cast<qulonglong>(share.held.heldBytes);
    case BlocksColumn:
        return static_cast<qint64>(share.held.blockCount);
    default:
        return {};
    }
}

bool InstanceShareModel::rawOverflowed(int row, int column) const
{
    const Share& share = shares_[static_cast<std::size_t>(row)];
    switch (column) {
    case AllocatedColumn:
        return (share.row.overflowed & kAllocatedOverflowed) != 0;
    case FreedColumn:
        return (share.row.overflowed & kFreedOverflowed) != 0;
    case HeldColumn:
        return share.held.overflowed;
    default:
        return false;
    }
}

QString InstanceShareModel::rowToolTip(int row) const
{
    const MergedInstance& instance = breakdown_->instances[shares_[static_cast<std::size_t>(row)].instance];
    return tr("%1\nChoose it above the list to see this dump alone").arg(QString::fromStdString(instance.name));
}

std::optional<LocationId> InstanceShareModel::rowLocation(int) const
{
    return location_;
}

int InstanceShareModel::initialSortColumn() const
{
    return kind_ == EventKind::Free ? FreedColumn : AllocatedColumn;
}

QList<int> InstanceShareModel::defaultHiddenColumns() const
{
    return {};
}

} // namespace memprof::itemmodels
