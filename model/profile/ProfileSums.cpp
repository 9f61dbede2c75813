// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/profile/ProfileSums.h"
#include "model/support/SaturatingMath.h"

#include <map>
#include <string>

namespace memprof {

void sumRowsIntoTotals(const Profile& profile, ProfileTotals& totals)
{
    // The counts by kind and the freed bytes are the rows' sums (saturated,
    // as a running sum would be).
    auto sum = [](const std::vector<LocationRow>& rows, std::uint64_t LocationRow::*member) {
        std::uint64_t total = 0;
        for (const auto& row : rows)
            total = saturatingSum(total, row.*member);
        return total;
    };
    totals.allocCount = sum(profile.allocations, &LocationRow::eventCount);
    totals.reallocCount = sum(profile.reallocations, &LocationRow::eventCount);
    totals.freeCount = sum(profile.frees, &LocationRow::eventCount);
    totals.allocatedBytes = saturatingSum(sum(profile.allocations, &LocationRow::allocatedBytes),
                                           sum(profile.reallocations, &LocationRow::allocatedBytes));
    totals.freedBytes =
        saturatingSum(sum(profile.reallocations, &LocationRow::freedBytes), sum(profile.frees, &LocationRow::freedBytes));
}

std::vector<HeapSummaryRow> heapSummaryOf(const Profile& profile)
{
    // The reference's heap summary, keyed by location name
    // (docs/FORMAT.md#aggregation), summed in 128 bits. A saturated input
    // makes the row unknown: it is marked at the end it adds to
    // (SaturatingMath.h).
    struct Difference {
        HeapSummaryRow row;
        Int128 summaryBytes = 0;
        bool saturatedHigh = false;
        bool saturatedLow = false;
    };
    std::map<std::string, Difference> byName;
    auto entryFor = [&](LocationId id) -> Difference& {
        auto& entry = byName[profile.locations[id].name];
        entry.row.name = profile.locations[id].name;
        return entry;
    };
    for (const auto& row : profile.allocations) {
        if (row.allocatedBytes > 0) {
            auto& diff = entryFor(row.location);
            diff.summaryBytes += row.allocatedBytes;
            diff.saturatedHigh |= row.allocatedBytes == kSaturatedBytes;
            diff.row.allocCount += row.eventCount;
        }
    }
    for (const auto* rows : {&profile.reallocations, &profile.frees}) {
        for (const auto& row : *rows) {
            for (const auto& o : row.overrides) {
                auto& diff = entryFor(o.location);
                if (o.allocatedBytes > 0) {
                    diff.summaryBytes += o.allocatedBytes;
                    diff.saturatedHigh |= o.allocatedBytes == kSaturatedBytes;
                    diff.row.allocCount += o.blockCount;
                }
                if (o.freedBytes > 0) {
                    diff.summaryBytes -= o.freedBytes;
                    diff.saturatedLow |= o.freedBytes == kSaturatedBytes;
                    diff.row.freeCount += o.blockCount;
                }
            }
        }
    }
    std::vector<HeapSummaryRow> rows;
    rows.reserve(byName.size());
    for (auto& [name, diff] : byName) {
        diff.row.summaryBytes = diff.saturatedHigh != diff.saturatedLow
                                 ? (diff.saturatedHigh ? kSaturatedHigh : kSaturatedLow)
                                 : saturatedSigned(diff.summaryBytes);
        rows.push_back(std::move(diff.row));
    }
    return rows;
}

} // namespace memprof
