// SPDX-License-Identifier: GPL-3.0-or-later
// One of the ALLOCATIONS / REALLOCATIONS / DEALLOCATIONS tables: a row per
// location identity with its events, bytes and number of Overrides.
#pragma once

#include "model/itemmodels/CostTableModel.h"
#include "model/itemmodels/LocationNames.h"

#include <QList>

#include <memory>

namespace memprof::itemmodels {

class LocationTableModel : public CostTableModel {
    Q_OBJECT
public:
    enum Columns {
        LocationColumn,
        EventsColumn,
        AllocatedColumn,
        FreedColumn,
        NetColumn,
        OverridesColumn,
        HistoryColumn
    };

    explicit LocationTableModel(EventKind kind, QObject* parent = nullptr);

    void setProfile(std::shared_ptr<const Profile> profile);
    EventKind kind() const { return kind_; }
    // The column a view sorts by first, and the columns it starts with
    // hidden (the header menu shows them again).
    int initialSortColumn() const;
    QList<int> defaultHiddenColumns() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    // The aggregate behind a row (for the Overrides list), or nullptr.
    const LocationRow* rowAt(int row) const;

protected:
    QVariant rawValue(int row, int column) const override;
    bool rawOverflowed(int row, int column) const override;
    QString rowToolTip(int row) const override;
    QString rowDisplayName(int row) const override;
    QVariant rowNameLength(int row) const override;
    void functionNamesChanged() override;
    std::optional<LocationId> rowLocation(int row) const override;
    HeldSparkline rowHistory(int row) const override;

private:
    EventKind kind_;
    std::shared_ptr<const Profile> profile_;
    LocationNames names_;
};

} // namespace memprof::itemmodels
