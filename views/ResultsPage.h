// SPDX-License-Identifier: GPL-3.0-or-later
// What the two result pages (one profile; two compared) have alike: the
// view state their panes follow, the filter field that sets its filter, the
// message bar, the tabs, the source pane, and the tables Export CSV can
// write, with the one used last.
// A page owns its models and panes; its window keeps menus and settings.
#pragma once

#include "CostTableView.h"
#include "ProfileViewState.h"
#include "model/profile/Profile.h"

#include <QHash>
#include <QWidget>

#include <memory>

class QTabWidget;
class QTimer;

namespace memprof::views {

class FilterField;
class LastUsedTable;
class MessageBar;
class RowMenu;
class SourcePane;

class ResultsPage : public QWidget {
    Q_OBJECT
public:
    ProfileViewState* viewState() const { return state_; }

    // Selects a location of the profile shown (NEW when two are compared)
    // in every pane.
    void selectLocation(memprof::LocationId location);

    // The table Export CSV acts on: the one used last.
    CostTableView* activeTable() const;
    void setActiveTable(CostTableView* table);
    // A table's name in titles (translated) and in file names (not).
    QString titleOf(const CostTableView* table) const;
    QString fileNameOf(const CostTableView* table) const;

    // The profile whose locations the view state selects (NEW when two are compared).
    const Profile* selectableProfile() const { return selectableProfile_.get(); }

    void setSourceFolders(const QStringList& folders);
    void focusFilter();

signals:
    // The source pane offers to add a folder to search sources in.
    void addSourceFolderRequested();
    // A line for the window's status bar.
    void statusMessage(const QString& text);
    // The folders searched for sources changed (setSourceFolders).
    void sourceFoldersChanged();

protected:
    explicit ResultsPage(QWidget* parent = nullptr);

    // From the top: the message bar, the summary, the filter, the panes.
    void layOut(QWidget* summary, QWidget* panes);
    // The profile whose locations the view state selects.
    void setSelectableProfile(std::shared_ptr<const Profile> profile);
    FilterField* filterField() const { return filter_; }
    MessageBar* messageBar() const { return messageBar_; }
    // The panes in tabs ("mainTabs").
    QTabWidget* tabs() const { return tabs_; }
    SourcePane* sourcePane() const { return sourcePane_; }
    // A table Export CSV can write; the first one added is the active
    // table until another is used. Then, once: follow the use of them.
    // (It gets the row context menu too.)
    void addExportableTable(CostTableView* table, const QString& title, const QString& fileName);
    // The row context menu (Copy Row, Filter to This File, Show Source) for a table.
    void addRowMenu(CostTableView* table);
    void trackLastUsedTable();
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
        model->setHumanReadable(state_->humanReadable());
        connect(state_, &ProfileViewState::humanReadableChanged, model, &Model::setHumanReadable);
        connect(state_, &ProfileViewState::filterChanged, view, &CostTableView::setFilter);
        connect(view, &CostTableView::locationActivated, this, &ResultsPage::selectLocation);
    }

private:
    struct TableNames {
        QString title;
        QString fileName;
    };
    ProfileViewState* state_;
    std::shared_ptr<const Profile> selectableProfile_;
    FilterField* filter_;
    MessageBar* messageBar_;
    QTabWidget* tabs_;
    SourcePane* sourcePane_;
    QList<CostTableView*> exportable_;
    QHash<const CostTableView*, TableNames> names_;
    LastUsedTable* lastUsed_ = nullptr;
    RowMenu* rowMenu_;
    // The filter field counts the rows of the table in front, once the
    // proxies settled after a filter, a new profile or another tab.
    void updateMatchCount();
    QTimer* matchCount_;
};

} // namespace memprof::views
