// SPDX-License-Identifier: GPL-3.0-or-later
// What a page shows, held in one place: the filter on location names, raw
// or human-readable sizes, the selected location. Each page has one; its
// panes observe it, so a change is made here once and flows one way to
// every pane. (An event window [first, last] over the run, which every pane
// would follow, is a further property of this state.)
#pragma once

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

signals:
    void filterChanged(const QRegularExpression& filter);
    void humanReadableChanged(bool humanReadable);
    void locationSelected(memprof::LocationId location);
    void selectionForgotten();

private:
    QRegularExpression filter_;
    bool humanReadable_ = true;
    std::optional<LocationId> selectedLocation_;
};

} // namespace memprof::views
