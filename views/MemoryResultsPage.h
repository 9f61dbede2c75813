// SPDX-License-Identifier: GPL-3.0-or-later
// A results page of memory profiles (one dump, two compared): its rows are
// locations of one Profile (NEW when two are compared), which the view
// state selects in every pane; its tables follow the view state's size
// units; the row menu filters to a row's chunk and shows its source.
#pragma once

#include "ResultsPage.h"
#include "model/memprofile/Profile.h"

#include <memory>

namespace memprof::views {

class MemoryResultsPage : public ResultsPage {
    Q_OBJECT
public:
    // Selects a location of the profile shown (NEW when two are compared)
    // in every pane.
    void selectLocation(memprof::LocationId location);

    // The profile whose locations the view state selects (NEW when two are compared).
    const Profile* selectableProfile() const { return selectableProfile_.get(); }

    QString rowChunk(const QModelIndex& index) const override;
    std::function<void()> rowSource(const CostTableView* table, const QModelIndex& index) override;

protected:
    explicit MemoryResultsPage(QWidget* parent = nullptr);

    // The profile whose locations the view state selects.
    void setSelectableProfile(std::shared_ptr<const Profile> profile);
    // A table Export CSV can write, named `objectName` (the settings
    // remember it by that name), showing `model` and following the view state.
    template <typename Model>
    CostTableView* createTable(Model* model, const QString& objectName, const QString& title, const QString& fileName,
                               const QString& placeholder)
    {
        auto* view = new CostTableView(this);
        view->setObjectName(objectName);
        view->setSourceModel(model);
        followViewState(view, model);
        view->setPlaceholderText(placeholder);
        addExportableTable(view, title, fileName);
        return view;
    }
    // `view` showing `model` starts with the model's default hidden columns
    // and follows the view state's filter, the model its size units; a
    // location the user selects in the view is selected in every pane.
    template <typename Model>
    void followViewState(CostTableView* view, Model* model)
    {
        view->setHiddenColumns(model->defaultHiddenColumns());
        model->setHumanReadable(viewState()->humanReadable());
        connect(viewState(), &ViewState::humanReadableChanged, model, &Model::setHumanReadable);
        followFilter(view);
        connect(view, &CostTableView::locationActivated, this, &MemoryResultsPage::selectLocation);
    }

private:
    std::shared_ptr<const Profile> selectableProfile_;
};

} // namespace memprof::views
