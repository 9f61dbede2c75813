// SPDX-License-Identifier: GPL-3.0-or-later
#include "PageMerge.h"

#include "MessageBar.h"
#include "ResultsPage.h"
#include "model/services/ProfileDocument.h"

#include <QLabel>

namespace memprof::views {

template <class Breakdown>
PageMerge<Breakdown>::PageMerge(ResultsPage* page, MessageBar* messages, itemmodels::CostTableModel* shares,
                                int sortColumn, std::function<void()> showWholeMerge)
    : messages_(messages),
      pane_(new InstancesPane(page->viewState(), shares, sortColumn, page)),
      note_(new QLabel(page))
{
    // Only a merge has instances: hidden for one dump.
    pane_->hide();
    note_->setObjectName(QStringLiteral("mergedNote"));
    note_->setWordWrap(true);
    note_->hide();
    QObject::connect(pane_, &InstancesPane::wholeMergeChosen, page, std::move(showWholeMerge));
    QObject::connect(pane_, &InstancesPane::instanceRead, page,
                     [page](const services::DocumentPtr& document) { document->showOn(page, nullptr); });
    QObject::connect(pane_, &InstancesPane::instanceReadFailed, messages_, &MessageBar::showWarning);
    QObject::connect(pane_, &InstancesPane::statusMessage, page, &ResultsPage::statusMessage);
}

template <class Breakdown>
void PageMerge<Breakdown>::show(BreakdownPtr breakdown, const QString& title, const QString& note, InstanceReader read)
{
    merged_ = std::move(breakdown);
    shown_ = merged_;
    shownInstance_.reset();
    title_ = title;
    note_->setText(note);
    note_->show();
    pane_->setInstances(instanceChoices(merged_->instances), std::move(read));
}

template <class Breakdown>
void PageMerge<Breakdown>::showPane(const QString& warning)
{
    pane_->show();
    if (!warning.isEmpty())
        messages_->showWarning(warning);
}

template <class Breakdown>
void PageMerge<Breakdown>::choose(std::optional<InstanceId> instance, BreakdownPtr breakdown)
{
    shownInstance_ = instance;
    shown_ = std::move(breakdown);
    pane_->setChosenInstance(instance);
}

template <class Breakdown>
bool PageMerge<Breakdown>::leave()
{
    if (!merged_)
        return false;
    merged_ = nullptr;
    shown_ = nullptr;
    shownInstance_.reset();
    pane_->setInstances({}, {});
    pane_->hide();
    note_->hide();
    return true;
}

template <class Breakdown>
QString PageMerge<Breakdown>::shownTitle() const
{
    return shownInstance_ ? tr("%1, one of the dumps merged").arg(instanceName(*shownInstance_)) : title_;
}

template <class Breakdown>
QString PageMerge<Breakdown>::shownStatus() const
{
    return shownInstance_ ? tr("Showing %1 alone").arg(instanceName(*shownInstance_))
                          : tr("Showing all the dumps merged");
}

template <class Breakdown>
QString PageMerge<Breakdown>::instanceName(InstanceId instance) const
{
    return QString::fromStdString(merged_->instances[instance].name);
}

template class PageMerge<MemprofBreakdown>;
template class PageMerge<SysprofBreakdown>;

} // namespace memprof::views
