// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/PreviousRun.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <sstream>

namespace bench {

namespace {
// The first line of a command's output, without its line feed.
std::string firstLineOf(const std::string& command)
{
    std::string line;
    if (FILE* pipe = popen(command.c_str(), "r")) {
        char buffer[256];
        if (std::fgets(buffer, sizeof buffer, pipe))
            line = buffer;
        pclose(pipe);
    }
    while (!line.empty() && (line.back() == '\n' || line.back() == '\r'))
        line.pop_back();
    return line;
}
} // namespace

std::string recordPathOf(const std::string& dumpPath)
{
    return dumpPath + ".memprof-bench";
}

// The format: a header line "commit WHEN", then one line per variant:
// "NAME SECONDS CPU-SECONDS M-EVENTS/S PEAK-RSS-MB".
std::optional<RunRecord> loadRecord(const std::string& dumpPath)
{
    std::ifstream in(recordPathOf(dumpPath));
    if (!in)
        return std::nullopt;
    RunRecord record;
    std::string header;
    if (!std::getline(in, header))
        return std::nullopt;
    std::istringstream head(header);
    head >> record.commit >> record.when;
    for (std::string line; std::getline(in, line);) {
        std::istringstream fields(line);
        VariantMedians v;
        if (fields >> v.variant >> v.seconds >> v.cpuSeconds >> v.meventsPerSecond >> v.peakRssMB)
            record.variants.push_back(v);
    }
    if (record.commit.empty() || record.variants.empty())
        return std::nullopt;
    return record;
}

bool saveRecord(const std::string& dumpPath, const RunRecord& record, std::string* error)
{
    const std::string path = recordPathOf(dumpPath);
    const std::string temporary = path + ".new";
    {
        std::ofstream out(temporary, std::ios::trunc);
        out << record.commit << ' ' << record.when << '\n';
        for (const VariantMedians& v : record.variants)
            out << v.variant << ' ' << v.seconds << ' ' << v.cpuSeconds << ' ' << v.meventsPerSecond << ' '
                << v.peakRssMB << '\n';
        out.flush();
        if (!out) {
            *error = temporary + ": " + std::strerror(errno);
            std::remove(temporary.c_str());
            return false;
        }
    }
    if (std::rename(temporary.c_str(), path.c_str()) != 0) {
        *error = path + ": " + std::strerror(errno);
        std::remove(temporary.c_str());
        return false;
    }
    return true;
}

std::string sourceCommit()
{
    const std::string git = std::string("git -C '") + MEMPROF_SOURCE_DIR + "' ";
    std::string commit = firstLineOf(git + "rev-parse --short HEAD 2>/dev/null");
    if (commit.empty())
        return "unknown";
    if (!firstLineOf(git + "status --porcelain --untracked-files=no 2>/dev/null").empty())
        commit += "+";
    return commit;
}

std::string utcNow()
{
    const std::time_t now = std::time(nullptr);
    std::tm utc{};
    gmtime_r(&now, &utc);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
    return text;
}

} // namespace bench
