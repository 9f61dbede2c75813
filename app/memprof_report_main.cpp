// SPDX-License-Identifier: GPL-3.0-or-later
// memprof-report: the text report of luajit-parse-memprof, from the same
// aggregates the viewer shows; plus CSV tables and the accurate live figure.
// For a sysprof dump, the lines of tools/sysprof.lua (SysprofCommand.cpp).
#include "app/SysprofCommand.h"
#include "model/compare/ProfileDiff.h"
#include "model/decoder/DumpKind.h"
#include "model/export/ExportFormat.h"
#include "model/profile/ProfileLoader.h"
#include "model/report/CsvExport.h"
#include "model/report/DemangledNames.h"
#include "model/report/RangeOption.h"
#include "model/report/TextReport.h"
#include "model/support/MemoryReturn.h"
#include "model/support/OutputFile.h"

#include <cstdio>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace {

const char* const kUsage =
    "Usage: memprof-report [OPTIONS] DUMP\n"
    "       memprof-report --diff [OPTIONS] BASE NEW\n"
    "Print the report of a LuaJIT memory profile (memprof formats 1, 2, 3),\n"
    "as luajit-parse-memprof prints it, or of a CPU profile (sysprof formats\n"
    "1, 2), as luajit -ts prints it (its folded stacks). The kind of dump is\n"
    "told by its content.\n"
    "\n"
    "Options:\n"
    "  --leak-only          print only the HEAP SUMMARY (and ALIASES)\n"
    "  --human-readable     print sizes in B, KiB, MiB, GiB\n"
    "  --live               held bytes instead of the HEAP SUMMARY: the blocks\n"
    "                       still live at the end, by the location that last\n"
    "                       allocated them (accurate)\n"
    "  --csv=TABLE          write TABLE as CSV: allocations, reallocations,\n"
    "                       frees, leaks (the HEAP SUMMARY), live (the held\n"
    "                       bytes, as --live), suspects\n"
    "                       (the LEAK SUSPECTS, with the figures of the score)\n"
    "                       or history (each location's held bytes at each\n"
    "                       sample point of the run)\n"
    "  --export=FORMAT      write the profile for another tool: pprof (gzip\n"
    "                       profile.proto for go tool pprof; needs -o),\n"
    "                       speedscope (JSON), dhat (DHAT's JSON, for the\n"
    "                       Firefox Profiler) or folded (flame-graph stacks\n"
    "                       of the bytes held at the end; folded:allocated,\n"
    "                       folded:count for the allocated bytes or the\n"
    "                       allocation count)\n"
    "  --demangle           show mangled C++ symbols of C locations demangled\n"
    "                       (the reference prints them raw)\n"
    "  --peak               held bytes at the peak instead of the HEAP SUMMARY:\n"
    "                       the blocks live when the live bytes peaked, by the\n"
    "                       location that last allocated them\n"
    "  --range=FIRST:LAST   count only the events FIRST to LAST (1-based,\n"
    "                       inclusive, in file order, as the heap chart numbers\n"
    "                       them) or a span in percent of the run (20%:100%);\n"
    "                       an empty end is the run's start or end. Every\n"
    "                       section counts only those events; --live and\n"
    "                       --csv=live list the blocks allocated in the window\n"
    "                       and still live at the end of the dump\n"
    "  --suspects           add a LEAK SUSPECTS section: locations ranked by\n"
    "                       how steadily their held bytes grow over the run (or\n"
    "                       the window), each with why\n"
    "  --diff               compare two dumps: NEW - BASE per location name\n"
    "                       (with --csv: allocations, reallocations, frees, live)\n"
    "\n"
    "Sysprof dumps (CPU profiles):\n"
    "  (no option)          the reference's lines: 'frame;...;<TAB>count'\n"
    "  --summary            samples per VM state and the top functions by\n"
    "                       self and total samples of the Lua call chains\n"
    "  --export=FORMAT      folded (= folded:lua: each sample's Lua call chain,\n"
    "                       for flamegraph.pl, speedscope, the Firefox\n"
    "                       Profiler), folded:host (host chains, mode C),\n"
    "                       folded:reference (the reference's merge), pprof,\n"
    "                       speedscope (samples in time order) or chrome\n"
    "                       (a .cpuprofile)\n"
    "  --interval=MS        the interval the profile was sampled at\n"
    "                       (misc.sysprof.start's interval; the dump does not\n"
    "                       hold it): exports then carry times; without it\n"
    "                       chrome's samples are 1 ms apart\n"
    "  --range=FIRST:LAST   count only the samples FIRST to LAST (1-based,\n"
    "                       inclusive, in file order) or a span in percent\n"
    "  --demangle           C++ symbols demangled\n"
    "\n"
    "  -o FILE, --output=FILE  write to FILE instead of stdout: a regular file is\n"
    "                       replaced atomically (kept as it was if the write\n"
    "                       fails); a FIFO or a device is written in place; never\n"
    "                       one of the dumps read\n"
    "  -h, --help           show this help\n"
    "\n"
    "DUMP '-' reads the dump from standard input.\n"
    "\n"
    "Exit status: 0 on success (also for a profile cut short, with a warning),\n"
    "1 on a broken or unreadable dump, 2 on bad usage, 3 when the report\n"
    "could not be written.\n";

constexpr int kExitBrokenDump = 1;
constexpr int kExitUsage = 2;
constexpr int kExitOutputError = 3;

// The name a dump has in messages; '-' is standard input.
std::string displayName(const std::string& path)
{
    return path == "-" ? "standard input" : path;
}

// Loads a dump; on failure prints why and returns false. Warns on a cut dump.
bool loadOrExplain(const std::string& path, memprof::Profile& profile, memprof::EventWindow window = {})
{
    profile = memprof::loadProfile(path == "-" ? "/dev/stdin" : path, {}, nullptr, window);
    const memprof::DecodeStatus& status = profile.status;
    if (status.end == memprof::DecodeEnd::Failed) {
        std::cerr << "memprof-report: " << displayName(path) << ": " << memprof::describeStatus(status) << "\n";
        return false;
    }
    if (status.end == memprof::DecodeEnd::Truncated || status.trailingBytes > 0)
        std::cerr << "memprof-report: warning: " << displayName(path) << ": " << memprof::describeStatus(status)
                  << "\n";
    return true;
}

int usageError(const std::string& message)
{
    std::cerr << "memprof-report: " << message << "\n"
              << "Try 'memprof-report --help'.\n";
    return kExitUsage;
}

// The command line: the dumps, and the options. Options that change one
// output only are each named with the outputs they cannot be combined
// with, so that no option is silently ignored.
struct OptionChoices {
    memprof::ReportOptions report;
    std::optional<memprof::CsvTable> csv;
    std::string csvName;
    std::optional<memprof::ExportFormat> exportFormat;
    std::string exportName;
    bool diff = false;
    bool demangle = false;
    std::optional<std::string> outputPath;
    std::vector<std::string> dumps;
    std::optional<memprof::RangeOption> range;
    std::string rangeText; // as given, for messages
    bool summary = false;                    // sysprof only
    std::optional<std::uint64_t> intervalMs; // sysprof only
};

// The first pair of options that contradict each other, or empty.
std::string contradiction(const OptionChoices& chosen)
{
    const memprof::ReportOptions& report = chosen.report;
    if (report.peak && report.live)
        return "--peak and --live choose different summaries: give one";
    if (chosen.csv) {
        const std::string csv = "--csv=" + chosen.csvName;
        if (report.leakOnly)
            return csv + " writes one table: --leak-only does not apply (use --csv=leaks for the HEAP SUMMARY)";
        if (report.humanReadable)
            return csv + " writes raw byte counts: --human-readable does not apply";
        if (report.live)
            return csv + " writes one table: --live does not apply (use --csv=live)";
        if (report.peak)
            return csv + " writes one table: --peak does not apply";
        if (report.suspects)
            return csv + " writes one table: --suspects does not apply (use --csv=suspects)";
    }
    if (chosen.exportFormat) {
        const std::string option = "--export=" + chosen.exportName;
        if (chosen.csv)
            return option + " and --csv=" + chosen.csvName + ": give one output";
        if (chosen.diff)
            return option + " writes one profile: --diff does not apply";
        if (report.leakOnly || report.humanReadable || report.live || report.peak || report.suspects)
            return option + " writes every figure of the profile: the text report's options do not apply";
        if (memprof::isBinaryFormat(*chosen.exportFormat) && !chosen.outputPath)
            return option + " is binary: give the file to write with -o";
    }
    if (chosen.diff) {
        if (report.leakOnly)
            return "--diff prints every section of the comparison: --leak-only does not apply";
        if (report.live)
            return "--diff compares the held bytes already: --live does not apply";
        if (report.peak)
            return "--diff does not compare the peaks: --peak does not apply";
        if (chosen.range)
            return "--diff compares whole runs: " + chosen.rangeText + " does not apply";
        if (report.suspects)
            return "--diff does not rank suspects: --suspects does not apply";
        if (chosen.demangle)
            return "--diff compares the raw names: --demangle does not apply";
        if (chosen.csv == memprof::CsvTable::Suspects || chosen.csv == memprof::CsvTable::History)
            return "--diff compares the tables and the held bytes: --csv=" + chosen.csvName + " does not apply";
    }
    return {};
}

// The command line read into `chosen`; an exit code when there is nothing
// to run (help, bad usage).
std::optional<int> parseArguments(int argc, char** argv, OptionChoices& chosen)
{
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        std::optional<std::string> output;
        if (arg == "-h" || arg == "--help") {
            std::cout << kUsage;
            return 0;
        } else if (arg == "--leak-only") {
            chosen.report.leakOnly = true;
        } else if (arg == "--human-readable") {
            chosen.report.humanReadable = true;
        } else if (arg == "--live") {
            chosen.report.live = true;
        } else if (arg == "--peak") {
            chosen.report.peak = true;
        } else if (arg == "--demangle") {
            chosen.demangle = true;
        } else if (arg == "--diff") {
            chosen.diff = true;
        } else if (arg == "--suspects") {
            chosen.report.suspects = true;
        } else if (arg.starts_with("--range=")) {
            std::string why;
            std::optional<memprof::RangeOption> range = memprof::parseRangeOption(arg.substr(8), why);
            if (!range)
                return usageError(std::string(arg) + ": " + why);
            if (chosen.range && chosen.rangeText != arg)
                return usageError(chosen.rangeText + " and " + std::string(arg) + ": give one window");
            chosen.range = range;
            chosen.rangeText = std::string(arg);
        } else if (arg.starts_with("--csv=")) {
            const std::string name(arg.substr(6));
            const std::optional<memprof::CsvTable> table = memprof::csvTableFromName(name);
            if (!table)
                return usageError("unknown table '" + name +
                                  "' for --csv (allocations, reallocations, frees, leaks, live, suspects, history)");
            if (chosen.csv && *chosen.csv != *table)
                return usageError("--csv=" + chosen.csvName + " and --csv=" + name + ": give one table");
            chosen.csv = table;
            chosen.csvName = name;
        } else if (arg == "--summary") {
            chosen.summary = true;
        } else if (arg.starts_with("--interval=")) {
            const std::string text(arg.substr(11));
            char* end = nullptr;
            const unsigned long long ms = std::strtoull(text.c_str(), &end, 10);
            if (text.empty() || *end != '\0' || ms == 0 || ms > 3600000)
                return usageError("--interval=" + text + ": give the interval in milliseconds (1 to 3600000)");
            chosen.intervalMs = ms;
        } else if (arg.starts_with("--export=")) {
            // Checked against the dump's kind once it is read.
            const std::string name(arg.substr(9));
            if (!memprof::isExportFormatName(name))
                return usageError("unknown format '" + name + "' for --export (memprof dumps: " +
                                  memprof::kExportFormatNames + "; sysprof dumps: " +
                                  memprof::kSysprofExportFormatNames + ")");
            if (!chosen.exportName.empty() && chosen.exportName != name)
                return usageError("--export=" + chosen.exportName + " and --export=" + name + ": give one format");
            chosen.exportFormat = memprof::exportFormatFromName(name); // none for sysprof-only names
            chosen.exportName = name;
        } else if (arg == "-o" || arg == "--output") {
            if (i + 1 >= argc)
                return usageError("option '" + std::string(arg) + "' needs a file name");
            output = argv[++i];
        } else if (arg.starts_with("--output=")) {
            output = std::string(arg.substr(9));
        } else if (arg == "--") {
            for (++i; i < argc; ++i)
                chosen.dumps.emplace_back(argv[i]);
        } else if (arg.size() > 1 && arg[0] == '-') {
            return usageError("unknown option '" + std::string(arg) + "'");
        } else {
            chosen.dumps.emplace_back(arg);
        }
        if (output) {
            if (output->empty())
                return usageError("the output file name is empty (leave out -o to write to standard output)");
            if (chosen.outputPath && *chosen.outputPath != *output)
                return usageError("two output files given ('" + *chosen.outputPath + "' and '" + *output + "')");
            chosen.outputPath = output;
        }
    }
    if (const std::string why = contradiction(chosen); !why.empty())
        return usageError(why);
    const std::size_t wanted = chosen.diff ? 2 : 1;
    if (chosen.dumps.size() < wanted)
        return usageError(chosen.diff ? "--diff needs two dumps, BASE and NEW" : "no dump given");
    if (chosen.dumps.size() > wanted)
        return usageError("too many dumps given ('" + chosen.dumps[wanted] + "')");
    if (chosen.diff && chosen.dumps[0] == "-" && chosen.dumps[1] == "-")
        return usageError("standard input can be only one of the two dumps");
    if (chosen.range && chosen.range->needsEventCount() && chosen.dumps[0] == "-")
        return usageError(chosen.rangeText +
                          ": a range in percent reads the dump twice (to count its events first): give a file");
    // The report never replaces a dump it reads: neither through -o (also
    // by another name or a symlink) nor through a redirected stdout.
    const std::string destination = chosen.outputPath.value_or("/dev/stdout");
    for (const std::string& dump : chosen.dumps) {
        if (dump != "-" && memprof::isSameFile(destination, dump))
            return usageError("refusing to write the report over its input '" + dump + "'");
    }
    return std::nullopt;
}

// The window of --range for the dump, or the exit code: a range in percent
// needs the run's length first (a decoding-only pass); event numbers are
// checked against the run once it is read (writeReport).
std::variant<memprof::EventWindow, int> windowFor(const OptionChoices& chosen)
{
    const std::optional<memprof::RangeOption>& range = chosen.range;
    if (!range)
        return memprof::EventWindow{};
    if (!range->needsEventCount())
        return memprof::EventWindow{range->first.given ? range->first.event : 1,
                                    range->last.given ? range->last.event : memprof::EventWindow::kRunEnd};
    std::uint64_t eventCount = 0;
    const memprof::DecodeStatus counted = memprof::countEvents(chosen.dumps[0], eventCount);
    if (counted.end == memprof::DecodeEnd::Failed) {
        std::cerr << "memprof-report: " << displayName(chosen.dumps[0]) << ": " << memprof::describeStatus(counted)
                  << "\n";
        return kExitBrokenDump;
    }
    std::string why;
    const std::optional<memprof::EventWindow> resolved = memprof::resolveRange(*range, eventCount, why);
    if (!resolved)
        return usageError(chosen.rangeText + ": " + why);
    return *resolved;
}

// The options of a sysprof report, checked there against what it prints.
SysprofChoices sysprofChoices(const OptionChoices& chosen)
{
    SysprofChoices sysprof;
    sysprof.dump = chosen.dumps[0];
    sysprof.summary = chosen.summary;
    sysprof.exportName = chosen.exportName;
    sysprof.intervalMs = chosen.intervalMs;
    sysprof.range = chosen.range;
    sysprof.rangeText = chosen.rangeText;
    sysprof.demangle = chosen.demangle;
    sysprof.binaryAllowed = chosen.outputPath.has_value();
    if (chosen.csv)
        sysprof.memprofOnlyOption = "--csv=" + chosen.csvName;
    else if (chosen.report.leakOnly)
        sysprof.memprofOnlyOption = "--leak-only";
    else if (chosen.report.humanReadable)
        sysprof.memprofOnlyOption = "--human-readable";
    else if (chosen.report.live)
        sysprof.memprofOnlyOption = "--live";
    else if (chosen.report.peak)
        sysprof.memprofOnlyOption = "--peak";
    else if (chosen.report.suspects)
        sysprof.memprofOnlyOption = "--suspects";
    return sysprof;
}

// The options a memprof dump has no use for, or empty.
std::string sysprofOnly(const OptionChoices& chosen)
{
    if (chosen.summary)
        return "--summary is for sysprof dumps: " + displayName(chosen.dumps[0]) + " is a memprof dump";
    if (chosen.intervalMs)
        return "--interval is for sysprof dumps: " + displayName(chosen.dumps[0]) + " is a memprof dump";
    if (!chosen.exportName.empty() && !chosen.exportFormat)
        return "--export=" + chosen.exportName + " is a format of sysprof dumps: " + displayName(chosen.dumps[0]) +
               " is a memprof dump (" + memprof::kExportFormatNames + ")";
    return {};
}

// The report or table asked for; the exit code if it cannot be made.
std::optional<int> writeReport(const OptionChoices& chosen, std::ostream& text)
{
    if (chosen.diff) {
        memprof::Profile base, current;
        if (!loadOrExplain(chosen.dumps[0], base) || !loadOrExplain(chosen.dumps[1], current))
            return kExitBrokenDump;
        const memprof::ProfileDiff changes = memprof::diffProfiles(base, current);
        const std::optional<memprof::CsvTable>& csv = chosen.csv;
        if (!csv)
            memprof::writeDiffReport(text, changes, chosen.report.humanReadable);
        else if (*csv == memprof::CsvTable::Held || *csv == memprof::CsvTable::HeapSummary)
            memprof::writeHeldDiffCsv(text, changes);
        else
            memprof::writeDiffCsv(text, changes,
                                  *csv == memprof::CsvTable::Allocations     ? memprof::EventKind::Alloc
                                  : *csv == memprof::CsvTable::Reallocations ? memprof::EventKind::Realloc
                                                                             : memprof::EventKind::Free);
    } else if (memprof::dumpKindOf(chosen.dumps[0]) == memprof::DumpKind::Sysprof) {
        return runSysprofReport(sysprofChoices(chosen), text);
    } else {
        if (const std::string why = sysprofOnly(chosen); !why.empty())
            return usageError(why);
        const std::variant<memprof::EventWindow, int> window = windowFor(chosen);
        if (const int* exitCode = std::get_if<int>(&window))
            return *exitCode;
        memprof::Profile profile;
        if (!loadOrExplain(chosen.dumps[0], profile, std::get<memprof::EventWindow>(window)))
            return kExitBrokenDump;
        std::string why;
        if (chosen.range && !chosen.range->needsEventCount() &&
            !memprof::resolveRange(*chosen.range, profile.totals.eventCount, why))
            return usageError(chosen.rangeText + ": " + why);
        if (chosen.demangle)
            memprof::demangleLocationNames(profile);
        if (chosen.exportFormat)
            text << memprof::exportBytes(profile, *chosen.exportFormat);
        else if (chosen.csv)
            memprof::writeCsv(text, profile, *chosen.csv);
        else
            memprof::writeTextReport(text, profile, chosen.report);
    }
    return std::nullopt;
}

// Standard output, or the file written atomically; the exit code.
int writeOutput(const std::optional<std::string>& outputPath, const std::string& bytes)
{
    if (!outputPath) {
        if (const std::string error = memprof::writeAll(1, bytes); !error.empty()) {
            std::cerr << "memprof-report: cannot write the report to standard output: " << error << "\n";
            return kExitOutputError;
        }
        return 0;
    }
    if (const std::string error = memprof::writeOutputFile(*outputPath, bytes); !error.empty()) {
        std::cerr << "memprof-report: cannot write " << *outputPath << ": " << error << "\n";
        return kExitOutputError;
    }
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    memprof::returnLargeBlocksToSystem();
    OptionChoices chosen;
    if (const std::optional<int> exitCode = parseArguments(argc, argv, chosen))
        return *exitCode;
    std::ostringstream text;
    if (const std::optional<int> exitCode = writeReport(chosen, text))
        return *exitCode;
    return writeOutput(chosen.outputPath, text.str());
}
