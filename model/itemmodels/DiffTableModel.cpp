// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/itemmodels/DiffTableModel.h"
#include "model/itemmodels/DisplayText.h"

#include <QFont>

namespace memprof::itemmodels {

namespace {
using K = CostTableModel::ColumnKind;

std::vector<CostTableModel::Column> columnsOf(DiffTableModel::Table table)
{
    std::vector<CostTableModel::Column> columns = {
        {DiffTableModel::tr("Location"), QStringLiteral("location"), K::Text,
         DiffTableModel::tr("The location name (addresses differ between runs, names do not)")},
        {DiffTableModel::tr("Only in"), QStringLiteral("presence"), K::Text,
         DiffTableModel::tr("BASE: the name is gone in NEW; NEW: the name is new; empty: in both")},
    };
    if (table == DiffTableModel::Table::Held) {
        columns.insert(columns.end(),
                       {
                           {DiffTableModel::tr("Δ Held"), QStringLiteral("delta_held_bytes"), K::Bytes,
                            DiffTableModel::tr("NEW − BASE: bytes of the blocks still live at the end")},
                           {DiffTableModel::tr("Base held"), QStringLiteral("base_held_bytes"), K::Bytes,
                            DiffTableModel::tr("Held at the end in BASE")},
                           {DiffTableModel::tr("New held"), QStringLiteral("new_held_bytes"), K::Bytes,
                            DiffTableModel::tr("Held at the end in NEW")},
                           {DiffTableModel::tr("Δ Blocks"), QStringLiteral("delta_live_blocks"), K::Count,
                            DiffTableModel::tr("NEW − BASE: number of blocks still live at the end")},
                       });
        return columns;
    }
    columns.insert(columns.end(), {
                                      {DiffTableModel::tr("Δ Events"), QStringLiteral("delta_events"), K::Count,
                                       DiffTableModel::tr("NEW − BASE: number of events")},
                                      {DiffTableModel::tr("Δ Allocated"), QStringLiteral("delta_allocated_bytes"),
                                       K::Bytes, DiffTableModel::tr("NEW − BASE: sum of the new sizes")},
                                      {DiffTableModel::tr("Δ Freed"), QStringLiteral("delta_freed_bytes"), K::Bytes,
                                       DiffTableModel::tr("NEW − BASE: sum of the old sizes")},
                                      {DiffTableModel::tr("Base events"), QStringLiteral("base_events"), K::Count,
                                       DiffTableModel::tr("Events in BASE")},
                                      {DiffTableModel::tr("New events"), QStringLiteral("new_events"), K::Count,
                                       DiffTableModel::tr("Events in NEW")},
                                      {DiffTableModel::tr("Base allocated"), QStringLiteral("base_allocated_bytes"),
                                       K::Bytes, DiffTableModel::tr("Allocated in BASE")},
                                      {DiffTableModel::tr("New allocated"), QStringLiteral("new_allocated_bytes"),
                                       K::Bytes, DiffTableModel::tr("Allocated in NEW")},
                                      {DiffTableModel::tr("Base freed"), QStringLiteral("base_freed_bytes"), K::Bytes,
                                       DiffTableModel::tr("Freed in BASE")},
                                      {DiffTableModel::tr("New freed"), QStringLiteral("new_freed_bytes"), K::Bytes,
                                       DiffTableModel::tr("Freed in NEW")},
                                  });
    return columns;
}

} // namespace

DiffTableModel::DiffTableModel(Table table, QObject* parent) : CostTableModel(parent), table_(table)
{
    setColumns(columnsOf(table));
}

void DiffTableModel::setDiff(std::shared_ptr<const ProfileDiff> diff, std::shared_ptr<const Profile> newProfile,
                             std::shared_ptr<const Profile> baseProfile)
{
    beginResetModel();
    diff_ = std::move(diff);
    newProfile_ = std::move(newProfile);
    baseProfile_ = std::move(baseProfile);
    newIndex_ = newProfile_ ? LocationIndex(*newProfile_) : LocationIndex();
    baseIndex_ = baseProfile_ ? LocationIndex(*baseProfile_) : LocationIndex();
    recomputeColumnMaxima();
    endResetModel();
}

const std::vector<LocationDiffRow>& DiffTableModel::rows() const
{
    switch (table_) {
    case Table::Allocations:
        return diff_->allocations;
    case Table::Reallocations:
        return diff_->reallocations;
    case Table::Frees:
        return diff_->frees;
    case Table::Held:
        break;
    }
    return diff_->held;
}

int DiffTableModel::rowCount(const QModelIndex& parent) const
{
    if (parent.isValid() || !diff_)
        return 0;
    return static_cast<int>(rows().size());
}

const LocationDiffRow* DiffTableModel::rowAt(int row) const
{
    if (!diff_ || row < 0 || row >= rowCount())
        return nullptr;
    return &rows()[static_cast<std::size_t>(row)];
}

QString DiffTableModel::presenceName(DiffPresence presence)
{
    switch (presence) {
    case DiffPresence::Both:
        return QStringLiteral("both");
    case DiffPresence::BaseOnly:
        return QStringLiteral("base");
    case DiffPresence::NewOnly:
        return QStringLiteral("new");
    }
    return {};
}

QString DiffTableModel::presenceText(DiffPresence presence)
{
    switch (presence) {
    case DiffPresence::Both:
        return {};
    case DiffPresence::BaseOnly:
        return tr("BASE");
    case DiffPresence::NewOnly:
        return tr("NEW");
    }
    return {};
}

bool DiffTableModel::isChangeColumn(int column) const
{
    if (table_ == Table::Held)
        return column == HeldChangeColumn || column == BlocksChangeColumn;
    return column == EventsChangeColumn || column == AllocatedChangeColumn || column == FreedChangeColumn;
}

QVariant DiffTableModel::rawValue(int row, int column) const
{
    const LocationDiffRow& r = *rowAt(row);
    if (column == LocationColumn)
        return QString::fromStdString(r.name);
    if (column == OnlyInColumn)
        return presenceName(r.presence);
    if (table_ == Table::Held) {
        switch (column) {
        case HeldChangeColumn:
            return qint64(r.delta.heldBytes);
        case BaseHeldColumn:
            return qint64(r.baseValues.heldBytes);
        case NewHeldColumn:
            return qint64(r.newValues.heldBytes);
        case BlocksChangeColumn:
            return qint64(r.delta.blockCount);
        default:
            return {};
        }
    }
    switch (column) {
    case EventsChangeColumn:
        return qint64(r.delta.eventCount);
    case AllocatedChangeColumn:
        return qint64(r.delta.allocatedBytes);
    case FreedChangeColumn:
        return qint64(r.delta.freedBytes);
    case BaseEventsColumn:
        return qint64(r.baseValues.eventCount);
    case NewEventsColumn:
        return qint64(r.newValues.eventCount);
    case BaseAllocatedColumn:
        return qint64(r.baseValues.allocatedBytes);
    case NewAllocatedColumn:
        return qint64(r.newValues.allocatedBytes);
    case BaseFreedColumn:
        return qint64(r.baseValues.freedBytes);
    case NewFreedColumn:
        return qint64(r.newValues.freedBytes);
    default:
        return {};
    }
}

QVariant DiffTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const LocationDiffRow& r = *rowAt(index.row());
    if (role == Qt::DisplayRole && index.column() == OnlyInColumn)
        return presenceText(r.presence);
    if (role == Qt::DisplayRole && isChangeColumn(index.column()))
        return formatCostChange(rawValue(index.row(), index.column()), column(index.column()).kind, humanReadable());
    // A name on one side only reads in italics, so it stands out in any column.
    if (role == Qt::FontRole && r.presence != DiffPresence::Both) {
        QFont font;
        font.setItalic(true);
        return font;
    }
    return CostTableModel::data(index, role);
}

FunctionLabel DiffTableModel::rowLabel(int row) const
{
    const std::string& name = rowAt(row)->name;
    const QString shown = displayText(QString::fromStdString(name));
    if (const std::optional<LocationId> location = newIndex_.firstNamed(name))
        return locationLabel(*newProfile_, *location, shown, functionNames().get());
    if (const std::optional<LocationId> location = baseIndex_.firstNamed(name))
        return locationLabel(*baseProfile_, *location, shown, functionNames().get());
    return {shown, {}, {}};
}

QString DiffTableModel::rowDisplayName(int row) const
{
    return rowLabel(row).text();
}

QVariant DiffTableModel::rowNameLength(int row) const
{
    return rowLabel(row).data(FunctionNameLengthRole);
}

QString DiffTableModel::rowToolTip(int row) const
{
    const LocationDiffRow& r = *rowAt(row);
    // The name read, then the dump's name for the location where they differ.
    const FunctionLabel label = rowLabel(row);
    const QString reference = displayText(QString::fromStdString(r.name));
    const QString name = label.text() == reference ? label.toolTip() : label.toolTip() + u'\n' + reference;
    switch (r.presence) {
    case DiffPresence::Both:
        return name;
    case DiffPresence::BaseOnly:
        return tr("%1\nonly in BASE: NEW has no such location here").arg(name);
    case DiffPresence::NewOnly:
        return tr("%1\nonly in NEW: BASE has no such location here").arg(name);
    }
    return name;
}

std::optional<LocationId> DiffTableModel::rowLocation(int row) const
{
    // A name missing from this table of NEW may still be elsewhere in NEW.
    return newIndex_.firstNamed(rowAt(row)->name);
}

int DiffTableModel::initialSortColumn() const
{
    // The change the table is about.
    switch (table_) {
    case Table::Held:
        return HeldChangeColumn;
    case Table::Frees:
        return FreedChangeColumn;
    case Table::Allocations:
    case Table::Reallocations:
        break;
    }
    return AllocatedChangeColumn;
}

QList<int> DiffTableModel::defaultHiddenColumns() const
{
    // Columns that are zero by definition: allocations free nothing, frees
    // allocate nothing. The events' and a reallocation's freed bytes on each
    // side stay a click away, so the location keeps room beside the changes.
    switch (table_) {
    case Table::Allocations:
        return {FreedChangeColumn, BaseFreedColumn, NewFreedColumn, BaseEventsColumn, NewEventsColumn};
    case Table::Frees:
        return {AllocatedChangeColumn, BaseAllocatedColumn, NewAllocatedColumn, BaseEventsColumn, NewEventsColumn};
    case Table::Reallocations:
        return {BaseFreedColumn, NewFreedColumn, BaseEventsColumn, NewEventsColumn};
    case Table::Held:
        break;
    }
    return {};
}

} // namespace memprof::itemmodels
