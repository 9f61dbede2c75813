// SPDX-License-Identifier: GPL-3.0-or-later
// The page of a sysprof (CPU) profile: a summary of the run, the stack view
// chosen (Lua call chains, host call chains, the reference's merge), and the
// panes over it: top-down and bottom-up call trees, the functions with the
// callers and callees of the selected one, and the samples per VM state.
// The page owns one view state (SysprofViewState: the view, the selected
// function, the sample range, the flame graph's zoom and search); the panes
// show it and change it only through the page.
#pragma once

#include "model/itemmodels/FlameTree.h"
#include "model/sysprofile/SysprofProfile.h"
#include "views/SysprofViewState.h"

#include <QWidget>

#include <memory>
#include <optional>
#include <string>
#include <vector>

class QComboBox;
class QLabel;
class QPushButton;
class QTabWidget;
class QTableWidget;

namespace memprof::itemmodels {
class CallTreeModel;
class CallEdgeModel;
class FunctionCostModel;
} // namespace memprof::itemmodels

namespace memprof::charts {
class VmStateChart;
}

namespace memprof::services {
class SysprofRangeJob;
}

namespace memprof::views {

class CostTableView;
class FilterField;
class FlameGraphWidget;
class SourcePane;

class SysprofPage : public QWidget {
    Q_OBJECT
public:
    explicit SysprofPage(QWidget* parent = nullptr);

    ~SysprofPage() override;

    void setProfile(std::shared_ptr<const SysprofProfile> profile, const QString& path);
    // What the panes count: the whole run, or the sample range's profile.
    std::shared_ptr<const SysprofProfile> profile() const { return profile_; }

    // The samples every pane counts: the chart's drag sets it, the whole
    // run by default. A range is counted off the GUI thread (rangeCounted).
    SampleRange sampleRange() const { return state_->sampleRange(); }
    void setSampleRange(SampleRange range);
    charts::VmStateChart* vmStateChart() const { return chart_; }

    StackView view() const { return state_->view(); }
    void setView(StackView view);
    std::optional<FrameId> selectedFrame() const { return state_->selectedFrame(); }
    void selectFrame(std::optional<FrameId> frame);
    SysprofViewState* viewState() const { return state_; }

    // The tabs, by name for --tab: "flamegraph" (the first), "top-down",
    // "bottom-up", "functions", "states".
    bool showTab(const QString& name);
    QTabWidget* tabs() const { return tabs_; }
    QString headerText() const;
    FlameGraphWidget* flameGraph() const { return flame_; }
    CostTableView* topDownView() const { return topDown_; }
    CostTableView* bottomUpView() const { return bottomUp_; }
    CostTableView* functionsView() const { return functions_; }
    CostTableView* callersView() const { return callers_; }
    CostTableView* calleesView() const { return callees_; }
    SourcePane* sourcePane() const { return source_; }
    void setSourceFolders(const QStringList& folders);

signals:
    void addSourceFolderRequested();
    void frameSelected(std::optional<memprof::FrameId> frame);
    void statusMessage(const QString& text);
    // The panes now count the range asked for last.
    void rangeCounted(memprof::SampleRange range);

private:
    // Shows `counted` (the whole run or a range of it) in every pane,
    // keeping the view and the selected function.
    void showCounted(std::shared_ptr<const SysprofProfile> counted);
    // Counts the state's sample range (the whole run at once, a range off
    // the GUI thread) and shows it.
    void countRange(SampleRange range);
    void showView();
    void showSelection();
    void showStates();
    void showFlame();
    void selectInFlame();
    void flameBuilt();
    void applyFlameZoom();
    std::vector<std::string> flameZoomPathOf(int node) const;
    void renderHeader();
    void watchSelection(CostTableView* view);
    void expandHottestPath(CostTableView* view);
    void showSource();

    std::shared_ptr<const SysprofProfile> whole_;
    std::shared_ptr<const SysprofProfile> profile_;
    QString path_;
    std::unique_ptr<services::SysprofRangeJob> rangeJob_;
    bool syncing_ = false;      // the page moves the panes' current rows
    bool showingCount_ = false; // a new count: the panes are shown once, at its end
    const FlameTree* zoomedFlame_ = nullptr; // the flame tree the state's zoom was put on

    SysprofViewState* state_;
    QLabel* header_;
    QComboBox* viewChoice_;
    FilterField* filter_;
    QTabWidget* tabs_;
    FlameGraphWidget* flame_;
    itemmodels::CallTreeModel* topDownModel_;
    itemmodels::CallTreeModel* bottomUpModel_;
    itemmodels::FunctionCostModel* functionsModel_;
    itemmodels::CallEdgeModel* callersModel_;
    itemmodels::CallEdgeModel* calleesModel_;
    CostTableView* topDown_;
    CostTableView* bottomUp_;
    CostTableView* functions_;
    CostTableView* callers_;
    CostTableView* callees_;
    QLabel* selectedLabel_;
    QTableWidget* states_;
    charts::VmStateChart* chart_;
    SourcePane* source_;
    QPushButton* wholeRun_;
};

} // namespace memprof::views
