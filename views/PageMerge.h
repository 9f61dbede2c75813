// SPDX-License-Identifier: GPL-3.0-or-later
// The merge a results page shows (several dumps summed: MemprofMerge.h,
// SysprofMerge.h), kept the same way by either kind of page: the merge's
// breakdown and title, the dump shown alone and the breakdown of what is
// shown, the Instances pane that chooses among the dumps and the note on
// what a merge cannot show. The page keeps what is its own (its share
// model and the caption over it, the panes a merge changes) and lays the
// pane and the note out. A part of the page rather than a base of it: the
// page's message bar is ResultsPage's protected member, handed in.
#pragma once

#include "model/merge/MemprofMerge.h"
#include "model/merge/SysprofMerge.h"
#include "views/InstancesPane.h"

#include <QCoreApplication>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

class QLabel;

namespace memprof::itemmodels {
class CostTableModel;
}

namespace memprof::views {

class MessageBar;
class ResultsPage;

// `Breakdown`: MemprofBreakdown or SysprofBreakdown (PageMerge.cpp makes both).
template <class Breakdown>
class PageMerge {
    Q_DECLARE_TR_FUNCTIONS(memprof::views::PageMerge)
public:
    using BreakdownPtr = std::shared_ptr<const Breakdown>;
    using InstanceReader = InstancesPane::InstanceReader;

    // The Instances pane over `shares` (the page's model of each dump's
    // part of the selected row, first sorted by `sortColumn`) and the note,
    // both `page`'s and hidden until a merge is shown. Choosing all the
    // dumps again calls `showWholeMerge`; a dump read alone puts itself on
    // the page; why one could not be read goes on `messages`.
    PageMerge(ResultsPage* page, MessageBar* messages, itemmodels::CostTableModel* shares, int sortColumn,
              std::function<void()> showWholeMerge);
    PageMerge(const PageMerge&) = delete;
    PageMerge& operator=(const PageMerge&) = delete;

    bool isMerged() const { return merged_ != nullptr; }
    // The merge (null: none), and the breakdown of what is shown: the
    // merge's, or the dump's shown alone.
    const BreakdownPtr& merged() const { return merged_; }
    const BreakdownPtr& shown() const { return shown_; }
    // The dump shown alone, or none: the whole merge.
    std::optional<InstanceId> shownInstance() const { return shownInstance_; }
    InstancesPane* pane() const { return pane_; }
    QLabel* note() const { return note_; }

    // Shows the merge `breakdown`, called `title`, its note saying `note`
    // (rich text), its dumps offered by the pane, read alone by `read`.
    // The pane itself shows with showPane, once the page's share model
    // has the merge.
    void show(BreakdownPtr breakdown, const QString& title, const QString& note, InstanceReader read);
    // The pane shown, and `warning` (the dumps that could not be read, or
    // were cut short; empty for none) on the message bar.
    void showPane(const QString& warning);
    // Shows `instance` alone, or the whole merge again (std::nullopt);
    // `breakdown` is what is shown's.
    void choose(std::optional<InstanceId> instance, BreakdownPtr breakdown);
    // Back to one dump's profile: no merge, the pane emptied and hidden,
    // the note hidden. False when no merge was shown.
    bool leave();

    // What is shown is called: the merge's title, or the dump's alone.
    QString shownTitle() const;
    // The status line of a choice: the dump shown alone, or all of them.
    QString shownStatus() const;

private:
    QString instanceName(InstanceId instance) const;

    MessageBar* messages_;
    InstancesPane* pane_;
    QLabel* note_;
    BreakdownPtr merged_;
    QString title_;
    std::optional<InstanceId> shownInstance_;
    BreakdownPtr shown_;
};

extern template class PageMerge<MemprofBreakdown>;
extern template class PageMerge<SysprofBreakdown>;

} // namespace memprof::views
