// SPDX-License-Identifier: GPL-3.0-or-later
// Two dumps' by-function trees compared (memprof::FunctionTreeDiff) as an
// item model: file -> function -> line with NEW - BASE first (sortable by the
// change), then both sides' figures. The roles are those of the other cost
// models (ModelRoles.h); as in DiffTableModel, changes show their sign, a
// node of one dump only reads in italics with its side in "Only in", and the
// cost bars are a cell's share of the column's largest magnitude, negative
// for shrinkage. Line nodes answer the location in NEW, where NEW has one.
// Once the functions' names are read (setFunctionNames) functions and lines
// read as in a single dump's tree ("remember  leak.lua:9"), a node of BASE
// only by BASE's function.
#pragma once

#include "model/itemmodels/CostTreeModel.h"
#include "model/memcompare/FunctionTreeDiff.h"

#include <QList>

#include <array>
#include <memory>

namespace memprof::itemmodels {

class FunctionTreeDiffModel : public CostTreeModelOf<FunctionTreeDiff> {
    Q_OBJECT
public:
    enum Columns {
        LocationColumn,
        OnlyInColumn,
        EventsChangeColumn,
        AllocatedChangeColumn,
        FreedChangeColumn,
        HeldChangeColumn,
        PeakChangeColumn,
        BaseEventsColumn,
        NewEventsColumn,
        BaseAllocatedColumn,
        NewAllocatedColumn,
        BaseFreedColumn,
        NewFreedColumn,
        BaseHeldColumn,
        NewHeldColumn,
        BasePeakColumn,
        NewPeakColumn,
        ColumnCount
    };

    explicit FunctionTreeDiffModel(QObject* parent = nullptr);

    // NEW (`newProfile`) gives line nodes their locations and file and function
    // nodes their chunks, for the source pane.
    void setProfiles(std::shared_ptr<const Profile> base, std::shared_ptr<const Profile> newProfile);
    // The names read for both dumps' functions (null: none yet). The rows
    // change in place: the sort, the selection and the filter stay.
    void setFunctionNames(FunctionNames names);
    bool hasFunctionNames() const { return functionNames_ != nullptr; }
    // The column a view sorts by first, and the columns it starts with
    // hidden (the header menu shows them again).
    int initialSortColumn() const;
    QList<int> defaultHiddenColumns() const;

    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant rawValue(StackNodeId node, int column) const;
    QString toolTipOf(StackNodeId node, int column) const;
    FunctionLabel labelOf(StackNodeId node) const;

    std::array<double, ColumnCount> columnMaxMagnitude_{};
    std::shared_ptr<const Profile> base_; // names the nodes only BASE has
    FunctionNames functionNames_;
};

} // namespace memprof::itemmodels
