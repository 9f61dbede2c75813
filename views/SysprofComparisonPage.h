// SPDX-License-Identifier: GPL-3.0-or-later
// Two CPU profiles compared: which functions take a larger share of the run
// in NEW than in BASE. A table of functions (FunctionChangeModel) and a
// differential flame graph (NEW's call tree, each frame coloured by the
// change of its share) under a header of both runs, in the stack view
// chosen (Lua, host, reference). From the results page it has the filter,
// the tabs, Export CSV of the table and its row menu. The page owns the
// view state (the view, the filter); the panes show it. The functions'
// names of both dumps are read after the page's first paint
// (FunctionNamesReader.h) and shown in place in the table and the flame.
#pragma once

#include "model/services/FunctionNamesJob.h"
#include "model/sysprofile/SysprofProfile.h"
#include "views/ResultsPage.h"

#include <array>
#include <memory>
#include <string>

class QComboBox;
class QLabel;

namespace memprof::itemmodels {
class FunctionChangeModel;
}

namespace memprof::views {

class FlameGraphWidget;
class FunctionNamesReader;

class SysprofComparisonPage : public ResultsPage {
    Q_OBJECT
public:
    explicit SysprofComparisonPage(QWidget* parent = nullptr);

    // `mergedNames`: BASE's and NEW's names when they are dumps merged
    // (services::mergedName), shown in place of a file's name.
    void setProfiles(std::shared_ptr<const SysprofProfile> base, const QString& basePath,
                     std::shared_ptr<const SysprofProfile> current, const QString& newPath,
                     const std::array<QString, 2>& mergedNames = {});

    StackView view() const { return viewState()->view(); }
    void setView(StackView view);
    QString headerText() const;
    CostTableView* functionsView() const { return functions_; }
    itemmodels::FunctionChangeModel* functionsModel() const { return model_; }
    FlameGraphWidget* flameGraph() const { return flame_; }
    // The tabs, by name for --tab: "functions" (the first), "flamegraph".
    bool showTab(const QString& name);
    // A function of NEW, by name: its row in the table and its costliest
    // frame in the flame graph are selected (picking either selects both).
    void selectFunction(const std::string& name);
    const std::string& selectedFunction() const { return selected_; }

    // A row's function: Filter to This File filters to its chunk, Show
    // Source selects it.
    QString rowChunk(const QModelIndex& index) const override;
    std::function<void()> rowSource(const CostTableView* table, const QModelIndex& index) override;

private:
    void showView();
    void showSelection();
    // The panes read both dumps' functions by `names` (FunctionLabel.h).
    void showFunctionNames(services::FunctionNamesPtr names);
    // The flame's frames read by the names known (NEW's call tree).
    void labelFrames();

    std::shared_ptr<const SysprofProfile> base_;
    std::shared_ptr<const SysprofProfile> current_;
    QString basePath_;
    QString newPath_;
    std::array<QString, 2> mergedNames_;
    std::string selected_; // a function's name as NEW has it; empty: none
    bool syncing_ = false; // the page moves the panes' selection
    StackView builtView_ = StackView::Lua; // the view of the last flame asked for
    services::FunctionNamesPtr names_;

    QLabel* header_;
    QComboBox* viewChoice_;
    itemmodels::FunctionChangeModel* model_;
    CostTableView* functions_;
    FlameGraphWidget* flame_;
    FunctionNamesReader* namesReader_;
};

} // namespace memprof::views
