// SPDX-License-Identifier: GPL-3.0-or-later
#include "InstancesPane.h"

#include "CostTableView.h"
#include "ViewState.h"
#include "model/itemmodels/CostTableModel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QVBoxLayout>

namespace memprof::views {

InstancesPane::InstancesPane(ViewState* state, itemmodels::CostTableModel* shares, int sortColumn, QWidget* parent)
    : QWidget(parent), title_(new QLabel(this)), choice_(new QComboBox(this)), table_(new CostTableView(this))
{
    setObjectName(QStringLiteral("instancesPane"));
    shares->setParent(this);
    title_->setObjectName(QStringLiteral("instancesCaption"));
    title_->setWordWrap(true);
    choice_->setObjectName(QStringLiteral("instanceChoice"));
    choice_->setToolTip(tr("Show all the dumps merged, or one of them alone"));
    table_->setObjectName(QStringLiteral("instancesTable"));
    table_->setSourceModel(shares);
    // The pane shares the right side with the held pane and the source: at
    // 1024 pixels wide every column fits, the dumps' names elided.
    table_->setCompactColumns(true);
    table_->sortByCostColumn(sortColumn);
    table_->setPlaceholderText(tr("Select a row to see each dump's part of it."));

    auto* head = new QHBoxLayout;
    head->setContentsMargins(0, 0, 0, 0);
    head->addWidget(title_, 1);
    head->addWidget(choice_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(head);
    layout->addWidget(table_, 1);

    shares->setHumanReadable(state->humanReadable());
    connect(state, &ViewState::humanReadableChanged, shares, &itemmodels::CostTableModel::setHumanReadable);
    connect(choice_, &QComboBox::activated, this, [this](int index) {
        const QVariant instance = choice_->itemData(index);
        choose(instance.isValid() ? std::optional<InstanceId>(instance.value<InstanceId>()) : std::nullopt);
    });
}

InstancesPane::~InstancesPane()
{
    cancelRead();
}

void InstancesPane::setInstances(const std::vector<InstanceChoice>& instances, InstanceReader read)
{
    cancelRead();
    read_ = std::move(read);
    instances_ = instances;
    shown_.reset();
    const QSignalBlocker blocker(choice_);
    choice_->clear();
    if (instances.empty())
        return;
    std::size_t merged = 0;
    for (const InstanceChoice& instance : instances)
        merged += instance.merged ? 1 : 0;
    choice_->addItem(tr("All %Ln instances", nullptr, static_cast<int>(merged)));
    for (InstanceId id = 0; id < instances.size(); ++id)
        if (instances[id].merged)
            choice_->addItem(QString::fromStdString(instances[id].name), QVariant::fromValue(id));
    choice_->setCurrentIndex(0);
    setChoosing(true);
}

void InstancesPane::setChosenInstance(std::optional<InstanceId> instance)
{
    shown_ = instance;
    const QSignalBlocker blocker(choice_);
    choice_->setCurrentIndex(instance ? std::max(0, choice_->findData(QVariant::fromValue(*instance))) : 0);
    setChoosing(true);
}

void InstancesPane::setChoosing(bool enabled)
{
    choice_->setEnabled(enabled);
}

void InstancesPane::setCaption(const QString& caption)
{
    title_->setText(caption);
}

void InstancesPane::cancelRead()
{
    if (reading_)
        reading_->cancel();
    reading_ = nullptr;
}

void InstancesPane::choose(std::optional<InstanceId> instance)
{
    cancelRead();
    if (!instance || !read_) {
        emit wholeMergeChosen();
        return;
    }
    std::unique_ptr<services::ProfileLoadJob> job = read_(*instance);
    services::ProfileLoadJob* read = job.release();
    read->setParent(this);
    reading_ = read;
    const QString name = QString::fromStdString(instances_[*instance].name);
    // Only the read asked for last shows; each job goes once it ended.
    const auto backToShown = [this] {
        const QSignalBlocker blocker(choice_);
        choice_->setCurrentIndex(shown_ ? std::max(0, choice_->findData(QVariant::fromValue(*shown_))) : 0);
        setChoosing(true);
    };
    connect(read, &services::ProfileLoadJob::finished, this, [this, read](services::DocumentPtr document) {
        read->deleteLater();
        if (reading_ == read) {
            reading_ = nullptr;
            emit instanceRead(std::move(document));
        }
    });
    connect(read, &services::ProfileLoadJob::failed, this, [this, read, name, backToShown](const QString& message) {
        read->deleteLater();
        if (reading_ == read) {
            reading_ = nullptr;
            backToShown();
            emit instanceReadFailed(tr("%1 could not be read alone: %2").arg(name, message));
        }
    });
    connect(read, &services::ProfileLoadJob::cancelled, this, [this, read, backToShown] {
        read->deleteLater();
        if (reading_ == read) {
            reading_ = nullptr;
            backToShown();
        }
    });
    setChoosing(false);
    emit statusMessage(tr("Reading %1 alone…").arg(name));
    read->start();
}

} // namespace memprof::views
