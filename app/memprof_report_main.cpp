// SPDX-License-Identifier: GPL-3.0-or-later
// memprof-report: the text report of luajit-parse-memprof, from the same
// aggregates the viewer shows; plus CSV tables and the accurate live figure.
// For a sysprof dump, the lines of tools/sysprof.lua. The command line is
// read once; the dump's content tells which profiler wrote it, and so which
// command reports it (MemprofCommand.cpp, SysprofCommand.cpp).
#include "app/MemprofCommand.h"
#include "app/ReportCommandLine.h"
#include "app/SysprofCommand.h"
#include "model/dump/DumpKind.h"
#include "model/support/MemoryReturn.h"
#include "model/support/OutputFile.h"

#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace {

using memprof::DumpKind;
using memprof::cli::CommandLine;
using memprof::cli::ReportCommand;

const char* const kUsage =
    "Usage: memprof-report [OPTIONS] DUMP\n"
    "       memprof-report --diff [OPTIONS] BASE NEW\n"
    "       memprof-report --merge [OPTIONS] DUMP|FOLDER...\n"
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
    "  --merge              report several dumps of one kind (a cluster's\n"
    "                       processes) as one: rows, stacks and totals summed\n"
    "                       by name (a native symbol without its address);\n"
    "                       --csv then writes a line per row and dump, with\n"
    "                       an 'instance' column (the dump's file name);\n"
    "                       --export=pprof labels each sample 'instance',\n"
    "                       --export=speedscope writes a profile per dump. A\n"
    "                       dump that cannot be read is left out, with a\n"
    "                       warning. A folder stands for the dumps in it\n"
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
    "  --source-dir DIR     look for Lua sources in DIR too (repeatable; the\n"
    "                       dump's folder is searched first): --export,\n"
    "                       --csv and --summary then name each Lua function\n"
    "                       as its source does (a 'function' column in the\n"
    "                       tables); the report keeps the reference's names\n"
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

// The command of each kind of dump.
const std::map<DumpKind, const ReportCommand*> kCommands{
    {DumpKind::Memprof, &memprof::cli::kMemprofCommand},
    {DumpKind::Sysprof, &memprof::cli::kSysprofCommand},
};

const char* kindName(DumpKind kind)
{
    return kCommands.at(kind)->dumpKind;
}

// The command of the dumps --merge sums, or the usage error's exit code
// when they are not all of one kind. A dump broken before its kind can be
// told is left to the loader, which says why and leaves it out.
std::variant<const ReportCommand*, int> mergeCommandFor(const CommandLine& line)
{
    std::optional<std::pair<std::string, DumpKind>> first;
    for (const std::string& dump : line.dumps) {
        const memprof::DumpProbe probe = memprof::probeDump(dump);
        if (probe.broken() || !kCommands.contains(probe.kind))
            continue;
        if (!first)
            first.emplace(dump, probe.kind);
        else if (probe.kind != first->second)
            return memprof::cli::usageError("--merge sums dumps of one kind: " + dump + " is a " +
                                            kindName(probe.kind) + " dump, " + first->first + " a " +
                                            kindName(first->second) + " dump");
    }
    return kCommands.at(first ? first->second : DumpKind::Memprof);
}

// The command that reports the dump, or the exit code when the dump is
// broken before its kind can be told.
std::variant<const ReportCommand*, int> commandFor(const CommandLine& line)
{
    const ReportCommand* const fallback = kCommands.at(DumpKind::Memprof);
    if (line.merge)
        return mergeCommandFor(line);
    // --diff compares memprof dumps: the memprof loader reads both and says
    // what else it finds.
    if (line.diff)
        return fallback;
    // Standard input cannot be read twice: it is not probed.
    const std::string& dump = line.dumps[0];
    const memprof::DumpProbe probe = dump == "-" ? memprof::DumpProbe{} : memprof::probeDump(dump);
    if (probe.broken()) {
        memprof::cli::explainStatus(dump, probe.status);
        return memprof::cli::kExitBrokenDump;
    }
    // A dump not probed (standard input, a pipe, a file that cannot be
    // opened) is read by the memprof loader, which says what it finds.
    const auto command = kCommands.find(probe.kind);
    return command != kCommands.end() ? command->second : fallback;
}

// The first command that takes `takes`, to name the kind of dump an option
// or a format is for.
template <class Takes>
const ReportCommand* commandThatTakes(Takes&& takes)
{
    for (const auto& [kind, command] : kCommands) {
        if (takes(*command))
            return command;
    }
    return nullptr;
}

// Refuses an option of another kind of dump, or an export format of
// another kind, as the usage error's exit code.
std::optional<int> refuseOtherKinds(const ReportCommand& command, const CommandLine& line)
{
    using memprof::cli::Option;
    const std::string dump = memprof::cli::displayName(line.dumps[0]);
    const std::string isThisKind = dump + " is a " + command.dumpKind + " dump";
    for (const Option option : memprof::cli::kEveryOption) {
        const std::string given = line.given(option);
        if (given.empty() || command.takes(option))
            continue;
        const ReportCommand* owner =
            commandThatTakes([option](const ReportCommand& other) { return other.takes(option); });
        return memprof::cli::usageError(given + " is for " + owner->dumpKind + " dumps: " + isThisKind +
                                        command.refusalHint);
    }
    if (line.exportName.empty() || memprof::exportFormatFromName(line.exportName, command.exportSubject))
        return std::nullopt;
    const ReportCommand* owner = commandThatTakes([&line](const ReportCommand& other) {
        return memprof::exportFormatFromName(line.exportName, other.exportSubject).has_value();
    });
    return memprof::cli::usageError("--export=" + line.exportName + " is a format of " + owner->dumpKind +
                                    " dumps: " + isThisKind + " (" + command.exportFormatNames + ")");
}

// Runs the command into standard output, or the file written atomically,
// as it writes (an export of a long run is never held whole); the exit code.
int runIntoOutput(const ReportCommand& command, const CommandLine& line)
{
    memprof::OutputFile output(line.outputPath.value_or("/dev/stdout"));
    if (const std::optional<int> exitCode = command.run(line, output.stream()))
        return *exitCode; // nothing replaced
    if (const std::string error = output.commit(); !error.empty()) {
        if (line.outputPath)
            std::cerr << "memprof-report: cannot write " << *line.outputPath << ": " << error << "\n";
        else
            std::cerr << "memprof-report: cannot write the report to standard output: " << error << "\n";
        return memprof::cli::kExitOutputError;
    }
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    memprof::returnLargeBlocksToSystem();
    CommandLine line;
    if (const std::optional<int> exitCode = memprof::cli::parseCommandLine(argc, argv, kUsage, line))
        return *exitCode;
    const std::variant<const ReportCommand*, int> command = commandFor(line);
    if (const int* exitCode = std::get_if<int>(&command))
        return *exitCode;
    const ReportCommand& chosen = *std::get<const ReportCommand*>(command);
    if (const std::optional<int> exitCode = refuseOtherKinds(chosen, line))
        return *exitCode;
    return runIntoOutput(chosen, line);
}
