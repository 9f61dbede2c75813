// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/cpu/CpuFunctionsTab.h"

#include "model/itemmodels/CostFormat.h"
#include "model/itemmodels/FunctionCostModel.h"
#include "views/cpu/CpuFrameTable.h"

#include <QLabel>
#include <QVBoxLayout>

namespace memprof::views {

using itemmodels::CallEdgeModel;
using itemmodels::CostKind;
using itemmodels::formatCost;

namespace {
// A titled box holding `table`, a side of the sandwich.
QWidget* titled(const QString& title, QWidget* table, QWidget* parent)
{
    auto* box = new QWidget(parent);
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(new QLabel(title, box));
    layout->addWidget(table);
    return box;
}
} // namespace

CpuFunctionsTab::CpuFunctionsTab(QWidget* parent)
    : QSplitter(Qt::Vertical, parent),
      functionsModel_(new itemmodels::FunctionCostModel(this)),
      callersModel_(new CallEdgeModel(CallEdgeModel::Side::Callers, this)),
      calleesModel_(new CallEdgeModel(CallEdgeModel::Side::Callees, this)),
      functions_(new CpuFrameTable(CpuFrameTable::Pick::CurrentRow, this)),
      callers_(new CpuFrameTable(CpuFrameTable::Pick::Click, this)),
      callees_(new CpuFrameTable(CpuFrameTable::Pick::Click, this)),
      selectedLabel_(new QLabel(this))
{
    functions_->setSourceModel(functionsModel_);
    callers_->setSourceModel(callersModel_);
    callees_->setSourceModel(calleesModel_);
    functions_->sortByCostColumn(itemmodels::FunctionCostModel::SelfColumn);
    for (CpuFrameTable* view : {callers_, callees_}) {
        view->sortByCostColumn(CallEdgeModel::SamplesColumn);
        view->setPlaceholderText(tr("Select a function to see who called it and what it called."));
    }
    for (CpuFrameTable* view : {functions_, callers_, callees_})
        connect(view, &CpuFrameTable::frameActivated, this, &CpuFunctionsTab::frameActivated);

    auto* sandwich = new QSplitter(Qt::Horizontal, this);
    sandwich->addWidget(titled(tr("<b>Callers</b>"), callers_, sandwich));
    sandwich->addWidget(titled(tr("<b>Callees</b>"), callees_, sandwich));

    addWidget(functions_);
    auto* lower = new QWidget(this);
    auto* lowerLayout = new QVBoxLayout(lower);
    lowerLayout->setContentsMargins(0, 0, 0, 0);
    selectedLabel_->setTextFormat(Qt::RichText);
    selectedLabel_->setWordWrap(true);
    lowerLayout->addWidget(selectedLabel_);
    lowerLayout->addWidget(sandwich);
    addWidget(lower);
    setStretchFactor(0, 3);
    setStretchFactor(1, 2);
}

void CpuFunctionsTab::setProfile(std::shared_ptr<const SysprofProfile> profile, StackView view)
{
    functionsModel_->setProfile(std::move(profile), view);
}

void CpuFunctionsTab::showSelection(const std::shared_ptr<const SysprofProfile>& profile, StackView view,
                                    std::optional<FrameId> frame)
{
    callersModel_->setFunction(profile, view, frame);
    calleesModel_->setFunction(profile, view, frame);
    selectedProfile_ = profile;
    selectedView_ = view;
    selectedFrame_ = frame;
    renderSelected();
    if (frame && profile)
        functions_->showFrame(*frame);
}

void CpuFunctionsTab::setFunctionNames(itemmodels::FunctionNames names)
{
    functionsModel_->setFunctionNames(names);
    callersModel_->setFunctionNames(names);
    calleesModel_->setFunctionNames(std::move(names));
    renderSelected();
}

void CpuFunctionsTab::renderSelected()
{
    const std::shared_ptr<const SysprofProfile>& profile = selectedProfile_;
    const StackView view = selectedView_;
    const std::optional<FrameId> frame = selectedFrame_;
    if (!frame || !profile) {
        selectedLabel_->setText(tr("No function selected."));
        for (CpuFrameTable* table : {callers_, callees_})
            table->setPlaceholderText(tr("Select a function to see who called it and what it called."));
        return;
    }
    const QString name =
        itemmodels::frameLabel(profile->frames[*frame], functionsModel_->functionNames().get()).text();
    callers_->setPlaceholderText(tr("Nothing called %1 in these samples: its calls start a chain.").arg(name));
    callees_->setPlaceholderText(tr("%1 called no other function in these samples.").arg(name));
    const CallersAndCallees& edges = callersModel_->edges();
    const std::uint64_t all = profile->tree(view).totalSamples();
    selectedLabel_->setText(
        tr("<b>%1</b>: self %2 (%3), total %4 (%5)%6")
            .arg(name.toHtmlEscaped(), itemmodels::countText(edges.function.selfSamples),
                 itemmodels::shareText(edges.function.selfSamples, all),
                 itemmodels::countText(edges.function.totalSamples),
                 itemmodels::shareText(edges.function.totalSamples, all),
                 edges.samplesAsRoot ? tr("; %1 at the root of a chain").arg(itemmodels::countText(edges.samplesAsRoot))
                                     : QString()));
}

} // namespace memprof::views
