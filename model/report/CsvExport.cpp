// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/report/CsvExport.h"
#include "model/profile/ProfileRanking.h"

namespace memprof {

std::optional<CsvTable> csvTableFromName(std::string_view name)
{
    if (name == "allocations")
        return CsvTable::Allocations;
    if (name == "reallocations")
        return CsvTable::Reallocations;
    if (name == "frees")
        return CsvTable::Frees;
    if (name == "leaks")
        return CsvTable::Leaks;
    if (name == "live")
        return CsvTable::Live;
    return std::nullopt;
}

std::string csvField(std::string_view text)
{
    if (text.find_first_of(",\"\r\n") == std::string_view::npos)
        return std::string(text);
    std::string quoted = "\"";
    for (char c : text) {
        if (c == '"')
            quoted += '"';
        quoted += c;
    }
    return quoted + "\"";
}

std::string csvRecord(const std::vector<std::string>& fields)
{
    std::string line;
    for (std::size_t i = 0; i < fields.size(); ++i) {
        if (i > 0)
            line += ',';
        line += csvField(fields[i]);
    }
    return line + "\r\n";
}

void writeCsv(std::ostream& out, const Profile& profile, CsvTable table)
{
    switch (table) {
    case CsvTable::Allocations:
    case CsvTable::Reallocations:
    case CsvTable::Frees: {
        const EventKind kind = table == CsvTable::Allocations     ? EventKind::Alloc
                               : table == CsvTable::Reallocations ? EventKind::Realloc
                                                                  : EventKind::Free;
        out << csvRecord({"location", "events", "allocated_bytes", "freed_bytes", "net_bytes", "overrides"});
        for (const LocationRow* row : rankRows(profile, kind)) {
            std::string overrides;
            for (const auto& name : overrideNames(profile, *row))
                overrides += (overrides.empty() ? "" : "; ") + name;
            const auto net = static_cast<std::int64_t>(row->allocatedBytes) - static_cast<std::int64_t>(row->freedBytes);
            out << csvRecord({profile.nameOf(row->location), std::to_string(row->eventCount),
                              std::to_string(row->allocatedBytes), std::to_string(row->freedBytes),
                              std::to_string(net), overrides});
        }
        break;
    }
    case CsvTable::Leaks:
        out << csvRecord({"location", "held_bytes", "allocs", "frees"});
        for (const auto& row : rankHeapDifference(profile))
            out << csvRecord({row.name, std::to_string(row.heldBytes), std::to_string(row.allocCount),
                              std::to_string(row.freeCount)});
        break;
    case CsvTable::Live:
        out << csvRecord({"location", "held_bytes", "live_blocks"});
        for (const auto& row : rankLiveByName(profile))
            out << csvRecord({row.name, std::to_string(row.heldBytes), std::to_string(row.blockCount)});
        break;
    }
}

} // namespace memprof
