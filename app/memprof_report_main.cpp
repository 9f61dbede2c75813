// SPDX-License-Identifier: GPL-3.0-or-later
// memprof-report: the text report of luajit-parse-memprof, from the same
// aggregates the viewer shows; plus CSV tables and the accurate live figure.
#include "model/CsvExport.h"
#include "model/ProfileLoader.h"
#include "model/TextReport.h"

#include <QSaveFile>

#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>

namespace {

const char* const kUsage =
    "Usage: memprof-report [OPTIONS] DUMP\n"
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
    "  -o FILE, --output=FILE  write to FILE (atomically) instead of stdout\n"
    "  -h, --help           show this help\n"
    "\n"
    "Exit status: 0 on success (also for a profile cut short, with a warning),\n"
    "1 on a broken dump, 2 on bad usage.\n";

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
    std::string dumpPath;
    bool haveDump = false;

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
            if (i + 1 < argc && !haveDump) {
                dumpPath = argv[++i];
                haveDump = true;
            }
        } else if (arg.size() > 1 && arg[0] == '-') {
            return usageError("unknown option '" + std::string(arg) + "'");
        } else if (haveDump) {
            return usageError("more than one dump given ('" + dumpPath + "' and '" + std::string(arg) + "')");
        } else {
            dumpPath = std::string(arg);
            haveDump = true;
        }
    }
    if (!haveDump)
        return usageError("no dump given");

    const memprof::Profile profile = memprof::loadProfile(dumpPath);
    const memprof::DecodeStatus& status = profile.status;
    if (status.end == memprof::DecodeEnd::Failed) {
        std::cerr << "memprof-report: " << dumpPath << ": " << memprof::describeStatus(status) << "\n";
        return 1;
    }
    if (status.end == memprof::DecodeEnd::Truncated || status.trailingBytes > 0)
        std::cerr << "memprof-report: warning: " << dumpPath << ": " << memprof::describeStatus(status) << "\n";

    std::ostringstream text;
    if (csv)
        memprof::writeCsv(text, profile, *csv);
    else
        memprof::writeTextReport(text, profile, options);
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
