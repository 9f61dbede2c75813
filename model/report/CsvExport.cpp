// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/report/CsvExport.h"
#include "model/memprofile/LeakSuspects.h"
#include "model/memprofile/ProfileRanking.h"
#include "model/merge/MemprofMerge.h"
#include "model/report/TextReport.h"
#include "model/support/SaturatingMath.h"

#include <cstdio>
#include <map>

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

namespace {

// The function column: the name of a location's function, by the
// location's id or, for the tables that merge locations by name, by name.
class FunctionColumn {
public:
    FunctionColumn(const Profile& profile, const FunctionNameTable* names)
        : profile_(profile), names_(names && !names->empty() ? names : nullptr)
    {
        if (!names_)
            return;
        for (LocationId id = 0; id < profile.locations.size(); ++id) {
            if (const std::string function = ofLocation(id); !function.empty())
                byName_.try_emplace(profile.nameOf(id), function);
        }
        // Names read only for functions with no location (code the dump
        // holds but that allocated nothing) add no column.
        if (byName_.empty())
            names_ = nullptr;
    }

    // `fields` with the function after the first (the location); unchanged
    // where no location has a name.
    std::vector<std::string> with(std::vector<std::string> fields, const std::string& function) const
    {
        if (names_)
            fields.insert(fields.begin() + 1, function);
        return fields;
    }
    // The columns that name the row: the location, and the function.
    std::size_t nameColumns() const { return names_ ? 2 : 1; }
    std::string ofLocation(LocationId id) const
    {
        const std::int32_t function = profile_.locations[id].function;
        if (!names_ || function == kNoFunction)
            return {};
        const FunctionInfo& info = profile_.functions[static_cast<std::size_t>(function)];
        return std::string(names_->nameOf(info.chunkname, info.linedefined));
    }
    std::string ofName(const std::string& name) const
    {
        const auto it = byName_.find(name);
        return it == byName_.end() ? std::string() : it->second;
    }

private:
    const Profile& profile_;
    const FunctionNameTable* names_;
    std::map<std::string, std::string> byName_;
};

// The instance column of a merged profile's tables, after the columns
// that name the row; none for one dump's.
class InstanceColumn {
public:
    InstanceColumn(const MemprofBreakdown* byInstance, const FunctionColumn& function)
        : byInstance_(byInstance), at_(function.nameColumns())
    {}

    bool present() const { return byInstance_ != nullptr; }
    const MemprofBreakdown& breakdown() const { return *byInstance_; }
    std::vector<std::string> header(std::vector<std::string> fields) const
    {
        return with(std::move(fields), "instance");
    }
    std::vector<std::string> with(std::vector<std::string> fields, InstanceId instance) const
    {
        return with(std::move(fields), byInstance_->instances[instance].name);
    }

private:
    std::vector<std::string> with(std::vector<std::string> fields, const std::string& value) const
    {
        if (byInstance_)
            fields.insert(fields.begin() + static_cast<std::ptrdiff_t>(at_), value);
        return fields;
    }

    const MemprofBreakdown* byInstance_;
    std::size_t at_;
};

// The merged profile's location of each name (one per name).
std::map<std::string, LocationId> locationsByName(const Profile& profile)
{
    std::map<std::string, LocationId> byName;
    for (LocationId id = 0; id < profile.locations.size(); ++id)
        byName.try_emplace(profile.nameOf(id), id);
    return byName;
}

} // namespace

void writeCsv(std::ostream& out, const Profile& profile, CsvTable table, const FunctionNameTable* names,
              const MemprofBreakdown* byInstance)
{
    const FunctionColumn function(profile, names);
    const InstanceColumn instance(byInstance, function);
    switch (table) {
    case CsvTable::Allocations:
    case CsvTable::Reallocations:
    case CsvTable::Frees: {
        const EventKind kind = table == CsvTable::Allocations     ? EventKind::Alloc
                               : table == CsvTable::Reallocations ? EventKind::Realloc
                                                                  : EventKind::Free;
        out << csvRecord(instance.header(function.with(
            {"location", "events", "allocated_bytes", "freed_bytes", "net_bytes", "overrides"}, "function")));
        for (const LocationRow* row : rankRows(profile, kind)) {
            const std::string overrides = overridesField(overrideNames(profile, *row));
            const auto record = [&](std::uint64_t events, ByteSum allocated, ByteSum freed) {
                return function.with({profile.nameOf(row->location), std::to_string(events), formatSum(allocated),
                                      formatSum(freed), formatSum(saturatingNet(allocated, freed)), overrides},
                                     function.ofLocation(row->location));
            };
            if (!instance.present()) {
                out << csvRecord(record(row->eventCount, row->allocated(), row->freed()));
                continue;
            }
            for (const RowShare& share : instance.breakdown().rows(kind, row->location))
                out << csvRecord(instance.with(
                    record(share.eventCount, {share.allocatedBytes, (share.overflowed & kAllocatedOverflowed) != 0},
                           {share.freedBytes, (share.overflowed & kFreedOverflowed) != 0}),
                    share.instance));
        }
        break;
    }
    case CsvTable::HeapSummary: {
        out << csvRecord(instance.header(function.with({"location", "summary_bytes", "allocs", "frees"}, "function")));
        std::map<std::string, std::size_t> summaryRow; // a merged profile's shares are by row
        for (std::size_t index = 0; instance.present() && index < profile.heapSummary.size(); ++index)
            summaryRow.try_emplace(profile.heapSummary[index].name, index);
        for (const auto& row : rankHeapSummary(profile)) {
            if (!instance.present()) {
                out << csvRecord(function.with({row.name, formatSum(row.summaryBytes), std::to_string(row.allocCount),
                                                std::to_string(row.freeCount)},
                                               function.ofName(row.name)));
                continue;
            }
            for (const HeapSummaryShare& share : instance.breakdown().heapSummary(summaryRow.at(row.name)))
                out << csvRecord(
                    instance.with(function.with({row.name, formatSum(share.summaryBytes),
                                                 std::to_string(share.allocCount), std::to_string(share.freeCount)},
                                                function.ofName(row.name)),
                                  share.instance));
        }
        break;
    }
    case CsvTable::Held: {
        out << csvRecord(instance.header(function.with({"location", "held_bytes", "live_blocks"}, "function")));
        const std::map<std::string, LocationId> located =
            instance.present() ? locationsByName(profile) : std::map<std::string, LocationId>{};
        for (const auto& row : rankHeldByName(profile)) {
            if (!instance.present()) {
                out << csvRecord(function.with({row.name, formatSum(row.held()), std::to_string(row.blockCount)},
                                               function.ofName(row.name)));
                continue;
            }
            for (const HeldShare& share : instance.breakdown().heldAtEnd(located.at(row.name)))
                out << csvRecord(
                    instance.with(function.with({row.name, formatSum(ByteSum{share.heldBytes, share.overflowed}),
                                                 std::to_string(share.blockCount)},
                                                function.ofName(row.name)),
                                  share.instance));
        }
        break;
    }
    case CsvTable::Suspects: {
        out << csvRecord(function.with({"location", "rank", "score_bytes", "trend_bytes", "kept_ratio",
                                        "net_growth_bytes", "rise_bytes", "fall_bytes", "steps", "falling_steps",
                                        "growth_first_event", "growth_bytes", "held_at_end_bytes"},
                                       "function"));
        std::size_t rank = 0;
        for (const LeakSuspect& s : rankLeakSuspects(profile, profile.window)) {
            char kept[32];
            std::snprintf(kept, sizeof kept, "%.4f", s.keptRatio);
            out << csvRecord(function.with(
                {s.name, std::to_string(++rank), std::to_string(s.scoreBytes), std::to_string(s.trendBytes), kept,
                 std::to_string(s.netGrowthBytes), std::to_string(s.riseBytes), std::to_string(s.fallBytes),
                 std::to_string(s.stepCount), std::to_string(s.fallingStepCount), std::to_string(s.growthFirstEvent),
                 std::to_string(s.growthBytes), std::to_string(s.heldAtEndBytes)},
                function.ofName(s.name)));
        }
        break;
    }
    case CsvTable::History: {
        // One column per sample point, named by the point's last event.
        const HeldHistory& history = profile.heldHistory;
        const HeldHistory::PointRange points = history.pointsOf(profile.window.first, profile.window.last);
        std::vector<std::string> header = function.with({"location"}, "function");
        for (std::size_t p = points.first; p <= points.last && points.size() > 0; ++p)
            header.push_back("held_bytes_to_event_" + std::to_string(history.lastEventOf(p)));
        out << csvRecord(header);
        for (const HeldSeries& series : heldSeriesByName(profile, profile.window)) {
            std::vector<std::string> fields = function.with({series.name}, function.ofName(series.name));
            for (std::uint64_t bytes : series.heldBytes)
                fields.push_back(std::to_string(bytes));
            out << csvRecord(fields);
        }
        break;
    }
    }
}

} // namespace memprof
