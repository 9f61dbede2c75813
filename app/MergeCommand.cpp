// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/MergeCommand.h"

#include "app/ReportFunctionNames.h"

#include "model/export/ExportFormat.h"
#include "model/export/SysprofExport.h"
#include "model/merge/MergeLoad.h"
#include "model/report/CsvExport.h"
#include "model/report/DemangledNames.h"
#include "model/report/SysprofReport.h"
#include "model/report/TextReport.h"

#include <iostream>

namespace memprof::cli {

namespace {

// Says, as each dump is read, why one could not be (and is left out) or
// that it was cut short (and is merged as far as it goes).
DumpReadCallback explainEachRead(const CommandLine& line)
{
    return [&line](std::size_t dump, const DecodeStatus& status) { explainStatus(line.dumps[dump], status); };
}

// The warning naming the dumps left out, or the exit code when none was
// read.
template <class Instances>
std::optional<int> checkMerged(const CommandLine& line, const Instances& instances)
{
    std::size_t merged = 0;
    for (const auto& instance : instances)
        merged += instance.merged ? 1 : 0;
    if (merged == 0) {
        std::cerr << "memprof-report: --merge: none of the " << instances.size() << " dumps could be read\n";
        return kExitBrokenDump;
    }
    for (std::size_t dump = 0; dump < instances.size(); ++dump)
        if (!instances[dump].merged)
            std::cerr << "memprof-report: warning: " << displayName(line.dumps[dump])
                      << " is left out of the merge: the report is of " << merged << " of " << instances.size()
                      << " dumps\n";
    return std::nullopt;
}

} // namespace

std::optional<int> writeMergedMemprof(const CommandLine& line, std::ostream& text)
{
    MergedMemprof merged = loadMergedMemprof(line.dumps, mergeWorkers(), explainEachRead(line));
    if (const std::optional<int> exitCode = checkMerged(line, merged.breakdown.instances))
        return exitCode;
    Profile& profile = merged.profile;
    if (line.demangle)
        demangleLocationNames(profile);
    if (line.exportFormat) {
        const FunctionNameTable names = reportFunctionNames(line, services::luaFunctionsOf(profile));
        text << mergedExportBytes(profile, merged.breakdown, *line.exportFormat, &names);
    } else if (line.csv) {
        const FunctionNameTable names = reportFunctionNames(line, services::luaFunctionsOf(profile));
        writeCsv(text, profile, *line.csv, &names, &merged.breakdown);
    } else {
        writeTextReport(text, profile, line.report);
    }
    return std::nullopt;
}

std::optional<int> writeMergedSysprof(const CommandLine& line, SysprofLoadOptions options, std::ostream& text)
{
    // Merged dumps keep no time order: exports write each dump's totals.
    options.keepSampleOrder = false;
    const std::optional<ExportFormat> format =
        line.exportName.empty() ? std::nullopt : exportFormatFromName(line.exportName, ExportSubject::Sysprof);
    MergedSysprof merged = loadMergedSysprof(line.dumps, options, mergeWorkers(), explainEachRead(line));
    if (const std::optional<int> exitCode = checkMerged(line, merged.breakdown.instances))
        return exitCode;
    SysprofProfile& profile = merged.profile;
    if (line.demangle)
        demangleFrameNames(profile);
    if (format) {
        const FunctionNameTable names = reportFunctionNames(line, services::luaFunctionsOf(profile));
        writeMergedSysprofExport(text, profile, merged.breakdown, *format, {line.intervalMs, &names});
    } else if (line.summary) {
        const FunctionNameTable names = reportFunctionNames(line, services::luaFunctionsOf(profile));
        writeSysprofSummary(text, profile, kSummaryView, &names);
    } else {
        writeSysprofReferenceLines(text, profile);
    }
    return std::nullopt;
}

} // namespace memprof::cli
