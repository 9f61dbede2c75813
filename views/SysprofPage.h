// SPDX-License-Identifier: GPL-3.0-or-later
// The page of a sysprof (CPU) profile: a summary of the run, the stack view
// chosen (Lua call chains, host call chains, the reference's merge), and
// the panes over it in tabs, a class each (views/cpu): the flame graph,
// the top-down and bottom-up call trees, the functions with the callers and
// callees of the selected one, and the samples per VM state. From the
// results page it has the filter, the tabs, the source pane, the tables
// Export CSV writes and their row menu. The page owns the view state (the
// view, the selected function, the sample range, the flame graph's zoom
// and search); the panes show it and change it only through the page. The
// document the page shows counts a sample range, off the GUI thread
// (RangeCounter).
#pragma once

#include "model/merge/SysprofMerge.h"
#include "model/services/FunctionNamesJob.h"
#include "model/services/ProfileLoadJob.h"
#include "model/sysprofile/SysprofProfile.h"
#include "views/PageMerge.h"
#include "views/ResultsPage.h"

#include <memory>
#include <optional>

class QComboBox;
class QLabel;
class QPushButton;
class QSplitter;

namespace memprof::charts {
class VmStateChart;
}

namespace memprof::itemmodels {
class SampleShareModel;
}

namespace memprof::views {

class CpuCallTreeTab;
class CpuFlameGraphTab;
class CpuFunctionsTab;
class CpuVmStatesTab;
class FlameGraphWidget;
class FunctionNamesReader;
class InstancesPane;
class RangeCounter;

class SysprofPage : public ResultsPage {
    Q_OBJECT
public:
    explicit SysprofPage(QWidget* parent = nullptr);

    ~SysprofPage() override;

    // `keepChoices`: the counts so far of the dump shown before, or its
    // whole run once read: the view, the selected function, the sort orders
    // and the tables' places stay.
    void setProfile(std::shared_ptr<const SysprofProfile> profile, const QString& path, bool keepChoices = false);
    // The page shows the counts so far of a dump still being read
    // (setProfile with a Reading status): its range waits for the end.
    bool isReading() const;
    // What the panes count: the whole run, or the sample range's profile.
    std::shared_ptr<const SysprofProfile> profile() const { return profile_; }
    std::shared_ptr<const SysprofProfile> wholeRunProfile() const { return whole_; }
    // Shows `counted`, `range` of the run shown, counted by its document.
    void showRangeCounts(std::shared_ptr<const SysprofProfile> counted, RunRange range);
    // Counts the sample ranges through the document the page shows.
    RangeCounter* rangeCounter() const { return rangeCounter_; }

    // The samples every pane counts: the chart's drag sets it, the whole
    // run by default. A range is counted off the GUI thread (rangeCounted).
    RunRange range() const { return viewState()->range(); }
    void setRange(RunRange range);
    charts::VmStateChart* vmStateChart() const;

    StackView view() const { return viewState()->view(); }
    void setView(StackView view);
    std::optional<FrameId> selectedFrame() const { return viewState()->selectedFrame(); }
    void selectFrame(std::optional<FrameId> frame);

    // Reads one dump of a merge alone (its index in the merge's instances);
    // the job's document puts itself on the page (showInstanceCounts).
    using InstanceReader = std::function<std::unique_ptr<services::ProfileLoadJob>(InstanceId)>;
    // The profile set last (setProfile) is several dumps merged
    // (SysprofMerge.h), called `title`: the Instances pane shows each dump's
    // samples of the selected function and chooses one dump alone, through
    // `readInstance`. The samples' times are each dump's own: the page draws
    // no chart over a run and counts no range, and says so. `warning`: the
    // dumps that could not be read, or were cut short; empty for none.
    void showMerged(std::shared_ptr<const SysprofBreakdown> breakdown, const QString& title,
                    InstanceReader readInstance, const QString& warning);
    // One dump of the merge shown alone (`instance`), its samples in
    // `profile` and its own breakdown in `breakdown`; the page keeps the
    // merge, which nothing (std::nullopt) shows again.
    void showInstanceCounts(std::shared_ptr<const SysprofProfile> profile,
                            std::shared_ptr<const SysprofBreakdown> breakdown, std::optional<InstanceId> instance);
    bool isMerged() const { return merge_.isMerged(); }
    std::optional<InstanceId> shownInstance() const { return merge_.shownInstance(); }
    const std::shared_ptr<const SysprofBreakdown>& shownBreakdown() const { return merge_.shown(); }
    InstancesPane* instancesPane() const { return merge_.pane(); }
    itemmodels::SampleShareModel* sampleShares() const { return sampleShares_; }

    // The tabs, by name for --tab: "flamegraph" (the first), "top-down",
    // "bottom-up", "functions", "states".
    bool showTab(const QString& name);
    QString headerText() const;
    FlameGraphWidget* flameGraph() const;
    CostTableView* topDownView() const;
    CostTableView* bottomUpView() const;
    CostTableView* functionsView() const;
    CostTableView* callersView() const;
    CostTableView* calleesView() const;

    // A row's function: its Lua chunk, and Show Source selects it.
    QString rowChunk(const QModelIndex& index) const override;
    std::function<void()> rowSource(const CostTableView* table, const QModelIndex& index) override;

signals:
    void frameSelected(std::optional<memprof::FrameId> frame);
    // The panes now count the range asked for last.
    void rangeCounted(memprof::RunRange range);

private:
    // Shows `counted` (the whole run or a range of it) in every pane,
    // keeping the view and the selected function.
    void showCounted(std::shared_ptr<const SysprofProfile> counted);
    // Counts the state's sample range (the whole run at once, a range off
    // the GUI thread) and shows it.
    void countRange(RunRange range);
    void showView();
    void showSelection();
    void renderHeader();
    void showSource();
    // The panes read the dump's functions by `names` (FunctionLabel.h).
    void showFunctionNames(services::FunctionNamesPtr names);
    void leaveMerge();
    void updateInstances();

    std::shared_ptr<const SysprofProfile> whole_;
    std::shared_ptr<const SysprofProfile> profile_;
    QString path_;
    bool showingCount_ = false; // a new count: the panes are shown once, at its end

    QLabel* header_;
    QComboBox* viewChoice_;
    CpuFlameGraphTab* flame_;
    CpuCallTreeTab* topDown_;
    CpuCallTreeTab* bottomUp_;
    CpuFunctionsTab* functions_;
    CpuVmStatesTab* states_;
    QPushButton* wholeRun_;
    RangeCounter* rangeCounter_;
    FunctionNamesReader* namesReader_;
    // Each dump's samples of the selected function, and the merge shown
    // (none: one dump) with its Instances pane over them.
    itemmodels::SampleShareModel* sampleShares_;
    PageMerge<SysprofBreakdown> merge_;
    QSplitter* split_ = nullptr; // the panes' tabs | the instances and the source
};

} // namespace memprof::views
