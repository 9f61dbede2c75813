// SPDX-License-Identifier: GPL-3.0-or-later
#include "HeldPane.h"

#include "CostTableView.h"
#include "ProfileViewState.h"
#include "model/itemmodels/HeldModel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace memprof::views {

HeldPane::HeldPane(itemmodels::HeldModel* model, ProfileViewState* state, QWidget* parent)
    : QWidget(parent)
    , model_(model)
    , scope_(new QComboBox(this))
    , explanation_(new QLabel(this))
    , table_(new CostTableView(this))
{
    auto* title = new QLabel(tr("Held bytes"), this);
    QFont bold = title->font();
    bold.setBold(true);
    title->setFont(bold);
    scope_->setObjectName(QStringLiteral("heldScope"));
    scope_->setProperty("remembered", true); // the settings keep the user's mode
    scope_->addItem(tr("Live blocks at the end (accurate)"), static_cast<int>(itemmodels::HeldModel::Scope::HeldAtEnd));
    scope_->addItem(tr("Live blocks at the peak"), static_cast<int>(itemmodels::HeldModel::Scope::HeldAtPeak));
    scope_->addItem(tr("Heap summary (as the reference parser)"),
                    static_cast<int>(itemmodels::HeldModel::Scope::HeapSummary));
    explanation_->setWordWrap(true);
    QFont small = explanation_->font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    explanation_->setFont(small);

    table_->setSourceModel(model_);
    table_->setHiddenColumns(model_->defaultHiddenColumns());
    table_->setObjectName(QStringLiteral("heldTable"));
    table_->setPlaceholderText(tr("Nothing is held: every block allocated during profiling was freed."));

    auto* top = new QHBoxLayout;
    top->addWidget(title);
    top->addStretch(1);
    top->addWidget(scope_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(explanation_);
    layout->addWidget(table_, 1);

    connect(scope_, &QComboBox::currentIndexChanged, this, &HeldPane::applyScope);
    applyScope(scope_->currentIndex());

    model_->setHumanReadable(state->humanReadable());
    connect(state, &ProfileViewState::humanReadableChanged, model_, &itemmodels::HeldModel::setHumanReadable);
    connect(state, &ProfileViewState::filterChanged, table_, &CostTableView::setFilter);
    connect(state, &ProfileViewState::locationSelected, this, &HeldPane::showLocation);
    connect(state, &ProfileViewState::selectionForgotten, this, [this] {
        table_->clearSelection();
        table_->setCurrentIndex({});
    });
}

void HeldPane::setProfile(std::shared_ptr<const Profile> profile)
{
    profile_ = profile;
    model_->setProfile(std::move(profile));
}

void HeldPane::showLocation(LocationId location)
{
    if (profile_ && location < profile_->locations.size())
        table_->selectLocation(location, QString::fromStdString(profile_->nameOf(location)));
}

void HeldPane::applyScope(int index)
{
    const auto scope = static_cast<itemmodels::HeldModel::Scope>(scope_->itemData(index).toInt());
    model_->setScope(scope);
    explanation_->setText(itemmodels::HeldModel::explanation(scope));
    table_->sortByCostColumn(model_->initialSortColumn());
}

} // namespace memprof::views
