// SPDX-License-Identifier: GPL-3.0-or-later
#include "ProfilePage.h"

#include "ReadingBar.h"

#include "CostTableView.h"
#include "EventWindowBar.h"
#include "FilterField.h"
#include "FunctionFlamePane.h"
#include "FunctionNamesReader.h"
#include "FunctionTreeView.h"
#include "HeldPane.h"
#include "InstancesPane.h"
#include "model/itemmodels/DisplayText.h"
#include "model/itemmodels/InstanceShareModel.h"
#include "MessageBar.h"
#include "OverridesPane.h"
#include "RangeCounter.h"
#include "ReadingBar.h"
#include "SourcePane.h"
#include "SummaryHeader.h"
#include "ViewState.h"
#include "charts/ChartsPane.h"
#include "model/itemmodels/FunctionTreeModel.h"
#include "model/itemmodels/HeldModel.h"
#include "model/itemmodels/LocationTableModel.h"
#include "model/itemmodels/OverridesModel.h"
#include "model/services/LoadMessages.h"
#include "model/services/WindowCount.h"

#include <QAbstractItemView>
#include <QFileInfo>
#include <QLabel>
#include <QPushButton>
#include <QScrollBar>
#include <QSplitter>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>

namespace memprof::views {

namespace {
constexpr std::array<EventKind, 3> kEventKinds = {EventKind::Alloc, EventKind::Realloc, EventKind::Free};

std::size_t indexOf(EventKind kind)
{
    return static_cast<std::size_t>(kind);
}

struct EventTableText {
    const char* objectName; // not translated: the settings remember the table by it
    const char* fileName;
    const char* title;
    const char* placeholder;
};

EventTableText textOf(EventKind kind)
{
    switch (kind) {
    case EventKind::Alloc:
        return {"tableAllocations", "allocations", QT_TRANSLATE_NOOP("memprof::views::ProfilePage", "Allocations"),
                QT_TRANSLATE_NOOP("memprof::views::ProfilePage", "No allocations in this profile.")};
    case EventKind::Realloc:
        return {"tableReallocations", "reallocations",
                QT_TRANSLATE_NOOP("memprof::views::ProfilePage", "Reallocations"),
                QT_TRANSLATE_NOOP("memprof::views::ProfilePage", "No reallocations in this profile.")};
    case EventKind::Free:
        break;
    }
    return {"tableFrees", "frees", QT_TRANSLATE_NOOP("memprof::views::ProfilePage", "Frees"),
            QT_TRANSLATE_NOOP("memprof::views::ProfilePage", "No frees in this profile.")};
}
} // namespace

ProfilePage::ProfilePage(QWidget* parent)
    : MemoryResultsPage(parent),
      heldModel_(new itemmodels::HeldModel(this)),
      treeModel_(new itemmodels::FunctionTreeModel(this)),
      overridesModel_(new itemmodels::OverridesModel(this)),
      rangeCounter_(new RangeCounter(this)),
      summary_(new SummaryHeader(this))
{
    setObjectName(QStringLiteral("profilePage"));
    summary_->setObjectName(QStringLiteral("summaryHeader"));
    createTables();
    createTree();
    // The charts follow the shown profile and the view state's selection.
    charts_ = new charts::ChartsPane(viewState(), tabs());
    tabs()->addTab(charts_, tr("Charts"));
    connect(charts_, &charts::ChartsPane::locationActivated, this, &ProfilePage::selectLocation);
    QWidget* panes = createPanes();

    trackLastUsedTable();
    connect(tabs(), &QTabWidget::currentChanged, this, &ProfilePage::updateOverrides);
    summary_->setHumanReadable(viewState()->humanReadable());
    connect(viewState(), &ViewState::humanReadableChanged, summary_, &SummaryHeader::setHumanReadable);
    connect(viewState(), &ViewState::locationSelected, this, &ProfilePage::showSelection);
    connect(viewState(), &ViewState::rangeChanged, this, &ProfilePage::countWindow);
    connect(windowBar_, &EventWindowBar::cancelRequested, this, [this] {
        cancelRecount();
        viewState()->setRange(shownWindow_);
    });
    connect(rangeCounter_, &RangeCounter::progress, windowBar_, &EventWindowBar::setRecountProgress);
    connect(rangeCounter_, &RangeCounter::failed, this, &ProfilePage::onRecountFailed);
    // A count ending without the index (cancelled, failed, replaced) starts
    // the background build again.
    connect(rangeCounter_, &RangeCounter::ended, this, &ProfilePage::buildWindowIndex);

    layOut(summary_, panes);
}

ProfilePage::~ProfilePage() = default;

void ProfilePage::createTables()
{
    for (EventKind kind : kEventKinds) {
        const EventTableText text = textOf(kind);
        auto* model = new itemmodels::LocationTableModel(kind, this);
        auto* table = createTable(model, QString::fromLatin1(text.objectName), tr(text.title),
                                  QString::fromLatin1(text.fileName), tr(text.placeholder));
        tabs()->addTab(table, tr(text.title));
        eventModels_[indexOf(kind)] = model;
        eventTables_[indexOf(kind)] = table;
        connect(table, &CostTableView::currentSourceRowChanged, this, [this, table] {
            if (table == currentEventTable())
                updateOverrides();
        });
    }
}

void ProfilePage::createTree()
{
    // By file and by function: the tables' costs summed up the tree. A line
    // selects its location like a table row; functions and files show
    // their chunk.
    tree_ = new FunctionTreeView(tabs());
    tree_->setObjectName(QStringLiteral("functionTree"));
    tree_->setTreeModel(treeModel_);
    followViewState(tree_, treeModel_);
    // The held column counts what the held pane counts.
    treeModel_->setHeldScope(viewState()->heldScope());
    connect(viewState(), &ViewState::heldScopeChanged, treeModel_, &itemmodels::FunctionTreeModel::setHeldScope);
    // The names come after the load's first paint, and again with other folders.
    namesReader_ = new FunctionNamesReader(this);
    connect(namesReader_, &FunctionNamesReader::namesRead, this, &ProfilePage::showFunctionNames);
    connect(this, &ResultsPage::sourceFoldersChanged, this,
            [this] { namesReader_->readAgain(sourcePane()->sourceFolders()); });
    tabs()->addTab(tree_, tr("By function"));
    addExportableTable(tree_, tr("By function"), QStringLiteral("by-function"));
    connect(tree_, &FunctionTreeView::chunkActivated, sourcePane(), &SourcePane::showFunction);
    connect(tree_, &FunctionTreeView::explanationActivated, sourcePane(), &SourcePane::showLocation);
    // A file, function or group is no location: the panes following the
    // selected location let go of the last one, and the status bar names
    // what is selected now.
    connect(tree_, &FunctionTreeView::chunkActivated, this, &ProfilePage::showTreeNodeSelected);
    connect(tree_, &FunctionTreeView::explanationActivated, this, &ProfilePage::showTreeNodeSelected);
    flame_ = new FunctionFlamePane(tabs());
    flame_->setObjectName(QStringLiteral("functionFlame"));
    tabs()->addTab(flame_, tr("Flame graph"));
}

void ProfilePage::showTreeNodeSelected()
{
    viewState()->forgetSelection();
    emit statusMessage(tr("Selected %1").arg(tree_->currentIndex().siblingAtColumn(0).data().toString()));
}

QWidget* ProfilePage::createPanes()
{
    overridesPane_ = new OverridesPane(overridesModel_, viewState(), this);
    connect(overridesPane_->table(), &CostTableView::locationActivated, this, &ProfilePage::selectLocation);
    addRowMenu(overridesPane_->table());
    heldPane_ = new HeldPane(heldModel_, viewState(), this);
    connect(heldPane_->table(), &CostTableView::locationActivated, this, &ProfilePage::selectLocation);
    addExportableTable(heldPane_->table(), tr("Held"), QStringLiteral("held"));

    auto* left = new QSplitter(Qt::Vertical, this);
    left->setObjectName(QStringLiteral("tablesSplitter"));
    left->addWidget(tabs());
    left->addWidget(overridesPane_);
    left->setSizes({640, 180});
    auto* right = new QSplitter(Qt::Vertical, this);
    right->setObjectName(QStringLiteral("leakSourceSplitter"));
    right->addWidget(heldPane_);
    instanceShares_ = new itemmodels::InstanceShareModel(this);
    merge_ = std::make_unique<PageMerge<MemprofBreakdown>>(
        this, messageBar(), instanceShares_, instanceShares_->initialSortColumn(),
        [this] { showInstanceCounts(wholeProfile_, merge_->merged(), std::nullopt); });
    right->addWidget(merge_->pane());
    right->addWidget(sourcePane());
    right->setSizes({300, 220, 300});
    auto* main = new QSplitter(Qt::Horizontal, this);
    main->setObjectName(QStringLiteral("mainSplitter"));
    main->addWidget(left);
    main->addWidget(right);
    main->setSizes({720, 680});
    main->setChildrenCollapsible(false);
    // The window bar heads the panes it steers.
    windowBar_ = new EventWindowBar(viewState(), this);
    windowBar_->setObjectName(QStringLiteral("eventWindowBar"));
    auto* panes = new QWidget(this);
    auto* layout = new QVBoxLayout(panes);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(windowBar_);
    layout->addWidget(merge_->note());
    layout->addWidget(main, 1);
    return panes;
}

void ProfilePage::setProfile(services::ProfilePtr profile, const QString& dumpPath, bool keepSortOrders,
                             std::shared_ptr<services::WindowIndexSlot> indexSlot)
{
    cancelRecount();
    cancelWindowIndexBuild();
    leaveMerge();
    // The counts so far of a dump still read come as reloads of the ones
    // before; they count no window, the one a reload showed waits for the end.
    const bool reading = profile->status.end == DecodeEnd::Reading;
    const bool wasReading = wholeProfile_ && wholeProfile_->status.end == DecodeEnd::Reading;
    const RunRange window = wasReading ? windowAfterRead_ : shownWindow_;
    // A reload counts the window it showed again, if the run still has it.
    RunRange reloadedWindow = keepSortOrders && window.last <= profile->totals.eventCount
                                  ? clampRange(window, profile->totals.eventCount)
                                  : RunRange{};
    windowAfterRead_ = reading && keepSortOrders ? window : RunRange{};
    if (reading)
        reloadedWindow = {};
    wholeProfile_ = profile;
    dumpPath_ = dumpPath;
    windowIndex_ = std::move(indexSlot);
    shownWindow_ = {};
    viewState()->setRange({}); // the whole run is shown: nothing to count
    windowBar_->setRun(wholeProfile_->totals.eventCount, wholeProfile_->totals.peakEventIndex);
    setSelectableProfile(profile);
    summary_->setProfile(*profile, dumpPath);
    charts_->setProfile(*profile, dumpPath);
    // The functions' names are read from the sources once the read ended.
    if (!wasReading)
        showFunctionNames(nullptr);
    if (!reading)
        namesReader_->readAfterPaint(services::luaFunctionsOf(*wholeProfile_), QFileInfo(dumpPath_).absolutePath(),
                                     sourcePane()->sourceFolders());
    // While the dump is read the user reads the tables as they grow: each
    // keeps its place.
    std::vector<std::pair<QAbstractItemView*, int>> scrolled;
    if (reading || wasReading)
        for (QAbstractItemView* view : scrolledViews())
            scrolled.emplace_back(view, view->verticalScrollBar()->value());
    showCounts(std::move(profile), true, keepSortOrders);
    for (const auto& [view, position] : scrolled) {
        view->doItemsLayout();
        view->verticalScrollBar()->setValue(position);
    }
    showReading(reading, wasReading);
    if (wholeProfile_->status.end == DecodeEnd::Truncated)
        messageBar()->showWarning(
            services::describeTruncation(wholeProfile_->status, wholeProfile_->totals.eventCount));
    else
        messageBar()->hide();
    viewState()->setRange(reloadedWindow);
    // The index is built after the first paint of the loaded dump, not
    // before: the panes are shown as fast as without it. A reload paints
    // the page again too.
    indexBuildAfterPaint_ = true;
    update();
}

std::vector<QAbstractItemView*> ProfilePage::scrolledViews() const
{
    std::vector<QAbstractItemView*> views(eventTables_.begin(), eventTables_.end());
    views.push_back(heldPane_->table());
    views.push_back(tree_);
    return views;
}

// A dump still read: the reading bar says how far, and no window is counted
// (nor chosen) before the end.
void ProfilePage::showReading(bool reading, bool wasReading)
{
    showReadingBar(wholeProfile_->status, wasReading);
    windowBar_->setEnabled(!reading);
}

bool ProfilePage::isReading() const
{
    return wholeProfile_ && wholeProfile_->status.end == DecodeEnd::Reading;
}

void ProfilePage::paintEvent(QPaintEvent* event)
{
    MemoryResultsPage::paintEvent(event);
    if (indexBuildAfterPaint_) {
        indexBuildAfterPaint_ = false;
        buildWindowIndexLater();
    }
}

// Once this paint is done: the worker starts from the event loop.
void ProfilePage::buildWindowIndexLater()
{
    QTimer::singleShot(0, this, [this, slot = std::weak_ptr(windowIndex_)] {
        if (slot.lock() == windowIndex_) // not another load meanwhile
            buildWindowIndex();
    });
}

// Only where a window's re-count would use the index (a run large enough,
// a dump file), only while no re-count builds it, and never before the
// load's first paint.
void ProfilePage::buildWindowIndex()
{
    if (indexBuild_ || isRecounting() || indexBuildAfterPaint_ || !wholeProfile_ || dumpPath_.isEmpty() || isMerged() ||
        windowIndex_->index() || wholeProfile_->totals.eventCount < services::kIndexedRunEvents)
        return;
    const bool read =
        wholeProfile_->status.end == DecodeEnd::Complete || wholeProfile_->status.end == DecodeEnd::Truncated;
    if (!read)
        return;
    auto* job = new services::WindowIndexJob(dumpPath_, wholeProfile_->totals.eventCount, windowIndex_, this);
    indexBuild_ = job;
    // Every build ends in finished, cancelled ones too: then the job goes.
    connect(job, &services::WindowIndexJob::finished, this, [this, job] {
        job->deleteLater();
        if (indexBuild_ == job)
            indexBuild_ = nullptr;
    });
    job->start();
}

// Until the names come the panes show the reference's names.
void ProfilePage::showFunctionNames(services::FunctionNamesPtr names)
{
    for (auto* model : eventModels_)
        model->setFunctionNames(names);
    heldModel_->setFunctionNames(names);
    overridesModel_->setFunctionNames(names);
    treeModel_->setFunctionNames(names);
    names_.setFunctionNames(names);
    flame_->setFunctionNames(std::move(names));
    // A row selected before the names came is named in the status line as
    // its row now reads.
    if (const std::optional<LocationId> selected = viewState()->selectedLocation())
        emit statusMessage(names_.label(*selected).text());
}

// Never waits for the worker: it stops at its next block and the job goes.
void ProfilePage::cancelWindowIndexBuild()
{
    if (indexBuild_) {
        indexBuild_->cancel();
        indexBuild_ = nullptr;
    }
}

// The panes that follow the window show `profile`'s counts.
void ProfilePage::showCounts(services::ProfilePtr profile, bool wholeRunChanged, bool keepSortOrders)
{
    const std::optional<LocationId> selected = wholeRunChanged ? std::nullopt : viewState()->selectedLocation();
    profile_ = std::move(profile);
    names_ = itemmodels::LocationNames(*profile_, names_.functionNames());
    for (auto* model : eventModels_)
        model->setProfile(profile_);
    heldPane_->setProfile(profile_);
    treeModel_->setProfile(profile_);
    flame_->setProfile(profile_);
    overridesPane_->setProfile(profile_);
    sourcePane()->setProfile(profile_, QFileInfo(dumpPath_).absolutePath());
    if (!wholeRunChanged)
        charts_->setWindowedProfile(*profile_);
    // The same dump counted again: its location ids are the same, so the
    // selection is shown again in the new counts.
    if (selected && *selected < profile_->locations.size())
        viewState()->selectLocation(*selected);
    if (!keepSortOrders) {
        for (std::size_t i = 0; i < eventTables_.size(); ++i)
            eventTables_[i]->sortByCostColumn(eventModels_[i]->initialSortColumn());
        heldPane_->table()->sortByCostColumn(heldModel_->initialSortColumn());
        tree_->sortByCostColumn(treeModel_->initialSortColumn());
    }
    updateOverrides();
}

void ProfilePage::countWindow(RunRange window)
{
    if (!wholeProfile_)
        return;
    if (isReading() && window != RunRange{}) {
        viewState()->setRange({}); // a drag across the heap chart: the window waits for the end
        return;
    }
    cancelRecount();
    if (window == shownWindow_)
        return; // back to the window shown while another was counted
    if (window == RunRange{}) {
        // The whole run is the profile loaded: its numbers exactly, at once.
        shownWindow_ = window;
        showCounts(wholeProfile_, false, true);
        emit windowApplied(shownWindow_);
        return;
    }
    // The document shown counts it: a page given a profile alone has none.
    if (dumpPath_.isEmpty() || !rangeCounter_->document()) {
        messageBar()->showWarning(tr("Counting a window reads the dump again; this profile has no dump file."));
        viewState()->setRange(shownWindow_);
        return;
    }
    // A window before the background index is ready: the re-count builds
    // the index itself (today's path, with progress and Cancel) and the
    // background build stops, so that two whole decodes do not share the
    // cores and the memory; one ending without the index starts it again.
    cancelWindowIndexBuild();
    // The counts come back through the counted document (showWindowCounts).
    rangeCounter_->count(window);
    windowBar_->setRecounting(true);
}

bool ProfilePage::isRecounting() const
{
    return rangeCounter_->isCounting();
}

// Never waits for the worker: it stops at its next block and the job goes.
void ProfilePage::cancelRecount()
{
    rangeCounter_->cancel();
    windowBar_->setRecounting(false);
}

// Failed (`message` says why) or cancelled (empty): the window shown stays.
void ProfilePage::onRecountFailed(const QString& message)
{
    windowBar_->setRecounting(false);
    if (!message.isEmpty())
        messageBar()->showWarning(tr("The window could not be counted: %1").arg(message));
    viewState()->setRange(shownWindow_);
}

void ProfilePage::showWindowCounts(services::ProfilePtr profile)
{
    windowBar_->setRecounting(false);
    // A dump rewritten since it was loaded counts other events: its window
    // would not be the one asked for.
    if (profile->totals.eventCount != wholeProfile_->totals.eventCount) {
        messageBar()->showWarning(tr("The dump changed on disk since it was loaded; reload it to count a window."));
        viewState()->setRange(shownWindow_);
        return;
    }
    shownWindow_ = profile->window;
    showCounts(std::move(profile), false, true);
    emit windowApplied(shownWindow_);
}

void ProfilePage::addTab(QWidget* pane, const QString& title)
{
    tabs()->addTab(pane, title);
}

void ProfilePage::showSelection(LocationId location)
{
    // Stay on the current table if it has this location, else show a table
    // that has; a pane that is not a table (charts) stays in front.
    if (auto* current = currentEventTable(); current && !current->selectLocation(location)) {
        for (auto* table : eventTables_) {
            if (table->selectLocation(location)) {
                tabs()->setCurrentWidget(table);
                break;
            }
        }
    }
    for (auto* table : eventTables_)
        if (table != currentEventTable())
            table->selectLocation(location);
    tree_->showLocation(location);
    updateOverrides();
    updateInstances();
    emit statusMessage(names_.label(location).text());
}

CostTableView* ProfilePage::currentEventTable() const
{
    // The by-function tree is a CostTableView too, but not an event table.
    for (auto* table : eventTables_)
        if (table == tabs()->currentWidget())
            return table;
    return nullptr;
}

void ProfilePage::updateOverrides()
{
    updateInstances();
    // The Overrides belong to the event tables' rows: under another pane
    // (the tree, the charts) the pane would only stand there empty.
    auto* table = currentEventTable();
    overridesPane_->setVisible(table != nullptr);
    if (!table) {
        overridesPane_->showNoTable();
        return;
    }
    const auto* model = static_cast<const itemmodels::LocationTableModel*>(table->sourceModel());
    overridesPane_->showRow(model->rowAt(table->currentSourceRow()), model->kind());
}

} // namespace memprof::views

namespace memprof::views {

void ProfilePage::leaveMerge()
{
    if (!merge_->leave())
        return;
    instanceShares_->setBreakdown(nullptr);
    instanceProfile_ = nullptr;
    windowBar_->show();
}

void ProfilePage::showMerged(std::shared_ptr<const MemprofBreakdown> breakdown, const QString& title,
                             InstanceReader readInstance, const QString& warning)
{
    summary_->setMerged(title);
    // Each dump's events are its own x axis: there is no run to take a
    // window of; the heap chart stretches each run to its width.
    windowBar_->hide();
    const QString why = tr("The dumps' events have no common clock, so there is no event window over a run; the "
                           "heap chart stacks the dumps with each run stretched to the width, and the peak is the "
                           "sum of the dumps' peaks.");
    merge_->show(std::move(breakdown), title,
                 tr("<b>%1</b>: the rows sum the dumps' counts by location name. %2").arg(title.toHtmlEscaped(), why),
                 std::move(readInstance));
    charts_->setMergedProfile(*wholeProfile_, *merge_->merged());
    instanceShares_->setBreakdown(merge_->merged());
    instanceProfile_ = wholeProfile_;
    merge_->showPane(warning);
    updateInstances();
}

void ProfilePage::updateInstances()
{
    if (!isMerged())
        return;
    const CostTableView* table = currentEventTable();
    const EventKind kind = table ? static_cast<const itemmodels::LocationTableModel*>(table->sourceModel())->kind()
                                 : EventKind::Alloc;
    std::optional<LocationId> location = viewState()->selectedLocation();
    if (location && (!instanceProfile_ || *location >= instanceProfile_->locations.size()))
        location.reset();
    instanceShares_->showLocation(location, kind);
    if (!location) {
        merge_->pane()->setCaption(tr("<b>Instances</b>: select a row to see each dump's part of it."));
        return;
    }
    const QString name = itemmodels::displayText(QString::fromStdString(instanceProfile_->nameOf(*location)));
    const QString rows = kind == EventKind::Alloc     ? tr("allocations")
                         : kind == EventKind::Realloc ? tr("reallocations")
                                                      : tr("frees");
    merge_->pane()->setCaption(
        tr("<b>Instances</b> of %1 (%2; held: live at each dump's end)").arg(name.toHtmlEscaped(), rows));
}

void ProfilePage::showInstanceCounts(services::ProfilePtr profile, std::shared_ptr<const MemprofBreakdown> breakdown,
                                     std::optional<InstanceId> instance)
{
    if (!isMerged())
        return;
    // The rows of one dump are numbered apart from the merge's: the
    // selection follows its name.
    const std::optional<LocationId> selected = viewState()->selectedLocation();
    const std::string selectedName =
        selected && *selected < profile_->locations.size() ? profile_->nameOf(*selected) : std::string();
    merge_->choose(instance, std::move(breakdown));
    setSelectableProfile(profile);
    summary_->setProfile(*profile, dumpPath_);
    summary_->setMerged(merge_->shownTitle());
    showCounts(profile, true, true);
    // One dump alone: its own charts; the merge again: the stacked heap.
    charts_->setMergedProfile(*profile, *merge_->shown());
    instanceShares_->setBreakdown(merge_->shown());
    instanceProfile_ = profile;
    if (!selectedName.empty()) {
        for (LocationId id = 0; id < profile->locations.size(); ++id) {
            if (profile->nameOf(id) == selectedName) {
                viewState()->selectLocation(id);
                break;
            }
        }
    }
    updateInstances();
    emit statusMessage(merge_->shownStatus());
}

} // namespace memprof::views
