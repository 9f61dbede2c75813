// SPDX-License-Identifier: GPL-3.0-or-later
// The Overrides of one row: the locations that had allocated the blocks the
// row freed or moved, with how many blocks and bytes.
#pragma once

#include "model/itemmodels/CostTableModel.h"
#include "model/itemmodels/LocationNames.h"

#include <QList>

#include <memory>

namespace memprof::itemmodels {

class OverridesModel : public CostTableModel {
    Q_OBJECT
public:
    enum Columns { LocationColumn, BlocksColumn, FreedColumn, AllocatedColumn };

    explicit OverridesModel(QObject* parent = nullptr);

    void setProfile(std::shared_ptr<const Profile> profile);
    // Shows the Overrides of `row` (a row of `profile`), or none for nullptr.
    void setRow(const LocationRow* row);
    // The column a view sorts by first, and the columns it starts with
    // hidden (the header menu shows them again).
    int initialSortColumn() const;
    QList<int> defaultHiddenColumns() const;

    int rowCount(const QModelIndex& parent = {}) const override;

protected:
    QVariant rawValue(int row, int column) const override;
    bool rawOverflowed(int row, int column) const override;
    QString rowToolTip(int row) const override;
    QString rowDisplayName(int row) const override;
    QVariant rowNameLength(int row) const override;
    void functionNamesChanged() override;
    std::optional<LocationId> rowLocation(int row) const override;

private:
    std::shared_ptr<const Profile> profile_;
    LocationNames names_;
    std::vector<OverrideStats> overrides_;
};

} // namespace memprof::itemmodels
