// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/ReportCommandLine.h"

#include "model/dump/DumpFolders.h"
#include "model/memprofile/ProfileLoader.h"
#include "model/support/OutputFile.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string_view>

namespace memprof::cli {

namespace {

// The first pair of options that contradict each other, or empty.
std::string contradiction(const CommandLine& line)
{
    const ReportOptions& report = line.report;
    if (report.peak && report.live)
        return "--peak and --live choose different summaries: give one";
    if (line.csv) {
        const std::string csv = "--csv=" + line.csvName;
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
    if (line.exportFormat) {
        const std::string option = "--export=" + line.exportName;
        if (line.csv)
            return option + " and --csv=" + line.csvName + ": give one output";
        if (line.diff)
            return option + " writes one profile: --diff does not apply";
        if (report.leakOnly || report.humanReadable || report.live || report.peak || report.suspects)
            return option + " writes every figure of the profile: the text report's options do not apply";
        if (isBinaryFormat(*line.exportFormat) && !line.outputPath)
            return option + " is binary: give the file to write with -o";
    }
    if (!line.sourceDirs.empty()) {
        if (line.diff)
            return "--diff compares locations by name: --source-dir does not apply";
        if (!line.csv && line.exportName.empty() && !line.summary)
            return "--source-dir names functions in --export, --csv and --summary: give one (the report prints the "
                   "reference's names)";
    }
    if (line.merge) {
        // What a merge cannot sum: each dump's events or samples are its
        // own scale, with no clock common to the dumps.
        if (line.diff)
            return "--merge and --diff: give one (--diff compares two dumps, --merge sums them)";
        if (line.range)
            return "--merge sums whole runs: " + line.rangeText + " does not apply (each dump counts its own events)";
        if (report.peak)
            return "--merge: each dump peaks at its own moment, with no clock common to them: --peak does not apply";
        if (report.suspects || line.csv == CsvTable::Suspects || line.csv == CsvTable::History)
            return std::string("--merge: the held history is each dump's own: ") +
                   (report.suspects ? "--suspects" : "--csv=" + line.csvName) + " does not apply";
        if (line.exportName == "dhat" || line.exportName == "chrome")
            return "--merge exports pprof (a label per dump), speedscope (a profile per dump) and folded stacks (the "
                   "dump as the root frame): --export=" +
                   line.exportName + " does not apply (" +
                   (line.exportName == "dhat" ? "DHAT describes one process's heap over its run"
                                              : "a Chrome profile is a timeline") +
                   ", and the dumps share no clock)";
    }
    if (line.diff) {
        if (report.leakOnly)
            return "--diff prints every section of the comparison: --leak-only does not apply";
        if (report.live)
            return "--diff compares the held bytes already: --live does not apply";
        if (report.peak)
            return "--diff does not compare the peaks: --peak does not apply";
        if (line.range)
            return "--diff compares whole runs: " + line.rangeText + " does not apply";
        if (report.suspects)
            return "--diff does not rank suspects: --suspects does not apply";
        if (line.demangle)
            return "--diff compares the raw names: --demangle does not apply";
        if (line.csv == CsvTable::Suspects || line.csv == CsvTable::History)
            return "--diff compares the tables and the held bytes: --csv=" + line.csvName + " does not apply";
    }
    return {};
}

// The dumps given and where the output goes, checked against each other.
std::optional<int> checkDumps(const CommandLine& line)
{
    const std::size_t wanted = line.diff ? 2 : 1;
    if (line.dumps.size() < wanted)
        return usageError(line.diff ? "--diff needs two dumps, BASE and NEW" : "no dump given");
    if (line.merge) {
        // Each dump is read on a thread of its own, by name.
        if (std::find(line.dumps.begin(), line.dumps.end(), "-") != line.dumps.end())
            return usageError("--merge reads each dump by name: standard input ('-') cannot be merged");
    } else if (line.dumps.size() > wanted)
        return usageError("too many dumps given ('" + line.dumps[wanted] + "')");
    if (line.diff && line.dumps[0] == "-" && line.dumps[1] == "-")
        return usageError("standard input can be only one of the two dumps");
    if (line.range && line.range->needsEventCount() && line.dumps[0] == "-")
        return usageError(line.rangeText +
                          ": a range in percent reads the dump twice (to count its events first): give a file");
    // The report never replaces a dump it reads: neither through -o (also
    // by another name or a symlink) nor through a redirected stdout.
    const std::string destination = line.outputPath.value_or("/dev/stdout");
    for (const std::string& dump : line.dumps) {
        if (dump != "-" && isSameFile(destination, dump))
            return usageError("refusing to write the report over its input '" + dump + "'");
    }
    return std::nullopt;
}

} // namespace

std::string CommandLine::given(Option option) const
{
    switch (option) {
    case Option::Csv:
        return csv ? "--csv=" + csvName : std::string();
    case Option::LeakOnly:
        return report.leakOnly ? "--leak-only" : "";
    case Option::HumanReadable:
        return report.humanReadable ? "--human-readable" : "";
    case Option::Live:
        return report.live ? "--live" : "";
    case Option::Peak:
        return report.peak ? "--peak" : "";
    case Option::Suspects:
        return report.suspects ? "--suspects" : "";
    case Option::Summary:
        return summary ? "--summary" : "";
    case Option::Interval:
        return intervalMs ? "--interval" : "";
    case Option::Diff:
        return diff ? "--diff" : "";
    case Option::Demangle:
        return demangle ? "--demangle" : "";
    case Option::Range:
        return range ? rangeText : std::string();
    case Option::Export:
        return exportName.empty() ? std::string() : "--export=" + exportName;
    case Option::Merge:
        return merge ? "--merge" : "";
    }
    return {};
}

bool ReportCommand::takes(Option option) const
{
    return std::find(options.begin(), options.end(), option) != options.end();
}

int usageError(const std::string& message)
{
    std::cerr << "memprof-report: " << message << "\n"
              << "Try 'memprof-report --help'.\n";
    return kExitUsage;
}

std::string displayName(const std::string& path)
{
    return path == "-" ? "standard input" : path;
}

bool explainStatus(const std::string& dump, const DecodeStatus& status)
{
    if (status.end == DecodeEnd::Failed) {
        std::cerr << "memprof-report: " << displayName(dump) << ": " << describeStatus(status) << "\n";
        return false;
    }
    if (status.end == DecodeEnd::Truncated || status.trailingBytes > 0)
        std::cerr << "memprof-report: warning: " << displayName(dump) << ": " << describeStatus(status) << "\n";
    return true;
}

std::optional<int> parseCommandLine(int argc, char** argv, const char* usage, CommandLine& line)
{
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        std::optional<std::string> output;
        if (arg == "-h" || arg == "--help") {
            std::cout << usage;
            return 0;
        } else if (arg == "--leak-only") {
            line.report.leakOnly = true;
        } else if (arg == "--human-readable") {
            line.report.humanReadable = true;
        } else if (arg == "--live") {
            line.report.live = true;
        } else if (arg == "--peak") {
            line.report.peak = true;
        } else if (arg == "--demangle") {
            line.demangle = true;
        } else if (arg == "--diff") {
            line.diff = true;
        } else if (arg == "--merge") {
            line.merge = true;
        } else if (arg == "--suspects") {
            line.report.suspects = true;
        } else if (arg.starts_with("--range=")) {
            std::string why;
            std::optional<RangeOption> range = parseRangeOption(arg.substr(8), why);
            if (!range)
                return usageError(std::string(arg) + ": " + why);
            if (line.range && line.rangeText != arg)
                return usageError(line.rangeText + " and " + std::string(arg) + ": give one window");
            line.range = range;
            line.rangeText = std::string(arg);
        } else if (arg.starts_with("--csv=")) {
            const std::string name(arg.substr(6));
            const std::optional<CsvTable> table = csvTableFromName(name);
            if (!table)
                return usageError("unknown table '" + name +
                                  "' for --csv (allocations, reallocations, frees, leaks, live, suspects, history)");
            if (line.csv && *line.csv != *table)
                return usageError("--csv=" + line.csvName + " and --csv=" + name + ": give one table");
            line.csv = table;
            line.csvName = name;
        } else if (arg == "--summary") {
            line.summary = true;
        } else if (arg.starts_with("--interval=")) {
            const std::string text(arg.substr(11));
            char* end = nullptr;
            const unsigned long long ms = std::strtoull(text.c_str(), &end, 10);
            if (text.empty() || *end != '\0' || ms == 0 || ms > 3600000)
                return usageError("--interval=" + text + ": give the interval in milliseconds (1 to 3600000)");
            line.intervalMs = ms;
        } else if (arg.starts_with("--export=")) {
            // Checked against the dump's kind once it is read.
            const std::string name(arg.substr(9));
            if (!isExportFormatName(name))
                return usageError("unknown format '" + name + "' for --export (memprof dumps: " + kExportFormatNames +
                                  "; sysprof dumps: " + kSysprofExportFormatNames + ")");
            if (!line.exportName.empty() && line.exportName != name)
                return usageError("--export=" + line.exportName + " and --export=" + name + ": give one format");
            line.exportFormat = exportFormatFromName(name); // none for sysprof-only names
            line.exportName = name;
        } else if (arg == "--source-dir" || arg.starts_with("--source-dir=")) {
            if (arg == "--source-dir" && i + 1 >= argc)
                return usageError("option '--source-dir' needs a folder");
            const std::string dir = arg == "--source-dir" ? argv[++i] : std::string(arg.substr(13));
            std::error_code error;
            if (!std::filesystem::is_directory(dir, error))
                return usageError("--source-dir " + dir + ": no such folder");
            line.sourceDirs.push_back(dir);
        } else if (arg == "-o" || arg == "--output") {
            if (i + 1 >= argc)
                return usageError("option '" + std::string(arg) + "' needs a file name");
            output = argv[++i];
        } else if (arg.starts_with("--output=")) {
            output = std::string(arg.substr(9));
        } else if (arg == "--") {
            for (++i; i < argc; ++i)
                line.dumps.emplace_back(argv[i]);
        } else if (arg.size() > 1 && arg[0] == '-') {
            return usageError("unknown option '" + std::string(arg) + "'");
        } else {
            line.dumps.emplace_back(arg);
        }
        if (output) {
            if (output->empty())
                return usageError("the output file name is empty (leave out -o to write to standard output)");
            if (line.outputPath && *line.outputPath != *output)
                return usageError("two output files given ('" + *line.outputPath + "' and '" + *output + "')");
            line.outputPath = output;
        }
    }
    if (const std::string why = contradiction(line); !why.empty())
        return usageError(why);
    if (line.merge) {
        // A folder given stands for the dumps in it (a recorded cluster's).
        DumpPaths merged = expandDumpFolders(line.dumps);
        if (!merged.error.empty())
            return usageError("--merge: " + merged.error);
        line.dumps = std::move(merged.paths);
    }
    return checkDumps(line);
}

std::variant<RunRange, int> rangeInRun(const CommandLine& line, std::uint64_t runLength)
{
    if (!line.range)
        return RunRange{};
    std::string why;
    const std::optional<RunRange> window = resolveRange(*line.range, runLength, why);
    if (!window)
        return usageError(line.rangeText + ": " + why);
    return *window;
}

} // namespace memprof::cli
