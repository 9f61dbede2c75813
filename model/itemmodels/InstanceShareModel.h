// SPDX-License-Identifier: GPL-3.0-or-later
// The instance breakdown of one merged row: each dump the merge summed
// (MemprofMerge.h), with its part of the row of an event table (events,
// allocated, freed) and of the location's held row (held bytes and blocks
// live at the end). The parts of a row add up to the row; a dump with
// nothing at the location shows zeros, one that could not be read is not
// listed (it is in no sum).
#pragma once

#include "model/itemmodels/CostTableModel.h"
#include "model/merge/MemprofMerge.h"

#include <QList>

#include <memory>
#include <optional>
#include <vector>

namespace memprof::itemmodels {

class InstanceShareModel : public CostTableModel {
    Q_OBJECT
public:
    enum Columns { InstanceColumn, EventsColumn, AllocatedColumn, FreedColumn, HeldColumn, BlocksColumn };

    explicit InstanceShareModel(QObject* parent = nullptr);

    // The merge's breakdown (null: no merge, no rows).
    void setBreakdown(std::shared_ptr<const MemprofBreakdown> breakdown);
    // Each dump's part of `location`'s row of the `kind` table and of its
    // held row; nothing selected: no rows.
    void showLocation(std::optional<LocationId> location, EventKind kind);

    std::optional<LocationId> location() const { return location_; }
    EventKind kind() const { return kind_; }
    // The instance of a row (its index in the breakdown's instances).
    InstanceId instanceAt(int row) const { return shares_[static_cast<std::size_t>(row)].instance; }

    int initialSortColumn() const;
    QList<int> defaultHiddenColumns() const;

    int rowCount(const QModelIndex& parent = {}) const override;

protected:
    QVariant rawValue(int row, int column) const override;
    bool rawOverflowed(int row, int column) const override;
    QString rowToolTip(int row) const override;
    std::optional<LocationId> rowLocation(int row) const override;

private:
    struct Share {
        InstanceId instance = 0;
        RowShare row;
        HeldShare held;
    };
    void rebuild();

    std::shared_ptr<const MemprofBreakdown> breakdown_;
    std::optional<LocationId> location_;
    EventKind kind_ = EventKind::Alloc;
    std::vector<Share> shares_;
};

} // namespace memprof::itemmodels
