// SPDX-License-Identifier: GPL-3.0-or-later
// One window, one dump: the start page, the loading page, and the profile
// (summary, tables, leak summary, Overrides, source). Every way of selecting
// a location (tables, Overrides, charts) goes through selectLocation().
// Further panes (charts) join the central tabs through addMainTab() and the
// profileShown / locationSelected signals.
#pragma once

#include "model/profile/Profile.h"
#include "model/services/ProfileLoadJob.h"

#include <QMainWindow>
#include <QPointer>

#include <array>
#include <memory>

class QAction;
class QMenu;
class QSplitter;
class QStackedWidget;
class QTabWidget;
class QLabel;

namespace memprof::qt {
class FunctionTreeModel;
class LocationTableModel;
class LeakModel;
class OverridesModel;
}

namespace memprof::views {
class CostTableView;
class FilterField;
class FunctionTreeView;
class LeakPane;
class LoadingPage;
class MessageBar;
class SourcePane;
class StartPage;
class SummaryHeader;
}

namespace memprof::app {

class DiffWindow;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Opens `path` here if this window shows nothing yet, else in a new window.
    void openDump(const QString& path);
    // Loads `path` in this window; the current profile stays until it loads.
    void loadDump(const QString& path);
    void reload();
    void cancelLoad();
    // Opens a window comparing the dump at `newPath` (NEW) against this
    // window's profile (BASE); nullptr if there is no profile.
    DiffWindow* compareWith(const QString& newPath);

    bool isLoading() const;
    bool hasProfile() const { return profile_ != nullptr; }
    const QString& dumpPath() const { return dumpPath_; }
    const Profile* profile() const { return profile_.get(); }

    // Takes the window size and pane sizes the user left last time (and
    // saves them on close); windows for screenshots and tests do not.
    void restoreLayout();

    // A pane beside the tables (Allocations, Reallocations, Frees, ...).
    void addMainTab(QWidget* pane, const QString& title);

    // The table Export CSV and Copy act on: the one used last.
    views::CostTableView* activeTable() const { return activeTable_; }
    void setActiveTable(views::CostTableView* table);
    // Writes the active table as shown; false with `error` set on failure.
    bool exportCsv(const QString& path, QString* error = nullptr);

    views::CostTableView* table(EventKind kind) const;
    views::CostTableView* leakTable() const;
    views::FunctionTreeView* functionTree() const { return functionTree_; }
    views::CostTableView* overridesTable() const { return overridesTable_; }
    views::SourcePane* sourcePane() const { return sourcePane_; }
    views::FilterField* filterField() const { return filter_; }
    views::LoadingPage* loadingPage() const { return loadingPage_; }
    views::MessageBar* messageBar() const { return messageBar_; }
    views::SummaryHeader* summaryHeader() const { return summary_; }
    QTabWidget* mainTabs() const { return tabs_; }
    QWidget* currentPage() const;
    QWidget* profilePage() const { return profilePage_; }
    QWidget* startPage() const;

public slots:
    void selectLocation(memprof::LocationId location);

signals:
    // A load ended; `shown` is true when its profile is now on screen.
    void loadFinished(bool shown);
    void profileShown(const memprof::Profile& profile, const QString& dumpPath);
    void locationSelected(memprof::LocationId location);

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void closeEvent(QCloseEvent* event) override;

private:
    QList<views::CostTableView*> rememberedViews() const;
    void createMenus();
    QWidget* createProfilePage();
    void onLoadFinished(qt::ProfilePtr profile);
    void showProfile(qt::ProfilePtr profile, const QString& path);
    void showFailure(const QString& path, const QString& message);
    void showPreviousPage();
    void updateOverrides();
    void updateTitle();
    void updateRecentMenu();
    void setHumanReadable(bool humanReadable);
    void chooseAndOpen();
    void chooseAndCompare();
    void chooseAndExport();
    void chooseSourceFolder();
    views::CostTableView* currentEventTable() const;

    qt::ProfilePtr profile_;
    QString dumpPath_;
    std::unique_ptr<qt::ProfileLoadJob> job_;
    // A window opened for a second dump closes again if that dump fails.
    bool closeOnFailure_ = false;
    bool layoutRestored_ = false;
    QPointer<QWidget> opener_;

    std::array<qt::LocationTableModel*, 3> eventModels_{};
    qt::LeakModel* leakModel_ = nullptr;
    qt::FunctionTreeModel* functionTreeModel_ = nullptr;
    qt::OverridesModel* overridesModel_ = nullptr;

    QStackedWidget* pages_ = nullptr;
    views::StartPage* startPage_ = nullptr;
    views::LoadingPage* loadingPage_ = nullptr;
    QWidget* profilePage_ = nullptr;
    views::MessageBar* messageBar_ = nullptr;
    views::SummaryHeader* summary_ = nullptr;
    views::FilterField* filter_ = nullptr;
    QTabWidget* tabs_ = nullptr;
    std::array<views::CostTableView*, 3> eventTables_{};
    views::FunctionTreeView* functionTree_ = nullptr;
    views::LeakPane* leakPane_ = nullptr;
    QLabel* overridesTitle_ = nullptr;
    views::CostTableView* overridesTable_ = nullptr;
    views::SourcePane* sourcePane_ = nullptr;
    views::CostTableView* activeTable_ = nullptr;

    QMenu* recentMenu_ = nullptr;
    QAction* reloadAction_ = nullptr;
    QAction* compareAction_ = nullptr;
    QAction* exportAction_ = nullptr;
    QAction* humanReadableAction_ = nullptr;
};

} // namespace memprof::app
