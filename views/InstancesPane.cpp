// SPDX-License-Identifier: GPL-3.0-or-later
#include "InstancesPane.h"

#include "CostTableView.h"
#include "ViewState.h"
#include "model/itemmodels/DisplayText.h"
#include "model/itemmodels/InstanceShareModel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QVBoxLayout>

namespace memprof::views {

InstancesPane::InstancesPane(ViewState* state, QWidget* parent)
    : QWidget(parent),
      model_(new itemmodels::InstanceShareModel(this)),
      title_(new QLabel(this)),
      choice_(new QComboBox(this)),
      table_(new CostTableView(this))
{
    setObjectName(QStringLiteral("instancesPane"));
    title_->setObjectName(QStringLiteral("instancesCaption"));
    title_->setWordWrap(true);
    choice_->setObjectName(QStringLiteral("instanceChoice"));
    choice_->setToolTip(tr("Show all the dumps merged, or one of them alone"));
    table_->setObjectName(QStringLiteral("instancesTable"));
    table_->setSourceModel(model_);
    table_->setHiddenColumns(model_->defaultHiddenColumns());
    // The pane shares the right side with the held pane and the source: at
    // 1024 pixels wide every column fits, the dumps' names elided.
    table_->setCompactColumns(true);
    table_->sortByCostColumn(model_->initialSortColumn());
    table_->setPlaceholderText(tr("Select a row to see each dump's part of it."));

    auto* head = new QHBoxLayout;
    head->setContentsMargins(0, 0, 0, 0);
    head->addWidget(title_, 1);
    head->addWidget(choice_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(head);
    layout->addWidget(table_, 1);

    model_->setHumanReadable(state->humanReadable());
    connect(state, &ViewState::humanReadableChanged, model_, &itemmodels::InstanceShareModel::setHumanReadable);
    connect(choice_, &QComboBox::activated, this, [this](int index) {
        const QVariant instance = choice_->itemData(index);
        emit instanceChosen(instance.isValid() ? std::optional<InstanceId>(instance.value<InstanceId>())
                                               : std::nullopt);
    });
    showRow(std::nullopt, EventKind::Alloc);
}

void InstancesPane::setBreakdowns(std::shared_ptr<const MemprofBreakdown> all,
                                  std::shared_ptr<const MemprofBreakdown> shown, std::shared_ptr<const Profile> profile)
{
    const QSignalBlocker blocker(choice_);
    const QVariant chosen = choice_->currentData();
    choice_->clear();
    if (all) {
        std::size_t merged = 0;
        for (const MergedInstance& instance : all->instances)
            merged += instance.merged ? 1 : 0;
        choice_->addItem(tr("All %Ln instances", nullptr, static_cast<int>(merged)));
        for (InstanceId id = 0; id < all->instances.size(); ++id)
            if (all->instances[id].merged)
                choice_->addItem(QString::fromStdString(all->instances[id].name), QVariant::fromValue(id));
        choice_->setCurrentIndex(std::max(0, choice_->findData(chosen)));
    }
    profile_ = std::move(profile);
    model_->setBreakdown(std::move(shown));
}

void InstancesPane::setChosenInstance(std::optional<InstanceId> instance)
{
    const QSignalBlocker blocker(choice_);
    choice_->setCurrentIndex(instance ? std::max(0, choice_->findData(QVariant::fromValue(*instance))) : 0);
}

void InstancesPane::setChoosing(bool enabled)
{
    choice_->setEnabled(enabled);
}

void InstancesPane::showRow(std::optional<LocationId> location, EventKind kind)
{
    if (location && (!profile_ || *location >= profile_->locations.size()))
        location.reset();
    model_->showLocation(location, kind);
    if (!location) {
        title_->setText(tr("<b>Instances</b>: select a row to see each dump's part of it."));
        return;
    }
    const QString name = itemmodels::displayText(QString::fromStdString(profile_->nameOf(*location)));
    const QString table = kind == EventKind::Alloc     ? tr("allocations")
                          : kind == EventKind::Realloc ? tr("reallocations")
                                                       : tr("frees");
    title_->setText(tr("<b>Instances</b> of %1 (%2; held: live at each dump's end)").arg(name.toHtmlEscaped(), table));
}

} // namespace memprof::views
