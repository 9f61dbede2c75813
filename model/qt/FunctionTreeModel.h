// SPDX-License-Identifier: GPL-3.0-or-later
// The profile by file and by function (memprof::FunctionTree) as an item
// model: file -> function -> line, with the cost columns of the tables
// (events, allocated, freed, held at the end, live at the peak) summed up the
// tree. The roles are those of the tables (ModelRoles.h): DisplayRole
// formats, SortRole carries the raw number, cost columns sort descending
// first; line nodes answer LocationIdRole, file and function nodes
// FunctionIndexRole. The in-cell bars show a node's share of the column's
// total, so a line and its file compare on one scale.
#pragma once

#include "model/FunctionTree.h"
#include "model/qt/CostFormat.h"

#include <QAbstractItemModel>

#include <array>
#include <memory>
#include <vector>

namespace memprof::qt {

class FunctionTreeModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Columns { LocationColumn, EventsColumn, AllocatedColumn, FreedColumn, HeldColumn, PeakColumn, ColumnCount };

    // Where selecting a node leads: a line selects its location; a function
    // shows its chunk at the line it was defined; a file shows its chunk; a
    // group (INTERNAL, C functions) explains itself through its first line.
    struct NodeTarget {
        enum class Kind { None, Location, Chunk, Explanation };
        Kind kind = Kind::None;
        LocationId location = 0;             // Location, Explanation
        std::int32_t function = kNoFunction; // Chunk
        int line = 0;                        // Chunk: linedefined, 0 for a whole file
    };

    explicit FunctionTreeModel(QObject* parent = nullptr);

    void setProfile(std::shared_ptr<const Profile> profile);
    void setHumanReadable(bool humanReadable);
    bool humanReadable() const { return humanReadable_; }

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    const FunctionTree& tree() const { return tree_; }
    // The node behind an index of this model, or nullptr.
    const TreeNode* nodeAt(const QModelIndex& index) const;
    NodeTarget targetOf(const QModelIndex& index) const;
    // The line node of a location (column 0), invalid if it has no events.
    QModelIndex indexOfLocation(LocationId location) const;
    // The sum of the top-level nodes: the profile's totals.
    const TreeCost& totalCost() const { return totalCost_; }

private:
    static std::int64_t costOf(const TreeCost& cost, int column);
    QModelIndex indexOfNode(std::int32_t node, int column) const;
    QString toolTipOf(const TreeNode& node) const;
    void emitDisplayChanged(const QModelIndex& parent);

    std::shared_ptr<const Profile> profile_;
    FunctionTree tree_;
    std::vector<int> rowInParent_;         // by node
    std::vector<std::int32_t> lineNodeOf_; // by location id, kNoNode if none
    TreeCost totalCost_;
    bool humanReadable_ = true;
};

} // namespace memprof::qt
