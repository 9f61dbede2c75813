// SPDX-License-Identifier: GPL-3.0-or-later
// The rows of one event kind (ALLOCATIONS, REALLOCATIONS or DEALLOCATIONS)
// from its sums per location and its Overrides: one function for the
// builder (a whole run or a window counted from the dump) and the window
// recount (a window added up from the index's segments), so the two
// profiles' rows are made alike.
#pragma once

#include "model/memprofile/OverrideTable.h"
#include "model/memprofile/Profile.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace memprof {

// `perLocation[id]` holds a location's eventCount, allocatedBytes and
// freedBytes (and its OverflowedSum bits as `overflowed`, if it keeps
// them); a location with no event has no row. `forEachOverride(take)`
// calls take(key, sums) once per (row location, primary location) pair
// key of OverrideTable, whose row location has a row. Rows come in
// location order, each row's Overrides by primary location.
template <class PerLocation, class ForEachOverride>
std::vector<LocationRow> locationRows(const std::vector<PerLocation>& perLocation, ForEachOverride&& forEachOverride)
{
    std::vector<LocationRow> rows;
    std::vector<std::int32_t> rowOf(perLocation.size(), -1);
    for (LocationId id = 0; id < perLocation.size(); ++id) {
        const PerLocation& s = perLocation[id];
        if (s.eventCount == 0)
            continue;
        rowOf[id] = static_cast<std::int32_t>(rows.size());
        std::uint8_t overflowed = 0;
        if constexpr (requires { s.overflowed; })
            overflowed = s.overflowed;
        rows.push_back({id, s.eventCount, s.allocatedBytes, s.freedBytes, {}, overflowed});
    }
    forEachOverride([&](std::uint64_t key, const OverrideTable::Sums& sums) {
        rows[static_cast<std::size_t>(rowOf[OverrideTable::rowOf(key)])].overrides.push_back(
            {OverrideTable::primaryOf(key), sums.allocatedBytes, sums.freedBytes, sums.blockCount(),
             sums.overflowed()});
    });
    for (auto& row : rows)
        std::sort(row.overrides.begin(), row.overrides.end(),
                  [](const OverrideStats& a, const OverrideStats& b) { return a.location < b.location; });
    return rows;
}

} // namespace memprof
