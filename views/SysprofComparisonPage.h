// SPDX-License-Identifier: GPL-3.0-or-later
// Two CPU profiles compared: which functions take a larger share of the run
// in NEW than in BASE. One table of functions (FunctionChangeModel) under a
// header of both runs, in the stack view chosen (Lua, host, reference), with
// the shared filter field. The page owns the view state; the table shows it.
#pragma once

#include "model/sysprofile/SysprofProfile.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;

namespace memprof::itemmodels {
class FunctionChangeModel;
}

namespace memprof::views {

class CostTableView;
class FilterField;

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

private:
    void showView();

    std::shared_ptr<const SysprofProfile> base_;
    std::shared_ptr<const SysprofProfile> current_;
    QString basePath_;
    QString newPath_;
    StackView view_ = StackView::Lua;

    QLabel* header_;
    QComboBox* viewChoice_;
    FilterField* filter_;
    itemmodels::FunctionChangeModel* model_;
    CostTableView* functions_;
};

} // namespace memprof::views
