// SPDX-License-Identifier: GPL-3.0-or-later
// What memprof-report's commands share: the command line, read once with the
// options of every kind of dump; the command each kind of dump is reported
// by, with the options it takes; and the messages and exit codes of bad
// usage, of a broken dump and of a --range that does not fit the run.
#pragma once

#include "model/dump/DecodeStatus.h"
#include "model/dump/RunRange.h"
#include "model/export/ExportFormat.h"
#include "model/report/CsvExport.h"
#include "model/report/RangeOption.h"
#include "model/report/TextReport.h"

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <variant>
#include <vector>

namespace memprof::cli {

inline constexpr int kExitBrokenDump = 1;
inline constexpr int kExitUsage = 2;
inline constexpr int kExitOutputError = 3;

// The options a command takes or refuses. A refusal names the first one
// given in this order.
enum class Option : std::uint8_t {
    Csv,
    LeakOnly,
    HumanReadable,
    Live,
    Peak,
    Suspects,
    Summary,
    Interval,
    Diff,
    Demangle,
    Range,
    Export,
    Merge,
};
inline constexpr Option kEveryOption[] = {Option::Csv,  Option::LeakOnly, Option::HumanReadable, Option::Live,
                                          Option::Peak, Option::Suspects, Option::Summary,       Option::Interval,
                                          Option::Diff, Option::Demangle, Option::Range,         Option::Export,
                                          Option::Merge};

// The command line: the dumps and the options. Options that change one
// output only are each named with the outputs they cannot be combined
// with, so that no option is silently ignored.
struct CommandLine {
    ReportOptions report;
    std::optional<CsvTable> csv;
    std::string csvName;
    std::optional<ExportFormat> exportFormat; // a memprof format; none for sysprof-only names
    std::string exportName; // as given; empty: no --export
    bool diff = false;
    bool merge = false; // --merge: the dumps as one profile
    bool demangle = false;
    std::optional<std::string> outputPath;
    std::vector<std::string> dumps;
    std::optional<RangeOption> range;
    std::string rangeText; // as given, for messages
    bool summary = false;
    std::optional<std::uint64_t> intervalMs;
    // --source-dir: where Lua sources are looked for besides the dump's
    // folder, to name functions in exports and tables (as given).
    std::vector<std::string> sourceDirs;

    // How messages name `option` ("--csv=leaks"), or empty when not given.
    std::string given(Option option) const;
};

// The report of one kind of dump: the options and export formats it takes,
// and what it writes.
struct ReportCommand {
    const char* dumpKind; // "memprof": how messages name the dumps it reports
    std::vector<Option> options;
    ExportSubject exportSubject;
    const char* exportFormatNames;
    const char* refusalHint; // ends the message refusing an option it does not take
    // Writes what `line` asks for to `text`; the exit code when it cannot.
    std::optional<int> (*run)(const CommandLine& line, std::ostream& text);

    bool takes(Option option) const;
};

// Prints `message` as bad usage; the exit code.
int usageError(const std::string& message);

// The name a dump has in messages; '-' is standard input.
std::string displayName(const std::string& path);

// Prints why `dump` could not be read, or a warning for a dump cut short;
// false when it could not be read.
bool explainStatus(const std::string& dump, const DecodeStatus& status);

// The command line read into `line`; an exit code when there is nothing to
// run (help, which prints `usage`, or bad usage).
std::optional<int> parseCommandLine(int argc, char** argv, const char* usage, CommandLine& line);

// The range --range chooses in a run of `runLength` events or samples, or
// the exit code of the usage error when it does not fit the run.
std::variant<RunRange, int> rangeInRun(const CommandLine& line, std::uint64_t runLength);

} // namespace memprof::cli
