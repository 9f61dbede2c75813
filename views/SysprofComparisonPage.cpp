// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/SysprofComparisonPage.h"

#include "model/itemmodels/CallFlameTree.h"
#include "model/itemmodels/CostFormat.h"
#include "model/itemmodels/FunctionChangeModel.h"
#include "views/CostTableView.h"
#include "views/FilterField.h"
#include "views/StackViewChoice.h"
#include "views/flamegraph/FlameGraphWidget.h"

#include <QComboBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QItemSelectionModel>
#include <QScopedValueRollback>
#include <QSortFilterProxyModel>
#include <QSignalBlocker>
#include <QTabWidget>
#include <QVBoxLayout>

namespace memprof::views {

using itemmodels::CostKind;
using itemmodels::FunctionChangeModel;

namespace {

QString count(std::uint64_t value)
{
    return itemmodels::formatCost(static_cast<qint64>(value), CostKind::Count, true);
}

QString describeRun(const SysprofProfile& profile, const QString& path, const QString& side)
{
    const QString cut = profile.status.end == DecodeEnd::Truncated ? SysprofComparisonPage::tr(", cut short") : QString();
    const SysprofMode recorded = profile.mode();
    const QString mode = recorded == SysprofMode::C   ? SysprofComparisonPage::tr(", mode C")
                         : recorded == SysprofMode::L ? SysprofComparisonPage::tr(", mode L")
                                                      : SysprofComparisonPage::tr(", all in JIT traces");
    return SysprofComparisonPage::tr("%1 <b>%2</b>: %3 samples%4%5")
        .arg(side, QFileInfo(path).fileName().toHtmlEscaped(), count(profile.sampleCount), mode, cut);
}

} // namespace

SysprofComparisonPage::SysprofComparisonPage(QWidget* parent)
    : QWidget(parent)
    , header_(new QLabel(this))
    , viewChoice_(makeStackViewChoice(this))
    , filter_(new FilterField(this))
    , model_(new FunctionChangeModel(this))
    , functions_(new CostTableView(this))
    , tabs_(new QTabWidget(this))
    , flame_(new FlameGraphWidget(this))
{
    header_->setTextFormat(Qt::RichText);
    header_->setWordWrap(true);
    header_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    filter_->lineEdit()->setPlaceholderText(tr("Filter functions (Ctrl+F)…"));
    auto* choiceLabel = new QLabel(tr("&Stacks:"), this);
    choiceLabel->setBuddy(viewChoice_);

    functions_->setSourceModel(model_);
    functions_->sortByCostColumn(FunctionChangeModel::SelfChangeColumn);
    functions_->setPlaceholderText(tr("Neither dump has samples in this view."));

    auto* bar = new QHBoxLayout;
    bar->addWidget(choiceLabel);
    bar->addWidget(viewChoice_);
    bar->addSpacing(12);
    bar->addWidget(filter_, 1);
    auto* flamePane = new QWidget(this);
    auto* flameLayout = new QVBoxLayout(flamePane);
    flameLayout->setContentsMargins(0, 0, 0, 0);
    auto* legend = new QLabel(tr("NEW's call tree, each frame as wide as its samples in NEW. "
                                 "<span style='background:#eb5a5a;color:white'>&nbsp;Red&nbsp;</span>: a larger "
                                 "share of NEW's run than of BASE's; "
                                 "<span style='background:#5a87eb;color:white'>&nbsp;blue&nbsp;</span>: a smaller "
                                 "one; deeper for larger changes, grey for none. Paths only in BASE are not drawn "
                                 "(the Functions tab lists them)."),
                              flamePane);
    legend->setTextFormat(Qt::RichText);
    legend->setWordWrap(true);
    flameLayout->addWidget(legend);
    flameLayout->addWidget(flame_, 1);
    tabs_->addTab(functions_, tr("F&unctions"));
    tabs_->addTab(flamePane, tr("F&lame graph"));
    tabs_->setTabToolTip(0, tr("Each function's share of its own run, NEW − BASE, the largest rise first"));
    tabs_->setTabToolTip(1, tr("NEW's call tree, coloured by how each path's share of the run changed"));

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(header_);
    layout->addLayout(bar);
    layout->addWidget(tabs_, 1);

    connect(functions_->selectionModel(), &QItemSelectionModel::currentChanged, this, [this](const QModelIndex& index) {
        const QModelIndex source = functions_->proxyModel()->mapToSource(index);
        if (!syncing_ && source.isValid())
            selectFunction(model_->changes().functions[static_cast<std::size_t>(source.row())].frame.name);
    });
    connect(flame_, &FlameGraphWidget::frameSelected, this, [this](int node) {
        if (!syncing_ && node > 0 && flame_->tree())
            selectFunction(flame_->tree()->nodes[static_cast<std::size_t>(node)].name);
    });
    connect(flame_, &FlameGraphWidget::treeBuilt, this, &SysprofComparisonPage::showSelection);
    connect(viewChoice_, &QComboBox::currentIndexChanged, this,
            [this](int index) { setView(static_cast<StackView>(viewChoice_->itemData(index).toInt())); });
    connect(filter_, &FilterField::filterChanged, this, [this](const QRegularExpression& expression) {
        functions_->setFilter(expression);
        filter_->setMatchCount(functions_->shownLeafCount(), functions_->totalLeafCount());
    });
}

void SysprofComparisonPage::setProfiles(std::shared_ptr<const SysprofProfile> base, const QString& basePath,
                                        std::shared_ptr<const SysprofProfile> current, const QString& newPath)
{
    base_ = std::move(base);
    current_ = std::move(current);
    basePath_ = basePath;
    newPath_ = newPath;
    // Host chains are compared only when both dumps have them (mode C).
    if (!base_->hasHostChains() || !current_->hasHostChains())
        view_ = StackView::Lua;
    showView();
    // The largest rise selected: the first thing worth finding in the flame.
    const QModelIndex top = functions_->proxyModel()->index(0, 0);
    if (selected_.empty() && top.isValid())
        selectFunction(model_->changes().functions[static_cast<std::size_t>(functions_->proxyModel()->mapToSource(top).row())].frame.name);
}

void SysprofComparisonPage::setView(StackView view)
{
    if (view == view_)
        return;
    view_ = view;
    showView();
}

void SysprofComparisonPage::showView()
{
    const QSignalBlocker blocker(viewChoice_);
    viewChoice_->setCurrentIndex(viewChoice_->findData(static_cast<int>(view_)));
    if (base_ && current_) {
        model_->setChanges(functionChanges(*base_, *current_, view_));
        flame_->buildTree([base = base_, current = current_, view = view_] {
            return differentialCallFlameTree(*base, *current, view);
        });
    }
    header_->setText(headerText());
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
        tabs_->setCurrentIndex(index);
    return index >= 0;
}

QString SysprofComparisonPage::headerText() const
{
    if (!base_ || !current_)
        return {};
    return tr("%1<br>%2<br>Each function's share of its own run's samples, NEW − BASE: the functions that take "
              "more of the time in NEW come first.")
        .arg(describeRun(*current_, newPath_, tr("NEW")), describeRun(*base_, basePath_, tr("BASE")));
}

} // namespace memprof::views
