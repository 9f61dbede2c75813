// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/SysprofCommand.h"

#include "app/MergeCommand.h"
#include "app/ReportFunctionNames.h"

#include "model/export/SysprofExport.h"
#include "model/report/DemangledNames.h"
#include "model/report/SysprofReport.h"
#include "model/sysprofile/SysprofLoader.h"

namespace memprof::cli {

namespace {

// Loads the dump; on failure prints why and returns false. Warns on a cut dump.
bool loadOrExplain(const std::string& dump, const SysprofLoadOptions& options, SysprofProfile& profile)
{
    profile = loadSysprof(dump, {}, options);
    return explainStatus(dump, profile.status);
}

std::optional<int> writeReport(const CommandLine& line, std::ostream& text)
{
    const std::string& dump = line.dumps[0];
    std::optional<ExportFormat> format;
    if (!line.exportName.empty()) {
        format = exportFormatFromName(line.exportName, ExportSubject::Sysprof);
        if (line.summary)
            return usageError("--export=" + line.exportName + " and --summary: give one output");
        if (isBinaryFormat(*format) && !line.outputPath)
            return usageError("--export=" + line.exportName + " is binary: give the file to write with -o");
    }
    if (line.intervalMs && !format)
        return usageError("--interval sets the times of an export: give --export");

    SysprofLoadOptions options;
    options.keepSampleOrder = format && needsSampleOrder(*format);
    // Each output reads one view: only its tree is built.
    options.views = onlyStackView(format         ? exportedStackView(*format)
                                  : line.summary ? kSummaryView
                                                 : kReferenceLinesView);
    if (line.merge)
        return writeMergedSysprof(line, options, text);
    // The whole run first: a range in percent, or numbers to check, needs
    // the run's length; a range of less than the run reads it again.
    SysprofProfile profile;
    if (!loadOrExplain(dump, options, profile))
        return kExitBrokenDump;
    if (line.range) {
        // --range's numbers and percentages of the run read as samples.
        const std::variant<RunRange, int> range = rangeInRun(line, profile.runSampleCount);
        if (const int* exitCode = std::get_if<int>(&range))
            return *exitCode;
        options.range = std::get<RunRange>(range);
        if (!options.range.isWholeRun() && !loadOrExplain(dump, options, profile))
            return kExitBrokenDump;
    }
    if (line.demangle)
        demangleFrameNames(profile);
    // The export and the summary name Lua functions as their sources do;
    // the reference's lines keep its names.
    const FunctionNameTable names =
        format || line.summary ? reportFunctionNames(line, services::luaFunctionsOf(profile)) : FunctionNameTable{};
    if (format)
        writeSysprofExport(text, profile, *format, {line.intervalMs, &names});
    else if (line.summary)
        writeSysprofSummary(text, profile, kSummaryView, &names);
    else
        writeSysprofReferenceLines(text, profile);
    return std::nullopt;
}

} // namespace

const ReportCommand kSysprofCommand{
    "sysprof",
    {Option::Summary, Option::Interval, Option::Demangle, Option::Range, Option::Export, Option::Merge},
    ExportSubject::Sysprof,
    kSysprofExportFormatNames,
    " (see --help for its options)",
    writeReport,
};

} // namespace memprof::cli
