// SPDX-License-Identifier: GPL-3.0-or-later
// The profile by file and by function: a CostTableView (sorting, filter,
// cost bars, column menu, copy) showing a itemmodels::CostTreeModel as a tree (one
// profile's, or two compared).
// The filter keeps a match's ancestors and opens them. Selecting a line node
// reports its location like any table; a function or file node asks for its
// chunk (at the line the function is defined), a group for the explanation
// of what it holds.
#pragma once

#include "views/CostTableView.h"

#include <cstdint>

class QTimer;

namespace memprof::itemmodels {
class CostTreeModel;
}

namespace memprof::views {

class FunctionTreeView : public CostTableView {
    Q_OBJECT
public:
    explicit FunctionTreeView(QWidget* parent = nullptr);

    void setTreeModel(itemmodels::CostTreeModel* model);
    itemmodels::CostTreeModel* treeModel() const { return model_; }

    // Selects and shows the line node of `location`, opening its ancestors,
    // without reporting it back; false (and nothing selected) if none.
    bool showLocation(LocationId location);

signals:
    // A function node (its definition line) or a file node (line 0).
    void chunkActivated(std::int32_t function, int line);
    // A group node (INTERNAL, C functions): explain it through one of its lines.
    void explanationActivated(memprof::LocationId location);

protected:
    void currentChanged(const QModelIndex& current, const QModelIndex& previous) override;

private:
    void showDefaultExpansion();

    itemmodels::CostTreeModel* model_ = nullptr;
    QTimer* expansion_;
    bool showingLocation_ = false;
};

} // namespace memprof::views
