// SPDX-License-Identifier: GPL-3.0-or-later
// The instance breakdown of a merged profile (several dumps summed), for
// either kind: each dump's part of the selected row (the page's share
// model: InstanceShareModel for memory rows, SampleShareModel for
// functions), and the choice of the dumps the page shows, all of them (the
// merge) or one alone, read off the GUI thread (the last one asked for
// shows).
#pragma once

#include "model/merge/MemprofMerge.h"
#include "model/services/ProfileLoadJob.h"

#include <QPointer>
#include <QWidget>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

class QComboBox;
class QLabel;

namespace memprof::itemmodels {
class CostTableModel;
}

namespace memprof::views {

class CostTableView;
class ViewState;

// A dump of the merge as the choice lists it.
struct InstanceChoice {
    std::string name;
    bool merged = false; // false: it could not be read and is not offered
};

// The choices of a breakdown's instances (MemprofBreakdown's or SysprofBreakdown's).
template <class Instances>
std::vector<InstanceChoice> instanceChoices(const Instances& instances)
{
    std::vector<InstanceChoice> choices;
    for (const auto& instance : instances)
        choices.push_back({instance.name, instance.merged});
    return choices;
}

class InstancesPane : public QWidget {
    Q_OBJECT
public:
    // `shares`: the model of each dump's part of the selected row (the
    // pane's child from here on), first sorted by `sortColumn`.
    InstancesPane(ViewState* state, itemmodels::CostTableModel* shares, int sortColumn, QWidget* parent = nullptr);
    ~InstancesPane() override;

    // Reads one dump of the merge alone (its index in the merge's
    // instances): a job whose document puts itself on the page.
    using InstanceReader = std::function<std::unique_ptr<services::ProfileLoadJob>(InstanceId)>;
    // The dumps of the merge for the choice, and how one is read alone;
    // none: no merge (a read under way is cancelled).
    void setInstances(const std::vector<InstanceChoice>& instances, InstanceReader read);
    // The dump shown alone (its index in the merge's instances), or all.
    void setChosenInstance(std::optional<InstanceId> instance);
    // Choosing is off while a dump is being read for it.
    void setChoosing(bool enabled);
    // The line above the list: whose parts it shows (rich text).
    void setCaption(const QString& caption);

    CostTableView* table() const { return table_; }
    QComboBox* instanceChoice() const { return choice_; }

signals:
    // The user chose all the dumps: the merge is to be shown again.
    void wholeMergeChosen();
    // The dump chosen alone was read: `document` is to put itself on the page.
    void instanceRead(memprof::services::DocumentPtr document);
    // It could not be read alone: why (the choice is back on what is shown).
    void instanceReadFailed(const QString& why);
    void statusMessage(const QString& text);

private:
    void choose(std::optional<InstanceId> instance);
    void cancelRead();

    QLabel* title_;
    QComboBox* choice_;
    CostTableView* table_;
    InstanceReader read_;
    std::vector<InstanceChoice> instances_;
    std::optional<InstanceId> shown_;
    QPointer<services::ProfileLoadJob> reading_;
};

} // namespace memprof::views
