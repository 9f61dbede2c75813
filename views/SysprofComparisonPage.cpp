// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/SysprofComparisonPage.h"

#include "model/itemmodels/CostFormat.h"
#include "model/itemmodels/FunctionChangeModel.h"
#include "views/CostTableView.h"
#include "views/FilterField.h"
#include "views/StackViewChoice.h"

#include <QComboBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
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
    return SysprofComparisonPage::tr("%1 <b>%2</b>: %3 samples, mode %4%5")
        .arg(side, QFileInfo(path).fileName().toHtmlEscaped(), count(profile.sampleCount),
             profile.hasHostChains() ? QStringLiteral("C") : QStringLiteral("L"), cut);
}

} // namespace

SysprofComparisonPage::SysprofComparisonPage(QWidget* parent)
    : QWidget(parent)
    , header_(new QLabel(this))
    , viewChoice_(makeStackViewChoice(this))
    , filter_(new FilterField(this))
    , model_(new FunctionChangeModel(this))
    , functions_(new CostTableView(this))
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
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(header_);
    layout->addLayout(bar);
    layout->addWidget(functions_, 1);

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
    if (base_ && current_)
        model_->setChanges(functionChanges(*base_, *current_, view_));
    header_->setText(headerText());
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
