// SPDX-License-Identifier: GPL-3.0-or-later
// The Overrides of the row current in the event table in front: the
// locations that had allocated the blocks the row freed or moved, with a
// title saying what the list shows (or why it is empty). Clicking an entry
// selects its location.
#pragma once

#include "model/memprofile/Profile.h"

#include <QWidget>

#include <memory>

class QLabel;

namespace memprof::itemmodels {
class OverridesModel;
}

namespace memprof::views {

class CostTableView;
class ViewState;

class OverridesPane : public QWidget {
    Q_OBJECT
public:
    OverridesPane(itemmodels::OverridesModel* model, ViewState* state, QWidget* parent = nullptr);

    void setProfile(std::shared_ptr<const Profile> profile);
    // The Overrides of `row`, a row of the `kind` table (nullptr: none is current).
    void showRow(const LocationRow* row, EventKind kind);
    // The pane in front is not an event table.
    void showNoTable();

    CostTableView* table() const { return table_; }

private:
    itemmodels::OverridesModel* model_;
    std::shared_ptr<const Profile> profile_;
    QLabel* title_;
    CostTableView* table_;
};

} // namespace memprof::views
