// SPDX-License-Identifier: GPL-3.0-or-later
// The profile by file and by function (memprof::FunctionTree) as an item
// model: file -> function -> line, with the cost columns of the tables
// (events, allocated, freed, held, live at the peak) summed up the tree. The
// held column counts what the held pane's scope counts (setHeldScope), its
// header says which. The roles are those of the tables (ModelRoles.h): DisplayRole
// formats, SortRole carries the raw number, cost columns sort descending
// first; line nodes answer LocationIdRole, file and function nodes
// FunctionIndexRole. The in-cell bars show a node's share of the column's
// total, so a line and its file compare on one scale.
#pragma once

#include "model/dump/FunctionNameTable.h"
#include "model/itemmodels/CostTreeModel.h"
#include "model/itemmodels/HeldModel.h"
#include "model/itemmodels/LocationNames.h"
#include "model/memprofile/FunctionTree.h"

#include <QList>
#include <QString>

#include <memory>
#include <vector>

namespace memprof::itemmodels {

class FunctionTreeModel : public CostTreeModelOf<FunctionTree> {
    Q_OBJECT
public:
    enum Columns { LocationColumn, EventsColumn, AllocatedColumn, FreedColumn, HeldColumn, PeakColumn, ColumnCount };

    explicit FunctionTreeModel(QObject* parent = nullptr);

    void setProfile(std::shared_ptr<const Profile> profile);
    // The held pane's scope: survivors (the blocks live at the end without a
    // window), at the peak, at the window's end, or the heap summary. The
    // leak suspects rank names, not lines: the tree keeps the survivors.
    void setHeldScope(HeldModel::Scope scope);
    HeldModel::Scope heldScope() const { return heldScope_; }
    // The functions' names read from their sources (services/FunctionNames.h;
    // null while none are read): function nodes read "encode  json.lua:52"
    // instead of "function at @json.lua:52", lines "encode  json.lua:60"
    // (FunctionLabel.h). They are kept for the counts of another window of
    // the same dump. The rows change in place: sort and selection stay.
    void setFunctionNames(std::shared_ptr<const FunctionNameTable> names);
    // How a node of a by-function tree of `profile` reads, with the names
    // `names` carries: the tree and the flame graph name nodes alike.
    static FunctionLabel frameLabel(const Profile* profile, const LocationNames& names, const FunctionFrame& frame);
    bool hasFunctionNames() const { return functionNames_ != nullptr; }

    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // The sum of the top-level nodes: the profile's totals.
    const TreeCost& totalCost() const { return totalCost_; }
    // The column a view sorts by first, and the columns it starts with
    // hidden (the header menu shows them again).
    int initialSortColumn() const;
    QList<int> defaultHiddenColumns() const;

private:
    static std::uint64_t costOf(const TreeCost& cost, int column);
    // The column's figure passed 2^64-1 and stopped there.
    static bool overflowedOf(const TreeCost& cost, int column);
    void rebuild(std::shared_ptr<const Profile> profile);
    Column heldColumn() const;



    TreeCost totalCost_;
    LocationNames names_;
    HeldModel::Scope heldScope_ = HeldModel::Scope::HeldAtEnd;
    std::shared_ptr<const FunctionNameTable> functionNames_;
};

} // namespace memprof::itemmodels
