// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/memprofile/ProfileRanking.h"
#include "model/support/SaturatingMath.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace memprof {

std::vector<const LocationRow*> rankRows(const Profile& profile, EventKind kind)
{
    const auto& rows = profile.rows(kind);
    std::vector<const LocationRow*> ranked;
    ranked.reserve(rows.size());
    for (const auto& row : rows)
        ranked.push_back(&row);
    auto identity = [&](const LocationRow* r) {
        const LocationInfo& l = profile.locations[r->location];
        return std::tie(l.name, l.addr, l.line, l.traceno);
    };
    std::sort(ranked.begin(), ranked.end(), [&](const LocationRow* a, const LocationRow* b) {
        if (a->eventCount != b->eventCount)
            return a->eventCount > b->eventCount;
        return identity(a) < identity(b);
    });
    return ranked;
}

std::vector<HeapSummaryRow> rankHeapSummary(const Profile& profile)
{
    std::vector<HeapSummaryRow> ranked;
    for (const auto& row : profile.heapSummary)
        if (row.summaryBytes > 0)
            ranked.push_back(row);
    std::sort(ranked.begin(), ranked.end(), [](const HeapSummaryRow& a, const HeapSummaryRow& b) {
        return a.summaryBytes != b.summaryBytes ? a.summaryBytes > b.summaryBytes : a.name < b.name;
    });
    return ranked;
}

std::vector<HeldByName> rankHeldByName(const Profile& profile, HeldScope scope)
{
    return rankHeldByName(profile, scope == HeldScope::End ? profile.heldAtEnd : profile.heldAtPeak);
}

std::vector<HeldByName> rankHeldByName(const Profile& profile, const std::vector<HeldRow>& rows)
{
    std::map<std::string, HeldByName> byName;
    for (const auto& row : rows) {
        const std::string& name = profile.nameOf(row.location);
        auto& entry = byName[name];
        entry.name = name;
        entry.overflowed |= row.overflowed;
        entry.overflowed |= addSaturating(entry.heldBytes, row.heldBytes);
        entry.blockCount += row.blockCount;
    }
    std::vector<HeldByName> ranked;
    for (auto& [name, entry] : byName)
        ranked.push_back(std::move(entry));
    std::stable_sort(ranked.begin(), ranked.end(),
                     [](const HeldByName& a, const HeldByName& b) { return a.heldBytes > b.heldBytes; });
    return ranked;
}

std::vector<std::string> overrideNames(const Profile& profile, const LocationRow& row)
{
    std::vector<std::string> names;
    names.reserve(row.overrides.size());
    for (const auto& o : row.overrides)
        names.push_back(profile.nameOf(o.location));
    std::sort(names.begin(), names.end());
    return names;
}

} // namespace memprof
