// SPDX-License-Identifier: GPL-3.0-or-later
// Two dumps compared (memprof::ProfileDiff) as a cost table: one row per
// location name with NEW - BASE first (sortable by the change), then both
// sides' figures, and which side a name is missing from. The event tables
// (allocations, reallocations, frees) show events, allocated and freed
// bytes; the held table shows the bytes still live at the end. Changes show
// their sign (+1.5KiB, -300B); their cost bars grow left of nothing: the
// delegate draws shrinkage in its own colour. Once the functions' names are
// read (setFunctionNames) a location reads as on a single dump's page
// ("remember  leak.lua:9", FunctionLabel.h), named from NEW's location of
// that name, or BASE's where NEW has none; sorting and CSV keep the name.
#pragma once

#include "model/itemmodels/CostTableModel.h"
#include "model/itemmodels/LocationIndex.h"
#include "model/memcompare/ProfileDiff.h"

#include <QList>

#include <memory>

namespace memprof::itemmodels {

class DiffTableModel : public CostTableModel {
    Q_OBJECT
public:
    enum class Table { Allocations, Reallocations, Frees, Held };
    enum EventColumns {
        LocationColumn,
        OnlyInColumn,
        EventsChangeColumn,
        AllocatedChangeColumn,
        FreedChangeColumn,
        BaseEventsColumn,
        NewEventsColumn,
        BaseAllocatedColumn,
        NewAllocatedColumn,
        BaseFreedColumn,
        NewFreedColumn,
    };
    enum HeldColumns {
        HeldChangeColumn = 2,
        BaseHeldColumn,
        NewHeldColumn,
        BlocksChangeColumn,
    };

    explicit DiffTableModel(Table table, QObject* parent = nullptr);

    // `newProfile` (NEW) gives the rows their location identities, for the
    // source pane; names NEW never met have none. `baseProfile` (BASE)
    // names the locations NEW does not have.
    void setDiff(std::shared_ptr<const ProfileDiff> diff, std::shared_ptr<const Profile> newProfile,
                 std::shared_ptr<const Profile> baseProfile = nullptr);
    Table table() const { return table_; }
    // The column a view sorts by first, and the columns it starts with
    // hidden (the header menu shows them again).
    int initialSortColumn() const;
    QList<int> defaultHiddenColumns() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    const LocationDiffRow* rowAt(int row) const;

    // What the "Only in" column shows: BASE, NEW or nothing.
    static QString presenceText(DiffPresence presence);
    // Its raw value, as memprof-report --diff --csv writes it: both, base, new.
    static QString presenceName(DiffPresence presence);

protected:
    QVariant rawValue(int row, int column) const override;
    QString rowToolTip(int row) const override;
    QString rowDisplayName(int row) const override;
    QVariant rowNameLength(int row) const override;
    std::optional<LocationId> rowLocation(int row) const override;

private:
    FunctionLabel rowLabel(int row) const;
    const std::vector<LocationDiffRow>& rows() const;
    bool isChangeColumn(int column) const override;

    Table table_;
    std::shared_ptr<const ProfileDiff> diff_;
    std::shared_ptr<const Profile> newProfile_;
    std::shared_ptr<const Profile> baseProfile_;
    LocationIndex newIndex_;
    LocationIndex baseIndex_;
};

} // namespace memprof::itemmodels
