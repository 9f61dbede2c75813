// SPDX-License-Identifier: GPL-3.0-or-later
#include "OverridesPane.h"

#include "CostTableView.h"
#include "ViewState.h"
#include "model/itemmodels/DisplayText.h"
#include "model/itemmodels/OverridesModel.h"

#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>

namespace memprof::views {

OverridesPane::OverridesPane(itemmodels::OverridesModel* model, ViewState* state, QWidget* parent)
    : QWidget(parent), model_(model), title_(new QLabel(this)), table_(new CostTableView(this))
{
    title_->setWordWrap(true);
    title_->setObjectName(QStringLiteral("overridesCaption"));
    table_->setObjectName(QStringLiteral("overridesTable"));
    table_->setSourceModel(model_);
    table_->setHiddenColumns(model_->defaultHiddenColumns());
    table_->setToolTip(tr("Click a location to select it"));
    table_->sortByCostColumn(model_->initialSortColumn());
    table_->setPlaceholderText(tr("Nothing to show for this row."));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(title_);
    layout->addWidget(table_, 1);

    model_->setHumanReadable(state->humanReadable());
    connect(state, &ViewState::humanReadableChanged, model_, &itemmodels::OverridesModel::setHumanReadable);
    showNoTable();
}

void OverridesPane::setProfile(std::shared_ptr<const Profile> profile)
{
    profile_ = profile;
    model_->setProfile(std::move(profile));
}

void OverridesPane::showNoTable()
{
    model_->setRow(nullptr);
    title_->setText(tr("Overrides"));
}

void OverridesPane::showRow(const LocationRow* row, EventKind kind)
{
    model_->setRow(row);
    if (!row) {
        title_->setText(
            tr("<b>Overrides</b>: select a row to see which locations had allocated the "
               "blocks it freed or moved."));
    } else if (row->overrides.empty()) {
        title_->setText(
            kind == EventKind::Alloc
                ? tr("<b>Overrides</b>: allocations do not free or move blocks.")
                : tr("<b>Overrides</b>: none of the blocks this row freed or moved were allocated during profiling."));
    } else {
        // The list has a row per location; the caption counts the blocks.
        std::uint64_t blockCount = 0;
        for (const OverrideStats& entry : row->overrides)
            blockCount += entry.blockCount;
        const QLocale locale;
        const QString blocks =
            blockCount == 1 ? tr("the 1 block") : tr("the %1 blocks").arg(locale.toString(blockCount));
        const QString locations = row->overrides.size() == 1
                                      ? tr("1 location")
                                      : tr("%1 locations").arg(locale.toString(qulonglong(row->overrides.size())));
        const QString name = itemmodels::displayText(QString::fromStdString(profile_->nameOf(row->location)));
        title_->setText(tr("<b>Overrides</b> of %1: %2 it freed or moved had been allocated at %3 "
                           "(click one to select it)")
                            .arg(name.toHtmlEscaped(), blocks, locations));
    }
}

} // namespace memprof::views
