// SPDX-License-Identifier: GPL-3.0-or-later
// Two CPU profiles compared: which functions take a larger share of the run
// in NEW than in BASE. A table of functions (FunctionChangeModel) and a
// differential flame graph (NEW's call tree, each frame coloured by the
// change of its share) under a header of both runs, in the stack view
// chosen (Lua, host, reference), with the shared filter field. The page
// owns the view state; the panes show it.
#pragma once

#include "model/sysprofile/SysprofProfile.h"

#include <QWidget>

#include <memory>
#include <string>

class QComboBox;
class QLabel;
class QTabWidget;

namespace memprof::itemmodels {
class FunctionChangeModel;
}

namespace memprof::views {

class CostTableView;
class FilterField;
class FlameGraphWidget;

class SysprofComparisonPage : public QWidget {
    Q_OBJECT
public:
    explicit SysprofComparisonPage(QWidget* parent = nullptr);

    void setProfiles(std::shared_ptr<const SysprofProfile> base, const QString& basePath,
                     std::shared_ptr<const SysprofProfile> current, const QString& newPath);

    StackView view() const { return view_; }
    void setView(StackView view);
    QString headerText() const;
    CostTableView* functionsView() const { return functions_; }
    itemmodels::FunctionChangeModel* functionsModel() const { return model_; }
    FilterField* filterField() const { return filter_; }
    FlameGraphWidget* flameGraph() const { return flame_; }
    QTabWidget* tabs() const { return tabs_; }
    // The tabs, by name for --tab: "functions" (the first), "flamegraph".
    bool showTab(const QString& name);
    // A function of NEW, by name: its row in the table and its costliest
    // frame in the flame graph are selected (picking either selects both).
    void selectFunction(const std::string& name);
    const std::string& selectedFunction() const { return selected_; }

private:
    void showView();
    void showSelection();

    std::shared_ptr<const SysprofProfile> base_;
    std::shared_ptr<const SysprofProfile> current_;
    QString basePath_;
    QString newPath_;
    StackView view_ = StackView::Lua;
    std::string selected_; // a function's name as NEW has it; empty: none
    bool syncing_ = false; // the page moves the panes' selection

    QLabel* header_;
    QComboBox* viewChoice_;
    FilterField* filter_;
    itemmodels::FunctionChangeModel* model_;
    CostTableView* functions_;
    QTabWidget* tabs_;
    FlameGraphWidget* flame_;
};

} // namespace memprof::views
