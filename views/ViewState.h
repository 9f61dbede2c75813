// SPDX-License-Identifier: GPL-3.0-or-later
// What a results page shows, held in one place, for memory (memprof) and CPU
// (sysprof) pages alike: the filter on the rows' names, raw or human-readable
// sizes, the selection (a location of a memory profile, a function of a CPU
// one), the range of the run the panes count, which held bytes the held
// columns count, the stack view of a CPU profile and where its flame graph
// is zoomed and what it searches. Each page has one; its panes observe it,
// so a change is made here once and flows one way to every pane. Each
// setter signals only a change (selecting a location again is one too).
#pragma once

#include "model/dump/RunRange.h"
#include "model/itemmodels/HeldModel.h"
#include "model/memprofile/Profile.h"
#include "model/sysprofile/SysprofProfile.h"

#include <QObject>
#include <QRegularExpression>
#include <QString>

#include <optional>
#include <string>
#include <vector>

namespace memprof::views {

class ViewState : public QObject {
    Q_OBJECT
    Q_PROPERTY(QRegularExpression filter READ filter WRITE setFilter NOTIFY filterChanged)
    Q_PROPERTY(bool humanReadable READ humanReadable WRITE setHumanReadable NOTIFY humanReadableChanged)
public:
    explicit ViewState(QObject* parent = nullptr);

    const QRegularExpression& filter() const { return filter_; }
    bool humanReadable() const { return humanReadable_; }

    // The selection: a location of a memory profile, a function of a CPU one.
    std::optional<LocationId> selectedLocation() const { return selectedLocation_; }
    std::optional<FrameId> selectedFrame() const { return selectedFrame_; }

    // The range of the run the panes count, in the run's own unit (a memory
    // profile's events, a CPU profile's samples): the whole run unless the
    // user chose a stretch of it.
    RunRange range() const { return range_; }

    // The held pane's scope, which the by-function tree's held column follows.
    itemmodels::HeldModel::Scope heldScope() const { return heldScope_; }

    // A CPU profile's stack view (Lua chains, host chains, the reference's merge).
    StackView view() const { return view_; }
    // The flame graph's zoom as the names of the frames from the root's
    // child down: a new count or view numbers frames anew, the names stay.
    const std::vector<std::string>& flameZoomPath() const { return flameZoomPath_; }
    const QString& flameSearch() const { return flameSearch_; }
    bool flameSearchIsRegularExpression() const { return flameSearchIsRegularExpression_; }

public slots:
    void setFilter(const QRegularExpression& filter);
    void setHumanReadable(bool humanReadable);
    // Selecting the selected location again is a change too: panes that
    // showed something else since (a function's chunk) show it again.
    void selectLocation(memprof::LocationId location);
    // Nothing is selected: another profile (the panes reset with it), or
    // the user selected what is not a location (a function of the tree);
    // panes showing the selected location show none.
    void forgetSelection();
    void selectFrame(std::optional<memprof::FrameId> frame);
    // Callers pass a range clamped to the run (clampRange), so that the
    // whole run is always the default range.
    void setRange(memprof::RunRange range);
    void setHeldScope(memprof::itemmodels::HeldModel::Scope scope);
    void setView(memprof::StackView view);
    void setFlameZoomPath(std::vector<std::string> path);
    void setFlameSearch(const QString& text, bool regularExpression);

public:
    // Another CPU profile (or the dump reloaded): the whole run, no function
    // selected, without signals (the page shows the profile anew). The view,
    // the search and the zoom are the user's and stay: the zoom goes as far
    // down its path as the new profile's frames do.
    void resetForProfile();

signals:
    void filterChanged(const QRegularExpression& filter);
    void humanReadableChanged(bool humanReadable);
    void locationSelected(memprof::LocationId location);
    void selectionForgotten();
    void frameSelected(std::optional<memprof::FrameId> frame);
    void rangeChanged(memprof::RunRange range);
    void heldScopeChanged(memprof::itemmodels::HeldModel::Scope scope);
    void viewChanged(memprof::StackView view);
    void flameZoomPathChanged();
    void flameSearchChanged(const QString& text, bool regularExpression);

private:
    QRegularExpression filter_;
    bool humanReadable_ = true;
    std::optional<LocationId> selectedLocation_;
    std::optional<FrameId> selectedFrame_;
    RunRange range_;
    itemmodels::HeldModel::Scope heldScope_ = itemmodels::HeldModel::Scope::HeldAtEnd;
    StackView view_ = StackView::Lua;
    std::vector<std::string> flameZoomPath_;
    QString flameSearch_;
    bool flameSearchIsRegularExpression_ = false;
};

} // namespace memprof::views

Q_DECLARE_METATYPE(memprof::RunRange)
