// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/report/CsvExport.h"
#include "model/memprofile/LeakSuspects.h"
#include "model/memprofile/ProfileRanking.h"
#include "model/report/TextReport.h"
#include "model/support/SaturatingMath.h"

#include <cstdio>

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
        return CsvTable::HeapSummary;
    if (name == "live")
        return CsvTable::Held;
    if (name == "suspects")
        return CsvTable::Suspects;
    if (name == "history")
        return CsvTable::History;
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

std::string overridesField(const std::vector<std::string>& names)
{
    std::string field;
    for (const auto& name : names) {
        if (!field.empty())
            field += '\n';
        for (char c : name) {
            if (c == '\\')
                field += "\\\\";
            else if (c == '\n')
                field += "\\n";
            else
                field += c;
        }
    }
    return field;
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
            const std::string overrides = overridesField(overrideNames(profile, *row));
            out << csvRecord({profile.nameOf(row->location), std::to_string(row->eventCount),
                              formatSum(row->allocated()), formatSum(row->freed()),
                              formatSum(saturatingNet(row->allocated(), row->freed())), overrides});
        }
        break;
    }
    case CsvTable::HeapSummary:
        out << csvRecord({"location", "summary_bytes", "allocs", "frees"});
        for (const auto& row : rankHeapSummary(profile))
            out << csvRecord(
                {row.name, formatSum(row.summaryBytes), std::to_string(row.allocCount), std::to_string(row.freeCount)});
        break;
    case CsvTable::Held:
        out << csvRecord({"location", "held_bytes", "live_blocks"});
        for (const auto& row : rankHeldByName(profile))
            out << csvRecord({row.name, formatSum(row.held()), std::to_string(row.blockCount)});
        break;
    case CsvTable::Suspects: {
        out << csvRecord({"location", "rank", "score_bytes", "trend_bytes", "kept_ratio", "net_growth_bytes",
                          "rise_bytes", "fall_bytes", "steps", "falling_steps", "growth_first_event", "growth_bytes",
                          "held_at_end_bytes"});
        std::size_t rank = 0;
        for (const LeakSuspect& s : rankLeakSuspects(profile, profile.window)) {
            char kept[32];
            std::snprintf(kept, sizeof kept, "%.4f", s.keptRatio);
            out << csvRecord({s.name, std::to_string(++rank), std::to_string(s.scoreBytes),
                              std::to_string(s.trendBytes), kept, std::to_string(s.netGrowthBytes),
                              std::to_string(s.riseBytes), std::to_string(s.fallBytes), std::to_string(s.stepCount),
                              std::to_string(s.fallingStepCount), std::to_string(s.growthFirstEvent),
                              std::to_string(s.growthBytes), std::to_string(s.heldAtEndBytes)});
        }
        break;
    }
    case CsvTable::History: {
        // One column per sample point, named by the point's last event.
        const HeldHistory& history = profile.heldHistory;
        const HeldHistory::PointRange points = history.pointsOf(profile.window.first, profile.window.last);
        std::vector<std::string> header{"location"};
        for (std::size_t p = points.first; p <= points.last && points.size() > 0; ++p)
            header.push_back("held_bytes_to_event_" + std::to_string(history.lastEventOf(p)));
        out << csvRecord(header);
        for (const HeldSeries& series : heldSeriesByName(profile, profile.window)) {
            std::vector<std::string> fields{series.name};
            for (std::uint64_t bytes : series.heldBytes)
                fields.push_back(std::to_string(bytes));
            out << csvRecord(fields);
        }
        break;
    }
    }
}

} // namespace memprof
