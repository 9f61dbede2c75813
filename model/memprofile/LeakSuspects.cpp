// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/memprofile/LeakSuspects.h"

#include <algorithm>
#include <map>

namespace memprof {

std::vector<HeldSeries> heldSeriesByName(const Profile& profile, RunRange window)
{
    const HeldHistory& history = profile.heldHistory;
    const HeldHistory::PointRange points = history.pointsOf(window.first, window.last);
    std::map<std::string, std::vector<std::uint64_t>> byName;
    const std::size_t sampled = std::min(history.sampledLocationCount(), profile.locations.size());
    for (LocationId id = 0; id < sampled; ++id) {
        bool heldAny = false;
        for (std::size_t p = points.first; p <= points.last && points.size() > 0; ++p)
            heldAny = heldAny || history.heldAt(id, p) > 0;
        if (!heldAny)
            continue;
        auto& series = byName[profile.nameOf(id)];
        series.resize(points.size(), 0);
        for (std::size_t p = 0; p < points.size(); ++p)
            series[p] += history.heldAt(id, points.first + p);
    }
    std::vector<HeldSeries> result;
    result.reserve(byName.size());
    for (auto& [name, series] : byName)
        result.push_back({name, std::move(series)});
    return result;
}

namespace {

// The Theil-Sen slope (change per point) of `v`, 0 for fewer than 2 points.
double medianSlope(const std::vector<std::uint64_t>& v)
{
    std::vector<double> slopes;
    slopes.reserve(v.size() * (v.size() - 1) / 2);
    for (std::size_t i = 0; i < v.size(); ++i)
        for (std::size_t j = i + 1; j < v.size(); ++j)
            slopes.push_back((static_cast<double>(v[j]) - static_cast<double>(v[i])) / static_cast<double>(j - i));
    if (slopes.empty())
        return 0;
    const auto middle = slopes.begin() + static_cast<std::ptrdiff_t>(slopes.size() / 2);
    std::nth_element(slopes.begin(), middle, slopes.end());
    if (slopes.size() % 2 == 1)
        return *middle;
    const double upper = *middle;
    const double lower = *std::max_element(slopes.begin(), middle);
    return (lower + upper) / 2;
}

LeakSuspect scoreSeries(const HeldSeries& series, const HeldHistory& history, std::size_t firstPoint)
{
    const std::vector<std::uint64_t>& v = series.heldBytes;
    LeakSuspect s;
    s.name = series.name;
    s.stepCount = v.size() - 1;
    for (std::size_t i = 1; i < v.size(); ++i) {
        if (v[i] > v[i - 1]) {
            s.riseBytes += v[i] - v[i - 1];
        } else if (v[i] < v[i - 1]) {
            s.fallBytes += v[i - 1] - v[i];
            ++s.fallingStepCount;
        }
    }
    s.heldAtEndBytes = v.back();
    s.netGrowthBytes = static_cast<std::int64_t>(v.back() - v.front());
    // The growth since the series last stood at its window minimum.
    const std::uint64_t lowest = *std::min_element(v.begin(), v.end());
    std::size_t low = 0;
    for (std::size_t i = 0; i + 1 < v.size(); ++i)
        if (v[i] == lowest)
            low = i;
    s.growthFirstEvent = history.firstEventOf(firstPoint + low);
    s.growthBytes = v.back() - v[low];
    if (s.netGrowthBytes <= 0 || s.riseBytes == 0)
        return s;
    s.keptRatio = static_cast<double>(s.netGrowthBytes) / static_cast<double>(s.riseBytes);
    const double trend = medianSlope(v) * static_cast<double>(s.stepCount);
    // Never more than it grew: a line fitted to a late start overshoots.
    s.trendBytes =
        trend > 0 ? std::min(static_cast<std::uint64_t>(trend), static_cast<std::uint64_t>(s.netGrowthBytes)) : 0;
    s.scoreBytes = static_cast<std::uint64_t>(static_cast<double>(s.trendBytes) * s.keptRatio);
    return s;
}

} // namespace

std::vector<LeakSuspect> rankLeakSuspects(const Profile& profile, RunRange window)
{
    const HeldHistory& history = profile.heldHistory;
    const HeldHistory::PointRange points = history.pointsOf(window.first, window.last);
    std::vector<LeakSuspect> suspects;
    if (points.size() < 2)
        return suspects;
    for (const HeldSeries& series : heldSeriesByName(profile, window)) {
        if (series.heldBytes.back() <= series.heldBytes.front())
            continue; // no net growth: not a suspect, and the pairs need not be counted
        LeakSuspect s = scoreSeries(series, history, points.first);
        if (s.scoreBytes > 0)
            suspects.push_back(std::move(s));
    }
    std::sort(suspects.begin(), suspects.end(), [](const LeakSuspect& a, const LeakSuspect& b) {
        if (a.scoreBytes != b.scoreBytes)
            return a.scoreBytes > b.scoreBytes;
        return a.name < b.name;
    });
    return suspects;
}

} // namespace memprof
