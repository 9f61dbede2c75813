// SPDX-License-Identifier: GPL-3.0-or-later
// memprof-report: the text report of luajit-parse-memprof, from the same
// aggregates the viewer shows; plus CSV tables and the accurate live figure.
#include "model/CsvExport.h"
#include "model/ProfileDiff.h"
#include "model/ProfileLoader.h"
#include "model/TextReport.h"

#include <QSaveFile>

#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace {

const char* const kUsage =
    "Usage: memprof-report [OPTIONS] DUMP\n"
    "       memprof-report --diff [OPTIONS] BASE NEW\n"
    "Print the report of a LuaJIT memory profile (memprof formats 1, 2, 3),\n"
    "as luajit-parse-memprof prints it.\n"
    "\n"
    "Options:\n"
    "  --leak-only          print only the HEAP SUMMARY (and ALIASES)\n"
    "  --human-readable     print sizes in B, KiB, MiB, GiB\n"
    "  --live               HEAP SUMMARY from the blocks still live at the end,\n"
    "                       by the location that last allocated them (accurate)\n"
    "  --csv=TABLE          write TABLE as CSV: allocations, reallocations,\n"
    "                       frees, leaks (the HEAP SUMMARY) or live\n"
    "  --peak               instead of the HEAP SUMMARY, the blocks live when the\n"
    "                       live bytes peaked, by the location that allocated them\n"
    "  --diff               compare two dumps: NEW - BASE per location name\n"
    "                       (with --csv: allocations, reallocations, frees, live)\n"
    "  -o FILE, --output=FILE  write to FILE (atomically) instead of stdout\n"
    "  -h, --help           show this help\n"
    "\n"
    "Exit status: 0 on success (also for a profile cut short, with a warning),\n"
    "1 on a broken dump, 2 on bad usage.\n";

// Loads a dump; on failure prints why and returns false. Warns on a cut dump.
bool loadOrExplain(const std::string& path, memprof::Profile& profile)
{
    profile = memprof::loadProfile(path);
    const memprof::DecodeStatus& status = profile.status;
    if (status.end == memprof::DecodeEnd::Failed) {
        std::cerr << "memprof-report: " << path << ": " << memprof::describeStatus(status) << "\n";
        return false;
    }
    if (status.end == memprof::DecodeEnd::Truncated || status.trailingBytes > 0)
        std::cerr << "memprof-report: warning: " << path << ": " << memprof::describeStatus(status) << "\n";
    return true;
}

int usageError(const std::string& message)
{
    std::cerr << "memprof-report: " << message << "\n"
              << "Try 'memprof-report --help'.\n";
    return 2;
}

} // namespace

int main(int argc, char** argv)
{
    memprof::ReportOptions options;
    std::optional<memprof::CsvTable> csv;
    std::string outputPath;
    std::vector<std::string> dumps;
    bool diff = false;

    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        if (arg == "-h" || arg == "--help") {
            std::cout << kUsage;
            return 0;
        } else if (arg == "--leak-only") {
            options.leakOnly = true;
        } else if (arg == "--human-readable") {
            options.humanReadable = true;
        } else if (arg == "--live") {
            options.live = true;
        } else if (arg == "--peak") {
            options.peak = true;
        } else if (arg == "--diff") {
            diff = true;
        } else if (arg.starts_with("--csv=")) {
            csv = memprof::csvTableFromName(arg.substr(6));
            if (!csv)
                return usageError("unknown table '" + std::string(arg.substr(6)) +
                                  "' for --csv (allocations, reallocations, frees, leaks, live)");
        } else if (arg == "-o" || arg == "--output") {
            if (i + 1 >= argc)
                return usageError("option '" + std::string(arg) + "' needs a file name");
            outputPath = argv[++i];
        } else if (arg.starts_with("--output=")) {
            outputPath = std::string(arg.substr(9));
        } else if (arg == "--") {
            for (++i; i < argc; ++i)
                dumps.emplace_back(argv[i]);
        } else if (arg.size() > 1 && arg[0] == '-') {
            return usageError("unknown option '" + std::string(arg) + "'");
        } else {
            dumps.emplace_back(arg);
        }
    }
    const std::size_t wanted = diff ? 2 : 1;
    if (dumps.size() < wanted)
        return usageError(diff ? "--diff needs two dumps, BASE and NEW" : "no dump given");
    if (dumps.size() > wanted)
        return usageError("too many dumps given ('" + dumps[wanted] + "')");

    std::ostringstream text;
    if (diff) {
        memprof::Profile base, current;
        if (!loadOrExplain(dumps[0], base) || !loadOrExplain(dumps[1], current))
            return 1;
        const memprof::ProfileDiff changes = memprof::diffProfiles(base, current);
        if (!csv)
            memprof::writeDiffReport(text, changes, options.humanReadable);
        else if (*csv == memprof::CsvTable::Live || *csv == memprof::CsvTable::Leaks)
            memprof::writeHeldDiffCsv(text, changes);
        else
            memprof::writeDiffCsv(text, changes,
                                  *csv == memprof::CsvTable::Allocations     ? memprof::EventKind::Alloc
                                  : *csv == memprof::CsvTable::Reallocations ? memprof::EventKind::Realloc
                                                                             : memprof::EventKind::Free);
    } else {
        memprof::Profile profile;
        if (!loadOrExplain(dumps[0], profile))
            return 1;
        if (csv)
            memprof::writeCsv(text, profile, *csv);
        else
            memprof::writeTextReport(text, profile, options);
    }
    const std::string bytes = text.str();

    if (outputPath.empty()) {
        std::cout << bytes;
        std::cout.flush();
        return std::cout ? 0 : 1;
    }
    QSaveFile file(QString::fromStdString(outputPath));
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(bytes.data(), static_cast<qint64>(bytes.size())) != static_cast<qint64>(bytes.size()) ||
        !file.commit()) {
        std::cerr << "memprof-report: cannot write " << outputPath << ": " << file.errorString().toStdString()
                  << "\n";
        return 1;
    }
    return 0;
}
