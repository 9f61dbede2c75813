// SPDX-License-Identifier: GPL-3.0-or-later
#include "HeldPane.h"

#include "CostTableView.h"
#include "ViewState.h"
#include "model/itemmodels/HeldModel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QStandardItemModel>
#include <QVBoxLayout>

namespace memprof::views {

HeldPane::HeldPane(itemmodels::HeldModel* model, ViewState* state, QWidget* parent)
    : QWidget(parent),
      model_(model),
      state_(state),
      scope_(new QComboBox(this)),
      explanation_(new QLabel(this)),
      table_(new CostTableView(this))
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
    // After the first three: the settings remember the index.
    scope_->addItem(tr("Allocated in the window, live at its end"),
                    static_cast<int>(itemmodels::HeldModel::Scope::WindowBlocksAtWindowEnd));
    scope_->addItem(tr("Live at the window's end, whoever allocated them"),
                    static_cast<int>(itemmodels::HeldModel::Scope::LiveAtWindowEnd));
    scope_->addItem(tr("Leak suspects (steady growth)"), static_cast<int>(itemmodels::HeldModel::Scope::Suspects));
    // The longest choice would set the pane's minimum width (and with it the
    // window's): the field elides, its popup shows every choice in full.
    scope_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    scope_->setMinimumContentsLength(28);
    offerWindowScopes(false);
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
    connect(state, &ViewState::humanReadableChanged, model_, &itemmodels::HeldModel::setHumanReadable);
    connect(state, &ViewState::filterChanged, table_, &CostTableView::setFilter);
    connect(state, &ViewState::locationSelected, this, &HeldPane::showLocation);
    connect(state, &ViewState::selectionForgotten, this, [this] {
        table_->clearSelection();
        table_->setCurrentIndex({});
    });
}

void HeldPane::setProfile(std::shared_ptr<const Profile> profile)
{
    const bool windowed = profile && !profile->window.covers(profile->totals.eventCount);
    profile_ = profile;
    model_->setProfile(std::move(profile));
    offerWindowScopes(windowed);
}

void HeldPane::showExplanation(const QString& text)
{
    explanation_->setText(text);
}

void HeldPane::offerWindowScopes(bool windowed)
{
    using Scope = itemmodels::HeldModel::Scope;
    const bool wasWindowed = windowed_;
    windowed_ = windowed;
    scope_->setItemText(0, windowed ? tr("Allocated in the window, live at the end (survivors)")
                                    : tr("Live blocks at the end (accurate)"));
    auto* items = qobject_cast<QStandardItemModel*>(scope_->model());
    int current = scope_->currentIndex();
    for (int i = 0; i < scope_->count(); ++i) {
        const auto scope = static_cast<Scope>(scope_->itemData(i).toInt());
        const bool aboutWindowEnd = scope == Scope::WindowBlocksAtWindowEnd || scope == Scope::LiveAtWindowEnd;
        if (items)
            items->item(i)->setEnabled(windowed || !aboutWindowEnd);
        // A window's end scope means nothing for the whole run; a new window
        // starts from its survivors unless a window scope or the suspects
        // were chosen.
        const bool keep = windowed ? (wasWindowed || aboutWindowEnd || scope == Scope::Suspects) : !aboutWindowEnd;
        if (i == current && !keep)
            current = 0;
    }
    if (current != scope_->currentIndex())
        scope_->setCurrentIndex(current); // applies it
    else
        showExplanation(itemmodels::HeldModel::explanation(model_->scope(), windowed_));
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
    if (!table_->columnsChosen())
        table_->setHiddenColumns(model_->defaultHiddenColumns());
    showExplanation(itemmodels::HeldModel::explanation(scope, windowed_));
    table_->sortByCostColumn(model_->initialSortColumn());
    state_->setHeldScope(scope);
}

} // namespace memprof::views
