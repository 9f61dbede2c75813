// SPDX-License-Identifier: GPL-3.0-or-later
// One window, one dump: the menus, the page stack (the start page, the
// loading page, the page of the document shown) and the settings the window
// keeps (its layout, recent files, source folders). The window loads the
// dump as a document (whatever its kind) and hands it what depends on the
// kind: its page, its comparison, its export.
#pragma once

#include "model/memprofile/Profile.h"
#include "model/services/ProfileLoadJob.h"
#include "views/ProfilePage.h"

#include <QMainWindow>
#include <QPointer>
#include <QStackedWidget>

#include <chrono>
#include <map>
#include <memory>

class QAction;

namespace memprof::views {
class HelpGuide;
class LoadingPage;
class RecordDialog;
class StartPage;
class SysprofPage;
} // namespace memprof::views

namespace memprof::services {
class ProfileExportJob;
}

namespace memprof::app {

class ComparisonWindow;
class RecentFilesMenu;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // How a dump is read: whole, as the file is when opened, or followed as
    // it grows (a profiler still writing it) until its end is read or the
    // user stops following.
    enum class ReadMode { Whole, Follow };
    // Opens `path` here if this window shows nothing yet, else in a new
    // window; returns the window that loads it.
    MainWindow* openDump(const QString& path, ReadMode mode = ReadMode::Whole);
    // Loads `path` in this window; the current profile stays until it loads.
    void loadDump(const QString& path, ReadMode mode = ReadMode::Whole);
    // Opens the dumps at `paths` as one profile, summed by location or
    // stack (MergedMemprofDocument, MergedSysprofDocument), here if this window shows nothing yet, else
    // in a new window; returns the window that loads them.
    MainWindow* openMerged(const QStringList& paths);
    // Loads `paths` as one profile in this window.
    void loadMerged(const QStringList& paths);
    // Ends following the dump being read: the page keeps what was read.
    void stopFollowing();
    bool isFollowing() const { return job_ && job_->isFollowing(); }
    void reload();
    void cancelLoad();
    // File > Record: the window's Record dialog, made on first use.
    void showRecordDialog();
    // Opens a window comparing the dumps at `newPaths` (NEW: one dump, or
    // several merged) against this window's document (BASE), the
    // comparison of its kind; nullptr if there is no document.
    ComparisonWindow* compareWith(const QStringList& newPaths);
    ComparisonWindow* compareWith(const QString& newPath) { return compareWith(QStringList{newPath}); }

    bool isLoading() const;
    // The document shown; null before the first load. While a dump is read
    // its counts so far are on the page (partialDocument) and this is still
    // the document shown before, until the read ends.
    const services::DocumentPtr& document() const { return document_; }
    const services::DocumentPtr& partialDocument() const { return partial_; }
    // How often a load shows its counts so far (tests make it every block
    // read, whatever the time: 0).
    void setPartialInterval(std::chrono::milliseconds interval) { partialInterval_ = interval; }
    const QString& dumpPath() const;
    // Forwards for the tests and the screenshot: a memprof profile is shown
    // (its whole run), or a sysprof one (on sysprofPage(), made when the
    // first is shown).
    const Profile* profile() const;
    bool hasProfile() const { return profile() != nullptr; }
    bool hasSysprof() const { return document_ && document_->kind() == DumpKind::Sysprof; }
    views::SysprofPage* sysprofPage() const;
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
    // Writes the document shown (the range of its run the page counts) in
    // the format the file's type names, off the GUI thread: false with the
    // cause if it cannot start (no document, a file name that names no
    // format of its kind, an export running); exportFinished follows, and
    // the status bar says what was written. `settings`: what the export
    // dialog asked besides the file (a CPU profile's sampling interval).
    bool startExport(const QString& path, QString* error = nullptr, const services::ExportSettings& settings = {});

public slots:
    void selectLocation(memprof::LocationId location) { profilePage_->selectLocation(location); }

signals:
    // A load ended; `shown` is true when its profile is now on screen.
    void loadFinished(bool shown);
    // The counts so far of the dump being read are on the page.
    void partialShown();
    void locationSelected(memprof::LocationId location);
    // An export ended: written to `path`, or `error` says why not.
    void exportFinished(const QString& path, const QString& error);

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    // This window if it shows nothing yet, else a new one beside it (closed
    // again if what it opens fails).
    MainWindow* windowToOpenIn();

    void createMenus();
    // What a page made for a document reports to this window.
    services::PageHooks pageHooks();
    // Help > Guide.
    void showGuide();
    // Starts `job` (made for this window), the loading page in front saying
    // `what` is loaded; its ending and its counts so far come here.
    void startLoad(std::unique_ptr<services::ProfileLoadJob> job, const QString& what);
    void onLoaded(services::DocumentPtr document);
    void onPartial(services::DocumentPtr document);
    // A read that showed its counts so far and ended without a document:
    // the page shows the document shown before again.
    void dropPartial();
    // Exports, comparisons and reloads wait for the end of a read shown.
    void enableDocumentActions();
    void onLoadCancelled();
    void onLoadFailed(const QString& message);
    // Puts `document` on its kind's page, made the first time.
    void showDocument(services::DocumentPtr document);
    // That page, made on first use; `reloaded`: the document came as a
    // reload of the one the page showed before (showOn).
    QWidget* putOnPage(const services::DocumentPtr& document, bool* reloaded);
    // The page showing documents of `kind`; null before the first.
    QWidget* pageOf(DumpKind kind) const;
    void onExportFinished(const QString& path, const QString& error, qint64 bytes);
    void showFailure(const QString& path, const QString& message);
    void showPreviousPage();
    void updateTitle();
    void chooseAndOpen();
    void chooseAndFollow();
    void chooseAndMerge();
    void chooseAndCompare();
    void chooseAndExport();
    void chooseAndExportProfile();
    void chooseSourceFolder();

    services::DocumentPtr document_;
    // The counts so far of the dump being read, on its page (null otherwise).
    services::DocumentPtr partial_;
    std::chrono::milliseconds partialInterval_{500};
    std::unique_ptr<services::ProfileLoadJob> job_;
    std::unique_ptr<services::ProfileExportJob> exportJob_;
    // A window opened for a second dump closes again if that dump fails.
    bool closeOnFailure_ = false;
    bool layoutRestored_ = false;
    bool fitWhenShown_ = false;
    QPointer<QWidget> opener_;
    QPointer<views::RecordDialog> recordDialog_;
    // The window following the dump a recording writes, and that dump.
    QPointer<MainWindow> liveWindow_;
    QString liveDumpPath_;

    QStackedWidget* pages_ = nullptr;
    views::StartPage* startPage_ = nullptr;
    views::LoadingPage* loadingPage_ = nullptr;
    // The memory profile's page, made with the window: the menus act on it
    // and the window's saved layout is its.
    views::ProfilePage* profilePage_ = nullptr;
    // One page per kind of document shown (the memory page among them).
    std::map<DumpKind, QWidget*> kindPages_;

    RecentFilesMenu* recentMenu_ = nullptr;
    QAction* reloadAction_ = nullptr;
    QAction* compareAction_ = nullptr;
    QAction* exportCsvAction_ = nullptr;
    QAction* exportProfileAction_ = nullptr;
    views::HelpGuide* guide_ = nullptr;
};

} // namespace memprof::app
