// SPDX-License-Identifier: GPL-3.0-or-later
// The common part of the cost tables: columns of a kind (text, count, bytes,
// share), the display formatting with its human-readable switch, the raw
// sort value, the cost-bar fraction and the descending first sort.
// Subclasses only say how many rows there are and what each cell holds.
#pragma once

#include "model/itemmodels/CostFormat.h"
#include "model/itemmodels/FunctionLabel.h"
#include "model/itemmodels/HeldSparkline.h"
#include "model/itemmodels/ModelRoles.h"
#include "model/memprofile/Profile.h"

#include <QAbstractTableModel>
#include <QString>

#include <optional>
#include <vector>

namespace memprof::itemmodels {

class CostTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    using ColumnKind = CostKind;
    struct Column {
        QString title;
        QString csvName;
        ColumnKind kind = ColumnKind::Text;
        QString toolTip;
    };

    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Human-readable units (KiB, MiB) or raw byte counts in DisplayRole.
    void setHumanReadable(bool humanReadable);
    bool humanReadable() const { return humanReadable_; }

    // The names read for the functions of the profile's dump (null: none
    // yet): the first column reads by them (FunctionLabel.h). They arrive
    // after the first paint: the rows change in place (dataChanged), so
    // the sort, the selection and the filter stay.
    void setFunctionNames(FunctionNames names);
    const FunctionNames& functionNames() const { return functionNames_; }

    const Column& column(int section) const { return columns_[static_cast<std::size_t>(section)]; }
    // A column's header roles (title, tool tip, CSV name, first sort order,
    // alignment); the cost trees answer them alike.
    static QVariant columnHeaderData(const Column& column, int role);

protected:
    explicit CostTableModel(QObject* parent = nullptr);

    // The cell's raw value: QString for text columns, qint64 for counts and
    // bytes, double (0..1) for shares.
    virtual QVariant rawValue(int row, int column) const = 0;
    // Whether the cell's unsigned sum passed 2^64-1 (SaturatingMath.h): only
    // then is it shown marked. By default no cell's sum can overflow.
    virtual bool rawOverflowed(int row, int column) const;
    // The full location of a row, for tool tips.
    virtual QString rowToolTip(int row) const = 0;
    // The location column (column 0) as shown; by default its raw value
    // formatted (escaped).
    virtual QString rowDisplayName(int row) const;
    // The first column's FunctionNameLengthRole (FunctionLabel::data); by
    // default none.
    virtual QVariant rowNameLength(int row) const;
    // Called when setFunctionNames changed them, before the rows are redrawn.
    virtual void functionNamesChanged();
    virtual std::optional<LocationId> rowLocation(int row) const = 0;
    // The row's held bytes over the run, for History columns.
    virtual HeldSparkline rowHistory(int row) const;
    // Whether the column holds changes between two runs (ChangeColumnRole).
    virtual bool isChangeColumn(int /*column*/) const { return false; }

    // Call inside begin/endResetModel when rows or columns change.
    void setColumns(std::vector<Column> columns);
    void recomputeColumnMaxima();

private:
    std::vector<Column> columns_;
    std::vector<double> columnMaxMagnitude_;
    bool humanReadable_ = true;
    FunctionNames functionNames_;
};

} // namespace memprof::itemmodels
