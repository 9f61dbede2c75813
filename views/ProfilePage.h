// SPDX-License-Identifier: GPL-3.0-or-later
// One profile on screen: its summary, the filter, the allocation,
// reallocation and free tables, the by-function tree and the charts in tabs,
// the Overrides of the row in front, the leak summary and the source of the
// selected location. The page owns the models and the panes; they follow
// its one view state. Every way of selecting a location (tables, Overrides,
// the tree, the charts) goes through selectLocation().
#pragma once

#include "ResultsPage.h"
#include "model/itemmodels/LocationNames.h"
#include "model/services/ProfileLoadJob.h"

#include <array>

namespace memprof::itemmodels {
class FunctionTreeModel;
class HeldModel;
class LocationTableModel;
class OverridesModel;
}

namespace memprof::charts {
class ChartsPane;
}

namespace memprof::views {

class FunctionTreeView;
class HeldPane;
class OverridesPane;
class SummaryHeader;

class ProfilePage : public ResultsPage {
    Q_OBJECT
public:
    explicit ProfilePage(QWidget* parent = nullptr);
    ~ProfilePage() override;

    // Shows `profile`, read from `dumpPath`. A reload keeps the user's sort
    // orders; another dump starts from each model's initial sort.
    void setProfile(services::ProfilePtr profile, const QString& dumpPath, bool keepSortOrders);
    const Profile* profile() const { return profile_.get(); }

    // A pane beside the tables (Allocations, Reallocations, Frees, ...).
    void addTab(QWidget* pane, const QString& title);

private:
    void createTables();
    void createTree();
    QWidget* createPanes();
    void showSelection(LocationId location);
    void showTreeNodeSelected();
    void updateOverrides();
    CostTableView* currentEventTable() const;

    services::ProfilePtr profile_;
    std::array<itemmodels::LocationTableModel*, 3> eventModels_{};
    itemmodels::HeldModel* heldModel_;
    itemmodels::FunctionTreeModel* treeModel_;
    itemmodels::OverridesModel* overridesModel_;
    itemmodels::LocationNames names_; // for the status bar, as the tables name locations

    SummaryHeader* summary_;
    std::array<CostTableView*, 3> eventTables_{};
    FunctionTreeView* tree_ = nullptr;
    charts::ChartsPane* charts_ = nullptr;
    OverridesPane* overridesPane_ = nullptr;
    HeldPane* heldPane_ = nullptr;
};

} // namespace memprof::views
