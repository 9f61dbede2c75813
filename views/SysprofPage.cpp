// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/SysprofPage.h"

#include "model/itemmodels/CostFormat.h"
#include "model/itemmodels/FunctionCostModel.h"
#include "model/itemmodels/ModelRoles.h"
#include "model/services/LoadMessages.h"
#include "views/FilterField.h"
#include "model/itemmodels/DisplayText.h"
#include "model/itemmodels/SampleShareModel.h"
#include "views/FunctionNamesReader.h"
#include "views/InstancesPane.h"
#include "views/MessageBar.h"
#include "views/RangeCounter.h"
#include "views/ReadingBar.h"
#include "views/SourcePane.h"
#include "views/StackViewChoice.h"
#include "views/charts/VmStateChart.h"
#include "views/cpu/CpuCallTreeTab.h"
#include "views/cpu/CpuFlameGraphTab.h"
#include "views/cpu/CpuFunctionsTab.h"
#include "views/cpu/CpuVmStatesTab.h"

#include <QAbstractItemView>
#include <QCheckBox>
#include <QComboBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScopedValueRollback>
#include <QScrollBar>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>
#include <vector>

namespace memprof::views {

namespace {
using itemmodels::CostKind;
using itemmodels::formatCost;

// The least width of either side of the split between the panes and the source.
constexpr int kLeastSideWidth = 240;

const char* const kTabNames[] = {"flamegraph", "top-down", "bottom-up", "functions", "states"};
} // namespace

SysprofPage::SysprofPage(QWidget* parent)
    : ResultsPage(parent),
      header_(new QLabel(this)),
      viewChoice_(makeStackViewChoice(this)),
      flame_(new CpuFlameGraphTab(viewState(), this)),
      topDown_(new CpuCallTreeTab(CpuCallTreeTab::Direction::TopDown, this)),
      bottomUp_(new CpuCallTreeTab(CpuCallTreeTab::Direction::BottomUp, this)),
      functions_(new CpuFunctionsTab(this)),
      states_(new CpuVmStatesTab(this)),
      wholeRun_(new QPushButton(tr("Count the &whole run"), this)),
      rangeCounter_(new RangeCounter(this)),
      namesReader_(new FunctionNamesReader(this)),
      sampleShares_(new itemmodels::SampleShareModel(this)),
      merge_(this, messageBar(), sampleShares_, sampleShares_->initialSortColumn(),
             [this] { showInstanceCounts(whole_, merge_.merged(), std::nullopt); })
{
    filterField()->lineEdit()->setPlaceholderText(tr("Filter functions (Ctrl+F)…"));
    header_->setTextFormat(Qt::RichText);
    header_->setWordWrap(true);
    header_->setTextInteractionFlags(Qt::TextSelectableByMouse);

    // The tables Export CSV writes (the first one until another is used),
    // with the row menu; the trees and the functions follow the filter.
    topDown_->setObjectName(QStringLiteral("cpuTopDown"));
    bottomUp_->setObjectName(QStringLiteral("cpuBottomUp"));
    functions_->functionsView()->setObjectName(QStringLiteral("cpuFunctions"));
    functions_->callersView()->setObjectName(QStringLiteral("cpuCallers"));
    functions_->calleesView()->setObjectName(QStringLiteral("cpuCallees"));
    addExportableTable(topDown_, tr("Top-down"), QStringLiteral("top-down"));
    addExportableTable(bottomUp_, tr("Bottom-up"), QStringLiteral("bottom-up"));
    addExportableTable(functions_->functionsView(), tr("Functions"), QStringLiteral("functions"));
    addExportableTable(functions_->callersView(), tr("Callers"), QStringLiteral("callers"));
    addExportableTable(functions_->calleesView(), tr("Callees"), QStringLiteral("callees"));
    for (CostTableView* view : {topDownView(), bottomUpView(), functionsView()})
        followFilter(view);

    QTabWidget* tabs = this->tabs();
    tabs->setDocumentMode(false);
    tabs->addTab(flame_, tr("F&lame graph"));
    tabs->addTab(topDown_, tr("&Top-down"));
    tabs->addTab(bottomUp_, tr("&Bottom-up"));
    tabs->addTab(functions_, tr("F&unctions"));
    tabs->addTab(states_, tr("&VM states"));
    tabs->setTabToolTip(0, tr("The call tree drawn root at the top, each frame as wide as its samples: click to "
                              "zoom, Alt+Left to go back, Esc to see all"));
    tabs->setTabToolTip(1, tr("Where time went, from the root of each call chain down"));
    tabs->setTabToolTip(2, tr("The functions samples ended in, with their callers below"));
    tabs->setTabToolTip(3,
                        tr("Each function's self and total samples; who called the selected one and what it called"));
    tabs->setTabToolTip(4, tr("Samples per VM state: the interpreter, Lua, C, the garbage collector, the JIT"));
    trackLastUsedTable();

    // The stack view's choice comes first, as it stands: it, not the filter,
    // has the focus when the page is first shown.
    setTabOrder(viewChoice_, filterField()->lineEdit());
    setTabOrder(filterField()->lineEdit(), filterField()->regexBox());
    QHBoxLayout* bar = makeStackViewBar(this, viewChoice_, filterField());
    bar->addWidget(wholeRun_);
    wholeRun_->setVisible(false);
    wholeRun_->setToolTip(tr("The panes count a range of the samples (chosen on the VM states chart): count them all"));
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(messageBar());
    layout->addWidget(header_);
    layout->addLayout(bar);
    layout->addWidget(merge_.note());
    auto* split = new QSplitter(Qt::Horizontal, this);
    split_ = split;
    split->setObjectName(QStringLiteral("cpuSourceSplitter"));
    split->addWidget(tabs);
    // Only a merge has instances: hidden for one dump.
    auto* side = new QSplitter(Qt::Vertical, this);
    side->setObjectName(QStringLiteral("cpuInstancesSplitter"));
    side->addWidget(merge_.pane());
    side->addWidget(sourcePane());
    side->setSizes({220, 300});
    split->addWidget(side);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    // The split moves only when the user drags it: the widths of the texts
    // that change with the selection (the source's path and note, a
    // function's figures) do not make a side's minimum, or the flame graph
    // would re-lay out under the pointer at each click.
    for (QWidget* part : {static_cast<QWidget*>(tabs), static_cast<QWidget*>(side)})
        part->setMinimumWidth(kLeastSideWidth);
    layout->addWidget(split, 1);

    // The panes change the view state; what it says flows back to them.
    connect(viewChoice_, &QComboBox::currentIndexChanged, this,
            [this](int index) { setView(static_cast<StackView>(viewChoice_->itemData(index).toInt())); });
    connect(states_->chart(), &charts::VmStateChart::rangeSelected, this, &SysprofPage::setRange);
    connect(flame_, &CpuFlameGraphTab::frameActivated, this, &SysprofPage::selectFrame);
    for (CpuFrameTable* table : {static_cast<CpuFrameTable*>(topDown_), static_cast<CpuFrameTable*>(bottomUp_)})
        connect(table, &CpuFrameTable::frameActivated, this, &SysprofPage::selectFrame);
    connect(functions_, &CpuFunctionsTab::frameActivated, this, &SysprofPage::selectFrame);

    connect(viewState(), &ViewState::viewChanged, this, [this] {
        if (!showingCount_)
            showView();
    });
    connect(viewState(), &ViewState::frameSelected, this, [this](std::optional<FrameId> frame) {
        if (!showingCount_)
            showSelection();
        emit frameSelected(frame);
    });
    connect(viewState(), &ViewState::rangeChanged, this, &SysprofPage::countRange);
    connect(wholeRun_, &QPushButton::clicked, this, [this] { setRange({}); });
    // A range that could not be counted: why, in the status bar; the panes
    // keep what they count.
    // The names come after the first paint, and again with other folders.
    connect(namesReader_, &FunctionNamesReader::namesRead, this, &SysprofPage::showFunctionNames);
    connect(this, &ResultsPage::sourceFoldersChanged, this,
            [this] { namesReader_->readAgain(sourcePane()->sourceFolders()); });
    connect(rangeCounter_, &RangeCounter::failed, this, [this](const QString& why) {
        if (!why.isEmpty())
            emit statusMessage(tr("The range could not be counted: %1").arg(why));
    });
}

SysprofPage::~SysprofPage() = default;

charts::VmStateChart* SysprofPage::vmStateChart() const
{
    return states_->chart();
}

FlameGraphWidget* SysprofPage::flameGraph() const
{
    return flame_;
}

CostTableView* SysprofPage::topDownView() const
{
    return topDown_;
}

CostTableView* SysprofPage::bottomUpView() const
{
    return bottomUp_;
}

CostTableView* SysprofPage::functionsView() const
{
    return functions_->functionsView();
}

CostTableView* SysprofPage::callersView() const
{
    return functions_->callersView();
}

CostTableView* SysprofPage::calleesView() const
{
    return functions_->calleesView();
}

void SysprofPage::setProfile(std::shared_ptr<const SysprofProfile> profile, const QString& path, bool keepChoices)
{
    rangeCounter_->cancel();
    leaveMerge();
    // The counts so far of a dump still read come as reloads of the ones
    // before (keepChoices): the view, the selected function, the sort
    // orders and the tables' places stay; no range is counted before the end.
    const bool reading = profile && profile->status.end == DecodeEnd::Reading;
    const bool wasReading = isReading();
    whole_ = profile;
    path_ = path;
    if (!keepChoices) {
        viewState()->resetForProfile();
        // A dump without host chains (mode L) has nothing in the other views.
        const QScopedValueRollback<bool> showing(showingCount_, true);
        if (profile && !profile->hasHostChains())
            viewState()->setView(StackView::Lua);
    } else if (!viewState()->range().isWholeRun()) {
        const QScopedValueRollback<bool> showing(showingCount_, true);
        viewState()->setRange({});
    }
    states_->chart()->setTimeline(profile ? profile->timeline : SampleTimeline());
    states_->chart()->setRange(viewState()->range());
    wholeRun_->setVisible(false);
    // The functions' names are read from the sources once the read ended.
    if (!wasReading)
        showFunctionNames(nullptr);
    if (profile && !reading)
        namesReader_->readAfterPaint(services::luaFunctionsOf(*profile), QFileInfo(path).absolutePath(),
                                     sourcePane()->sourceFolders());
    else
        namesReader_->cancel();
    std::vector<std::pair<QAbstractItemView*, int>> scrolled;
    if (keepChoices)
        for (QAbstractItemView* view : {topDownView(), bottomUpView(), functionsView()})
            scrolled.emplace_back(view, view->verticalScrollBar()->value());
    showCounted(std::move(profile));
    for (const auto& [view, position] : scrolled) {
        view->doItemsLayout();
        view->verticalScrollBar()->setValue(position);
    }
    showReadingBar(whole_->status, wasReading);
    if (keepChoices)
        return;
    // The hottest function (by self samples) selected: its callers and
    // callees are the first thing worth reading.
    const std::vector<FunctionCost>& costs = functions_->functionsModel()->costs();
    const auto hottest = std::max_element(costs.begin(), costs.end(), [](const FunctionCost& a, const FunctionCost& b) {
        return a.selfSamples < b.selfSamples;
    });
    if (hottest != costs.end())
        selectFrame(hottest->frame);
}

// A dump still read: the reading bar says how far, and no range is counted
// (nor chosen) before the end.
bool SysprofPage::isReading() const
{
    return whole_ && whole_->status.end == DecodeEnd::Reading;
}

void SysprofPage::showFunctionNames(services::FunctionNamesPtr names)
{
    topDown_->setFunctionNames(names);
    bottomUp_->setFunctionNames(names);
    functions_->setFunctionNames(names);
    flame_->setFunctionNames(std::move(names));
}

void SysprofPage::setRange(RunRange range)
{
    if (whole_)
        viewState()->setRange(range);
}

void SysprofPage::countRange(RunRange range)
{
    if (isReading() && !range.isWholeRun()) {
        viewState()->setRange({}); // a drag across the chart: the range waits for the end
        return;
    }
    states_->chart()->setRange(range);
    wholeRun_->setVisible(!range.isWholeRun());
    if (range.isWholeRun()) {
        rangeCounter_->cancel();
        showCounted(whole_);
        emit rangeCounted(range);
        return;
    }
    // The counted document comes back through showRangeCounts (a page
    // given a profile without its document counts nothing).
    if (!rangeCounter_->count(range))
        return;
    emit statusMessage(
        tr("Counting samples %1 to %2…").arg(itemmodels::countText(range.first), itemmodels::countText(range.last)));
}

void SysprofPage::showRangeCounts(std::shared_ptr<const SysprofProfile> counted, RunRange range)
{
    showCounted(std::move(counted));
    emit statusMessage(tr("Every pane counts samples %1 to %2.")
                           .arg(itemmodels::countText(range.first), itemmodels::countText(range.last)));
    emit rangeCounted(range);
}

void SysprofPage::showCounted(std::shared_ptr<const SysprofProfile> counted)
{
    // Frame ids are the order frames were first met in: another count
    // numbers them anew, so the selection carries over by name.
    std::optional<CallFrame> selected;
    if (viewState()->selectedFrame() && profile_)
        selected = profile_->frames[*viewState()->selectedFrame()];
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
        viewState()->selectFrame(carried);
    }
    showView();
    states_->showStates(profile_.get());
    renderHeader();
}

void SysprofPage::setView(StackView view)
{
    viewState()->setView(view);
}

void SysprofPage::showView()
{
    const QSignalBlocker blocker(viewChoice_);
    viewChoice_->setCurrentIndex(viewChoice_->findData(static_cast<int>(viewState()->view())));
    topDown_->setProfile(profile_, viewState()->view());
    bottomUp_->setProfile(profile_, viewState()->view());
    functions_->setProfile(profile_, viewState()->view());
    flame_->setProfile(profile_);
    showSelection();
}

void SysprofPage::selectFrame(std::optional<FrameId> frame)
{
    viewState()->selectFrame(frame);
}

// The selected function's chunk at its definition line (a trace's at the
// line it started): sysprof records no running line.
void SysprofPage::showSource()
{
    SourcePane::Chunk chunk;
    const std::optional<FrameId> selected = viewState()->selectedFrame();
    if (!selected || !profile_) {
        chunk.title = tr("Source");
        chunk.explanation = tr("Select a function to see its source.");
        sourcePane()->showChunk(chunk, QFileInfo(path_).absolutePath());
        return;
    }
    const CallFrame& frame = profile_->frames[*selected];
    chunk.title = QString::fromStdString(frame.name);
    if ((frame.kind == FrameKind::Lua || frame.kind == FrameKind::Trace) && !frame.chunk.empty()) {
        chunk.chunkname = frame.chunk;
        chunk.line = static_cast<int>(frame.line);
        chunk.aliasName = frame.aliasName();
        chunk.note = frame.kind == FrameKind::Trace
                         ? tr("Marked: the line where the trace started recording.")
                         : tr("Marked: where the function is defined. Sysprof records which function ran, not "
                              "the line.");
    } else {
        chunk.explanation =
            itemmodels::describeFrame(frame) + QStringLiteral("\n\n") + tr("There is no Lua source to show for it.");
    }
    sourcePane()->showChunk(chunk, QFileInfo(path_).absolutePath());
}

// Every pane shows the selected function: the source, the flame's
// costliest frame of it, the sandwich, the trees' first row of it.
void SysprofPage::showSelection()
{
    showSource();
    flame_->showSelection();
    const std::optional<FrameId> selected = viewState()->selectedFrame();
    functions_->showSelection(profile_, viewState()->view(), selected);
    updateInstances();
    if (!selected || !profile_)
        return;
    topDown_->showFrame(*selected);
    bottomUp_->showFrame(*selected);
}

QString SysprofPage::rowChunk(const QModelIndex& index) const
{
    const QVariant id = index.data(itemmodels::FrameIdRole);
    if (!id.isValid() || !profile_ || id.toUInt() >= profile_->frames.size())
        return {};
    const CallFrame& frame = profile_->frames[id.toUInt()];
    if ((frame.kind != FrameKind::Lua && frame.kind != FrameKind::Trace) || frame.chunk.empty())
        return {};
    // A chunk loaded from a string is named by its source text: the frame
    // names it as the tables show it.
    const std::string alias = frame.aliasName();
    return QString::fromStdString(alias.empty() ? frame.chunk : alias);
}

std::function<void()> SysprofPage::rowSource(const CostTableView*, const QModelIndex& index)
{
    const QVariant id = index.data(itemmodels::FrameIdRole);
    if (!id.isValid())
        return {};
    return [this, frame = static_cast<FrameId>(id.toUInt())] { selectFrame(frame); };
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
    // A merge is named by its title, its dumps being in the Instances pane.
    const QString name = isMerged() ? merge_.shownTitle() : file.fileName();
    const QString where = isMerged() ? QString() : file.absolutePath();
    QStringList facts;
    facts << tr("sysprof CPU profile, format %1").arg(profile_->status.eventsVersion);
    if (profile_->range.isWholeRun())
        facts << tr("%1 samples").arg(itemmodels::countText(profile_->sampleCount));
    else
        facts << tr("samples %1 to %2 of %3 counted")
                     .arg(itemmodels::countText(profile_->range.first),
                          itemmodels::countText(std::min(profile_->range.last, profile_->runSampleCount)),
                          itemmodels::countText(profile_->runSampleCount));
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
    facts << tr("%1 in JIT traces").arg(itemmodels::shareText(profile_->traceSamples(), profile_->sampleCount));
    facts << tr("%1 distinct stacks").arg(itemmodels::countText(profile_->distinctStacks));
    facts << tr("interval not recorded in the dump");
    QString completeness = profile_->status.end == DecodeEnd::Truncated
                               ? tr("<span style='color:#b35900'>cut short: %1</span>")
                                     .arg(services::describeTruncationPoint(profile_->status).toHtmlEscaped())
                               : tr("complete");
    return tr("<b>%1</b> &nbsp;%2<br>%3 · %4")
        .arg(name.toHtmlEscaped(), where.toHtmlEscaped(), facts.join(QStringLiteral(" · ")),
             completeness);
}

bool SysprofPage::showTab(const QString& name)
{
    for (int i = 0; i < static_cast<int>(std::size(kTabNames)); ++i) {
        if (name == QLatin1String(kTabNames[i])) {
            tabs()->setCurrentIndex(i);
            return true;
        }
    }
    return false;
}

void SysprofPage::leaveMerge()
{
    if (!merge_.leave())
        return;
    sampleShares_->setBreakdown(nullptr, nullptr);
    const int states = tabs()->indexOf(states_);
    tabs()->setTabEnabled(states, true);
    tabs()->setTabToolTip(states, tr("Samples per VM state: the interpreter, Lua, C, the garbage collector, the JIT"));
}

void SysprofPage::showMerged(std::shared_ptr<const SysprofBreakdown> breakdown, const QString& title,
                             InstanceReader readInstance, const QString& warning)
{
    // Each dump's samples are in its own time: there is no run to take a
    // range of, nor a timeline to draw.
    const QString why = tr("The dumps' samples have no common clock, so there is no chart of the VM states over a "
                           "run and no range of samples to count.");
    merge_.show(std::move(breakdown), title,
                tr("<b>%1</b>: the stacks sum the dumps' samples, frames matched by name. %2")
                    .arg(title.toHtmlEscaped(), why),
                std::move(readInstance));
    const int states = tabs()->indexOf(states_);
    if (tabs()->currentIndex() == states)
        tabs()->setCurrentIndex(0);
    tabs()->setTabEnabled(states, false);
    tabs()->setTabToolTip(states, why);
    sampleShares_->setBreakdown(whole_, merge_.merged());
    // The pane's figures need more room than the source alone: the side
    // widens once, when a merge is first shown; the user's split stays after.
    if (merge_.pane()->isHidden())
        split_->setSizes({2000, 1000}); // shares of the width, 2:1, whatever it is now
    merge_.showPane(warning);
    renderHeader();
    updateInstances();
}

void SysprofPage::showInstanceCounts(std::shared_ptr<const SysprofProfile> profile,
                                     std::shared_ptr<const SysprofBreakdown> breakdown,
                                     std::optional<InstanceId> instance)
{
    if (!isMerged())
        return;
    merge_.choose(instance, std::move(breakdown));
    sampleShares_->setBreakdown(profile, merge_.shown());
    // The selection carries over by name (showCounted).
    showCounted(std::move(profile));
    updateInstances();
    emit statusMessage(merge_.shownStatus());
}

void SysprofPage::updateInstances()
{
    if (!isMerged())
        return;
    const std::optional<FrameId> selected = viewState()->selectedFrame();
    sampleShares_->showFrame(selected, viewState()->view());
    if (!selected || !profile_ || *selected >= profile_->frames.size()) {
        merge_.pane()->setCaption(tr("<b>Instances</b>: select a function to see each dump's samples of it."));
        return;
    }
    const QString name = itemmodels::displayText(QString::fromStdString(profile_->frames[*selected].name));
    merge_.pane()->setCaption(tr("<b>Instances</b> of %1").arg(name.toHtmlEscaped()));
}

} // namespace memprof::views
