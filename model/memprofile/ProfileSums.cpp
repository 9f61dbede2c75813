// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/memprofile/ProfileSums.h"
#include "model/support/SaturatingMath.h"

#include <map>
#include <string>

namespace memprof {

void sumRowsIntoTotals(const Profile& profile, ProfileTotals& totals)
{
    // The counts by kind and the byte sums are the rows' sums (saturated,
    // as a running sum would be); a byte sum overflowed when a row's did or
    // when adding them passed the ceiling.
    auto count = [](const std::vector<LocationRow>& rows) {
        std::uint64_t total = 0;
        for (const auto& row : rows)
            total = saturatingSum(total, row.eventCount);
        return total;
    };
    auto bytes = [](std::initializer_list<const std::vector<LocationRow>*> tables,
                    ByteSum (LocationRow::*figure)() const) {
        ByteSum total;
        for (const auto* rows : tables)
            for (const auto& row : *rows) {
                const ByteSum part = (row.*figure)();
                total.overflowed |= part.overflowed;
                total.overflowed |= addSaturating(total.value, part.value);
            }
        return total;
    };
    totals.allocCount = count(profile.allocations);
    totals.reallocCount = count(profile.reallocations);
    totals.freeCount = count(profile.frees);
    const ByteSum allocated = bytes({&profile.allocations, &profile.reallocations}, &LocationRow::allocated);
    const ByteSum freed = bytes({&profile.reallocations, &profile.frees}, &LocationRow::freed);
    totals.allocatedBytes = allocated.value;
    totals.freedBytes = freed.value;
    totals.overflowed = static_cast<std::uint8_t>((totals.overflowed & ~(kAllocatedOverflowed | kFreedOverflowed)) |
                                                  (allocated.overflowed ? kAllocatedOverflowed : 0) |
                                                  (freed.overflowed ? kFreedOverflowed : 0));
}

std::vector<HeapSummaryRow> heapSummaryOf(const Profile& profile)
{
    // The reference's heap summary, keyed by location name
    // (docs/FORMAT.md#aggregation), summed in 128 bits. An input that
    // overflowed makes the row unknown: it is marked at the end it adds to
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
            diff.saturatedHigh |= row.allocated().overflowed;
            diff.row.allocCount += row.eventCount;
        }
    }
    for (const auto* rows : {&profile.reallocations, &profile.frees}) {
        for (const auto& row : *rows) {
            for (const auto& o : row.overrides) {
                auto& diff = entryFor(o.location);
                if (o.allocatedBytes > 0) {
                    diff.summaryBytes += o.allocatedBytes;
                    diff.saturatedHigh |= o.allocated().overflowed;
                    diff.row.allocCount += o.blockCount;
                }
                if (o.freedBytes > 0) {
                    diff.summaryBytes -= o.freedBytes;
                    diff.saturatedLow |= o.freed().overflowed;
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
