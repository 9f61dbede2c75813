// SPDX-License-Identifier: GPL-3.0-or-later
// One profile on screen: its summary, the filter, the allocation,
// reallocation and free tables, the by-function tree and the charts in tabs,
// the Overrides of the row in front, the leak summary and the source of the
// selected location. The page owns the models and the panes; they follow
// its one view state. Every way of selecting a location (tables, Overrides,
// the tree, the charts) goes through selectLocation().
// The view state's event window (the window bar, a drag across the heap
// chart) is counted by the document the page shows, off the GUI thread
// (RangeCounter); when it ends, every pane but the summary and the heap chart
// (which keep the whole run, the chart shading the window) shows the
// windowed counts.
#pragma once

#include "MemoryResultsPage.h"
#include "PageMerge.h"
#include "model/itemmodels/LocationNames.h"
#include "model/merge/MemprofMerge.h"
#include "model/services/ProfileLoadJob.h"
#include "model/services/FunctionNamesJob.h"
#include "model/services/WindowIndexJob.h"
#include "model/services/WindowIndexSlot.h"

#include <QPointer>

#include <array>
#include <functional>
#include <optional>
#include <vector>

class QAbstractItemView;
class QLabel;

namespace memprof::itemmodels {
class FunctionTreeModel;
class HeldModel;
class InstanceShareModel;
class LocationTableModel;
class OverridesModel;
} // namespace memprof::itemmodels

namespace memprof::charts {
class ChartsPane;
}

namespace memprof::views {

class EventWindowBar;
class FunctionFlamePane;
class FunctionNamesReader;
class FunctionTreeView;
class HeldPane;
class InstancesPane;
class OverridesPane;
class RangeCounter;
class SummaryHeader;

class ProfilePage : public MemoryResultsPage {
    Q_OBJECT
public:
    explicit ProfilePage(QWidget* parent = nullptr);
    ~ProfilePage() override;

    // Shows `profile`, read from `dumpPath`, whose window index goes in
    // `indexSlot` (the document's: its windows are counted with it). A
    // reload keeps the user's sort orders; another dump starts from each
    // model's initial sort.
    void setProfile(services::ProfilePtr profile, const QString& dumpPath, bool keepSortOrders,
                    std::shared_ptr<services::WindowIndexSlot> indexSlot);
    // Shows `counted`, a window of the run shown, counted by its document
    // (or, counted from another run, says the dump changed on disk).
    void showWindowCounts(services::ProfilePtr counted);
    // Counts the view state's windows through the document the page shows.
    RangeCounter* rangeCounter() const { return rangeCounter_; }
    // The counts the panes show (the window's), and the whole run's.
    const Profile* profile() const { return profile_.get(); }
    // The same counts, shared: an export's worker keeps them while it writes.
    services::ProfilePtr sharedProfile() const { return profile_; }
    const Profile* wholeRunProfile() const { return wholeProfile_.get(); }
    EventWindowBar* windowBar() const { return windowBar_; }
    // A window's re-count is running.
    bool isRecounting() const;
    // The page shows the counts so far of a dump still being read
    // (setProfile with a Reading status): its window waits for the end.
    bool isReading() const;
    // The loaded dump's window index is ready, or being built in the
    // background for the first window.
    std::shared_ptr<const WindowIndex> windowIndex() const { return windowIndex_ ? windowIndex_->index() : nullptr; }
    int windowIndexBuildCount() const { return windowIndex_ ? windowIndex_->buildCount() : 0; }
    bool isBuildingWindowIndex() const { return indexBuild_ != nullptr; }

    // A pane beside the tables (Allocations, Reallocations, Frees, ...).
    void addTab(QWidget* pane, const QString& title);

    // Reads one dump of a merge alone (its index in the merge's instances);
    // the job's document puts itself on the page (showInstanceCounts).
    using InstanceReader = std::function<std::unique_ptr<services::ProfileLoadJob>(InstanceId)>;
    // The profile set last (setProfile) is several dumps merged
    // (MemprofMerge.h), called `title`: the Instances pane shows each dump's
    // part of the selected row and chooses one dump alone, through
    // `readInstance`. Their events have no common clock: the page counts no
    // window of a run, and says so; the heap chart stacks the dumps, each
    // run stretched to the width. `warning`:
    // the dumps that could not be read, or were cut short; empty for none.
    void showMerged(std::shared_ptr<const MemprofBreakdown> breakdown, const QString& title,
                    InstanceReader readInstance, const QString& warning);
    // One dump of the merge shown alone (`instance`), its rows in `profile`
    // and its own breakdown in `breakdown`; the page keeps the merge, which
    // nothing (std::nullopt) shows again.
    void showInstanceCounts(services::ProfilePtr profile, std::shared_ptr<const MemprofBreakdown> breakdown,
                            std::optional<InstanceId> instance);
    bool isMerged() const { return merge_->isMerged(); }
    // The dump shown alone, or none: the whole merge (or one dump's profile).
    std::optional<InstanceId> shownInstance() const { return merge_->shownInstance(); }
    // The breakdown of what is shown: the merge's, or the dump's alone.
    const std::shared_ptr<const MemprofBreakdown>& shownBreakdown() const { return merge_->shown(); }
    InstancesPane* instancesPane() const { return merge_->pane(); }
    itemmodels::InstanceShareModel* instanceShares() const { return instanceShares_; }

signals:
    // The panes show the counts of `window` (the default one: the whole run).
    void windowApplied(memprof::RunRange window);

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    void createTables();
    void createTree();
    QWidget* createPanes();
    void showSelection(LocationId location);
    void showTreeNodeSelected();
    void updateOverrides();
    void updateInstances();
    // Back to one dump's profile: the window bar again.
    void leaveMerge();
    CostTableView* currentEventTable() const;
    void showCounts(services::ProfilePtr profile, bool wholeRunChanged, bool keepSortOrders);
    std::vector<QAbstractItemView*> scrolledViews() const;
    void showReading(bool reading, bool wasReading);
    void countWindow(RunRange window);
    void onRecountFailed(const QString& message);
    void cancelRecount();
    void buildWindowIndexLater();
    void buildWindowIndex();
    void cancelWindowIndexBuild();
    // The panes read the dump's functions by `names` (FunctionLabel.h).
    void showFunctionNames(services::FunctionNamesPtr names);

    services::ProfilePtr profile_;
    services::ProfilePtr wholeProfile_;
    QString dumpPath_;
    RunRange shownWindow_; // the window profile_ counts
    // The window a reload showed, counted again once the read ends.
    RunRange windowAfterRead_;
    // The dump's window index (one per load), built in the background after
    // the load is shown, or by the first re-count when it comes first.
    std::shared_ptr<services::WindowIndexSlot> windowIndex_;
    // That background build; like a re-count, a cancelled one ends on its
    // own and goes.
    QPointer<services::WindowIndexJob> indexBuild_;
    // A load shown and not painted yet: its index build waits for the paint.
    bool indexBuildAfterPaint_ = false;
    // Reads the names of the dump's functions from their sources, after
    // the load's first paint and when the source folders change.
    FunctionNamesReader* namesReader_ = nullptr;
    std::array<itemmodels::LocationTableModel*, 3> eventModels_{};
    itemmodels::HeldModel* heldModel_;
    itemmodels::FunctionTreeModel* treeModel_;
    itemmodels::OverridesModel* overridesModel_;
    RangeCounter* rangeCounter_;
    itemmodels::LocationNames names_; // for the status bar, as the tables name locations

    SummaryHeader* summary_;
    std::array<CostTableView*, 3> eventTables_{};
    FunctionTreeView* tree_ = nullptr;
    FunctionFlamePane* flame_ = nullptr;
    charts::ChartsPane* charts_ = nullptr;
    OverridesPane* overridesPane_ = nullptr;
    HeldPane* heldPane_ = nullptr;
    EventWindowBar* windowBar_ = nullptr;
    // Each dump's part of the selected row, and the profile whose rows it is of.
    itemmodels::InstanceShareModel* instanceShares_ = nullptr;
    services::ProfilePtr instanceProfile_;
    // The merge shown (none: one dump), its Instances pane over those parts
    // and its note, in place of the window bar: why there is none. Made
    // with the panes (createPanes), the pane following the tables in the
    // focus chain.
    std::unique_ptr<PageMerge<MemprofBreakdown>> merge_;
};

} // namespace memprof::views
