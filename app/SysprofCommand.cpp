// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/SysprofCommand.h"

#include "model/export/SysprofExport.h"
#include "model/profile/ProfileLoader.h"
#include "model/report/DemangledNames.h"
#include "model/report/SysprofReport.h"
#include "model/sysprofile/SysprofLoader.h"

#include <iostream>

namespace {

constexpr int kExitBrokenDump = 1;
constexpr int kExitUsage = 2;

int usageError(const std::string& message)
{
    std::cerr << "memprof-report: " << message << "\n"
              << "Try 'memprof-report --help'.\n";
    return kExitUsage;
}

// Loads the dump; on failure prints why and returns false. Warns on a cut dump.
bool loadOrExplain(const SysprofChoices& choices, const memprof::SysprofLoadOptions& options,
                   memprof::SysprofProfile& profile)
{
    profile = memprof::loadSysprof(choices.dump, {}, options);
    const memprof::DecodeStatus& status = profile.status;
    if (status.end == memprof::DecodeEnd::Failed) {
        std::cerr << "memprof-report: " << choices.dump << ": " << memprof::describeStatus(status) << "\n";
        return false;
    }
    if (status.end == memprof::DecodeEnd::Truncated || status.trailingBytes > 0)
        std::cerr << "memprof-report: warning: " << choices.dump << ": " << memprof::describeStatus(status) << "\n";
    return true;
}

// The samples --range counts: event numbers and percentages of the run
// read as samples (1-based, inclusive), resolved against the run's length.
std::optional<memprof::SampleRange> sampleRange(const SysprofChoices& choices, std::uint64_t runSamples,
                                                std::string& why)
{
    if (!choices.range)
        return memprof::SampleRange{};
    const std::optional<memprof::EventWindow> window = memprof::resolveRange(*choices.range, runSamples, why);
    if (!window)
        return std::nullopt;
    return memprof::SampleRange{window->first - 1, window->last};
}

} // namespace

std::optional<int> runSysprofReport(const SysprofChoices& choices, std::ostream& text)
{
    if (!choices.memprofOnlyOption.empty())
        return usageError(choices.memprofOnlyOption + " is for memprof dumps: " + choices.dump +
                          " is a sysprof dump (see --help for its options)");
    std::optional<memprof::ExportFormat> format;
    if (!choices.exportName.empty()) {
        format = memprof::exportFormatFromName(choices.exportName, memprof::ExportSubject::Sysprof);
        if (!format)
            return usageError("--export=" + choices.exportName + " is a format of memprof dumps: " + choices.dump +
                              " is a sysprof dump (" + memprof::kSysprofExportFormatNames + ")");
        if (choices.summary)
            return usageError("--export=" + choices.exportName + " and --summary: give one output");
        if (memprof::isBinaryFormat(*format) && !choices.binaryAllowed)
            return usageError("--export=" + choices.exportName + " is binary: give the file to write with -o");
    }
    if (choices.intervalMs && !format)
        return usageError("--interval sets the times of an export: give --export");

    memprof::SysprofLoadOptions options;
    options.keepSampleOrder = format && memprof::needsSampleOrder(*format);
    // Each output reads one view: only its tree is built.
    options.views = memprof::onlyStackView(format           ? memprof::exportedStackView(*format)
                                           : choices.summary ? memprof::kSummaryView
                                                             : memprof::kReferenceLinesView);
    // The whole run first: a range in percent, or numbers to check, needs
    // the run's length; a range of less than the run reads it again.
    memprof::SysprofProfile profile;
    if (!loadOrExplain(choices, options, profile))
        return kExitBrokenDump;
    if (choices.range) {
        std::string why;
        const std::optional<memprof::SampleRange> range = sampleRange(choices, profile.runSampleCount, why);
        if (!range)
            return usageError(choices.rangeText + ": " + why);
        options.range = *range;
        if (!options.range.isWholeRun() && !loadOrExplain(choices, options, profile))
            return kExitBrokenDump;
    }
    if (choices.demangle)
        memprof::demangleFrameNames(profile);
    if (format)
        text << memprof::sysprofExportBytes(profile, *format, {choices.intervalMs});
    else if (choices.summary)
        memprof::writeSysprofSummary(text, profile, memprof::kSummaryView);
    else
        memprof::writeSysprofReferenceLines(text, profile);
    return std::nullopt;
}
