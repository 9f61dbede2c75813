// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/SysprofComparisonPage.h"

#include "model/flame/CallFlameTree.h"
#include "model/itemmodels/ChangeColors.h"
#include "model/itemmodels/CostFormat.h"
#include "model/itemmodels/FunctionChangeModel.h"
#include "views/CostTableView.h"
#include "views/FilterField.h"
#include "views/FunctionNamesReader.h"
#include "views/MessageBar.h"
#include "views/SourcePane.h"
#include "views/StackViewChoice.h"
#include "views/cpu/CpuFlameGraphTab.h"
#include "views/flamegraph/FlameGraphWidget.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QScopedValueRollback>
#include <QSignalBlocker>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QVBoxLayout>

namespace memprof::views {

using itemmodels::CostKind;
using itemmodels::FunctionChangeModel;

namespace {

// `mergedName`: the run's name when it is dumps merged; empty: the file's.
QString describeRun(const SysprofProfile& profile, const QString& path, const QString& mergedName,
                    const QString& side)
{
    const QString cut =
        profile.status.end == DecodeEnd::Truncated ? SysprofComparisonPage::tr(", cut short") : QString();
    const SysprofMode recorded = profile.mode();
    const QString mode = recorded == SysprofMode::C   ? SysprofComparisonPage::tr(", mode C")
                         : recorded == SysprofMode::L ? SysprofComparisonPage::tr(", mode L")
                                                      : SysprofComparisonPage::tr(", all in JIT traces");
    return SysprofComparisonPage::tr("%1 <b>%2</b>: %3 samples%4%5")
        .arg(side, (mergedName.isEmpty() ? QFileInfo(path).fileName() : mergedName).toHtmlEscaped(),
             itemmodels::countText(profile.sampleCount), mode, cut);
}

} // namespace

SysprofComparisonPage::SysprofComparisonPage(QWidget* parent)
    : ResultsPage(parent),
      header_(new QLabel(this)),
      viewChoice_(makeStackViewChoice(this)),
      model_(new FunctionChangeModel(this)),
      functions_(new CostTableView(this)),
      flame_(new FlameGraphWidget(this)),
      namesReader_(new FunctionNamesReader(this))
{
    header_->setTextFormat(Qt::RichText);
    header_->setWordWrap(true);
    header_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    filterField()->lineEdit()->setPlaceholderText(tr("Filter functions (Ctrl+F)…"));
    // Functions of two runs have no one source to show.
    sourcePane()->hide();

    functions_->setObjectName(QStringLiteral("cpuFunctionChanges"));
    functions_->setSourceModel(model_);
    functions_->sortByCostColumn(FunctionChangeModel::SelfChangeColumn);
    functions_->setPlaceholderText(tr("Neither dump has samples in this view."));
    addExportableTable(functions_, tr("Functions (NEW − BASE)"), QStringLiteral("functions"));
    followFilter(functions_);
    auto* flamePane = new QWidget(this);
    auto* flameLayout = new QVBoxLayout(flamePane);
    flameLayout->setContentsMargins(0, 0, 0, 0);
    auto* legend = new QLabel(tr("NEW's call tree, each frame as wide as its samples in NEW. "
                                 "<span style='background:%1;color:white'>&nbsp;Red&nbsp;</span>: a larger "
                                 "share of NEW's run than of BASE's; "
                                 "<span style='background:%2;color:white'>&nbsp;blue&nbsp;</span>: a smaller "
                                 "one; deeper for larger changes, grey for none. Paths only in BASE are not drawn "
                                 "(the Functions tab lists them).")
                                  .arg(itemmodels::riseColor().name(), itemmodels::fallColor().name()),
                              flamePane);
    legend->setTextFormat(Qt::RichText);
    legend->setWordWrap(true);
    flameLayout->addWidget(legend);
    flameLayout->addWidget(flame_, 1);
    QTabWidget* tabs = this->tabs();
    tabs->setDocumentMode(false);
    tabs->addTab(functions_, tr("F&unctions"));
    tabs->addTab(flamePane, tr("F&lame graph"));
    tabs->setTabToolTip(0, tr("Each function's share of its own run, NEW − BASE, the largest rise first"));
    tabs->setTabToolTip(1, tr("NEW's call tree, coloured by how each path's share of the run changed"));
    trackLastUsedTable();

    // The stack view's choice comes first, as it stands: it, not the filter,
    // has the focus when the page is first shown.
    setTabOrder(viewChoice_, filterField()->lineEdit());
    setTabOrder(filterField()->lineEdit(), filterField()->regexBox());
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(messageBar());
    layout->addWidget(header_);
    layout->addLayout(makeStackViewBar(this, viewChoice_, filterField()));
    layout->addWidget(tabs, 1);

    connect(functions_->selectionModel(), &QItemSelectionModel::currentChanged, this, [this](const QModelIndex& index) {
        const QModelIndex source = functions_->proxyModel()->mapToSource(index);
        if (!syncing_ && source.isValid())
            selectFunction(model_->changes().functions[static_cast<std::size_t>(source.row())].frame.name);
    });
    connect(flame_, &FlameGraphWidget::frameSelected, this, [this](int node) {
        if (!syncing_ && node > 0 && flame_->tree())
            selectFunction(flame_->tree()->nodes[static_cast<std::size_t>(node)].name);
    });
    connect(flame_, &FlameGraphWidget::treeBuilt, this, [this] {
        labelFrames();
        showSelection();
    });
    // The names come after the first paint, and again with other folders.
    connect(namesReader_, &FunctionNamesReader::namesRead, this, &SysprofComparisonPage::showFunctionNames);
    connect(this, &ResultsPage::sourceFoldersChanged, this,
            [this] { namesReader_->readAgain(sourcePane()->sourceFolders()); });
    connect(viewChoice_, &QComboBox::currentIndexChanged, this,
            [this](int index) { setView(static_cast<StackView>(viewChoice_->itemData(index).toInt())); });
    connect(viewState(), &ViewState::viewChanged, this, &SysprofComparisonPage::showView);
}

void SysprofComparisonPage::setProfiles(std::shared_ptr<const SysprofProfile> base, const QString& basePath,
                                        std::shared_ptr<const SysprofProfile> current, const QString& newPath,
                                        const std::array<QString, 2>& mergedNames)
{
    mergedNames_ = mergedNames;
    base_ = std::move(base);
    current_ = std::move(current);
    basePath_ = basePath;
    newPath_ = newPath;
    // Host chains are compared only when both dumps have them (mode C).
    if (!base_->hasHostChains() || !current_->hasHostChains()) {
        const QSignalBlocker blocker(viewState());
        viewState()->setView(StackView::Lua);
    }
    showFunctionNames(nullptr);
    namesReader_->readPairAfterPaint(services::luaFunctionsOf(*base_), QFileInfo(basePath_).absolutePath(),
                                     services::luaFunctionsOf(*current_), QFileInfo(newPath_).absolutePath(),
                                     sourcePane()->sourceFolders());
    showView();
    // The largest rise selected: the first thing worth finding in the flame.
    const QModelIndex top = functions_->proxyModel()->index(0, 0);
    if (selected_.empty() && top.isValid())
        selectFunction(model_->changes()
                           .functions[static_cast<std::size_t>(functions_->proxyModel()->mapToSource(top).row())]
                           .frame.name);
}

void SysprofComparisonPage::setView(StackView view)
{
    viewState()->setView(view);
}

void SysprofComparisonPage::showView()
{
    const QSignalBlocker blocker(viewChoice_);
    const StackView view = viewState()->view();
    viewChoice_->setCurrentIndex(viewChoice_->findData(static_cast<int>(view)));
    if (base_ && current_) {
        model_->setChanges(functionChanges(*base_, *current_, view));
        builtView_ = view;
        flame_->buildTree(
            [base = base_, current = current_, view] { return differentialCallFlameTree(*base, *current, view); });
    }
    header_->setText(headerText());
}

// Until the names come the panes show the dumps' names; the rows change
// in place, so the sort and the selection stay.
void SysprofComparisonPage::showFunctionNames(services::FunctionNamesPtr names)
{
    names_ = std::move(names);
    model_->setFunctionNames(names_);
    if (flame_->tree() && !flame_->isBuilding())
        labelFrames();
}

void SysprofComparisonPage::labelFrames()
{
    if (current_)
        flame_->setFrameLabels(CpuFlameGraphTab::callFrameLabels(current_, builtView_, names_));
}

void SysprofComparisonPage::selectFunction(const std::string& name)
{
    if (name == selected_)
        return;
    selected_ = name;
    showSelection();
}

void SysprofComparisonPage::showSelection()
{
    const QScopedValueRollback<bool> syncing(syncing_, true);
    const std::vector<FunctionChange>& functions = model_->changes().functions;
    for (std::size_t row = 0; row < functions.size(); ++row) {
        if (functions[row].frame.name != selected_)
            continue;
        const QModelIndex shown = functions_->proxyModel()->mapFromSource(model_->index(static_cast<int>(row), 0));
        if (shown.isValid() && functions_->currentIndex().row() != shown.row()) {
            functions_->setCurrentIndex(shown);
            functions_->scrollTo(shown);
        }
        break;
    }
    // The costliest frame of the function; none while a tree is being built.
    const FlameTree* tree = flame_->tree();
    if (!tree || flame_->isBuilding())
        return;
    int costliest = -1;
    for (std::size_t node = 1; node < tree->nodes.size(); ++node)
        if (tree->nodes[node].name == selected_ &&
            (costliest < 0 || tree->nodes[node].value > tree->nodes[static_cast<std::size_t>(costliest)].value))
            costliest = static_cast<int>(node);
    const int current = flame_->selectedNode();
    if (current > 0 && tree->nodes[static_cast<std::size_t>(current)].name == selected_)
        return;
    flame_->selectNode(costliest);
}

bool SysprofComparisonPage::showTab(const QString& name)
{
    const int index = name == QLatin1String("functions") ? 0 : name == QLatin1String("flamegraph") ? 1 : -1;
    if (index >= 0)
        tabs()->setCurrentIndex(index);
    return index >= 0;
}

QString SysprofComparisonPage::rowChunk(const QModelIndex& index) const
{
    const QModelIndex source = functions_->proxyModel()->mapToSource(index);
    if (!source.isValid() || index.model() != functions_->proxyModel())
        return {};
    const CallFrame& frame = model_->changes().functions[static_cast<std::size_t>(source.row())].frame;
    if ((frame.kind != FrameKind::Lua && frame.kind != FrameKind::Trace) || frame.chunk.empty() ||
        frame.chunk.find('\n') != std::string::npos)
        return {};
    return QString::fromStdString(frame.chunk);
}

std::function<void()> SysprofComparisonPage::rowSource(const CostTableView*, const QModelIndex& index)
{
    const QModelIndex source = functions_->proxyModel()->mapToSource(index);
    if (!source.isValid() || index.model() != functions_->proxyModel())
        return {};
    return [this, name = model_->changes().functions[static_cast<std::size_t>(source.row())].frame.name] {
        selectFunction(name);
    };
}

QString SysprofComparisonPage::headerText() const
{
    if (!base_ || !current_)
        return {};
    return tr("%1<br>%2<br>Each function's share of its own run's samples, NEW − BASE: the functions that take "
              "more of the time in NEW come first.")
        .arg(describeRun(*current_, newPath_, mergedNames_[1], tr("NEW")),
             describeRun(*base_, basePath_, mergedNames_[0], tr("BASE")));
}

} // namespace memprof::views
