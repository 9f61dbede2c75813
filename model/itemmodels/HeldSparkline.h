// SPDX-License-Identifier: GPL-3.0-or-later
// A location's held bytes over the run, for the tables' sparkline column:
// the points of Profile::heldHistory over the whole run, the points that
// fall in the profile's window, and the growth over the window (held at its
// last point minus at its first), which the column sorts by. Identities with
// one name add up (the held pane's rows are names).
#pragma once

#include "model/memprofile/Profile.h"

#include <QMetaType>
#include <QVector>

#include <string>
#include <unordered_map>

namespace memprof::itemmodels {

struct HeldSparkline {
    QVector<double> heldBytes; // at each point of the run
    // The points the window covers, first..last (first > last: none).
    int windowFirst = 0;
    int windowLast = -1;

    bool isEmpty() const { return heldBytes.isEmpty(); }
    // Held at the window's last point minus at its first; 0 without points.
    qint64 growthBytes() const;
};

// The history of one identity; empty when it has none (a location met after
// the history's sampled ones).
HeldSparkline heldSparkline(const Profile& profile, LocationId location);
// The growth alone (sorting needs no points).
qint64 heldGrowth(const Profile& profile, LocationId location);
// Every name that held bytes at some point of the run.
std::unordered_map<std::string, HeldSparkline> heldSparklinesByName(const Profile& profile);

} // namespace memprof::itemmodels

Q_DECLARE_METATYPE(memprof::itemmodels::HeldSparkline)
