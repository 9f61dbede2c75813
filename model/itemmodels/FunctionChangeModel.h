// SPDX-License-Identifier: GPL-3.0-or-later
// Two CPU profiles compared (FunctionChanges.h) as a cost table: one row per
// function with the change of its self and total share of the run first
// (NEW − BASE, in percentage points, signed), then both sides' shares and
// self samples, and the side a function is missing from. Rows answer
// FrameIdRole with NEW's frame when NEW has the function. Once the
// functions' names are read (setFunctionNames) a function reads as on a
// single dump's page (FunctionLabel.h); sorting and CSV keep the dump's name.
#pragma once

#include "model/itemmodels/CostTableModel.h"
#include "model/sysprofile/FunctionChanges.h"

#include <memory>

namespace memprof::itemmodels {

class FunctionChangeModel : public CostTableModel {
    Q_OBJECT
public:
    enum Columns {
        FunctionColumn,
        OnlyInColumn,
        SelfChangeColumn,
        TotalChangeColumn,
        BaseSelfShareColumn,
        NewSelfShareColumn,
        BaseTotalShareColumn,
        NewTotalShareColumn,
        BaseSelfColumn,
        NewSelfColumn,
        ColumnCount
    };

    explicit FunctionChangeModel(QObject* parent = nullptr);

    void setChanges(FunctionChanges changes);
    const FunctionChanges& changes() const { return changes_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

protected:
    bool isChangeColumn(int column) const override;
    QVariant rawValue(int row, int column) const override;
    QString rowToolTip(int row) const override;
    QString rowDisplayName(int row) const override;
    QVariant rowNameLength(int row) const override;
    std::optional<LocationId> rowLocation(int row) const override;

private:
    FunctionChanges changes_;
};

} // namespace memprof::itemmodels
