// SPDX-License-Identifier: GPL-3.0-or-later
// A sysprof call tree (top-down, or bottom-up: callers below a function) as
// an item model: the function, then its self and total samples, each also
// as a share of all samples. The roles are those of the tables
// (ModelRoles.h): DisplayRole formats, SortRole carries the raw number, cost
// columns sort descending first, CostFractionRole feeds the cost bars;
// FrameIdRole gives a row's function, for selecting it elsewhere.
#pragma once

#include "model/itemmodels/CostTableModel.h"
#include "model/sysprofile/SysprofProfile.h"

#include <QAbstractItemModel>

#include <memory>
#include <vector>

namespace memprof::itemmodels {

class CallTreeModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Columns { FunctionColumn, SelfColumn, SelfShareColumn, TotalColumn, TotalShareColumn, ColumnCount };
    enum class Direction { TopDown, BottomUp };

    explicit CallTreeModel(Direction direction, QObject* parent = nullptr);

    // The tree of `view` in `profile` (bottom-up: inverted here).
    void setProfile(std::shared_ptr<const SysprofProfile> profile, StackView view);
    // The names read for the dump's functions (FunctionLabel.h; null: none
    // yet). The rows change in place: expansion, sort and selection stay.
    void setFunctionNames(FunctionNames names);

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    const CallTree& tree() const { return *tree_; }
    // The node behind an index, or -1.
    CallNodeId nodeAt(const QModelIndex& index) const;
    QModelIndex indexOfNode(CallNodeId node, int column = 0) const;

private:
    std::uint64_t costOf(const CallNode& node, int column) const;

    Direction direction_;
    std::shared_ptr<const SysprofProfile> profile_;
    // The profile's own top-down tree, or its bottom-up tree (the loader's,
    // else built here): shared, never copied.
    std::shared_ptr<const CallTree> tree_;
    std::vector<int> rowInParent_;
    std::vector<CostTableModel::Column> columns_;
    FunctionNames functionNames_;
};

// How a sysprof frame reads in tool tips: what it is, and for a Lua
// function where it is defined (sysprof records no running line).
QString describeFrame(const CallFrame& frame);
// A sysprof function cell's tool tip: its label (FunctionLabel.h), then
// what it is (describeFrame), then why the source gave no name.
QString frameToolTip(const CallFrame& frame, const FunctionNameTable* names);

} // namespace memprof::itemmodels
