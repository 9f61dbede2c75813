// SPDX-License-Identifier: GPL-3.0-or-later
// The CPU page's functions tab: each function's self and total samples
// above, and below it the selected function's figures with its callers and
// callees side by side (the "sandwich"). A function picked in any of the
// three tables is reported (frameActivated); the page says which is selected.
#pragma once

#include "model/sysprofile/SysprofProfile.h"

#include <QSplitter>

#include <memory>
#include <optional>

class QLabel;

namespace memprof::itemmodels {
class CallEdgeModel;
class FunctionCostModel;
} // namespace memprof::itemmodels

namespace memprof::views {

class CpuFrameTable;

class CpuFunctionsTab : public QSplitter {
    Q_OBJECT
public:
    explicit CpuFunctionsTab(QWidget* parent = nullptr);

    void setProfile(std::shared_ptr<const SysprofProfile> profile, StackView view);
    // The names read for the dump's functions (FunctionLabel.h): every
    // table and the selected function's line read by them.
    void setFunctionNames(itemmodels::FunctionNames names);
    // `frame` of `profile` selected: its figures, callers and callees, its row current.
    void showSelection(const std::shared_ptr<const SysprofProfile>& profile, StackView view,
                       std::optional<FrameId> frame);

    CpuFrameTable* functionsView() const { return functions_; }
    CpuFrameTable* callersView() const { return callers_; }
    CpuFrameTable* calleesView() const { return callees_; }
    const itemmodels::FunctionCostModel* functionsModel() const { return functionsModel_; }

signals:
    void frameActivated(memprof::FrameId frame);

private:
    void renderSelected();

    itemmodels::FunctionCostModel* functionsModel_;
    itemmodels::CallEdgeModel* callersModel_;
    itemmodels::CallEdgeModel* calleesModel_;
    CpuFrameTable* functions_;
    CpuFrameTable* callers_;
    CpuFrameTable* callees_;
    QLabel* selectedLabel_;
    // What showSelection showed last, for the line above the callers.
    std::shared_ptr<const SysprofProfile> selectedProfile_;
    StackView selectedView_ = StackView::Lua;
    std::optional<FrameId> selectedFrame_;
};

} // namespace memprof::views
