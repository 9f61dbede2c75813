// SPDX-License-Identifier: GPL-3.0-or-later
#include "DiffWindow.h"

#include "ViewerSettings.h"
#include "model/services/LoadMessages.h"
#include "model/qt/TableCsv.h"
#include "views/CostTableView.h"
#include "views/DiffSummaryHeader.h"
#include "views/FilterField.h"
#include "views/FunctionTreeView.h"
#include "views/LoadingPage.h"
#include "views/MessageBar.h"
#include "views/SourcePane.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QVBoxLayout>

namespace memprof::app {

namespace {
constexpr std::array<DiffWindow::Table, 4> kTables = {DiffWindow::Table::Allocations, DiffWindow::Table::Reallocations,
                                                      DiffWindow::Table::Frees, DiffWindow::Table::Held};
constexpr int kBase = 0;
constexpr int kNew = 1;

std::size_t indexOf(DiffWindow::Table table)
{
    return static_cast<std::size_t>(table);
}

QString titleOf(DiffWindow::Table table)
{
    switch (table) {
    case DiffWindow::Table::Allocations:
        return DiffWindow::tr("Allocations");
    case DiffWindow::Table::Reallocations:
        return DiffWindow::tr("Reallocations");
    case DiffWindow::Table::Frees:
        return DiffWindow::tr("Frees");
    case DiffWindow::Table::Held:
        break;
    }
    return DiffWindow::tr("Held");
}
} // namespace

DiffWindow::DiffWindow(QWidget* opener)
    : opener_(opener)
{
    setAttribute(Qt::WA_DeleteOnClose);
    for (Table table : kTables)
        models_[indexOf(table)] = new qt::DiffTableModel(table, this);
    treeModel_ = new qt::FunctionTreeDiffModel(this);

    pages_ = new QStackedWidget(this);
    loadingPage_ = new views::LoadingPage(pages_);
    comparisonPage_ = createComparisonPage();
    pages_->addWidget(loadingPage_);
    pages_->addWidget(comparisonPage_);
    setCentralWidget(pages_);
    connect(loadingPage_, &views::LoadingPage::cancelRequested, this, &DiffWindow::cancelLoad);

    createMenus();
    setHumanReadable(humanReadableSizes());
    setWindowTitle(tr("Compare Dumps — Memprof Viewer"));
    resize(1400, 900);
}

DiffWindow::~DiffWindow() = default;

QWidget* DiffWindow::createComparisonPage()
{
    auto* page = new QWidget(this);
    messageBar_ = new views::MessageBar(page);
    summary_ = new views::DiffSummaryHeader(page);
    filter_ = new views::FilterField(page);
    tabs_ = new QTabWidget(page);
    tabs_->setDocumentMode(true);

    for (Table table : kTables) {
        auto* view = new views::CostTableView(page);
        view->setObjectName(QStringLiteral("diffTable%1").arg(titleOf(table)));
        view->setSourceModel(models_[indexOf(table)]);
        view->setPlaceholderText(tr("Neither dump has any row here."));
        tables_[indexOf(table)] = view;
        connect(view, &views::CostTableView::locationActivated, this, &DiffWindow::selectLocation);
        connect(view, &views::CostTableView::currentSourceRowChanged, this, [this, view] { showRowStatus(view); });
        if (table != Table::Held)
            tabs_->addTab(view, titleOf(table));
    }
    // Columns that are zero by definition start hidden: allocations free
    // nothing, frees allocate nothing. The header menu shows them again.
    using M = qt::DiffTableModel;
    // The events' and a reallocation's freed bytes on each side stay a click
    // away, so the location keeps room beside the changes.
    table(Table::Allocations)
        ->setHiddenColumns({M::FreedChangeColumn, M::BaseFreedColumn, M::NewFreedColumn, M::BaseEventsColumn,
                            M::NewEventsColumn});
    table(Table::Frees)->setHiddenColumns({M::AllocatedChangeColumn, M::BaseAllocatedColumn, M::NewAllocatedColumn,
                                           M::BaseEventsColumn, M::NewEventsColumn});
    table(Table::Reallocations)
        ->setHiddenColumns({M::BaseFreedColumn, M::NewFreedColumn, M::BaseEventsColumn, M::NewEventsColumn});

    // By file and by function, NEW - BASE per node. A line selects its
    // location of NEW like a table row; functions and files show their chunk.
    functionTree_ = new views::FunctionTreeView(page);
    functionTree_->setObjectName(QStringLiteral("diffFunctionTree"));
    functionTree_->setTreeModel(treeModel_);
    functionTree_->setPlaceholderText(tr("Neither dump has any event."));
    tabs_->addTab(functionTree_, tr("By function"));
    connect(functionTree_, &views::CostTableView::locationActivated, this, &DiffWindow::selectLocation);
    connect(functionTree_, &views::CostTableView::currentSourceRowChanged, this, &DiffWindow::showTreeNodeStatus);
    // The changes the comparison is about first; both sides' figures, the
    // freed bytes and the peak are a click away in the header menu.
    using T = qt::FunctionTreeDiffModel;
    QList<int> hidden{T::FreedChangeColumn, T::PeakChangeColumn};
    for (int column = T::BaseEventsColumn; column < T::ColumnCount; ++column)
        hidden.append(column);
    functionTree_->setHiddenColumns(hidden);

    auto* heldPane = new QWidget(page);
    auto* heldTitle = new QLabel(tr("<b>Held at the end</b>: NEW − BASE"), heldPane);
    auto* heldExplanation = new QLabel(
        tr("Blocks still live at the end, by the location that last allocated them. Names in italics are in one "
           "dump only (see “Only in”)."),
        heldPane);
    heldExplanation->setWordWrap(true);
    QFont small = heldExplanation->font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    heldExplanation->setFont(small);
    auto* heldLayout = new QVBoxLayout(heldPane);
    heldLayout->setContentsMargins(0, 0, 0, 0);
    heldLayout->addWidget(heldTitle);
    heldLayout->addWidget(heldExplanation);
    heldLayout->addWidget(table(Table::Held), 1);

    sourcePane_ = new views::SourcePane(page);
    sourcePane_->setSourceFolders(sourceFolders());
    connect(functionTree_, &views::FunctionTreeView::chunkActivated, sourcePane_, &views::SourcePane::showFunction);
    connect(functionTree_, &views::FunctionTreeView::explanationActivated, sourcePane_, &views::SourcePane::showLocation);
    connect(sourcePane_, &views::SourcePane::addSourceFolderRequested, this, [this] {
        const QString folder = QFileDialog::getExistingDirectory(this, tr("Add a Source Folder"),
                                                                 QFileInfo(paths_[kNew]).absolutePath());
        if (folder.isEmpty())
            return;
        addSourceFolder(folder);
        sourcePane_->setSourceFolders(sourceFolders());
    });

    activeTable_ = table(Table::Allocations);
    connect(tabs_, &QTabWidget::currentChanged, this,
            [this] { activeTable_ = static_cast<views::CostTableView*>(tabs_->currentWidget()); });
    // The table used last is the one that had the focus last.
    connect(qApp, &QApplication::focusChanged, this, [this](QWidget*, QWidget* now) {
        for (QWidget* w = now; w; w = w->parentWidget()) {
            for (auto* view : tables_)
                if (view == w) {
                    activeTable_ = view;
                    return;
                }
            if (w == functionTree_) {
                activeTable_ = functionTree_;
                return;
            }
        }
    });

    connect(filter_, &views::FilterField::filterChanged, this, [this](const QRegularExpression& expression) {
        for (auto* view : tables_)
            view->setFilter(expression);
        functionTree_->setFilter(expression);
    });

    auto* right = new QSplitter(Qt::Vertical, page);
    right->addWidget(heldPane);
    right->addWidget(sourcePane_);
    right->setSizes({380, 420});
    auto* main = new QSplitter(Qt::Horizontal, page);
    main->addWidget(tabs_);
    main->addWidget(right);
    main->setSizes({760, 640});
    main->setChildrenCollapsible(false);

    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(messageBar_);
    layout->addWidget(summary_);
    layout->addWidget(filter_);
    layout->addWidget(main, 1);
    return page;
}

void DiffWindow::createMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    exportAction_ = file->addAction(tr("&Export CSV…"), this, &DiffWindow::chooseAndExport);
    exportAction_->setShortcut(Qt::CTRL | Qt::Key_E);
    exportAction_->setToolTip(tr("Writes the table used last, as shown (sorted and filtered), with raw numbers"));
    file->addSeparator();
    QAction* close = file->addAction(tr("&Close Window"), this, &QWidget::close);
    close->setShortcut(QKeySequence::Close);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* find = edit->addAction(tr("&Filter Locations"), this, [this] {
        filter_->lineEdit()->setFocus();
        filter_->lineEdit()->selectAll();
    });
    find->setShortcut(QKeySequence::Find);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    humanReadableAction_ = view->addAction(tr("&Human-Readable Sizes"));
    humanReadableAction_->setCheckable(true);
    connect(humanReadableAction_, &QAction::toggled, this, [this](bool on) {
        setHumanReadableSizes(on);
        setHumanReadable(on);
    });
}

QWidget* DiffWindow::currentPage() const
{
    return pages_->currentWidget();
}

bool DiffWindow::isLoading() const
{
    return (jobs_[kBase] && jobs_[kBase]->isRunning()) || (jobs_[kNew] && jobs_[kNew]->isRunning());
}

void DiffWindow::compare(const QString& basePath, const QString& newPath)
{
    compareWith(nullptr, basePath, newPath);
}

void DiffWindow::compareWith(qt::ProfilePtr base, const QString& basePath, const QString& newPath)
{
    paths_ = {QFileInfo(basePath).absoluteFilePath(), QFileInfo(newPath).absoluteFilePath()};
    profiles_ = {std::move(base), nullptr};
    bytesRead_ = {};
    totalBytes_ = {};
    for (int side : {kBase, kNew}) {
        if (profiles_[side])
            continue;
        const QString problem = qt::checkDumpFile(paths_[side]);
        if (!problem.isEmpty()) {
            fail(paths_[side], problem);
            return;
        }
    }
    const auto [baseName, newName] = views::distinctFileNames(basePath, newPath);
    setWindowTitle(tr("%1 against %2 — Memprof Viewer").arg(newName, baseName));
    loadingPage_->start(newPath, profiles_[kBase] ? newName : tr("%1 and %2").arg(baseName, newName));
    pages_->setCurrentWidget(loadingPage_);
    for (int side : {kBase, kNew})
        if (!profiles_[side])
            startLoad(side, paths_[side]);
}

void DiffWindow::startLoad(int side, const QString& path)
{
    auto& job = jobs_[side];
    job = std::make_unique<qt::ProfileLoadJob>(path);
    connect(job.get(), &qt::ProfileLoadJob::progress, this, [this, side](quint64 bytesRead, quint64 totalBytes) {
        bytesRead_[side] = bytesRead;
        totalBytes_[side] = totalBytes;
        // One bar for both dumps: their bytes together.
        if (profiles_[kBase] || (totalBytes_[kBase] > 0 && totalBytes_[kNew] > 0))
            loadingPage_->setProgress(bytesRead_[kBase] + bytesRead_[kNew], totalBytes_[kBase] + totalBytes_[kNew]);
    });
    connect(job.get(), &qt::ProfileLoadJob::finished, this,
            [this, side](qt::ProfilePtr profile) { onLoaded(side, std::move(profile)); });
    job->start();
}

void DiffWindow::cancelLoad()
{
    for (auto& job : jobs_)
        if (job)
            job->cancel();
    loadingPage_->cancelButton()->setEnabled(false);
}

void DiffWindow::onLoaded(int side, qt::ProfilePtr profile)
{
    jobs_[side].reset();
    const DecodeEnd end = profile->status.end;
    profiles_[side] = std::move(profile);
    // Without one side there is nothing to compare: stop the other load.
    if (end == DecodeEnd::Failed || end == DecodeEnd::Cancelled) {
        for (auto& job : jobs_)
            job.reset();
        if (end == DecodeEnd::Failed) {
            fail(paths_[side], qt::describeFailure(profiles_[side]->status));
        } else {
            emit loadFinished(false);
            close();
        }
        return;
    }
    if (profiles_[kBase] && profiles_[kNew]) {
        showComparison();
        emit loadFinished(true);
    }
}

void DiffWindow::fail(const QString& path, const QString& message)
{
    // The comparison cannot be shown: say why on the window it came from.
    auto* box = new QMessageBox(QMessageBox::Critical, tr("Cannot Compare the Dumps"),
                                tr("Cannot open %1").arg(QDir::toNativeSeparators(path)), QMessageBox::Ok,
                                opener_.data());
    box->setObjectName(QStringLiteral("loadErrorBox"));
    box->setInformativeText(message);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
    emit loadFinished(false);
    close();
}

void DiffWindow::showComparison()
{
    const Profile& base = *profiles_[kBase];
    const Profile& current = *profiles_[kNew];
    diff_ = std::make_shared<const ProfileDiff>(diffProfiles(base, current));
    for (Table t : kTables) {
        models_[indexOf(t)]->setDiff(diff_, profiles_[kNew]);
        table(t)->sortByCostColumn(models_[indexOf(t)]->mainChangeColumn());
    }
    treeModel_->setProfiles(profiles_[kBase], profiles_[kNew]);
    functionTree_->sortByCostColumn(qt::FunctionTreeDiffModel::AllocatedChangeColumn);
    summary_->setProfiles(base, paths_[kBase], current, paths_[kNew]);
    sourcePane_->setProfile(profiles_[kNew], QFileInfo(paths_[kNew]).absolutePath());

    QStringList warnings;
    for (int side : {kBase, kNew})
        if (profiles_[side]->status.end == DecodeEnd::Truncated)
            warnings << tr("%1: %2").arg(side == kBase ? tr("BASE") : tr("NEW"),
                                          qt::describeTruncation(profiles_[side]->status,
                                                                 profiles_[side]->totals.eventCount));
    if (warnings.isEmpty())
        messageBar_->hide();
    else
        messageBar_->showWarning(warnings.join(u'\n'));
    pages_->setCurrentWidget(comparisonPage_);
}

void DiffWindow::selectLocation(LocationId location)
{
    const Profile* current = currentProfile();
    if (!current || location >= current->locations.size())
        return;
    const QString name = QString::fromStdString(current->nameOf(location));
    for (auto* view : tables_)
        view->selectLocation(location, name);
    functionTree_->showLocation(location);
    sourcePane_->showLocation(location);
    statusBar()->showMessage(name);
}

void DiffWindow::showRowStatus(views::CostTableView* view)
{
    const auto* model = static_cast<const qt::DiffTableModel*>(view->sourceModel());
    const LocationDiffRow* row = model->rowAt(view->currentSourceRow());
    if (row && !view->currentLocation())
        statusBar()->showMessage(tr("%1 is only in BASE: NEW has no source for it.").arg(QString::fromStdString(row->name)));
}

void DiffWindow::showTreeNodeStatus()
{
    const auto* node = treeModel_->nodeAt(functionTree_->proxyModel()->mapToSource(functionTree_->currentIndex()));
    if (node && node->presence == DiffPresence::BaseOnly)
        statusBar()->showMessage(
            tr("%1 is only in BASE: NEW has no source for it.").arg(QString::fromStdString(node->label)));
}

bool DiffWindow::exportCsv(const QString& path, QString* error)
{
    return qt::writeCsvFile(path, activeTable_->toCsv(), error);
}

void DiffWindow::chooseAndExport()
{
    if (!diff_)
        return;
    const QString tableName = activeTable_ == table(Table::Held) ? titleOf(Table::Held)
                                                                  : tabs_->tabText(tabs_->indexOf(activeTable_));
    const QFileInfo current(paths_[kNew]);
    const QString suggested = current.absoluteDir().filePath(
        QStringLiteral("%1-vs-%2-%3.csv")
            .arg(current.completeBaseName(), QFileInfo(paths_[kBase]).completeBaseName(),
                 tableName.toLower().replace(u' ', u'-')));
    const QString path = QFileDialog::getSaveFileName(this, tr("Export %1 (NEW − BASE) as CSV").arg(tableName),
                                                      suggested, tr("CSV files (*.csv)"));
    if (path.isEmpty())
        return;
    QString error;
    if (exportCsv(path, &error))
        statusBar()->showMessage(activeTable_ == functionTree_
                                     ? tr("Wrote %1 (the tree as shown, depth first)").arg(path)
                                     : tr("Wrote %1 (%2 rows)").arg(path).arg(activeTable_->proxyModel()->rowCount()),
                                 5000);
    else
        QMessageBox::critical(this, tr("Export Failed"), tr("Cannot write %1:\n%2").arg(path, error));
}

void DiffWindow::setHumanReadable(bool humanReadable)
{
    if (humanReadableAction_->isChecked() != humanReadable)
        humanReadableAction_->setChecked(humanReadable);
    for (auto* model : models_)
        model->setHumanReadable(humanReadable);
    treeModel_->setHumanReadable(humanReadable);
    summary_->setHumanReadable(humanReadable);
    sourcePane_->setHumanReadable(humanReadable);
}

void DiffWindow::closeEvent(QCloseEvent* event)
{
    for (auto& job : jobs_)
        job.reset(); // stop loads still running before the window goes
    QMainWindow::closeEvent(event);
}

} // namespace memprof::app
