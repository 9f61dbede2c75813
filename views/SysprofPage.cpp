// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/SysprofPage.h"

#include "model/itemmodels/CallFlameTree.h"
#include "model/itemmodels/CallTreeModel.h"
#include "model/itemmodels/CostFormat.h"
#include "model/itemmodels/FunctionCostModel.h"
#include "model/itemmodels/ModelRoles.h"
#include "model/services/LoadMessages.h"
#include "model/services/SysprofRangeJob.h"
#include "views/charts/VmStateChart.h"
#include "views/CostTableView.h"
#include "views/FilterField.h"
#include "views/SourcePane.h"
#include "views/StackViewChoice.h"
#include "views/flamegraph/FlameGraphWidget.h"

#include <QComboBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScopedValueRollback>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace memprof::views {

namespace {
using itemmodels::CallEdgeModel;
using itemmodels::CallTreeModel;
using itemmodels::CostKind;
using itemmodels::formatCost;

QString count(std::uint64_t value)
{
    return formatCost(static_cast<qint64>(value), CostKind::Count, true);
}

QString share(std::uint64_t part, std::uint64_t whole)
{
    return formatCost(whole ? static_cast<double>(part) / static_cast<double>(whole) : 0.0, CostKind::Share, true);
}

// What each VM state means, for the states pane.
QString stateMeaning(VmState state)
{
    switch (state) {
    case VmState::Interp:
        return SysprofPage::tr("The interpreter, between functions (no Lua call chain)");
    case VmState::Lfunc:
        return SysprofPage::tr("Running a Lua function (interpreted)");
    case VmState::Ffunc:
        return SysprofPage::tr("Running a fast function (a builtin such as string.format)");
    case VmState::Cfunc:
        return SysprofPage::tr("Running a C function called from Lua");
    case VmState::Gc:
        return SysprofPage::tr("The garbage collector");
    case VmState::Exit:
        return SysprofPage::tr("Leaving JIT-compiled code (trace exits)");
    case VmState::Record:
        return SysprofPage::tr("The JIT compiler recording a trace");
    case VmState::Opt:
        return SysprofPage::tr("The JIT compiler optimising a trace");
    case VmState::Asm:
        return SysprofPage::tr("The JIT compiler assembling machine code");
    case VmState::Trace:
        return SysprofPage::tr("Running JIT-compiled code (traces)");
    }
    return {};
}

const char* const kTabNames[] = {"flamegraph", "top-down", "bottom-up", "functions", "states"};
} // namespace

SysprofPage::SysprofPage(QWidget* parent)
    : QWidget(parent)
    , state_(new SysprofViewState(this))
    , header_(new QLabel(this))
    , viewChoice_(makeStackViewChoice(this))
    , filter_(new FilterField(this))
    , tabs_(new QTabWidget(this))
    , flame_(new FlameGraphWidget(this))
    , topDownModel_(new CallTreeModel(CallTreeModel::Direction::TopDown, this))
    , bottomUpModel_(new CallTreeModel(CallTreeModel::Direction::BottomUp, this))
    , functionsModel_(new itemmodels::FunctionCostModel(this))
    , callersModel_(new CallEdgeModel(CallEdgeModel::Side::Callers, this))
    , calleesModel_(new CallEdgeModel(CallEdgeModel::Side::Callees, this))
    , topDown_(new CostTableView(this))
    , bottomUp_(new CostTableView(this))
    , functions_(new CostTableView(this))
    , callers_(new CostTableView(this))
    , callees_(new CostTableView(this))
    , selectedLabel_(new QLabel(this))
    , states_(new QTableWidget(this))
    , chart_(new charts::VmStateChart(this))
    , source_(new SourcePane(nullptr, this))
    , wholeRun_(new QPushButton(tr("Count the &whole run"), this))
{
    filter_->lineEdit()->setPlaceholderText(tr("Filter functions (Ctrl+F)…"));
    header_->setTextFormat(Qt::RichText);
    header_->setWordWrap(true);
    header_->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* choiceLabel = new QLabel(tr("&Stacks:"), this);
    choiceLabel->setBuddy(viewChoice_);

    topDown_->setSourceModel(topDownModel_);
    bottomUp_->setSourceModel(bottomUpModel_);
    functions_->setSourceModel(functionsModel_);
    callers_->setSourceModel(callersModel_);
    callees_->setSourceModel(calleesModel_);
    for (CostTableView* view : {topDown_, bottomUp_, functions_}) {
        view->sortByCostColumn(view == functions_ ? static_cast<int>(itemmodels::FunctionCostModel::SelfColumn)
                                                  : static_cast<int>(CallTreeModel::TotalColumn));
        watchSelection(view);
    }
    for (CostTableView* view : {callers_, callees_}) {
        view->sortByCostColumn(CallEdgeModel::SamplesColumn);
        view->setPlaceholderText(tr("Select a function to see who called it and what it called."));
        watchSelection(view);
    }
    bottomUp_->setHiddenColumns({CallTreeModel::SelfColumn, CallTreeModel::SelfShareColumn});
    for (CostTableView* tree : {topDown_, bottomUp_}) {
        tree->setRootIsDecorated(true);
        tree->setUniformRowHeights(true);
        // A match keeps the calls that lead to it, and what it called.
        tree->proxyModel()->setRecursiveFilteringEnabled(true);
        tree->proxyModel()->setAutoAcceptChildRows(true);
    }

    auto* sandwich = new QSplitter(Qt::Horizontal, this);
    auto* callersBox = new QWidget(sandwich);
    auto* callersLayout = new QVBoxLayout(callersBox);
    callersLayout->setContentsMargins(0, 0, 0, 0);
    callersLayout->addWidget(new QLabel(tr("<b>Callers</b>"), callersBox));
    callersLayout->addWidget(callers_);
    auto* calleesBox = new QWidget(sandwich);
    auto* calleesLayout = new QVBoxLayout(calleesBox);
    calleesLayout->setContentsMargins(0, 0, 0, 0);
    calleesLayout->addWidget(new QLabel(tr("<b>Callees</b>"), calleesBox));
    calleesLayout->addWidget(callees_);
    sandwich->addWidget(callersBox);
    sandwich->addWidget(calleesBox);

    auto* functionsPane = new QSplitter(Qt::Vertical, this);
    functionsPane->addWidget(functions_);
    auto* lower = new QWidget(functionsPane);
    auto* lowerLayout = new QVBoxLayout(lower);
    lowerLayout->setContentsMargins(0, 0, 0, 0);
    selectedLabel_->setTextFormat(Qt::RichText);
    selectedLabel_->setWordWrap(true);
    lowerLayout->addWidget(selectedLabel_);
    lowerLayout->addWidget(sandwich);
    functionsPane->addWidget(lower);
    functionsPane->setStretchFactor(0, 3);
    functionsPane->setStretchFactor(1, 2);

    states_->setColumnCount(4);
    states_->setHorizontalHeaderLabels({tr("VM state"), tr("Samples"), tr("Share"), tr("What it is")});
    states_->verticalHeader()->hide();
    states_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    states_->setSelectionBehavior(QAbstractItemView::SelectRows);
    states_->horizontalHeader()->setStretchLastSection(true);

    tabs_->addTab(flame_, tr("F&lame graph"));
    tabs_->addTab(topDown_, tr("&Top-down"));
    tabs_->addTab(bottomUp_, tr("&Bottom-up"));
    tabs_->addTab(functionsPane, tr("F&unctions"));
    auto* statesPane = new QSplitter(Qt::Vertical, this);
    chart_->setMinimumHeight(180);
    chart_->setToolTip(tr("Drag across the chart to count only those samples in every pane; Shift+drag pans, "
                          "the wheel zooms, double-click shows the whole run"));
    statesPane->addWidget(chart_);
    statesPane->addWidget(states_);
    statesPane->setStretchFactor(0, 3);
    statesPane->setStretchFactor(1, 2);
    tabs_->addTab(statesPane, tr("&VM states"));
    tabs_->setTabToolTip(0, tr("The call tree drawn root at the top, each frame as wide as its samples: click to "
                               "zoom, Alt+Left to go back, Esc to see all"));
    tabs_->setTabToolTip(1, tr("Where time went, from the root of each call chain down"));
    tabs_->setTabToolTip(2, tr("The functions samples ended in, with their callers below"));
    tabs_->setTabToolTip(3, tr("Each function's self and total samples; who called the selected one and what it called"));
    tabs_->setTabToolTip(4, tr("Samples per VM state: the interpreter, Lua, C, the garbage collector, the JIT"));

    auto* bar = new QHBoxLayout;
    bar->addWidget(choiceLabel);
    bar->addWidget(viewChoice_);
    bar->addSpacing(12);
    bar->addWidget(filter_, 1);
    bar->addWidget(wholeRun_);
    wholeRun_->setVisible(false);
    wholeRun_->setToolTip(tr("The panes count a range of the samples (chosen on the VM states chart): count them all"));
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(header_);
    layout->addLayout(bar);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(tabs_);
    split->addWidget(source_);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    layout->addWidget(split, 1);
    connect(source_, &SourcePane::addSourceFolderRequested, this, &SysprofPage::addSourceFolderRequested);

    // The panes change the view state; what it says flows back to them.
    connect(viewChoice_, &QComboBox::currentIndexChanged, this,
            [this](int index) { setView(static_cast<StackView>(viewChoice_->itemData(index).toInt())); });
    connect(chart_, &charts::VmStateChart::rangeSelected, this, &SysprofPage::setSampleRange);
    connect(flame_, &FlameGraphWidget::treeBuilt, this, &SysprofPage::flameBuilt);
    connect(flame_, &FlameGraphWidget::frameSelected, this, [this](int node) {
        if (node > 0 && profile_ && !syncing_ && !flame_->isBuilding())
            selectFrame(profile_->tree(state_->view()).node(node).frame);
    });
    connect(flame_, &FlameGraphWidget::zoomChanged, this, [this](int node) {
        // A tree just built starts unzoomed: the state's zoom is put on it
        // (flameBuilt), not taken from it.
        if (flame_->tree() && flame_->tree() == zoomedFlame_)
            state_->setFlameZoomPath(flameZoomPathOf(node));
    });
    connect(flame_, &FlameGraphWidget::searchChanged, state_, &SysprofViewState::setFlameSearch);

    connect(state_, &SysprofViewState::viewChanged, this, [this] {
        if (!showingCount_)
            showView();
    });
    connect(state_, &SysprofViewState::frameSelected, this, [this](std::optional<FrameId> frame) {
        if (!showingCount_)
            showSelection();
        emit frameSelected(frame);
    });
    connect(state_, &SysprofViewState::sampleRangeChanged, this, &SysprofPage::countRange);
    connect(state_, &SysprofViewState::flameZoomPathChanged, this, &SysprofPage::applyFlameZoom);
    connect(state_, &SysprofViewState::flameSearchChanged, flame_, &FlameGraphWidget::setSearch);
    connect(wholeRun_, &QPushButton::clicked, this, [this] { setSampleRange({}); });
    connect(filter_, &FilterField::filterChanged, this, [this](const QRegularExpression& expression) {
        for (CostTableView* view : {topDown_, bottomUp_, functions_})
            view->setFilter(expression);
        filter_->setMatchCount(functions_->shownLeafCount(), functions_->totalLeafCount());
    });
}

void SysprofPage::watchSelection(CostTableView* view)
{
    const auto select = [this](const QModelIndex& index) {
        const QVariant frame = index.data(itemmodels::FrameIdRole);
        if (frame.isValid() && !syncing_)
            selectFrame(static_cast<FrameId>(frame.toUInt()));
    };
    // In the sandwich a click goes to that caller or callee; elsewhere the
    // current row is the selection, however it was moved.
    if (view == callers_ || view == callees_) {
        connect(view, &QAbstractItemView::activated, this, select);
        connect(view, &QAbstractItemView::clicked, this, select);
        return;
    }
    connect(view->selectionModel(), &QItemSelectionModel::currentChanged, this, select);
}

SysprofPage::~SysprofPage() = default;

void SysprofPage::setProfile(std::shared_ptr<const SysprofProfile> profile, const QString& path)
{
    rangeJob_.reset();
    whole_ = profile;
    path_ = path;
    state_->resetForProfile();
    {
        // A dump without host chains (mode L) has nothing in the other views.
        const QScopedValueRollback<bool> showing(showingCount_, true);
        if (profile && !profile->hasHostChains())
            state_->setView(StackView::Lua);
    }
    chart_->setTimeline(profile ? profile->timeline : SampleTimeline());
    chart_->setRange(state_->sampleRange());
    wholeRun_->setVisible(false);
    showCounted(std::move(profile));
    // The hottest function (by self samples) selected: its callers and
    // callees are the first thing worth reading.
    const std::vector<FunctionCost>& costs = functionsModel_->costs();
    const auto hottest = std::max_element(costs.begin(), costs.end(), [](const FunctionCost& a, const FunctionCost& b) {
        return a.selfSamples < b.selfSamples;
    });
    if (hottest != costs.end())
        selectFrame(hottest->frame);
}

void SysprofPage::setSampleRange(SampleRange range)
{
    if (whole_)
        state_->setSampleRange(range);
}

void SysprofPage::countRange(SampleRange range)
{
    chart_->setRange(range);
    wholeRun_->setVisible(!range.isWholeRun());
    if (range.isWholeRun()) {
        rangeJob_.reset();
        showCounted(whole_);
        emit rangeCounted(range);
        return;
    }
    rangeJob_ = std::make_unique<services::SysprofRangeJob>(QFileInfo(path_).absoluteFilePath(), range);
    connect(rangeJob_.get(), &services::SysprofRangeJob::finished, this,
            [this, job = rangeJob_.get(), range](services::SysprofPtr counted) {
                if (rangeJob_.get() != job)
                    return;
                rangeJob_.release()->deleteLater();
                if (counted->status.end == DecodeEnd::Failed || counted->status.end == DecodeEnd::Cancelled) {
                    emit statusMessage(tr("The range could not be counted: %1")
                                           .arg(services::describeFailure(counted->status)));
                    return;
                }
                showCounted(std::move(counted));
                emit statusMessage(tr("Every pane counts samples %1 to %2.").arg(count(range.first + 1), count(range.last)));
                emit rangeCounted(range);
            });
    emit statusMessage(tr("Counting samples %1 to %2…").arg(count(range.first + 1), count(range.last)));
    rangeJob_->start();
}

void SysprofPage::showCounted(std::shared_ptr<const SysprofProfile> counted)
{
    // Frame ids are the order frames were first met in: another count
    // numbers them anew, so the selection carries over by name.
    std::optional<CallFrame> selected;
    if (state_->selectedFrame() && profile_)
        selected = profile_->frames[*state_->selectedFrame()];
    profile_ = std::move(counted);
    std::optional<FrameId> carried;
    if (selected && profile_) {
        for (FrameId id = 0; id < profile_->frames.size(); ++id) {
            if (profile_->frames[id].name == selected->name && profile_->frames[id].kind == selected->kind) {
                carried = id;
                break;
            }
        }
    }
    {
        // The panes show the new count once, below, with the carried selection.
        const QScopedValueRollback<bool> showing(showingCount_, true);
        state_->selectFrame(carried);
    }
    showView();
    showStates();
    renderHeader();
}

void SysprofPage::setView(StackView view)
{
    state_->setView(view);
}

void SysprofPage::showView()
{
    const QSignalBlocker blocker(viewChoice_);
    viewChoice_->setCurrentIndex(viewChoice_->findData(static_cast<int>(state_->view())));
    topDownModel_->setProfile(profile_, state_->view());
    bottomUpModel_->setProfile(profile_, state_->view());
    functionsModel_->setProfile(profile_, state_->view());
    expandHottestPath(topDown_);
    bottomUp_->expandToDepth(0);
    showFlame();
    showSelection();
}

// The flame of the view shown, built off the GUI thread; once built it is
// zoomed where the view state says, as far as the same path of frames is
// still there (a new range or view keeps the place looked at).
void SysprofPage::showFlame()
{
    if (!profile_) {
        flame_->setTree(nullptr);
        return;
    }
    flame_->buildTree([profile = profile_, view = state_->view()] { return callFlameTree(*profile, view); });
}

void SysprofPage::flameBuilt()
{
    zoomedFlame_ = flame_->tree();
    applyFlameZoom();
    selectInFlame();
}

std::vector<std::string> SysprofPage::flameZoomPathOf(int node) const
{
    std::vector<std::string> path;
    const FlameTree& tree = *flame_->tree();
    for (; node > 0; node = tree.nodes[node].parent)
        path.push_back(tree.nodes[node].name);
    std::reverse(path.begin(), path.end());
    return path;
}

void SysprofPage::applyFlameZoom()
{
    const FlameTree* shown = flame_->tree();
    // While a build runs, the zoom waits for its tree.
    if (!shown || shown != zoomedFlame_ || flame_->isBuilding())
        return;
    int zoom = 0;
    for (const std::string& name : state_->flameZoomPath()) {
        const auto& children = shown->nodes[zoom].children;
        const auto found = std::find_if(children.begin(), children.end(),
                                        [&](std::int32_t child) { return shown->nodes[child].name == name; });
        if (found == children.end())
            break;
        zoom = *found;
    }
    flame_->setZoomNode(zoom);
}

// The selected function's costliest frame is the flame's selected one,
// unless a frame of it is selected already.
void SysprofPage::selectInFlame()
{
    const FlameTree* shown = flame_->tree();
    // While a build runs, the flame shown is of another count or view.
    if (!shown || !profile_ || flame_->isBuilding())
        return;
    const CallTree& calls = profile_->tree(state_->view());
    const int current = flame_->selectedNode();
    if (state_->selectedFrame() && current > 0 && calls.node(current).frame == *state_->selectedFrame())
        return;
    int costliest = -1;
    if (state_->selectedFrame()) {
        for (CallNodeId id = 1; id < static_cast<CallNodeId>(calls.size()); ++id)
            if (calls.node(id).frame == *state_->selectedFrame() &&
                (costliest < 0 || calls.node(id).totalSamples > calls.node(costliest).totalSamples))
                costliest = id;
    }
    const QScopedValueRollback<bool> syncing(syncing_, true);
    flame_->selectNode(costliest);
}

// Opens the tree along its heaviest branch while it holds at least a tenth of
// the samples: where the time goes is open from the start.
void SysprofPage::expandHottestPath(CostTableView* view)
{
    const QAbstractItemModel* shown = view->model();
    const double all = static_cast<double>(profile_ ? profile_->tree(state_->view()).totalSamples() : 0);
    QModelIndex parent;
    for (int depth = 0; depth < 64 && all > 0; ++depth) {
        QModelIndex heaviest;
        qint64 most = -1;
        for (int row = 0; row < shown->rowCount(parent); ++row) {
            const QModelIndex child = shown->index(row, CallTreeModel::TotalColumn, parent);
            const qint64 samples = child.data(itemmodels::SortRole).toLongLong();
            if (samples > most) {
                most = samples;
                heaviest = child.siblingAtColumn(0);
            }
        }
        if (!heaviest.isValid() || static_cast<double>(most) < all / 10)
            break;
        view->expand(heaviest);
        parent = heaviest;
    }
}

void SysprofPage::selectFrame(std::optional<FrameId> frame)
{
    state_->selectFrame(frame);
}

void SysprofPage::setSourceFolders(const QStringList& folders)
{
    source_->setSourceFolders(folders);
}

// The selected function's chunk at its definition line (a trace's at the
// line it started): sysprof records no running line.
void SysprofPage::showSource()
{
    SourcePane::Chunk chunk;
    if (!state_->selectedFrame() || !profile_) {
        chunk.title = tr("Source");
        chunk.explanation = tr("Select a function to see its source.");
        source_->showChunk(chunk, QFileInfo(path_).absolutePath());
        return;
    }
    const CallFrame& frame = profile_->frames[*state_->selectedFrame()];
    chunk.title = QString::fromStdString(frame.name);
    if ((frame.kind == FrameKind::Lua || frame.kind == FrameKind::Trace) && !frame.chunk.empty()) {
        chunk.chunkname = frame.chunk;
        chunk.line = static_cast<int>(frame.line);
        if (frame.chunk.find('\n') != std::string::npos)
            chunk.aliasName = frame.name.substr(0, frame.name.rfind(':'));
        chunk.note = frame.kind == FrameKind::Trace
                         ? tr("Marked: the line where the trace started recording.")
                         : tr("Marked: where the function is defined. Sysprof records which function ran, not "
                              "the line.");
    } else {
        chunk.explanation = itemmodels::describeFrame(frame) + QStringLiteral("\n\n") +
                            tr("There is no Lua source to show for it.");
    }
    source_->showChunk(chunk, QFileInfo(path_).absolutePath());
}

void SysprofPage::showSelection()
{
    showSource();
    selectInFlame();
    callersModel_->setFunction(profile_, state_->view(), state_->selectedFrame());
    calleesModel_->setFunction(profile_, state_->view(), state_->selectedFrame());
    if (!state_->selectedFrame() || !profile_) {
        selectedLabel_->setText(tr("No function selected."));
        for (CostTableView* view : {callers_, callees_})
            view->setPlaceholderText(tr("Select a function to see who called it and what it called."));
        return;
    }
    const QString name = QString::fromStdString(profile_->frames[*state_->selectedFrame()].name);
    callers_->setPlaceholderText(tr("Nothing called %1 in these samples: its calls start a chain.").arg(name));
    callees_->setPlaceholderText(tr("%1 called no other function in these samples.").arg(name));
    const CallersAndCallees& edges = callersModel_->edges();
    const std::uint64_t all = profile_->tree(state_->view()).totalSamples();
    selectedLabel_->setText(tr("<b>%1</b>: self %2 (%3), total %4 (%5)%6")
                                .arg(QString::fromStdString(profile_->frames[*state_->selectedFrame()].name).toHtmlEscaped(),
                                     count(edges.function.selfSamples), share(edges.function.selfSamples, all),
                                     count(edges.function.totalSamples), share(edges.function.totalSamples, all),
                                     edges.samplesAsRoot ? tr("; %1 at the root of a chain").arg(count(edges.samplesAsRoot))
                                                         : QString()));
    // The same function becomes current in the panes that show another
    // (the first row of it, the costliest in a sorted tree).
    const QScopedValueRollback<bool> syncing(syncing_, true);
    const QVariant frame = QVariant::fromValue(static_cast<uint>(*state_->selectedFrame()));
    for (CostTableView* view : {topDown_, bottomUp_, functions_}) {
        if (view->currentIndex().data(itemmodels::FrameIdRole) == frame)
            continue;
        QAbstractItemModel* shown = view->model();
        const QModelIndexList found =
            shown->match(shown->index(0, 0), itemmodels::FrameIdRole, frame, 1, Qt::MatchExactly | Qt::MatchRecursive);
        if (!found.isEmpty()) {
            view->setCurrentIndex(found.front());
            view->scrollTo(found.front());
        }
    }
}

void SysprofPage::showStates()
{
    states_->setRowCount(0);
    if (!profile_)
        return;
    states_->setRowCount(static_cast<int>(kVmStateCount));
    for (std::size_t state = 0; state < kVmStateCount; ++state) {
        const std::uint64_t samples = profile_->samplesByState[state];
        const int row = static_cast<int>(state);
        states_->setItem(row, 0, new QTableWidgetItem(QString::fromLatin1(kVmStateNames[state].data(),
                                                                          static_cast<int>(kVmStateNames[state].size()))));
        auto* samplesItem = new QTableWidgetItem(count(samples));
        samplesItem->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        states_->setItem(row, 1, samplesItem);
        auto* shareItem = new QTableWidgetItem(share(samples, profile_->sampleCount));
        shareItem->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        states_->setItem(row, 2, shareItem);
        states_->setItem(row, 3, new QTableWidgetItem(stateMeaning(static_cast<VmState>(state))));
    }
    states_->resizeColumnsToContents();
}

void SysprofPage::renderHeader()
{
    header_->setText(headerText());
}

QString SysprofPage::headerText() const
{
    if (!profile_)
        return {};
    const QFileInfo file(path_);
    QStringList facts;
    facts << tr("sysprof CPU profile, format %1").arg(profile_->status.eventsVersion);
    if (profile_->range.isWholeRun())
        facts << tr("%1 samples").arg(count(profile_->sampleCount));
    else
        facts << tr("samples %1 to %2 of %3 counted")
                     .arg(count(profile_->range.first + 1), count(std::min(profile_->range.last, profile_->runSampleCount)),
                          count(profile_->runSampleCount));
    switch (profile_->mode()) {
    case SysprofMode::C:
        facts << tr("mode C (host call chains)");
        break;
    case SysprofMode::L:
        facts << tr("mode L (no host call chains)");
        break;
    case SysprofMode::Untold:
        facts << tr("no host call chains (JIT traces have none in either mode)");
        break;
    }
    facts << tr("%1 in JIT traces").arg(share(profile_->traceSamples(), profile_->sampleCount));
    facts << tr("%1 distinct stacks").arg(count(profile_->distinctStacks));
    facts << tr("interval not recorded in the dump");
    QString completeness = profile_->status.end == DecodeEnd::Truncated
                               ? tr("<span style='color:#b35900'>cut short: %1</span>")
                                     .arg(services::describeTruncationPoint(profile_->status).toHtmlEscaped())
                               : tr("complete");
    return tr("<b>%1</b> &nbsp;%2<br>%3 · %4")
        .arg(file.fileName().toHtmlEscaped(), file.absolutePath().toHtmlEscaped(), facts.join(QStringLiteral(" · ")),
             completeness);
}

bool SysprofPage::showTab(const QString& name)
{
    for (int i = 0; i < static_cast<int>(std::size(kTabNames)); ++i) {
        if (name == QLatin1String(kTabNames[i])) {
            tabs_->setCurrentIndex(i);
            return true;
        }
    }
    return false;
}

} // namespace memprof::views
