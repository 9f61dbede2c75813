// SPDX-License-Identifier: GPL-3.0-or-later
// What a page shows, held in one place: the filter on location names, raw
// or human-readable sizes, the selected location, the event window over the
// run that the counts cover and which held bytes the held columns count. Each page has one; its panes observe it, so
// a change is made here once and flows one way to every pane.
#pragma once

#include "model/itemmodels/HeldModel.h"
#include "model/profile/Profile.h"

#include <QObject>
#include <QRegularExpression>

#include <optional>

namespace memprof::views {

class ProfileViewState : public QObject {
    Q_OBJECT
    Q_PROPERTY(QRegularExpression filter READ filter WRITE setFilter NOTIFY filterChanged)
    Q_PROPERTY(bool humanReadable READ humanReadable WRITE setHumanReadable NOTIFY humanReadableChanged)
public:
    explicit ProfileViewState(QObject* parent = nullptr);

    const QRegularExpression& filter() const { return filter_; }
    bool humanReadable() const { return humanReadable_; }
    std::optional<LocationId> selectedLocation() const { return selectedLocation_; }
    // The events the panes count: the whole run (the default window) unless
    // the user chose a stretch of it.
    EventWindow window() const { return window_; }
    // The held pane's scope, which the by-function tree's held column follows.
    itemmodels::HeldModel::Scope heldScope() const { return heldScope_; }

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
    // Callers pass a window clamped to the run (clampWindow), so that the
    // whole run is always the default window.
    void setWindow(memprof::EventWindow window);
    void setHeldScope(memprof::itemmodels::HeldModel::Scope scope);

signals:
    void filterChanged(const QRegularExpression& filter);
    void humanReadableChanged(bool humanReadable);
    void locationSelected(memprof::LocationId location);
    void selectionForgotten();
    void windowChanged(memprof::EventWindow window);
    void heldScopeChanged(memprof::itemmodels::HeldModel::Scope scope);

private:
    QRegularExpression filter_;
    bool humanReadable_ = true;
    std::optional<LocationId> selectedLocation_;
    EventWindow window_;
    itemmodels::HeldModel::Scope heldScope_ = itemmodels::HeldModel::Scope::HeldAtEnd;
};

} // namespace memprof::views

Q_DECLARE_METATYPE(memprof::EventWindow)
