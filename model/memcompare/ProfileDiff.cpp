// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/memcompare/ProfileDiff.h"
#include "model/memprofile/ProfileRanking.h"
#include "model/report/CsvExport.h"
#include "model/report/TextReport.h"
#include "model/support/SaturatingMath.h"
#include "model/support/VisibleText.h"

#include <algorithm>
#include <map>

namespace memprof {

namespace {

using ValuesByName = std::map<std::string, DiffValues>;

ValuesByName rowValues(const Profile& profile, EventKind kind)
{
    ValuesByName byName;
    for (const auto& row : profile.rows(kind)) {
        auto& v = byName[profile.nameOf(row.location)];
        v.eventCount = saturatedSigned(Int128(v.eventCount) + row.eventCount);
        v.allocatedBytes = saturatedSigned(Int128(v.allocatedBytes) + row.allocatedBytes);
        v.freedBytes = saturatedSigned(Int128(v.freedBytes) + row.freedBytes);
    }
    return byName;
}

ValuesByName heldValues(const Profile& profile)
{
    ValuesByName byName;
    for (const auto& row : rankHeldByName(profile)) {
        auto& v = byName[row.name];
        v.heldBytes = saturatedSigned(row.heldBytes);
        v.blockCount = saturatedSigned(row.blockCount);
    }
    return byName;
}

DiffValues subtract(const DiffValues& a, const DiffValues& b)
{
    return {saturatingDifference(a.eventCount, b.eventCount), saturatingDifference(a.allocatedBytes, b.allocatedBytes),
            saturatingDifference(a.freedBytes, b.freedBytes), saturatingDifference(a.heldBytes, b.heldBytes),
            saturatingDifference(a.blockCount, b.blockCount)};
}

std::vector<LocationDiffRow> join(const ValuesByName& base, const ValuesByName& newByName, bool byHeld)
{
    std::vector<LocationDiffRow> rows;
    for (const auto& [name, values] : base) {
        LocationDiffRow row;
        row.name = name;
        row.baseValues = values;
        auto it = newByName.find(name);
        if (it == newByName.end())
            row.presence = DiffPresence::BaseOnly;
        else
            row.newValues = it->second;
        row.delta = subtract(row.newValues, row.baseValues);
        rows.push_back(std::move(row));
    }
    for (const auto& [name, values] : newByName) {
        if (base.count(name))
            continue;
        LocationDiffRow row;
        row.name = name;
        row.presence = DiffPresence::NewOnly;
        row.newValues = values;
        row.delta = values;
        rows.push_back(std::move(row));
    }
    std::sort(rows.begin(), rows.end(), [byHeld](const LocationDiffRow& a, const LocationDiffRow& b) {
        const auto ka = byHeld ? a.delta.heldBytes : a.delta.eventCount;
        const auto kb = byHeld ? b.delta.heldBytes : b.delta.eventCount;
        return ka != kb ? ka > kb : a.name < b.name;
    });
    return rows;
}

std::string signedCount(std::int64_t value)
{
    return (value > 0 ? "+" : "") + formatSum(value);
}

std::string signedBytes(std::int64_t value, bool human)
{
    // formatBytes keeps the sign of a negative value; add the plus.
    return (value > 0 ? "+" : "") + formatBytes(value, human);
}

const char* presenceNote(DiffPresence presence)
{
    switch (presence) {
    case DiffPresence::Both:
        return "";
    case DiffPresence::BaseOnly:
        return "\t(only in BASE)";
    case DiffPresence::NewOnly:
        return "\t(only in NEW)";
    }
    return "";
}

const char* presenceName(DiffPresence presence)
{
    switch (presence) {
    case DiffPresence::Both:
        return "both";
    case DiffPresence::BaseOnly:
        return "base";
    case DiffPresence::NewOnly:
        return "new";
    }
    return "";
}

} // namespace

ProfileDiff diffProfiles(const Profile& base, const Profile& newProfile)
{
    ProfileDiff diff;
    diff.allocations = join(rowValues(base, EventKind::Alloc), rowValues(newProfile, EventKind::Alloc), false);
    diff.reallocations = join(rowValues(base, EventKind::Realloc), rowValues(newProfile, EventKind::Realloc), false);
    diff.frees = join(rowValues(base, EventKind::Free), rowValues(newProfile, EventKind::Free), false);
    diff.held = join(heldValues(base), heldValues(newProfile), true);
    diff.baseTotals = base.totals;
    diff.newTotals = newProfile.totals;
    return diff;
}

void writeDiffReport(std::ostream& out, const ProfileDiff& diff, bool human)
{
    const auto& b = diff.baseTotals;
    const auto& n = diff.newTotals;
    out << "DIFF (NEW - BASE)\n"
        << "events: " << b.eventCount << " -> " << n.eventCount << " ("
        << signedCount(saturatingNet({n.eventCount}, {b.eventCount})) << ")\n"
        << "allocated: " << formatBytes(b.allocated(), human) << " -> " << formatBytes(n.allocated(), human) << " ("
        << signedBytes(saturatingNet(n.allocated(), b.allocated()), human) << ")\n"
        << "held at the end: " << formatBytes(b.live(), human) << " -> " << formatBytes(n.live(), human) << " ("
        << signedBytes(saturatingNet(n.live(), b.live()), human) << ")\n\n";
    const std::pair<const char*, EventKind> sections[] = {
        {"ALLOCATIONS", EventKind::Alloc}, {"REALLOCATIONS", EventKind::Realloc}, {"DEALLOCATIONS", EventKind::Free}};
    for (const auto& [title, kind] : sections) {
        out << title << "\n";
        for (const auto& row : diff.rows(kind))
            out << visibleText(row.name) << ": " << signedCount(row.delta.eventCount) << " events\tallocated "
                << signedBytes(row.delta.allocatedBytes, human) << "\tfreed "
                << signedBytes(row.delta.freedBytes, human) << presenceNote(row.presence) << "\n";
        out << "\n";
    }
    out << "HELD AT THE END:\n";
    for (const auto& row : diff.held)
        out << visibleText(row.name) << " holds " << signedBytes(row.delta.heldBytes, human) << ": "
            << formatBytes(row.baseValues.heldBytes, human) << " -> " << formatBytes(row.newValues.heldBytes, human)
            << presenceNote(row.presence) << "\n";
    out << "\n";
}

void writeDiffCsv(std::ostream& out, const ProfileDiff& diff, EventKind kind)
{
    out << csvRecord({"location", "presence", "base_events", "new_events", "delta_events", "base_allocated_bytes",
                      "new_allocated_bytes", "delta_allocated_bytes", "base_freed_bytes", "new_freed_bytes",
                      "delta_freed_bytes"});
    for (const auto& row : diff.rows(kind))
        out << csvRecord({row.name, presenceName(row.presence), std::to_string(row.baseValues.eventCount),
                          std::to_string(row.newValues.eventCount), std::to_string(row.delta.eventCount),
                          formatSum(row.baseValues.allocatedBytes), formatSum(row.newValues.allocatedBytes),
                          formatSum(row.delta.allocatedBytes), formatSum(row.baseValues.freedBytes),
                          formatSum(row.newValues.freedBytes), formatSum(row.delta.freedBytes)});
}

void writeHeldDiffCsv(std::ostream& out, const ProfileDiff& diff)
{
    out << csvRecord({"location", "presence", "base_held_bytes", "new_held_bytes", "delta_held_bytes"});
    for (const auto& row : diff.held)
        out << csvRecord({row.name, presenceName(row.presence), formatSum(row.baseValues.heldBytes),
                          formatSum(row.newValues.heldBytes), formatSum(row.delta.heldBytes)});
}

} // namespace memprof
