// SPDX-License-Identifier: GPL-3.0-or-later
#include "ComparisonPage.h"

#include "ComparisonWindowBar.h"
#include "CostTableView.h"
#include "DiffSummaryHeader.h"
#include "FilterField.h"
#include "FunctionNamesReader.h"
#include "FunctionTreeView.h"
#include "MessageBar.h"
#include "SourcePane.h"
#include "ViewState.h"
#include "model/itemmodels/DisplayText.h"
#include "model/itemmodels/FunctionLabel.h"
#include "model/itemmodels/FunctionTreeDiffModel.h"
#include "model/services/LoadMessages.h"

#include <QFileInfo>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

namespace memprof::views {

namespace {
using Table = ComparisonPage::Table;
constexpr std::array<Table, 4> kTables = {Table::Allocations, Table::Reallocations, Table::Frees, Table::Held};

struct DiffTableText {
    const char* objectName;
    const char* fileName;
    const char* title;
};

DiffTableText textOf(Table table)
{
    switch (table) {
    case Table::Allocations:
        return {"diffTableAllocations", "allocations",
                QT_TRANSLATE_NOOP("memprof::views::ComparisonPage", "Allocations")};
    case Table::Reallocations:
        return {"diffTableReallocations", "reallocations",
                QT_TRANSLATE_NOOP("memprof::views::ComparisonPage", "Reallocations")};
    case Table::Frees:
        return {"diffTableFrees", "frees", QT_TRANSLATE_NOOP("memprof::views::ComparisonPage", "Frees")};
    case Table::Held:
        break;
    }
    return {"diffTableHeld", "held", QT_TRANSLATE_NOOP("memprof::views::ComparisonPage", "Held")};
}
} // namespace

ComparisonPage::ComparisonPage(QWidget* parent)
    : MemoryResultsPage(parent),
      treeModel_(new itemmodels::FunctionTreeDiffModel(this)),
      summary_(new DiffSummaryHeader(this)),
      namesReader_(new FunctionNamesReader(this))
{
    setObjectName(QStringLiteral("comparisonPage"));
    summary_->setObjectName(QStringLiteral("summaryHeader"));
    createTables();
    createTree();
    trackLastUsedTable();
    summary_->setHumanReadable(viewState()->humanReadable());
    connect(viewState(), &ViewState::humanReadableChanged, summary_, &DiffSummaryHeader::setHumanReadable);
    connect(viewState(), &ViewState::locationSelected, this, &ComparisonPage::showSelection);
    // The names come after the first paint, and again with other folders.
    connect(namesReader_, &FunctionNamesReader::namesRead, this, &ComparisonPage::showFunctionNames);
    connect(this, &ResultsPage::sourceFoldersChanged, this,
            [this] { namesReader_->readAgain(sourcePane()->sourceFolders()); });

    auto* right = new QSplitter(Qt::Vertical, this);
    right->addWidget(createHeldPane());
    right->addWidget(sourcePane());
    right->setSizes({380, 420});
    auto* main = new QSplitter(Qt::Horizontal, this);
    main->addWidget(tabs());
    main->addWidget(right);
    main->setSizes({760, 640});
    main->setChildrenCollapsible(false);

    // The window bar heads the panes it steers.
    windowBar_ = new ComparisonWindowBar(this);
    windowBar_->setObjectName(QStringLiteral("comparisonWindowBar"));
    connect(windowBar_, &ComparisonWindowBar::rangeRequested, this, &ComparisonPage::countWindows);
    connect(windowBar_, &ComparisonWindowBar::cancelRequested, this, [this] {
        cancelRecount();
        showShownWindows();
    });
    auto* panes = new QWidget(this);
    auto* layout = new QVBoxLayout(panes);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(windowBar_);
    layout->addWidget(main, 1);

    layOut(summary_, panes);
}

ComparisonPage::~ComparisonPage() = default;

void ComparisonPage::createTables()
{
    for (Table which : kTables) {
        const DiffTableText text = textOf(which);
        auto* model = new itemmodels::DiffTableModel(which, this);
        auto* view = createTable(model, QString::fromLatin1(text.objectName), tr(text.title),
                                 QString::fromLatin1(text.fileName), tr("Neither dump has any row here."));
        models_[static_cast<std::size_t>(which)] = model;
        tables_[static_cast<std::size_t>(which)] = view;
        connect(view, &CostTableView::currentSourceRowChanged, this, [this, view] { showRowStatus(view); });
        if (which != Table::Held)
            tabs()->addTab(view, tr(text.title));
    }
}

void ComparisonPage::createTree()
{
    // By file and by function, NEW - BASE per node. A line selects its
    // location of NEW like a table row; functions and files show their chunk.
    tree_ = new FunctionTreeView(this);
    tree_->setObjectName(QStringLiteral("diffFunctionTree"));
    tree_->setTreeModel(treeModel_);
    followViewState(tree_, treeModel_);
    tree_->setPlaceholderText(tr("Neither dump has any event."));
    tabs()->addTab(tree_, tr("By function"));
    addExportableTable(tree_, tr("By function"), QStringLiteral("by-function"));
    connect(tree_, &CostTableView::currentSourceRowChanged, this, &ComparisonPage::showTreeNodeStatus);
    connect(tree_, &FunctionTreeView::chunkActivated, sourcePane(), &SourcePane::showFunction);
    connect(tree_, &FunctionTreeView::explanationActivated, sourcePane(), &SourcePane::showLocation);
}

QWidget* ComparisonPage::createHeldPane()
{
    auto* pane = new QWidget(this);
    auto* title = new QLabel(tr("<b>Held at the end</b>: NEW − BASE"), pane);
    auto* explanation = new QLabel(pane);
    heldExplanation_ = explanation;
    explanation->setWordWrap(true);
    QFont small = explanation->font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    explanation->setFont(small);
    auto* layout = new QVBoxLayout(pane);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(title);
    layout->addWidget(explanation);
    layout->addWidget(table(Table::Held), 1);
    return pane;
}

void ComparisonPage::setDocuments(services::DocumentPtr baseDocument, services::DocumentPtr newDocument,
                                  ProfileOf profileOf)
{
    cancelRecount();
    services::ProfilePtr base = profileOf(*baseDocument);
    services::ProfilePtr current = profileOf(*newDocument);
    documents_ = {std::move(baseDocument), std::move(newDocument)};
    profileOf_ = std::move(profileOf);
    wholes_ = {base, current};
    paths_ = {documents_[Base]->path(), documents_[New]->path()};
    shownWindows_ = {};
    shownRange_ = {};
    summary_->setProfiles(*base, paths_[Base], *current, paths_[New],
                          {services::mergedName(*documents_[Base]), services::mergedName(*documents_[New])});
    showFunctionNames(nullptr);
    namesReader_->readPairAfterPaint(services::luaFunctionsOf(*base), QFileInfo(paths_[Base]).absolutePath(),
                                     services::luaFunctionsOf(*current), QFileInfo(paths_[New]).absolutePath(),
                                     sourcePane()->sourceFolders());
    showDiff(std::move(base), std::move(current), true);
    // A side of dumps merged has no run to take a window of: the bar is
    // off, saying why.
    const QString baseWhy = documents_[Base]->whyNoRange();
    const QString noWindow = baseWhy.isEmpty() ? documents_[New]->whyNoRange() : baseWhy;
    windowBar_->setOff(noWindow);
    showShownWindows();
    showWarnings(*wholes_[Base], *wholes_[New]);
}

// The panes but the summaries compare `base` and `current` (whole runs or
// windows of them: the same dumps, so the selection stays).
void ComparisonPage::showDiff(services::ProfilePtr base, services::ProfilePtr current, bool resort)
{
    const std::optional<LocationId> selected = resort ? std::nullopt : viewState()->selectedLocation();
    diff_ = std::make_shared<const ProfileDiff>(diffProfiles(*base, *current));
    base_ = std::move(base);
    current_ = std::move(current);
    setSelectableProfile(current_);
    for (std::size_t i = 0; i < models_.size(); ++i) {
        models_[i]->setDiff(diff_, current_, base_);
        if (resort)
            tables_[i]->sortByCostColumn(models_[i]->initialSortColumn());
    }
    treeModel_->setProfiles(base_, current_);
    if (resort)
        tree_->sortByCostColumn(treeModel_->initialSortColumn());
    sourcePane()->setProfile(current_, QFileInfo(paths_[New]).absolutePath());
    const bool windowed = shownWindows_ != std::array<RunRange, 2>{};
    heldExplanation_->setText(
        windowed ? tr("Blocks allocated in each window and still live at the end of its run, by the location that "
                      "last allocated them. Names in italics are in one dump only (see “Only in”).")
                 : tr("Blocks still live at the end, by the location that last allocated them. Names in italics are "
                      "in one dump only (see “Only in”)."));
    if (selected && *selected < current_->locations.size())
        viewState()->selectLocation(*selected);
}

// Until the names come the panes show the dumps' names. A window of the
// same dumps keeps them.
void ComparisonPage::showFunctionNames(const services::FunctionNamesPtr& names)
{
    names_ = names;
    for (auto* model : models_)
        model->setFunctionNames(names);
    treeModel_->setFunctionNames(names);
}

void ComparisonPage::showShownWindows()
{
    windowBar_->showWindows(shownRange_, shownWindows_[Base], wholes_[Base]->totals.eventCount, shownWindows_[New],
                            wholes_[New]->totals.eventCount);
}

QString ComparisonPage::sideName(Side side) const
{
    return side == Base ? tr("BASE") : tr("NEW");
}

void ComparisonPage::countWindows(const RangeOption& range)
{
    if (!wholes_[Base] || !wholes_[New] || windowBar_->isOff())
        return;
    cancelRecount();
    std::array<RunRange, 2> windows;
    for (Side side : {Base, New}) {
        const std::uint64_t eventCount = wholes_[side]->totals.eventCount;
        if (eventCount == 0) {
            windowBar_->showProblem(tr("%1 has no events: there is no window of it to compare.").arg(sideName(side)));
            return;
        }
        std::string why;
        const std::optional<RunRange> window = resolveRange(range, eventCount, why);
        if (!window) {
            windowBar_->showProblem(tr("No window of %1: %2").arg(sideName(side), QString::fromStdString(why)));
            return;
        }
        windows[side] = clampRange(*window, eventCount);
    }
    if (windows == shownWindows_) {
        shownRange_ = range;
        showShownWindows();
        emit windowsApplied();
        return;
    }
    if (windows == std::array<RunRange, 2>{}) {
        // The whole runs are the profiles loaded: their numbers exactly, at once.
        shownWindows_ = windows;
        shownRange_ = range;
        showDiff(wholes_[Base], wholes_[New], false);
        showShownWindows();
        emit windowsApplied();
        return;
    }
    shownRange_ = range;
    recount_ = std::make_unique<services::ProfilePairLoadJob>(documents_, windows);
    connect(recount_.get(), &services::ProfilePairLoadJob::progress, windowBar_,
            &ComparisonWindowBar::setRecountProgress);
    connect(recount_.get(), &services::ProfilePairLoadJob::loaded, this, &ComparisonPage::onWindowsCounted);
    connect(recount_.get(), &services::ProfilePairLoadJob::stopped, this, &ComparisonPage::onRecountStopped);
    windowBar_->setRecounting(true);
    windowBar_->showWindows(range, windows[Base], wholes_[Base]->totals.eventCount, windows[New],
                            wholes_[New]->totals.eventCount);
    recount_->start();
}

// Never waits for the workers: they stop at their next block.
void ComparisonPage::cancelRecount()
{
    if (recount_) {
        recount_->disconnect();
        recount_->cancel();
        recount_.release()->deleteLater();
    }
    windowBar_->setRecounting(false);
}

void ComparisonPage::onWindowsCounted(const services::DocumentPtr& baseDocument,
                                      const services::DocumentPtr& newDocument)
{
    services::ProfilePtr base = profileOf_(*baseDocument);
    services::ProfilePtr current = profileOf_(*newDocument);
    recount_.release()->deleteLater(); // it is emitting this signal
    windowBar_->setRecounting(false);
    // A dump rewritten since it was loaded counts other events: its
    // window would not be the one asked for.
    for (Side side : {Base, New}) {
        const Profile& counted = side == Base ? *base : *current;
        if (counted.totals.eventCount != wholes_[side]->totals.eventCount) {
            windowBar_->showProblem(tr("%1 changed on disk since it was loaded; open the comparison again to "
                                       "count a window.")
                                        .arg(sideName(side)));
            return;
        }
    }
    shownWindows_ = {base->window, current->window};
    showDiff(std::move(base), std::move(current), false);
    showShownWindows();
    emit windowsApplied();
}

void ComparisonPage::onRecountStopped(const QString& path, const QString& message)
{
    recount_.release()->deleteLater();
    windowBar_->setRecounting(false);
    const Side side = path == paths_[Base] ? Base : New;
    if (!message.isEmpty()) {
        windowBar_->showProblem(tr("The window of %1 could not be counted: %2").arg(sideName(side), message));
        return;
    }
    showShownWindows(); // cancelled: the windows shown stay
}

void ComparisonPage::showWarnings(const Profile& base, const Profile& current)
{
    QStringList warnings;
    for (const Profile* side : {&base, &current})
        if (side->status.end == DecodeEnd::Truncated)
            warnings << tr("%1: %2").arg(side == &base ? tr("BASE") : tr("NEW"),
                                         services::describeTruncation(side->status, side->totals.eventCount));
    if (warnings.isEmpty())
        messageBar()->hide();
    else
        messageBar()->showWarning(warnings.join(u'\n'));
}

void ComparisonPage::showSelection(LocationId location)
{
    const QString name = QString::fromStdString(current_->nameOf(location));
    for (auto* view : tables_)
        view->selectLocation(location, name);
    tree_->showLocation(location);
    const QString shown = itemmodels::displayText(name);
    emit statusMessage(itemmodels::locationLabel(*current_, location, shown, names_.get()).text());
}

void ComparisonPage::showRowStatus(const CostTableView* view)
{
    const auto* model = static_cast<const itemmodels::DiffTableModel*>(view->sourceModel());
    const LocationDiffRow* row = model->rowAt(view->currentSourceRow());
    if (row && !view->currentLocation())
        emit statusMessage(tr("%1 is only in BASE: NEW has no source for it.")
                               .arg(view->currentIndex().siblingAtColumn(0).data().toString()));
}

void ComparisonPage::showTreeNodeStatus()
{
    const QModelIndex current = tree_->proxyModel()->mapToSource(tree_->currentIndex());
    const auto* node = treeModel_->nodeAt(current);
    if (node && node->presence == DiffPresence::BaseOnly)
        emit statusMessage(
            tr("%1 is only in BASE: NEW has no source for it.").arg(current.siblingAtColumn(0).data().toString()));
}

} // namespace memprof::views
