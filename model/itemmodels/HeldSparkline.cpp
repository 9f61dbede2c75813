// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/itemmodels/HeldSparkline.h"

#include "model/memprofile/LeakSuspects.h"
#include "model/support/SaturatingMath.h"

namespace memprof::itemmodels {

namespace {
HeldHistory::PointRange windowPoints(const Profile& profile)
{
    return profile.heldHistory.pointsOf(profile.window.first, profile.window.last);
}

bool sampled(const Profile& profile, LocationId location)
{
    return location < profile.heldHistory.sampledLocationCount() && profile.heldHistory.pointCount() > 0;
}

HeldSparkline withWindow(const Profile& profile, QVector<double> heldBytes)
{
    HeldSparkline line;
    line.heldBytes = std::move(heldBytes);
    const HeldHistory::PointRange points = windowPoints(profile);
    if (points.size() > 0) {
        line.windowFirst = static_cast<int>(points.first);
        line.windowLast = static_cast<int>(points.last);
    }
    return line;
}
} // namespace

qint64 HeldSparkline::growthBytes() const
{
    if (windowFirst > windowLast || windowLast >= heldBytes.size())
        return 0;
    // The history's figures are exact (modulo 2^64), never saturated sums.
    return saturatingNet({static_cast<std::uint64_t>(heldBytes[windowLast])},
                         {static_cast<std::uint64_t>(heldBytes[windowFirst])});
}

HeldSparkline heldSparkline(const Profile& profile, LocationId location)
{
    if (!sampled(profile, location))
        return {};
    const HeldHistory& history = profile.heldHistory;
    QVector<double> held;
    held.reserve(static_cast<qsizetype>(history.pointCount()));
    for (std::size_t p = 0; p < history.pointCount(); ++p)
        held.push_back(static_cast<double>(history.heldAt(location, p)));
    return withWindow(profile, std::move(held));
}

qint64 heldGrowth(const Profile& profile, LocationId location)
{
    if (!sampled(profile, location))
        return 0;
    const HeldHistory::PointRange points = windowPoints(profile);
    if (points.size() == 0)
        return 0;
    const HeldHistory& history = profile.heldHistory;
    return saturatingNet({history.heldAt(location, points.last)}, {history.heldAt(location, points.first)});
}

std::unordered_map<std::string, HeldSparkline> heldSparklinesByName(const Profile& profile)
{
    std::unordered_map<std::string, HeldSparkline> byName;
    for (HeldSeries& series : heldSeriesByName(profile)) {
        QVector<double> held;
        held.reserve(static_cast<qsizetype>(series.heldBytes.size()));
        for (std::uint64_t bytes : series.heldBytes)
            held.push_back(static_cast<double>(bytes));
        byName.emplace(std::move(series.name), withWindow(profile, std::move(held)));
    }
    return byName;
}

} // namespace memprof::itemmodels
