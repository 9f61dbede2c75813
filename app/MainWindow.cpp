// SPDX-License-Identifier: GPL-3.0-or-later
#include "MainWindow.h"

#include "DiffWindow.h"
#include "SysprofDiffWindow.h"
#include "PageActions.h"
#include "RecentFilesMenu.h"
#include "SampleProfile.h"
#include "ViewerSettings.h"
#include "WindowPlacement.h"
#include "model/export/ProfileExportFile.h"
#include "model/services/SysprofExportJob.h"
#include "model/services/LoadMessages.h"
#include "views/CostTableView.h"
#include "views/HelpGuide.h"
#include "views/LoadingPage.h"
#include "views/SysprofPage.h"
#include "views/ViewState.h"
#include "views/StartPage.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QStatusBar>

namespace memprof::app {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
{
    setAttribute(Qt::WA_DeleteOnClose);
    setAcceptDrops(true);
    pages_ = new QStackedWidget(this);
    startPage_ = new views::StartPage(pages_);
    startPage_->setObjectName(QStringLiteral("startPage"));
    startPage_->setSampleAvailable(!sampleProfilePath().isEmpty());
    loadingPage_ = new views::LoadingPage(pages_);
    loadingPage_->setObjectName(QStringLiteral("loadingPage"));
    profilePage_ = new views::ProfilePage(pages_);
    profilePage_->setSourceFolders(sourceFolders());
    pages_->addWidget(startPage_);
    pages_->addWidget(loadingPage_);
    pages_->addWidget(profilePage_);
    setCentralWidget(pages_);

    connect(startPage_, &views::StartPage::openRequested, this, &MainWindow::chooseAndOpen);
    connect(startPage_, &views::StartPage::sampleRequested, this, [this] { openDump(sampleProfilePath()); });
    connect(startPage_, &views::StartPage::recentRequested, this, &MainWindow::openDump);
    connect(loadingPage_, &views::LoadingPage::cancelRequested, this, &MainWindow::cancelLoad);
    connect(profilePage_, &views::ProfilePage::addSourceFolderRequested, this, &MainWindow::chooseSourceFolder);
    connect(profilePage_, &views::ProfilePage::statusMessage, this, [this](const QString& text) {
        statusBar()->showMessage(text);
    });
    connect(profilePage_->viewState(), &views::ViewState::locationSelected, this,
            &MainWindow::locationSelected);

    createMenus();
    recentMenu_->refresh();
    updateTitle();
    resize(defaultWindowSize(this));
}

MainWindow::~MainWindow() = default;

void MainWindow::createMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open…"), this, &MainWindow::chooseAndOpen);
    open->setShortcut(QKeySequence::Open);
    recentMenu_ = new RecentFilesMenu(tr("Open &Recent"), file);
    file->addMenu(recentMenu_);
    connect(recentMenu_, &RecentFilesMenu::openRequested, this, &MainWindow::openDump);
    connect(recentMenu_, &RecentFilesMenu::filesChanged, startPage_, &views::StartPage::setRecentFiles);
    QAction* sample = file->addAction(tr("Open the &Sample Profile"), this, [this] { openDump(sampleProfilePath()); });
    sample->setEnabled(!sampleProfilePath().isEmpty());
    compareAction_ = file->addAction(tr("Co&mpare With…"), this, &MainWindow::chooseAndCompare);
    compareAction_->setToolTip(tr("Opens a second dump as NEW and shows NEW − BASE, this dump being BASE"));
    compareAction_->setEnabled(false);
    file->addSeparator();
    QAction* exportCsv = file->addAction(tr("&Export CSV…"), this, &MainWindow::chooseAndExport);
    exportCsv->setObjectName(QStringLiteral("exportCsvAction"));
    exportCsv->setShortcut(Qt::CTRL | Qt::Key_E);
    exportCsv->setToolTip(tr("Writes the table used last, as shown (sorted and filtered), with raw numbers; "
                             "the by-function tree whole, collapsed nodes included"));
    QAction* exportProfile = file->addAction(tr("Export &Profile As…"), this, &MainWindow::chooseAndExportProfile);
    exportProfile->setObjectName(QStringLiteral("exportProfileAction"));
    exportProfile->setToolTip(tr("Writes the profile (the event window shown) for go tool pprof, speedscope, "
                                 "the Firefox Profiler (DHAT) or flame graphs (folded stacks), by the file's type"));
    file->addSeparator();
    QAction* close = file->addAction(tr("&Close Window"), this, &QWidget::close);
    close->setShortcut(QKeySequence::Close);
    QAction* quit = file->addAction(tr("&Quit"), qApp, &QApplication::closeAllWindows);
    quit->setShortcut(QKeySequence::Quit);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    // The text after the tab shows the shortcut in the menu; binding it here
    // too would make Ctrl+C ambiguous with the tables' own.
    QAction* copy = edit->addAction(tr("&Copy Rows") + u'\t' + QKeySequence(QKeySequence::Copy).toString(QKeySequence::NativeText), this, [this] {
        if (auto* table = activeTable())
            table->copySelection();
    });
    copy->setToolTip(tr("Copies the selected rows as tab-separated text (Ctrl+C in a table)"));
    addFilterAction(edit, this, [this] { return resultsPage(); });

    QMenu* view = menuBar()->addMenu(tr("&View"));
    reloadAction_ = view->addAction(tr("&Reload"), this, &MainWindow::reload);
    reloadAction_->setShortcut(QKeySequence::Refresh);
    addHumanReadableAction(view, profilePage_);

    QMenu* settings = menuBar()->addMenu(tr("&Settings"));
    settings->addAction(tr("&Add Source Folder…"), this, &MainWindow::chooseSourceFolder);
    settings->addAction(tr("&Forget Source Folders"), this, [this] {
        clearSourceFolders();
        profilePage_->setSourceFolders({});
    });

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    QAction* guide = help->addAction(tr("&Guide"), this, &MainWindow::showGuide);
    guide->setObjectName(QStringLiteral("helpGuideAction"));
    guide->setShortcut(QKeySequence::HelpContents);
    help->addAction(tr("&About Memprof Viewer"), this, [this] {
        QMessageBox::about(this, tr("About Memprof Viewer"),
                           tr("<b>Memprof Viewer %1</b><p>A viewer for LuaJIT memory profiles (memprof) and CPU profiles (sysprof).</p>"
                              "<p>License: GPL-3.0-or-later</p>")
                               .arg(QCoreApplication::applicationVersion()));
    });
}

void MainWindow::showGuide()
{
    if (!guide_)
        guide_ = new views::HelpGuide(this);
    else
        guide_->refresh();
    guide_->show();
    guide_->raise();
    guide_->activateWindow();
}

bool MainWindow::isLoading() const
{
    return job_ && job_->isRunning();
}

void MainWindow::openDump(const QString& path)
{
    if (path.isEmpty())
        return;
    if (!hasAnyProfile() && !job_) {
        loadDump(path);
        return;
    }
    auto* window = new MainWindow;
    if (layoutRestored_)
        window->restoreLayout();
    window->closeOnFailure_ = true;
    window->opener_ = this;
    cascadeFrom(window, this);
    window->show();
    window->loadDump(path);
}

void MainWindow::loadDump(const QString& path)
{
    const QString problem = services::checkDumpFile(path);
    if (!problem.isEmpty()) {
        if (!QFileInfo::exists(path))
            recentMenu_->remove(path);
        showFailure(path, problem);
        emit loadFinished(false);
        return;
    }
    job_.reset(); // cancels and waits for a load still running
    job_ = std::make_unique<services::ProfileLoadJob>(QFileInfo(path).absoluteFilePath());
    connect(job_.get(), &services::ProfileLoadJob::progress, loadingPage_, &views::LoadingPage::setProgress);
    // A replaced job's result may already be queued: only the current job counts.
    connect(job_.get(), &services::ProfileLoadJob::finished, this, [this, job = job_.get()](services::ProfilePtr profile) {
        if (job_.get() == job)
            onLoadFinished(std::move(profile));
    });
    connect(job_.get(), &services::ProfileLoadJob::sysprofFinished, this,
            [this, job = job_.get()](services::SysprofPtr profile) {
                if (job_.get() == job)
                    onSysprofLoaded(std::move(profile));
            });
    loadingPage_->start(path);
    pages_->setCurrentWidget(loadingPage_);
    reloadAction_->setEnabled(false);
    statusBar()->showMessage(tr("Loading %1…").arg(path));
    job_->start();
}

void MainWindow::reload()
{
    if (!dumpPath_.isEmpty() && !isLoading())
        loadDump(dumpPath_);
}

void MainWindow::cancelLoad()
{
    if (job_) {
        job_->cancel();
        loadingPage_->cancelButton()->setEnabled(false);
    }
}

void MainWindow::showPreviousPage()
{
    pages_->setCurrentWidget(hasProfile()   ? static_cast<QWidget*>(profilePage_)
                             : hasSysprof() ? static_cast<QWidget*>(sysprofPage_)
                                            : startPage_);
    reloadAction_->setEnabled(hasAnyProfile());
}

bool MainWindow::endedWithout(const DecodeStatus& status, const QString& path)
{
    switch (status.end) {
    case DecodeEnd::Cancelled:
        statusBar()->showMessage(tr("Loading %1 was cancelled.").arg(QFileInfo(path).fileName()), 5000);
        if (closeOnFailure_ && !hasAnyProfile())
            close();
        else
            showPreviousPage();
        emit loadFinished(false);
        return true;
    case DecodeEnd::Failed:
        showFailure(path, services::describeFailure(status));
        emit loadFinished(false);
        return true;
    case DecodeEnd::Complete:
    case DecodeEnd::Truncated:
        return false;
    }
    return false;
}

void MainWindow::onLoadFinished(services::ProfilePtr profile)
{
    const QString path = job_ ? job_->path() : QString();
    job_.reset();
    statusBar()->clearMessage();
    if (endedWithout(profile->status, path))
        return;
    showProfile(std::move(profile), path);
    emit loadFinished(true);
}

void MainWindow::onSysprofLoaded(services::SysprofPtr profile)
{
    const QString path = job_ ? job_->path() : QString();
    job_.reset();
    statusBar()->clearMessage();
    if (endedWithout(profile->status, path))
        return;
    showSysprof(std::move(profile), path);
    emit loadFinished(true);
}

void MainWindow::showSysprof(services::SysprofPtr profile, const QString& path)
{
    // One window, one dump: a memprof profile shown before gives way.
    profile_.reset();
    sysprof_ = std::move(profile);
    // Made for the first sysprof dump: a window of memprof dumps never has one.
    if (!sysprofPage_) {
        sysprofPage_ = new views::SysprofPage(pages_);
        sysprofPage_->setObjectName(QStringLiteral("sysprofPage"));
        pages_->addWidget(sysprofPage_);
        sysprofPage_->setSourceFolders(sourceFolders());
        connect(sysprofPage_, &views::SysprofPage::addSourceFolderRequested, this, &MainWindow::chooseSourceFolder);
        connect(sysprofPage_, &views::SysprofPage::statusMessage, this,
                [this](const QString& text) { statusBar()->showMessage(text); });
    }
    sysprofPage_->setProfile(sysprof_, path);
    pages_->setCurrentWidget(sysprofPage_);
    compareAction_->setEnabled(true);
    shown(path);
    if (sysprof_->sampleCount == 0)
        statusBar()->showMessage(tr("This profile has no samples: the profiler stopped before its first tick."));
}

void MainWindow::shown(const QString& path)
{
    dumpPath_ = path;
    closeOnFailure_ = false;
    reloadAction_->setEnabled(true);
    recentMenu_->add(path);
    updateTitle();
}

void MainWindow::showFailure(const QString& path, const QString& message)
{
    // A window opened only for this dump goes away; the message is shown
    // on the window the user opened it from.
    QWidget* parent = this;
    if (closeOnFailure_ && !hasAnyProfile()) {
        parent = opener_ ? opener_.data() : nullptr;
        close();
    } else {
        showPreviousPage();
    }
    showLoadError(parent, tr("Cannot Open the Dump"), path, message);
}

void MainWindow::showProfile(services::ProfilePtr profile, const QString& path)
{
    // A reload keeps the user's sort orders; a new dump starts from the
    // costliest rows.
    const bool reloaded = profile_ && QFileInfo(path) == QFileInfo(dumpPath_);
    // A reload also keeps the selection, by name: ids may differ if the
    // dump changed.
    const std::optional<LocationId> selected = profilePage_->viewState()->selectedLocation();
    const std::string selectedName = reloaded && selected ? profile_->nameOf(*selected) : std::string();
    profile_ = std::move(profile);
    sysprof_.reset();
    profilePage_->setProfile(profile_, path, reloaded);
    if (!reloaded && layoutRestored_)
        restoreSortChoices(profilePage_);
    if (!selectedName.empty()) {
        for (LocationId id = 0; id < profile_->locations.size(); ++id) {
            if (profile_->nameOf(id) == selectedName) {
                profilePage_->viewState()->selectLocation(id);
                break;
            }
        }
    }
    pages_->setCurrentWidget(profilePage_);
    compareAction_->setEnabled(true);
    shown(path);
    if (profile_->totals.eventCount == 0)
        statusBar()->showMessage(tr("This profile has no events: nothing was allocated while it ran."));
}

void MainWindow::updateTitle()
{
    setWindowTitle(dumpPath_.isEmpty() ? tr("Memprof Viewer")
                                       : tr("%1 — Memprof Viewer").arg(QFileInfo(dumpPath_).fileName()));
    setWindowFilePath(dumpPath_);
}

namespace {
QString askForDump(QWidget* parent, const QString& title, const QString& folder)
{
    return QFileDialog::getOpenFileName(parent, title, folder,
                                        MainWindow::tr("LuaJIT profiles (*.bin *.memprof *.sysprof);;All files (*)"));
}
} // namespace

void MainWindow::chooseAndOpen()
{
    const QString path = askForDump(this, tr("Open a Memprof Dump"), lastOpenFolder());
    if (path.isEmpty())
        return;
    setLastOpenFolder(QFileInfo(path).absolutePath());
    openDump(path);
}

void MainWindow::chooseAndCompare()
{
    const QFileInfo dump(dumpPath_);
    const QString path = askForDump(this, tr("Compare %1 With (NEW)").arg(dump.fileName()), dump.absolutePath());
    if (!path.isEmpty())
        compareWith(path);
}

SysprofDiffWindow* MainWindow::compareSysprofWith(const QString& newPath)
{
    if (!sysprof_)
        return nullptr;
    auto* window = new SysprofDiffWindow(this);
    cascadeFrom(window, this);
    window->show();
    window->compareWith(sysprof_, dumpPath_, newPath);
    return window;
}

DiffWindow* MainWindow::compareWith(const QString& newPath)
{
    if (sysprof_) {
        compareSysprofWith(newPath);
        return nullptr;
    }
    if (!profile_)
        return nullptr;
    auto* window = new DiffWindow(this);
    cascadeFrom(window, this);
    window->show();
    window->compareWith(profile_, dumpPath_, newPath);
    return window;
}

views::ResultsPage* MainWindow::resultsPage() const
{
    if (sysprof_)
        return sysprofPage_;
    return profilePage_;
}

bool MainWindow::exportCsv(const QString& path, QString* error)
{
    return exportActiveTable(resultsPage(), path, error);
}

void MainWindow::chooseAndExport()
{
    if (hasAnyProfile())
        chooseAndExportActiveTable(this, resultsPage(), tr("Export %1 as CSV"), QFileInfo(dumpPath_).absolutePath(),
                                   QFileInfo(dumpPath_).completeBaseName());
}

bool MainWindow::exportProfile(const QString& path, QString* error)
{
    const Profile* shown = profile_ ? profilePage_->profile() : nullptr;
    if (!shown) {
        if (error)
            *error = tr("There is no profile to export.");
        return false;
    }
    if (!writeProfileExport(*shown, path, error))
        return false;
    statusBar()->showMessage(tr("Wrote %1 (%2 bytes)").arg(path).arg(QFileInfo(path).size()), 5000);
    return true;
}

bool MainWindow::startSysprofExport(const QString& path, QString* error)
{
    const auto fail = [error](const QString& why) {
        if (error)
            *error = why;
        return false;
    };
    if (!sysprof_)
        return fail(tr("There is no profile to export."));
    if (exportJob_ && exportJob_->isRunning())
        return fail(tr("An export is being written: wait for it to end."));
    const std::optional<ExportFormat> format =
        exportFormatForFileName(QFileInfo(path).fileName().toStdString(), ExportSubject::Sysprof);
    if (!format)
        return fail(noFormatInFileName(ExportSubject::Sysprof));
    // What the panes count: the whole run or the sample range shown.
    exportJob_ = std::make_unique<services::SysprofExportJob>(dumpPath_, sysprofPage_->sampleRange(), *format, path);
    connect(exportJob_.get(), &services::SysprofExportJob::finished, this,
            [this, path](const QString& why, qint64 bytes) {
                if (why.isEmpty()) {
                    statusBar()->showMessage(tr("Wrote %1 (%2 bytes)").arg(path).arg(bytes), 5000);
                } else {
                    statusBar()->clearMessage();
                    auto* box = new QMessageBox(QMessageBox::Critical, tr("Export Failed"),
                                                tr("Cannot write %1").arg(QDir::toNativeSeparators(path)),
                                                QMessageBox::Ok, this);
                    box->setObjectName(QStringLiteral("exportErrorBox"));
                    box->setInformativeText(why);
                    box->setAttribute(Qt::WA_DeleteOnClose);
                    box->open();
                }
                emit sysprofExportFinished(path, why);
            });
    statusBar()->showMessage(tr("Writing %1…").arg(path));
    exportJob_->start();
    return true;
}

void MainWindow::chooseAndExportProfile()
{
    if (!profile_ && !sysprof_)
        return;
    const ExportSubject subject = sysprof_ ? ExportSubject::Sysprof : ExportSubject::Memprof;
    const QFileInfo dump(dumpPath_);
    QString filter;
    const QString chosen = QFileDialog::getSaveFileName(
        this, tr("Export Profile As"), QDir(dump.absolutePath()).filePath(dump.completeBaseName() + QStringLiteral(".pb.gz")),
        exportFileFilters(subject), &filter);
    if (chosen.isEmpty())
        return;
    const QString path = exportPathForFilter(chosen, filter, subject);
    QString error;
    const bool started = sysprof_ ? startSysprofExport(path, &error) : exportProfile(path, &error);
    if (!started)
        QMessageBox::critical(this, tr("Export Failed"), tr("Cannot write %1:\n%2").arg(path, error));
}

void MainWindow::chooseSourceFolder()
{
    app::chooseSourceFolder(this, profilePage_, QFileInfo(dumpPath_).absolutePath());
    if (sysprofPage_)
        sysprofPage_->setSourceFolders(sourceFolders());
}

namespace {
QStringList localFilesOf(const QMimeData* mime)
{
    QStringList files;
    for (const QUrl& url : mime->urls())
        if (url.isLocalFile())
            files << url.toLocalFile();
    return files;
}
} // namespace

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (!localFilesOf(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    for (const QString& path : localFilesOf(event->mimeData()))
        openDump(path);
    event->acceptProposedAction();
}

void MainWindow::restoreLayout()
{
    // Saved on another (larger) screen, the geometry may not fit this one.
    restoreGeometry(windowGeometry());
    fitToScreen(this);
    fitWhenShown_ = !isVisible();
    restorePageLayout(profilePage_);
    layoutRestored_ = true;
}

void MainWindow::showEvent(QShowEvent* event)
{
    QMainWindow::showEvent(event);
    if (fitWhenShown_) {
        fitWhenShown_ = false;
        fitToScreen(this);
    }
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    job_.reset(); // stop a load still running before the window goes
    if (layoutRestored_) {
        setWindowGeometry(saveGeometry());
        savePageLayout(profilePage_);
    }
    QMainWindow::closeEvent(event);
}

} // namespace memprof::app
