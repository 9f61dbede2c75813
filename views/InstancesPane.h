// SPDX-License-Identifier: GPL-3.0-or-later
// The instance breakdown of a merged profile (several dumps summed): each
// dump's part of the selected row, and the choice of the dumps the page
// shows, all of them (the merge) or one alone.
#pragma once

#include "model/memprofile/Profile.h"
#include "model/merge/MemprofMerge.h"

#include <QWidget>

#include <memory>
#include <optional>

class QComboBox;
class QLabel;

namespace memprof::itemmodels {
class InstanceShareModel;
}

namespace memprof::views {

class CostTableView;
class ViewState;

class InstancesPane : public QWidget {
    Q_OBJECT
public:
    explicit InstancesPane(ViewState* state, QWidget* parent = nullptr);

    // The dumps of the merge (`all`) for the choice; the shares shown are
    // those of `shown` (the merge, or the dump shown alone), whose rows
    // `profile` holds.
    void setBreakdowns(std::shared_ptr<const MemprofBreakdown> all, std::shared_ptr<const MemprofBreakdown> shown,
                       std::shared_ptr<const Profile> profile);
    // The dump shown alone (its index in the merge's instances), or all.
    void setChosenInstance(std::optional<InstanceId> instance);
    // Each dump's part of `location`'s row of the `kind` table.
    void showRow(std::optional<LocationId> location, EventKind kind);
    // Choosing is off while a dump is being read for it.
    void setChoosing(bool enabled);

    CostTableView* table() const { return table_; }
    QComboBox* instanceChoice() const { return choice_; }
    itemmodels::InstanceShareModel* model() const { return model_; }

signals:
    // The user chose the dumps shown: one alone, or all (nothing).
    void instanceChosen(std::optional<memprof::InstanceId> instance);

private:
    itemmodels::InstanceShareModel* model_;
    std::shared_ptr<const Profile> profile_;
    QLabel* title_;
    QComboBox* choice_;
    CostTableView* table_;
};

} // namespace memprof::views
