// SPDX-License-Identifier: GPL-3.0-or-later
#include "MainWindow.h"

#include "DiffWindow.h"
#include "SampleProfile.h"
#include "ViewerSettings.h"
#include "model/qt/FunctionTreeModel.h"
#include "model/qt/LeakModel.h"
#include "model/services/LoadMessages.h"
#include "model/qt/LocationTableModel.h"
#include "model/qt/OverridesModel.h"
#include "model/qt/TableCsv.h"
#include "views/CostTableView.h"
#include "views/FilterField.h"
#include "views/FunctionTreeView.h"
#include "views/LeakPane.h"
#include "views/LoadingPage.h"
#include "views/MessageBar.h"
#include "views/SourcePane.h"
#include "views/StartPage.h"
#include "views/SummaryHeader.h"
#include "views/charts/ChartsPane.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QVBoxLayout>

namespace memprof::app {

namespace {
constexpr std::array<EventKind, 3> kEventKinds = {EventKind::Alloc, EventKind::Realloc, EventKind::Free};

QString titleOf(EventKind kind)
{
    switch (kind) {
    case EventKind::Alloc:
        return MainWindow::tr("Allocations");
    case EventKind::Realloc:
        return MainWindow::tr("Reallocations");
    case EventKind::Free:
        return MainWindow::tr("Frees");
    }
    return {};
}

std::size_t indexOf(EventKind kind)
{
    return static_cast<std::size_t>(kind);
}
} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
{
    setAttribute(Qt::WA_DeleteOnClose);
    setAcceptDrops(true);
    for (EventKind kind : kEventKinds)
        eventModels_[indexOf(kind)] = new qt::LocationTableModel(kind, this);
    leakModel_ = new qt::LeakModel(this);
    functionTreeModel_ = new qt::FunctionTreeModel(this);
    overridesModel_ = new qt::OverridesModel(this);

    pages_ = new QStackedWidget(this);
    startPage_ = new views::StartPage(pages_);
    startPage_->setSampleAvailable(!sampleProfilePath().isEmpty());
    loadingPage_ = new views::LoadingPage(pages_);
    profilePage_ = createProfilePage();
    pages_->addWidget(startPage_);
    pages_->addWidget(loadingPage_);
    pages_->addWidget(profilePage_);
    setCentralWidget(pages_);

    connect(startPage_, &views::StartPage::openRequested, this, &MainWindow::chooseAndOpen);
    connect(startPage_, &views::StartPage::sampleRequested, this, [this] { openDump(sampleProfilePath()); });
    connect(startPage_, &views::StartPage::recentRequested, this, &MainWindow::openDump);
    connect(loadingPage_, &views::LoadingPage::cancelRequested, this, &MainWindow::cancelLoad);
    connect(qApp, &QApplication::focusChanged, this, [this](QWidget*, QWidget* now) {
        for (QWidget* w = now; w; w = w->parentWidget()) {
            if (auto* table = qobject_cast<views::CostTableView*>(w); table && table != overridesTable_) {
                setActiveTable(table);
                return;
            }
        }
    });

    createMenus();
    setHumanReadable(humanReadableSizes());
    updateRecentMenu();
    updateTitle();
    resize(1400, 900);
}

MainWindow::~MainWindow() = default;

QWidget* MainWindow::createProfilePage()
{
    auto* page = new QWidget(this);
    messageBar_ = new views::MessageBar(page);
    summary_ = new views::SummaryHeader(page);
    filter_ = new views::FilterField(page);

    tabs_ = new QTabWidget(page);
    tabs_->setDocumentMode(true);
    for (EventKind kind : kEventKinds) {
        auto* table = new views::CostTableView(tabs_);
        // Not translated: the settings remember the table by this name.
        table->setObjectName(kind == EventKind::Alloc     ? QStringLiteral("tableAllocations")
                             : kind == EventKind::Realloc ? QStringLiteral("tableReallocations")
                                                          : QStringLiteral("tableFrees"));
        table->setSourceModel(eventModels_[indexOf(kind)]);
        eventTables_[indexOf(kind)] = table;
        table->setPlaceholderText(kind == EventKind::Alloc     ? tr("No allocations in this profile.")
                                  : kind == EventKind::Realloc ? tr("No reallocations in this profile.")
                                                               : tr("No frees in this profile."));
        tabs_->addTab(table, titleOf(kind));
        // Columns that are zero by definition start hidden: allocations
        // override nothing, frees allocate nothing (and their net is -freed).
        if (kind == EventKind::Alloc)
            table->setHiddenColumns({qt::LocationTableModel::OverridesColumn});
        if (kind == EventKind::Free)
            table->setHiddenColumns({qt::LocationTableModel::AllocatedColumn, qt::LocationTableModel::NetColumn});
        connect(table, &views::CostTableView::locationActivated, this, &MainWindow::selectLocation);
        connect(table, &views::CostTableView::currentSourceRowChanged, this, [this, table] {
            if (table == currentEventTable())
                updateOverrides();
        });
    }
    // By file and by function: the tables' costs summed up the tree. A line
    // selects its location like a table row; functions and files show
    // their chunk (connected below, with the source pane).
    functionTree_ = new views::FunctionTreeView(tabs_);
    functionTree_->setObjectName(QStringLiteral("functionTree"));
    functionTree_->setTreeModel(functionTreeModel_);
    tabs_->addTab(functionTree_, tr("By function"));
    connect(functionTree_, &views::CostTableView::locationActivated, this, &MainWindow::selectLocation);
    // The charts follow the shown profile and the one select-location path.
    auto* chartsPane = new charts::ChartsPane(tabs_);
    tabs_->addTab(chartsPane, tr("Charts"));
    connect(this, &MainWindow::profileShown, chartsPane, &charts::ChartsPane::setProfile);
    connect(this, &MainWindow::locationSelected, chartsPane, &charts::ChartsPane::setSelectedLocation);
    connect(chartsPane, &charts::ChartsPane::locationActivated, this, &MainWindow::selectLocation);
    connect(tabs_, &QTabWidget::currentChanged, this, [this] {
        if (auto* table = currentEventTable())
            setActiveTable(table);
        updateOverrides();
    });

    auto* overridesPane = new QWidget(page);
    overridesTitle_ = new QLabel(overridesPane);
    overridesTitle_->setWordWrap(true);
    overridesTable_ = new views::CostTableView(overridesPane);
    overridesTable_->setObjectName(QStringLiteral("overridesTable"));
    overridesTable_->setSourceModel(overridesModel_);
    overridesTable_->setToolTip(tr("Click a location to select it"));
    overridesTable_->sortByCostColumn(qt::OverridesModel::BlocksColumn);
    overridesTable_->setPlaceholderText(tr("Nothing to show for this row."));
    connect(overridesTable_, &views::CostTableView::locationActivated, this, &MainWindow::selectLocation);
    auto* overridesLayout = new QVBoxLayout(overridesPane);
    overridesLayout->setContentsMargins(0, 0, 0, 0);
    overridesLayout->addWidget(overridesTitle_);
    overridesLayout->addWidget(overridesTable_, 1);

    leakPane_ = new views::LeakPane(leakModel_, page);
    connect(leakPane_->table(), &views::CostTableView::locationActivated, this, &MainWindow::selectLocation);

    sourcePane_ = new views::SourcePane(page);
    sourcePane_->setSourceFolders(sourceFolders());
    connect(sourcePane_, &views::SourcePane::addSourceFolderRequested, this, &MainWindow::chooseSourceFolder);
    connect(functionTree_, &views::FunctionTreeView::chunkActivated, sourcePane_, &views::SourcePane::showFunction);
    connect(functionTree_, &views::FunctionTreeView::explanationActivated, sourcePane_, &views::SourcePane::showLocation);

    connect(filter_, &views::FilterField::filterChanged, this, [this](const QRegularExpression& expression) {
        for (auto* table : eventTables_)
            table->setFilter(expression);
        leakPane_->table()->setFilter(expression);
        functionTree_->setFilter(expression);
    });

    auto* left = new QSplitter(Qt::Vertical, page);
    left->setObjectName(QStringLiteral("tablesSplitter"));
    left->addWidget(tabs_);
    left->addWidget(overridesPane);
    left->setSizes({640, 180});
    auto* right = new QSplitter(Qt::Vertical, page);
    right->setObjectName(QStringLiteral("leakSourceSplitter"));
    right->addWidget(leakPane_);
    right->addWidget(sourcePane_);
    right->setSizes({340, 480});
    auto* main = new QSplitter(Qt::Horizontal, page);
    main->setObjectName(QStringLiteral("mainSplitter"));
    main->addWidget(left);
    main->addWidget(right);
    main->setSizes({720, 680});
    main->setChildrenCollapsible(false);

    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(messageBar_);
    layout->addWidget(summary_);
    layout->addWidget(filter_);
    layout->addWidget(main, 1);
    activeTable_ = eventTables_[0];
    return page;
}

void MainWindow::createMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open…"), this, &MainWindow::chooseAndOpen);
    open->setShortcut(QKeySequence::Open);
    recentMenu_ = file->addMenu(tr("Open &Recent"));
    QAction* sample = file->addAction(tr("Open the &Sample Profile"), this, [this] { openDump(sampleProfilePath()); });
    sample->setEnabled(!sampleProfilePath().isEmpty());
    compareAction_ = file->addAction(tr("Co&mpare With…"), this, &MainWindow::chooseAndCompare);
    compareAction_->setToolTip(tr("Opens a second dump as NEW and shows NEW − BASE, this dump being BASE"));
    compareAction_->setEnabled(false);
    file->addSeparator();
    exportAction_ = file->addAction(tr("&Export CSV…"), this, &MainWindow::chooseAndExport);
    exportAction_->setShortcut(Qt::CTRL | Qt::Key_E);
    exportAction_->setToolTip(tr("Writes the table used last, as shown (sorted and filtered), with raw numbers"));
    file->addSeparator();
    QAction* close = file->addAction(tr("&Close Window"), this, &QWidget::close);
    close->setShortcut(QKeySequence::Close);
    QAction* quit = file->addAction(tr("&Quit"), qApp, &QApplication::closeAllWindows);
    quit->setShortcut(QKeySequence::Quit);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* copy = edit->addAction(tr("&Copy Rows"), this, [this] {
        if (activeTable_)
            activeTable_->copySelection();
    });
    copy->setToolTip(tr("Copies the selected rows as tab-separated text (Ctrl+C in a table)"));
    QAction* find = edit->addAction(tr("&Filter Locations"), this, [this] {
        filter_->lineEdit()->setFocus();
        filter_->lineEdit()->selectAll();
    });
    find->setShortcut(QKeySequence::Find);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    reloadAction_ = view->addAction(tr("&Reload"), this, &MainWindow::reload);
    reloadAction_->setShortcut(QKeySequence::Refresh);
    humanReadableAction_ = view->addAction(tr("&Human-Readable Sizes"));
    humanReadableAction_->setCheckable(true);
    humanReadableAction_->setToolTip(tr("KiB and MiB, or raw byte counts"));
    connect(humanReadableAction_, &QAction::toggled, this, [this](bool on) {
        setHumanReadable(on);
        setHumanReadableSizes(on);
    });

    QMenu* settings = menuBar()->addMenu(tr("&Settings"));
    settings->addAction(tr("&Add Source Folder…"), this, &MainWindow::chooseSourceFolder);
    settings->addAction(tr("&Forget Source Folders"), this, [this] {
        clearSourceFolders();
        sourcePane_->setSourceFolders({});
    });

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About Memprof Viewer"), this, [this] {
        QMessageBox::about(this, tr("About Memprof Viewer"),
                           tr("<b>Memprof Viewer %1</b><p>A viewer for LuaJIT memory profiles (memprof).</p>"
                              "<p>License: GPL-3.0-or-later</p>")
                               .arg(QCoreApplication::applicationVersion()));
    });
}

QWidget* MainWindow::startPage() const
{
    return startPage_;
}

QWidget* MainWindow::currentPage() const
{
    return pages_->currentWidget();
}

views::CostTableView* MainWindow::table(EventKind kind) const
{
    return eventTables_[indexOf(kind)];
}

views::CostTableView* MainWindow::leakTable() const
{
    return leakPane_->table();
}

views::CostTableView* MainWindow::currentEventTable() const
{
    // The by-function tree is a CostTableView too, but not an event table.
    for (auto* table : eventTables_)
        if (table == tabs_->currentWidget())
            return table;
    return nullptr;
}

void MainWindow::addMainTab(QWidget* pane, const QString& title)
{
    tabs_->addTab(pane, title);
}

void MainWindow::setActiveTable(views::CostTableView* table)
{
    activeTable_ = table;
}

bool MainWindow::isLoading() const
{
    return job_ && job_->isRunning();
}

void MainWindow::openDump(const QString& path)
{
    if (path.isEmpty())
        return;
    if (!hasProfile() && !job_) {
        loadDump(path);
        return;
    }
    auto* window = new MainWindow;
    if (layoutRestored_)
        window->restoreLayout();
    window->closeOnFailure_ = true;
    window->opener_ = this;
    window->move(pos() + QPoint(40, 40));
    window->show();
    window->loadDump(path);
}

void MainWindow::loadDump(const QString& path)
{
    const QString problem = qt::checkDumpFile(path);
    if (!problem.isEmpty()) {
        if (!QFileInfo::exists(path)) {
            removeRecentFile(path);
            updateRecentMenu();
        }
        showFailure(path, problem);
        emit loadFinished(false);
        return;
    }
    job_.reset(); // cancels and waits for a load still running
    job_ = std::make_unique<qt::ProfileLoadJob>(QFileInfo(path).absoluteFilePath());
    connect(job_.get(), &qt::ProfileLoadJob::progress, loadingPage_, &views::LoadingPage::setProgress);
    // A replaced job's result may already be queued: only the current job counts.
    connect(job_.get(), &qt::ProfileLoadJob::finished, this, [this, job = job_.get()](qt::ProfilePtr profile) {
        if (job_.get() == job)
            onLoadFinished(std::move(profile));
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
    pages_->setCurrentWidget(hasProfile() ? profilePage_ : static_cast<QWidget*>(startPage_));
    reloadAction_->setEnabled(hasProfile());
}

void MainWindow::onLoadFinished(qt::ProfilePtr profile)
{
    const QString path = job_ ? job_->path() : QString();
    job_.reset();
    statusBar()->clearMessage();
    switch (profile->status.end) {
    case DecodeEnd::Cancelled:
        statusBar()->showMessage(tr("Loading %1 was cancelled.").arg(QFileInfo(path).fileName()), 5000);
        if (closeOnFailure_ && !hasProfile())
            close();
        else
            showPreviousPage();
        emit loadFinished(false);
        return;
    case DecodeEnd::Failed:
        showFailure(path, qt::describeFailure(profile->status));
        emit loadFinished(false);
        return;
    case DecodeEnd::Complete:
    case DecodeEnd::Truncated:
        showProfile(std::move(profile), path);
        emit loadFinished(true);
        return;
    }
}

void MainWindow::showFailure(const QString& path, const QString& message)
{
    // A window opened only for this dump goes away; the message is shown
    // on the window the user opened it from.
    QWidget* parent = this;
    if (closeOnFailure_ && !hasProfile()) {
        parent = opener_ ? opener_.data() : nullptr;
        close();
    } else {
        showPreviousPage();
    }
    auto* box = new QMessageBox(QMessageBox::Critical, tr("Cannot Open the Dump"),
                                tr("Cannot open %1").arg(QDir::toNativeSeparators(path)), QMessageBox::Ok, parent);
    box->setObjectName(QStringLiteral("loadErrorBox"));
    box->setInformativeText(message);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::showProfile(qt::ProfilePtr profile, const QString& path)
{
    // A reload keeps the user's sort orders; a new dump starts from the
    // costliest rows.
    const bool reloaded = profile_ && QFileInfo(path) == QFileInfo(dumpPath_);
    profile_ = std::move(profile);
    dumpPath_ = path;
    closeOnFailure_ = false;
    for (auto* model : eventModels_)
        model->setProfile(profile_);
    leakModel_->setProfile(profile_);
    functionTreeModel_->setProfile(profile_);
    overridesModel_->setProfile(profile_);
    sourcePane_->setProfile(profile_, QFileInfo(path).absolutePath());
    summary_->setProfile(*profile_, path);
    if (!reloaded) {
        for (EventKind kind : kEventKinds)
            table(kind)->sortByCostColumn(kind == EventKind::Free ? qt::LocationTableModel::FreedColumn
                                                                  : qt::LocationTableModel::AllocatedColumn);
        leakPane_->table()->sortByCostColumn(leakModel_->heldColumn());
        functionTree_->sortByCostColumn(qt::FunctionTreeModel::AllocatedColumn);
    }
    if (profile_->status.end == DecodeEnd::Truncated)
        messageBar_->showWarning(qt::describeTruncation(profile_->status, profile_->totals.eventCount));
    else
        messageBar_->hide();
    updateOverrides();
    pages_->setCurrentWidget(profilePage_);
    reloadAction_->setEnabled(true);
    compareAction_->setEnabled(true);
    addRecentFile(path);
    updateRecentMenu();
    updateTitle();
    emit profileShown(*profile_, dumpPath_);
    if (profile_->totals.eventCount == 0)
        statusBar()->showMessage(tr("This profile has no events: nothing was allocated while it ran."));
}

void MainWindow::selectLocation(LocationId location)
{
    if (!profile_ || location >= profile_->locations.size())
        return;
    // Stay on the current table if it has this location, else show a table
    // that has; a pane that is not a table (charts) stays in front.
    if (auto* current = currentEventTable(); current && !current->selectLocation(location)) {
        for (auto* table : eventTables_) {
            if (table->selectLocation(location)) {
                tabs_->setCurrentWidget(table);
                break;
            }
        }
    }
    for (auto* table : eventTables_)
        if (table != currentEventTable())
            table->selectLocation(location);
    // The leak summary merges identities by name.
    leakPane_->table()->selectLocation(location, QString::fromStdString(profile_->nameOf(location)));
    functionTree_->showLocation(location);
    updateOverrides();
    sourcePane_->showLocation(location);
    statusBar()->showMessage(QString::fromStdString(profile_->nameOf(location)));
    emit locationSelected(location);
}

void MainWindow::updateOverrides()
{
    auto* table = currentEventTable();
    if (!table) {
        overridesModel_->setRow(nullptr);
        overridesTitle_->setText(tr("Overrides"));
        return;
    }
    const auto* model = static_cast<qt::LocationTableModel*>(table->sourceModel());
    const LocationRow* row = model->rowAt(table->currentSourceRow());
    overridesModel_->setRow(row);
    if (!row) {
        overridesTitle_->setText(tr("<b>Overrides</b>: select a row to see which locations had allocated the "
                                    "blocks it freed or moved."));
    } else if (row->overrides.empty()) {
        overridesTitle_->setText(
            model->kind() == EventKind::Alloc
                ? tr("<b>Overrides</b>: allocations do not free or move blocks.")
                : tr("<b>Overrides</b>: none of the blocks this row freed or moved were allocated during profiling."));
    } else {
        overridesTitle_->setText(tr("<b>Overrides</b> of %1: where the %2 blocks it freed or moved were allocated "
                                    "(click one to select it)")
                                     .arg(QString::fromStdString(profile_->nameOf(row->location)).toHtmlEscaped())
                                     .arg(row->overrides.size()));
    }
}

void MainWindow::updateTitle()
{
    setWindowTitle(dumpPath_.isEmpty() ? tr("Memprof Viewer")
                                       : tr("%1 — Memprof Viewer").arg(QFileInfo(dumpPath_).fileName()));
    setWindowFilePath(dumpPath_);
}

void MainWindow::updateRecentMenu()
{
    const QStringList files = recentFiles();
    recentMenu_->clear();
    for (const QString& path : files)
        recentMenu_->addAction(QDir::toNativeSeparators(path), this, [this, path] { openDump(path); });
    if (!files.isEmpty()) {
        recentMenu_->addSeparator();
        recentMenu_->addAction(tr("Clear Recent Files"), this, [this] {
            for (const QString& path : recentFiles())
                removeRecentFile(path);
            updateRecentMenu();
        });
    }
    recentMenu_->setEnabled(!files.isEmpty());
    startPage_->setRecentFiles(files);
}

void MainWindow::setHumanReadable(bool humanReadable)
{
    if (humanReadableAction_->isChecked() != humanReadable)
        humanReadableAction_->setChecked(humanReadable);
    for (auto* model : eventModels_)
        model->setHumanReadable(humanReadable);
    leakModel_->setHumanReadable(humanReadable);
    functionTreeModel_->setHumanReadable(humanReadable);
    overridesModel_->setHumanReadable(humanReadable);
    summary_->setHumanReadable(humanReadable);
    sourcePane_->setHumanReadable(humanReadable);
}

void MainWindow::chooseAndOpen()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open a Memprof Dump"), lastOpenFolder(),
                                                      tr("Memprof dumps (*.bin *.memprof);;All files (*)"));
    if (path.isEmpty())
        return;
    setLastOpenFolder(QFileInfo(path).absolutePath());
    openDump(path);
}

void MainWindow::chooseAndCompare()
{
    if (!profile_)
        return;
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Compare %1 With (NEW)").arg(QFileInfo(dumpPath_).fileName()), QFileInfo(dumpPath_).absolutePath(),
        tr("Memprof dumps (*.bin *.memprof);;All files (*)"));
    if (!path.isEmpty())
        compareWith(path);
}

DiffWindow* MainWindow::compareWith(const QString& newPath)
{
    if (!profile_)
        return nullptr;
    auto* window = new DiffWindow(this);
    window->move(pos() + QPoint(40, 40));
    window->show();
    window->compareWith(profile_, dumpPath_, newPath);
    return window;
}

bool MainWindow::exportCsv(const QString& path, QString* error)
{
    if (!activeTable_) {
        if (error)
            *error = tr("There is no table to export.");
        return false;
    }
    return qt::writeCsvFile(path, activeTable_->toCsv(), error);
}

void MainWindow::chooseAndExport()
{
    if (!profile_ || !activeTable_)
        return;
    QString tableName = tabs_->tabText(tabs_->indexOf(activeTable_));
    if (activeTable_ == leakTable())
        tableName = tr("Held");
    const QString suggested = QFileInfo(dumpPath_).absoluteDir().filePath(
        QStringLiteral("%1-%2.csv").arg(QFileInfo(dumpPath_).completeBaseName(), tableName.toLower()));
    const QString path = QFileDialog::getSaveFileName(this, tr("Export %1 as CSV").arg(tableName), suggested,
                                                      tr("CSV files (*.csv)"));
    if (path.isEmpty())
        return;
    QString error;
    if (exportCsv(path, &error))
        statusBar()->showMessage(tr("Wrote %1 (%2 rows)").arg(path).arg(activeTable_->proxyModel()->rowCount()), 5000);
    else
        QMessageBox::critical(this, tr("Export Failed"), tr("Cannot write %1:\n%2").arg(path, error));
}

void MainWindow::chooseSourceFolder()
{
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Add a Source Folder"),
                                                             QFileInfo(dumpPath_).absolutePath());
    if (folder.isEmpty())
        return;
    addSourceFolder(folder);
    sourcePane_->setSourceFolders(sourceFolders());
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    for (const QUrl& url : event->mimeData()->urls()) {
        if (url.isLocalFile()) {
            event->acceptProposedAction();
            return;
        }
    }
}

void MainWindow::dropEvent(QDropEvent* event)
{
    for (const QUrl& url : event->mimeData()->urls())
        if (url.isLocalFile())
            openDump(url.toLocalFile());
    event->acceptProposedAction();
}

// The tables and trees whose hidden columns the settings keep, by name.
QList<views::CostTableView*> MainWindow::rememberedViews() const
{
    QList<views::CostTableView*> views = profilePage_->findChildren<views::CostTableView*>();
    views.removeIf([](const views::CostTableView* view) { return view->objectName().isEmpty(); });
    return views;
}

void MainWindow::restoreLayout()
{
    restoreGeometry(windowGeometry());
    for (auto* splitter : profilePage_->findChildren<QSplitter*>())
        splitter->restoreState(splitterState(splitter->objectName()));
    for (auto* view : rememberedViews())
        if (const auto hidden = hiddenColumns(view->objectName()))
            view->chooseHiddenColumns(*hidden);
    layoutRestored_ = true;
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    job_.reset(); // stop a load still running before the window goes
    if (layoutRestored_) {
        setWindowGeometry(saveGeometry());
        for (auto* splitter : profilePage_->findChildren<QSplitter*>())
            setSplitterState(splitter->objectName(), splitter->saveState());
        for (auto* view : rememberedViews())
            if (view->columnsChosen())
                setHiddenColumns(view->objectName(), view->hiddenColumns());
    }
    QMainWindow::closeEvent(event);
}

} // namespace memprof::app
