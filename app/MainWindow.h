// SPDX-License-Identifier: GPL-3.0-or-later
// One window, one dump: the menus, the page stack (the start page, the
// loading page, the profile page) and the settings the window keeps (its
// layout, recent files, source folders). The profile page shows the dump;
// the window loads it.
#pragma once

#include "model/profile/Profile.h"
#include "model/services/ProfileLoadJob.h"
#include "views/ProfilePage.h"

#include <QMainWindow>
#include <QPointer>
#include <QStackedWidget>

#include <memory>

class QAction;

namespace memprof::views {
class HelpGuide;
class LoadingPage;
class StartPage;
class SysprofPage;
}

namespace memprof::services {
class SysprofExportJob;
}

namespace memprof::app {

class DiffWindow;
class SysprofDiffWindow;
class RecentFilesMenu;

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
    // NEW against this window's dump; a CPU profile opens a SysprofDiffWindow
    // (compareSysprofWith) and this returns null.
    DiffWindow* compareWith(const QString& newPath);
    SysprofDiffWindow* compareSysprofWith(const QString& newPath);

    bool isLoading() const;
    // A memprof profile is shown (hasProfile), or a sysprof one.
    bool hasProfile() const { return profile_ != nullptr; }
    bool hasSysprof() const { return sysprof_ != nullptr; }
    bool hasAnyProfile() const { return hasProfile() || hasSysprof(); }
    // Made when a sysprof dump is first shown; null before.
    views::SysprofPage* sysprofPage() const { return sysprofPage_; }
    const QString& dumpPath() const { return dumpPath_; }
    const Profile* profile() const { return profile_.get(); }
    // The page in front: the start, loading or profile page.
    QWidget* currentPage() const { return pages_->currentWidget(); }

    // Takes the window size and pane sizes the user left last time (and
    // saves them on close), the window fitted to the screen once shown (its
    // frame is known then); windows for screenshots and tests do not.
    void restoreLayout();

    // A pane beside the tables (Allocations, Reallocations, Frees, ...).
    void addMainTab(QWidget* pane, const QString& title) { profilePage_->addTab(pane, title); }

    // The results page the window shows (a CPU profile's, or the memory one's).
    views::ResultsPage* resultsPage() const;
    // The table Export CSV and Copy act on: the shown page's used last.
    views::CostTableView* activeTable() const { return resultsPage()->activeTable(); }
    void setActiveTable(views::CostTableView* table) { resultsPage()->setActiveTable(table); }
    // Writes the active table as shown; false with `error` set on failure.
    bool exportCsv(const QString& path, QString* error = nullptr);
    // Writes the profile shown (its event window) in the format the file's
    // type names, and says so in the status bar; false with the cause.
    bool exportProfile(const QString& path, QString* error = nullptr);
    // The same for a CPU profile, off the GUI thread (the dump is read
    // again): false with the cause if it cannot start (a file name that
    // names no format, an export running); sysprofExportFinished follows.
    bool startSysprofExport(const QString& path, QString* error = nullptr);

public slots:
    void selectLocation(memprof::LocationId location) { profilePage_->selectLocation(location); }

signals:
    // A load ended; `shown` is true when its profile is now on screen.
    void loadFinished(bool shown);
    void locationSelected(memprof::LocationId location);
    // A CPU profile's export ended: written to `path`, or `error` says why not.
    void sysprofExportFinished(const QString& path, const QString& error);

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void createMenus();
    // Help > Guide.
    void showGuide();
    void onLoadFinished(services::ProfilePtr profile);
    void onSysprofLoaded(services::SysprofPtr profile);
    // A load that ended without a profile to show (cancelled, failed);
    // false when it did end with one.
    bool endedWithout(const DecodeStatus& status, const QString& path);
    void showSysprof(services::SysprofPtr profile, const QString& path);
    // The window's menus and title for what it shows now.
    void shown(const QString& path);
    void showProfile(services::ProfilePtr profile, const QString& path);
    void showFailure(const QString& path, const QString& message);
    void showPreviousPage();
    void updateTitle();
    void chooseAndOpen();
    void chooseAndCompare();
    void chooseAndExport();
    void chooseAndExportProfile();
    void chooseSourceFolder();

    services::ProfilePtr profile_;
    services::SysprofPtr sysprof_;
    QString dumpPath_;
    std::unique_ptr<services::ProfileLoadJob> job_;
    std::unique_ptr<services::SysprofExportJob> exportJob_;
    // A window opened for a second dump closes again if that dump fails.
    bool closeOnFailure_ = false;
    bool layoutRestored_ = false;
    bool fitWhenShown_ = false;
    QPointer<QWidget> opener_;

    QStackedWidget* pages_ = nullptr;
    views::StartPage* startPage_ = nullptr;
    views::LoadingPage* loadingPage_ = nullptr;
    views::ProfilePage* profilePage_ = nullptr;
    views::SysprofPage* sysprofPage_ = nullptr;

    RecentFilesMenu* recentMenu_ = nullptr;
    QAction* reloadAction_ = nullptr;
    QAction* compareAction_ = nullptr;
    views::HelpGuide* guide_ = nullptr;
};

} // namespace memprof::app
