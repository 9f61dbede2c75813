// SPDX-License-Identifier: GPL-3.0-or-later
#include "MainWindow.h"

#include "ComparisonWindow.h"
#include "MemprofDocument.h"
#include "DocumentProfiles.h"
#include "DumpsToMerge.h"
#include "PageActions.h"
#include "ProfileDocuments.h"
#include "RecentFilesMenu.h"
#include "SampleProfile.h"
#include "ViewerSettings.h"
#include "WindowPlacement.h"
#include "model/export/ProfileExportFile.h"
#include "model/services/LoadMessages.h"
#include "model/services/ProfileExportJob.h"
#include "views/CostTableView.h"
#include "views/HelpGuide.h"
#include "views/LoadingPage.h"
#include "views/ReadingBar.h"
#include "views/StartPage.h"
#include "views/SysprofPage.h"
#include "views/ViewState.h"
#include "views/record/RecordDialog.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QSpinBox>
#include <QStatusBar>

#include <utility>

namespace memprof::app {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent)
{
    setAttribute(Qt::WA_DeleteOnClose);
    setAcceptDrops(true);
    pages_ = new QStackedWidget(this);
    startPage_ = new views::StartPage(pages_);
    startPage_->setObjectName(QStringLiteral("startPage"));
    startPage_->setSampleAvailable(!sampleProfilePath().isEmpty());
    loadingPage_ = new views::LoadingPage(pages_);
    loadingPage_->setObjectName(QStringLiteral("loadingPage"));
    profilePage_ = MemprofDocument::makeProfilePage(pageHooks(), pages_);
    kindPages_[DumpKind::Memprof] = profilePage_;
    pages_->addWidget(startPage_);
    pages_->addWidget(loadingPage_);
    pages_->addWidget(profilePage_);
    setCentralWidget(pages_);

    connect(startPage_, &views::StartPage::openRequested, this, &MainWindow::chooseAndOpen);
    connect(startPage_, &views::StartPage::sampleRequested, this, [this] { openDump(sampleProfilePath()); });
    connect(startPage_, &views::StartPage::recentRequested, this, [this](const QString& path) { openDump(path); });
    connect(loadingPage_, &views::LoadingPage::cancelRequested, this, &MainWindow::cancelLoad);
    connect(profilePage_->viewState(), &views::ViewState::locationSelected, this, &MainWindow::locationSelected);

    createMenus();
    recentMenu_->refresh();
    updateTitle();
    resize(defaultWindowSize(this));
}

MainWindow::~MainWindow() = default;

services::PageHooks MainWindow::pageHooks()
{
    return {sourceFolders(), [this](const QString& text) { statusBar()->showMessage(text); },
            [this] { chooseSourceFolder(); }};
}

const QString& MainWindow::dumpPath() const
{
    static const QString none;
    return document_ ? document_->path() : none;
}

const Profile* MainWindow::profile() const
{
    return document_ ? memprofProfileOf(*document_).get() : nullptr;
}

views::SysprofPage* MainWindow::sysprofPage() const
{
    return qobject_cast<views::SysprofPage*>(pageOf(DumpKind::Sysprof));
}

QWidget* MainWindow::pageOf(DumpKind kind) const
{
    const auto page = kindPages_.find(kind);
    return page != kindPages_.end() ? page->second : nullptr;
}

void MainWindow::createMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open…"), this, &MainWindow::chooseAndOpen);
    open->setShortcut(QKeySequence::Open);
    recentMenu_ = new RecentFilesMenu(tr("Open &Recent"), file);
    file->addMenu(recentMenu_);
    connect(recentMenu_, &RecentFilesMenu::openRequested, this, [this](const QString& path) { openDump(path); });
    connect(recentMenu_, &RecentFilesMenu::filesChanged, startPage_, &views::StartPage::setRecentFiles);
    QAction* follow = file->addAction(tr("&Follow a Dump…"), this, &MainWindow::chooseAndFollow);
    follow->setObjectName(QStringLiteral("followAction"));
    follow->setToolTip(tr("Opens a dump a profiler is still writing and follows it as it grows"));
    QAction* merge = file->addAction(tr("Open as One Pro&file…"), this, &MainWindow::chooseAndMerge);
    merge->setObjectName(QStringLiteral("mergeAction"));
    merge->setToolTip(tr("Opens several dumps of one kind (a cluster's processes) as one profile, summed by "
                         "location or stack, with each dump's part of a row"));
    QAction* sample = file->addAction(tr("Open the &Sample Profile"), this, [this] { openDump(sampleProfilePath()); });
    sample->setEnabled(!sampleProfilePath().isEmpty());
    QAction* recordAction = file->addAction(tr("Re&cord…"), this, &MainWindow::showRecordDialog);
    recordAction->setObjectName(QStringLiteral("recordAction"));
    recordAction->setShortcut(Qt::CTRL | Qt::SHIFT | Qt::Key_R);
    recordAction->setToolTip(tr("Records a profile of a script run here, or of a running Tarantool, and opens it"));
    compareAction_ = file->addAction(tr("Co&mpare With…"), this, &MainWindow::chooseAndCompare);
    compareAction_->setToolTip(tr("Opens a second dump, or several merged, as NEW and shows NEW − BASE, this "
                                  "profile being BASE"));
    compareAction_->setEnabled(false);
    file->addSeparator();
    QAction* exportCsv = file->addAction(tr("&Export CSV…"), this, &MainWindow::chooseAndExport);
    exportCsvAction_ = exportCsv;
    exportCsv->setObjectName(QStringLiteral("exportCsvAction"));
    exportCsv->setShortcut(Qt::CTRL | Qt::Key_E);
    exportCsv->setToolTip(
        tr("Writes the table used last, as shown (sorted and filtered), with raw numbers; "
           "the by-function tree whole, collapsed nodes included"));
    QAction* exportProfile = file->addAction(tr("Export &Profile As…"), this, &MainWindow::chooseAndExportProfile);
    exportProfileAction_ = exportProfile;
    exportProfile->setObjectName(QStringLiteral("exportProfileAction"));
    exportProfile->setToolTip(
        tr("Writes the profile (the event window shown) for go tool pprof, speedscope, "
           "the Firefox Profiler (DHAT) or flame graphs (folded stacks), by the file's type"));
    file->addSeparator();
    QAction* close = file->addAction(tr("&Close Window"), this, &QWidget::close);
    close->setShortcut(QKeySequence::Close);
    QAction* quit = file->addAction(tr("&Quit"), qApp, &QApplication::closeAllWindows);
    quit->setShortcut(QKeySequence::Quit);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    // The text after the tab shows the shortcut in the menu; binding it here
    // too would make Ctrl+C ambiguous with the tables' own.
    QAction* copy = edit->addAction(
        tr("&Copy Rows") + u'\t' + QKeySequence(QKeySequence::Copy).toString(QKeySequence::NativeText), this, [this] {
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
                           tr("<b>Memprof Viewer %1</b><p>A viewer for LuaJIT memory profiles (memprof) and CPU "
                              "profiles (sysprof).</p>"
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

MainWindow* MainWindow::windowToOpenIn()
{
    if (!document_ && !job_)
        return this;
    auto* window = new MainWindow;
    if (layoutRestored_)
        window->restoreLayout();
    window->closeOnFailure_ = true;
    window->opener_ = this;
    cascadeFrom(window, this);
    window->show();
    return window;
}

MainWindow* MainWindow::openDump(const QString& path, ReadMode mode)
{
    if (path.isEmpty())
        return nullptr;
    MainWindow* window = windowToOpenIn();
    window->loadDump(path, mode);
    return window;
}

void MainWindow::loadDump(const QString& path, ReadMode mode)
{
    const bool follow = mode == ReadMode::Follow;
    const QString problem =
        services::checkDumpFile(path, follow ? services::EmptyDump::StillWritten : services::EmptyDump::Refused);
    if (!problem.isEmpty()) {
        if (!QFileInfo::exists(path))
            recentMenu_->remove(path);
        showFailure(path, problem);
        emit loadFinished(false);
        return;
    }
    auto job = std::make_unique<services::ProfileLoadJob>(QFileInfo(path).absoluteFilePath(), &readDocument);
    job->showPartials(partialInterval_);
    if (follow)
        job->follow();
    connect(job.get(), &services::ProfileLoadJob::progress, loadingPage_, &views::LoadingPage::setProgress);
    startLoad(std::move(job), QFileInfo(path).fileName());
    statusBar()->showMessage(follow ? tr("Following %1: waiting for its first events…").arg(path)
                                    : tr("Loading %1…").arg(path));
}

MainWindow* MainWindow::openMerged(const QStringList& paths)
{
    if (paths.isEmpty())
        return nullptr;
    MainWindow* window = windowToOpenIn();
    window->loadMerged(paths);
    return window;
}

void MainWindow::loadMerged(const QStringList& paths)
{
    if (paths.isEmpty())
        return;
    // A folder stands for the dumps in it (a cluster's collected in one).
    const DumpsToMerge dumps = dumpsToMerge(paths);
    if (!dumps.error.isEmpty()) {
        showFailure(dumps.folder, dumps.error);
        emit loadFinished(false);
        return;
    }
    QStringList absolute;
    for (const QString& path : dumps.paths)
        absolute << QFileInfo(path).absoluteFilePath();
    auto job = mergedLoadJob(absolute);
    connect(job.get(), &services::ProfileLoadJob::progress, loadingPage_, &views::LoadingPage::setDumpsRead);
    const QString what = tr("%n dumps as one profile", nullptr, static_cast<int>(absolute.size()));
    startLoad(std::move(job), what);
    loadingPage_->setDumpsRead(0, static_cast<quint64>(absolute.size()));
    statusBar()->showMessage(tr("Loading %1…").arg(what));
}

void MainWindow::startLoad(std::unique_ptr<services::ProfileLoadJob> job, const QString& what)
{
    const QString path = job->path();
    job_.reset(); // cancels and waits for a load still running
    job_ = std::move(job);
    // A replaced job's result may already be queued: only the current job counts.
    const auto current = [this, job = job_.get()] { return job_.get() == job; };
    connect(job_.get(), &services::ProfileLoadJob::progress, this,
            [this, current](quint64 bytesRead, quint64 totalBytes) {
                if (current() && partial_)
                    if (auto* page = qobject_cast<views::ResultsPage*>(pageOf(partial_->kind())))
                        page->readingBar()->setProgress(bytesRead, totalBytes);
            });
    connect(job_.get(), &services::ProfileLoadJob::partial, this, [this, current](services::DocumentPtr document) {
        if (current())
            onPartial(std::move(document));
    });
    connect(job_.get(), &services::ProfileLoadJob::finished, this, [this, current](services::DocumentPtr document) {
        if (current())
            onLoaded(std::move(document));
    });
    connect(job_.get(), &services::ProfileLoadJob::failed, this, [this, current](const QString& message) {
        if (current())
            onLoadFailed(message);
    });
    connect(job_.get(), &services::ProfileLoadJob::cancelled, this, [this, current] {
        if (current())
            onLoadCancelled();
    });
    loadingPage_->start(path, what);
    pages_->setCurrentWidget(loadingPage_);
    reloadAction_->setEnabled(false);
    job_->start();
}

void MainWindow::stopFollowing()
{
    if (job_)
        job_->stopFollowing();
}

void MainWindow::reload()
{
    if (!document_ || isLoading())
        return;
    if (std::unique_ptr<services::ProfileLoadJob> again = document_->readAgain())
        startLoad(std::move(again), document_->displayName());
    else
        loadDump(document_->path());
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
    pages_->setCurrentWidget(document_ ? pageOf(document_->kind()) : startPage_);
    reloadAction_->setEnabled(document_ != nullptr);
}

void MainWindow::onLoadCancelled()
{
    const QString path = job_->path();
    job_.reset();
    dropPartial();
    statusBar()->showMessage(tr("Loading %1 was cancelled.").arg(QFileInfo(path).fileName()), 5000);
    if (closeOnFailure_ && !document_)
        close();
    else
        showPreviousPage();
    emit loadFinished(false);
}

void MainWindow::onLoadFailed(const QString& message)
{
    const QString path = job_->path();
    job_.reset();
    dropPartial();
    statusBar()->clearMessage();
    showFailure(path, message);
    emit loadFinished(false);
}

void MainWindow::onLoaded(services::DocumentPtr document)
{
    job_.reset();
    statusBar()->clearMessage();
    showDocument(std::move(document));
    emit loadFinished(true);
}

QWidget* MainWindow::putOnPage(const services::DocumentPtr& document, bool* reloaded)
{
    QWidget* page = pageOf(document->kind());
    if (!page) {
        page = document->makePage(pageHooks(), pages_);
        pages_->addWidget(page);
        kindPages_[document->kind()] = page;
    }
    // One window, one dump: the document shown before gives way (the
    // counts so far of the same dump, while it was read).
    *reloaded = document->showOn(page, partial_ ? partial_.get() : document_.get());
    if (!*reloaded && layoutRestored_ && page == profilePage_)
        restoreSortChoices(profilePage_);
    pages_->setCurrentWidget(page);
    return page;
}

// The first counts so far replace the loading page; the later ones come
// as reloads of those (sort orders, selection and scroll kept).
void MainWindow::onPartial(services::DocumentPtr document)
{
    bool reloaded = false;
    QWidget* page = putOnPage(document, &reloaded);
    if (auto* results = qobject_cast<views::ResultsPage*>(page)) {
        views::ReadingBar* bar = results->readingBar();
        if (!partial_) {
            connect(bar, &views::ReadingBar::cancelRequested, this, &MainWindow::cancelLoad, Qt::UniqueConnection);
            connect(bar, &views::ReadingBar::stopFollowingRequested, this, &MainWindow::stopFollowing,
                    Qt::UniqueConnection);
        }
        bar->setFollowing(isFollowing());
        bar->setCountSoFar(document->countText());
        if (!partial_)
            statusBar()->clearMessage(); // the bar says how the read goes
    }
    partial_ = std::move(document);
    enableDocumentActions();
    emit partialShown();
}

void MainWindow::dropPartial()
{
    const services::DocumentPtr shown = std::exchange(partial_, nullptr);
    if (!shown)
        return;
    if (document_ && document_->kind() == shown->kind())
        document_->showOn(pageOf(document_->kind()), shown.get());
    enableDocumentActions();
}

void MainWindow::enableDocumentActions()
{
    const bool shown = document_ && !partial_;
    const QString notCompared = document_ ? document_->whyNotCompared() : QString();
    compareAction_->setEnabled(shown && notCompared.isEmpty());
    compareAction_->setToolTip(notCompared.isEmpty() ? tr("Opens a second dump as NEW and shows NEW − BASE, this "
                                                          "dump being BASE")
                                                     : notCompared);
    exportCsvAction_->setEnabled(!partial_);
    exportProfileAction_->setEnabled(!partial_);
    reloadAction_->setEnabled(shown && !isLoading());
}

void MainWindow::showDocument(services::DocumentPtr document)
{
    bool reloaded = false;
    putOnPage(document, &reloaded);
    partial_ = nullptr;
    document_ = std::move(document);
    enableDocumentActions();
    reloadAction_->setEnabled(true);
    closeOnFailure_ = false;
    // One file read is a recent file; dumps merged are not one.
    if (!document_->readAgain())
        recentMenu_->add(document_->path());
    updateTitle();
    if (const QString empty = document_->emptyMessage(); !empty.isEmpty())
        statusBar()->showMessage(empty);
}

void MainWindow::showFailure(const QString& path, const QString& message)
{
    // A window opened only for this dump goes away; the message is shown
    // on the window the user opened it from.
    QWidget* parent = this;
    if (closeOnFailure_ && !document_) {
        parent = opener_ ? opener_.data() : nullptr;
        close();
    } else {
        showPreviousPage();
    }
    showLoadError(parent, tr("Cannot Open the Dump"), path, message);
}

void MainWindow::updateTitle()
{
    setWindowTitle(document_ ? tr("%1 — Memprof Viewer").arg(document_->displayName()) : tr("Memprof Viewer"));
    setWindowFilePath(dumpPath());
}

namespace {
// The open dialogs' file types.
QString dumpFileFilter()
{
    return MainWindow::tr("LuaJIT profiles (*.bin *.memprof *.sysprof);;All files (*)");
}

QString askForDump(QWidget* parent, const QString& title, const QString& folder)
{
    return QFileDialog::getOpenFileName(parent, title, folder,
                                        dumpFileFilter());
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

void MainWindow::chooseAndMerge()
{
    const QStringList paths = QFileDialog::getOpenFileNames(
        this, tr("Open Several Dumps as One Profile"), lastOpenFolder(),
        dumpFileFilter());
    if (paths.isEmpty())
        return;
    setLastOpenFolder(QFileInfo(paths.first()).absolutePath());
    openMerged(paths);
}

void MainWindow::chooseAndFollow()
{
    const QString path = askForDump(this, tr("Follow a Dump Still Being Written"), lastOpenFolder());
    if (path.isEmpty())
        return;
    setLastOpenFolder(QFileInfo(path).absolutePath());
    openDump(path, ReadMode::Follow);
}

void MainWindow::chooseAndCompare()
{
    // Several files chosen are NEW merged.
    const QFileInfo dump(dumpPath());
    const QStringList paths = QFileDialog::getOpenFileNames(
        this, tr("Compare %1 With (NEW: one dump, or several merged)").arg(document_ ? document_->displayName() : QString()),
        dump.absolutePath(), dumpFileFilter());
    if (!paths.isEmpty())
        compareWith(paths);
}

// One dialog per window, not modal: the window's profile stays usable while
// a recording runs; each dump recorded opens as a dump opened by hand does.
void MainWindow::showRecordDialog()
{
    if (!recordDialog_) {
        recordDialog_ = new views::RecordDialog(recordForm(), this);
        connect(recordDialog_, &views::RecordDialog::formUsed, this, &setRecordForm);
        // A script's dump is followed while it is written; the end of the
        // recording ends the following (the file is complete by then).
        connect(recordDialog_, &views::RecordDialog::liveRecordingStarted, this, [this](const QString& path) {
            liveDumpPath_ = path;
            liveWindow_ = openDump(path, ReadMode::Follow);
        });
        connect(recordDialog_, &views::RecordDialog::liveRecordingEnded, this, [this](const QString& path, bool written) {
            if (!liveWindow_ || path != liveDumpPath_)
                return;
            if (written)
                liveWindow_->stopFollowing();
            else
                liveWindow_->cancelLoad();
        });
        connect(recordDialog_, &views::RecordDialog::recorded, this, [this](const QString& path, const QString& note) {
            MainWindow* shown = liveWindow_ && path == liveDumpPath_ ? liveWindow_.data() : openDump(path);
            liveWindow_ = nullptr;
            if (shown && !note.isEmpty())
                shown->statusBar()->showMessage(note);
        });
        // A cluster's dumps, of either kind, open as one profile.
        connect(recordDialog_, &views::RecordDialog::clusterRecorded, this,
                [this](const QStringList& paths, const QString& failures) {
                    MainWindow* shown = openMerged(paths);
                    if (shown && !failures.isEmpty())
                        shown->statusBar()->showMessage(
                            tr("Not recorded: %1").arg(QStringList(failures.split(u'\n')).join(QStringLiteral("; "))));
                });
    }
    recordDialog_->show();
    recordDialog_->raise();
    recordDialog_->activateWindow();
}

ComparisonWindow* MainWindow::compareWith(const QStringList& newPaths)
{
    return document_ && !partial_ ? qobject_cast<ComparisonWindow*>(document_->compareWith(newPaths, this)) : nullptr;
}

views::ResultsPage* MainWindow::resultsPage() const
{
    if (!document_)
        return profilePage_;
    return qobject_cast<views::ResultsPage*>(pageOf(document_->kind()));
}

bool MainWindow::exportCsv(const QString& path, QString* error)
{
    return exportActiveTable(resultsPage(), path, error);
}

void MainWindow::chooseAndExport()
{
    if (views::ResultsPage* page = resultsPage(); page && document_ && !partial_)
        chooseAndExportActiveTable(this, page, tr("Export %1 as CSV"), QFileInfo(dumpPath()).absolutePath(),
                                   QFileInfo(dumpPath()).completeBaseName());
}

bool MainWindow::startExport(const QString& path, QString* error, const services::ExportSettings& settings)
{
    const auto fail = [error](const QString& why) {
        if (error)
            *error = why;
        return false;
    };
    if (!document_)
        return fail(tr("There is no profile to export."));
    if (partial_)
        return fail(tr("The dump is still being read: export it once the read ends."));
    if (exportJob_ && exportJob_->isRunning())
        return fail(tr("An export is being written: wait for it to end."));
    const ExportSubject subject = document_->exportSubject();
    const std::optional<ExportFormat> format =
        exportFormatForFileName(QFileInfo(path).fileName().toStdString(), subject);
    if (!format)
        return fail(noFormatInFileName(subject));
    // What the page counts: the whole run or the range shown; its
    // functions named from the sources the window knows.
    services::ExportSettings named = settings;
    named.sourceFolders = sourceFolders();
    exportJob_ = std::make_unique<services::ProfileExportJob>(document_->shownOn(pageOf(document_->kind())), *format,
                                                              path, named);
    connect(exportJob_.get(), &services::ProfileExportJob::finished, this,
            [this, path](const QString& why, qint64 bytes) { onExportFinished(path, why, bytes); });
    statusBar()->showMessage(tr("Writing %1…").arg(path));
    exportJob_->start();
    return true;
}

void MainWindow::onExportFinished(const QString& path, const QString& error, qint64 bytes)
{
    if (error.isEmpty()) {
        statusBar()->showMessage(tr("Wrote %1 (%2 bytes)").arg(path).arg(bytes), 5000);
    } else {
        statusBar()->clearMessage();
        auto* box = new QMessageBox(QMessageBox::Critical, tr("Export Failed"),
                                    tr("Cannot write %1").arg(QDir::toNativeSeparators(path)), QMessageBox::Ok, this);
        box->setObjectName(QStringLiteral("exportErrorBox"));
        box->setInformativeText(error);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
    }
    emit exportFinished(path, error);
}

namespace {
// The dump does not say how often it was sampled: the export dialog asks,
// as memprof-report's --interval does. Without it pprof counts samples
// only, and the .cpuprofile and speedscope space the samples 1 ms apart.
QSpinBox* addSamplingIntervalField(QFileDialog& dialog)
{
    // Qt's own dialog: a platform's cannot hold the field.
    dialog.setOption(QFileDialog::DontUseNativeDialog);
    auto* grid = qobject_cast<QGridLayout*>(dialog.layout());
    if (!grid)
        return nullptr;
    auto* interval = new QSpinBox(&dialog);
    interval->setObjectName(QStringLiteral("samplingInterval"));
    interval->setRange(0, 3600000);
    interval->setSuffix(MainWindow::tr(" ms"));
    interval->setSpecialValueText(MainWindow::tr("not known: samples only, 1 ms apart"));
    interval->setToolTip(MainWindow::tr(
        "The interval the profile was recorded with (misc.sysprof.start's interval): pprof then has CPU time, "
        "the .cpuprofile and speedscope real times. Not known: pprof counts samples, the others space them 1 ms "
        "apart."));
    auto* label = new QLabel(MainWindow::tr("Sampling &interval:"), &dialog);
    label->setBuddy(interval);
    const int row = grid->rowCount();
    grid->addWidget(label, row, 0);
    grid->addWidget(interval, row, 1);
    return interval;
}
} // namespace

void MainWindow::chooseAndExportProfile()
{
    if (!document_ || partial_)
        return;
    const ExportSubject subject = document_->exportSubject();
    const QFileInfo dump(dumpPath());
    QFileDialog dialog(this, tr("Export Profile As"),
                       QDir(dump.absolutePath()).filePath(dump.completeBaseName() + QStringLiteral(".pb.gz")),
                       exportFileFilters(subject));
    dialog.setObjectName(QStringLiteral("exportProfileDialog"));
    dialog.setAcceptMode(QFileDialog::AcceptSave);
    QSpinBox* interval = subject == ExportSubject::Sysprof ? addSamplingIntervalField(dialog) : nullptr;
    if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty())
        return;
    const QString path = exportPathForFilter(dialog.selectedFiles().front(), dialog.selectedNameFilter(), subject);
    services::ExportSettings settings;
    if (interval && interval->value() > 0)
        settings.samplingIntervalMs = static_cast<std::uint64_t>(interval->value());
    QString error;
    if (!startExport(path, &error, settings))
        QMessageBox::critical(this, tr("Export Failed"), tr("Cannot write %1:\n%2").arg(path, error));
}

void MainWindow::chooseSourceFolder()
{
    app::chooseSourceFolder(this, profilePage_, QFileInfo(dumpPath()).absolutePath());
    // The memory page has them now; another kind's page is told too.
    if (document_ && pageOf(document_->kind()) != profilePage_)
        document_->setSourceFolders(pageOf(document_->kind()), sourceFolders());
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
