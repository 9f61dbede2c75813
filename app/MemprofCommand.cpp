// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/MemprofCommand.h"

#include "app/MergeCommand.h"
#include "app/ReportFunctionNames.h"

#include "model/export/DhatBlocks.h"
#include "model/memcompare/ProfileDiff.h"
#include "model/memprofile/ProfileLoader.h"
#include "model/report/DemangledNames.h"

namespace memprof::cli {

namespace {

// Loads a dump; on failure prints why and returns false. Warns on a cut dump.
bool loadOrExplain(const std::string& path, Profile& profile, RunRange window = {}, EventObserver* observer = nullptr)
{
    profile = loadProfile(path == "-" ? "/dev/stdin" : path, {}, observer, window);
    return explainStatus(path, profile.status);
}

// The window of --range for the dump, or the exit code: a range in percent
// needs the run's length first (a decoding-only pass); event numbers are
// checked against the run once it is read (writeReport).
std::variant<RunRange, int> windowFor(const CommandLine& line)
{
    const std::optional<RangeOption>& range = line.range;
    if (!range)
        return RunRange{};
    if (!range->needsEventCount())
        return RunRange{range->first.given ? range->first.event : 1,
                        range->last.given ? range->last.event : RunRange::kRunEnd};
    std::uint64_t eventCount = 0;
    const DecodeStatus counted = countEvents(line.dumps[0], eventCount);
    if (counted.end == DecodeEnd::Failed) {
        explainStatus(line.dumps[0], counted);
        return kExitBrokenDump;
    }
    return rangeInRun(line, eventCount);
}

// NEW - BASE per location name, as text or one CSV table.
std::optional<int> writeDiff(const CommandLine& line, std::ostream& text)
{
    Profile base, current;
    if (!loadOrExplain(line.dumps[0], base) || !loadOrExplain(line.dumps[1], current))
        return kExitBrokenDump;
    const ProfileDiff changes = diffProfiles(base, current);
    const std::optional<CsvTable>& csv = line.csv;
    if (!csv)
        writeDiffReport(text, changes, line.report.humanReadable);
    else if (*csv == CsvTable::Held || *csv == CsvTable::HeapSummary)
        writeHeldDiffCsv(text, changes);
    else
        writeDiffCsv(text, changes,
                     *csv == CsvTable::Allocations     ? EventKind::Alloc
                     : *csv == CsvTable::Reallocations ? EventKind::Realloc
                                                       : EventKind::Free);
    return std::nullopt;
}

// The report, table or export of one dump.
std::optional<int> writeReport(const CommandLine& line, std::ostream& text)
{
    if (line.diff)
        return writeDiff(line, text);
    if (line.merge)
        return writeMergedMemprof(line, text);
    const std::variant<RunRange, int> window = windowFor(line);
    if (const int* exitCode = std::get_if<int>(&window))
        return *exitCode;
    // DHAT's block figures are counted by the same decode: a dump on
    // standard input cannot be read twice.
    const bool dhat = line.exportFormat == ExportFormat::Dhat;
    DhatBlockCounter dhatCounter(std::get<RunRange>(window));
    Profile profile;
    if (!loadOrExplain(line.dumps[0], profile, std::get<RunRange>(window), dhat ? &dhatCounter : nullptr))
        return kExitBrokenDump;
    if (line.range && !line.range->needsEventCount()) {
        const std::variant<RunRange, int> inRun = rangeInRun(line, profile.totals.eventCount);
        if (const int* exitCode = std::get_if<int>(&inRun))
            return *exitCode;
    }
    if (line.demangle)
        demangleLocationNames(profile);
    // Exports and tables name Lua functions as their sources do; the
    // report keeps the reference's names.
    const bool named = line.exportFormat || line.csv;
    const FunctionNameTable names =
        named ? reportFunctionNames(line, services::luaFunctionsOf(profile)) : FunctionNameTable{};
    if (line.exportFormat) {
        const DhatBlocks blocks = dhat ? dhatCounter.finish(profile.totals.eventCount) : DhatBlocks{};
        text << exportBytes(profile, *line.exportFormat, &blocks, &names);
    } else if (line.csv)
        writeCsv(text, profile, *line.csv, &names);
    else
        writeTextReport(text, profile, line.report);
    return std::nullopt;
}

} // namespace

const ReportCommand kMemprofCommand{
    "memprof",
    {Option::Csv, Option::LeakOnly, Option::HumanReadable, Option::Live, Option::Peak, Option::Suspects, Option::Diff,
     Option::Demangle, Option::Range, Option::Export, Option::Merge},
    ExportSubject::Memprof,
    kExportFormatNames,
    "",
    writeReport,
};

} // namespace memprof::cli
