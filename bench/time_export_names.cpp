// SPDX-License-Identifier: GPL-3.0-or-later
// Prints what naming Lua functions from their sources costs an export of a
// memprof dump: the export of the loaded profile without names, the reading
// of the names (each chunk's source once), and the export with them
// (medians of runs). A measurement, not a test: it asserts nothing.
#include "model/export/ExportFormat.h"
#include "model/memprofile/ProfileLoader.h"
#include "model/services/FunctionNames.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <vector>

namespace {

// The median wall-clock milliseconds of `runs` calls of `work`.
double medianMs(int runs, const std::function<void()>& work)
{
    std::vector<double> ms;
    for (int run = 0; run < runs; ++run) {
        const auto start = std::chrono::steady_clock::now();
        work();
        ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(ms.begin(), ms.end());
    return ms[ms.size() / 2];
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: memprof-time-export-names DUMP [SOURCE_DIR...]\n");
        return 2;
    }
    const memprof::Profile profile = memprof::loadProfile(argv[1]);
    QStringList sourceFolders;
    for (int i = 2; i < argc; ++i)
        sourceFolders << QDir(QString::fromLocal8Bit(argv[i])).absolutePath();
    const QString dumpFolder = QFileInfo(QString::fromLocal8Bit(argv[1])).absolutePath();
    const std::vector<memprof::services::ChunkFunctions> chunks = memprof::services::luaFunctionsOf(profile);
    memprof::FunctionNameTable names;
    const double readMs =
        medianMs(9, [&] { names = memprof::services::readFunctionNames(chunks, dumpFolder, sourceFolders); });
    std::size_t functions = 0;
    for (const auto& chunk : chunks)
        functions += chunk.lines.size();
    std::printf("%zu chunks, %zu Lua functions, %zu named; reading the names: %.2f ms\n", chunks.size(), functions,
                names.size(), readMs);
    std::size_t checksum = 0;
    for (const char* format : {"pprof", "speedscope", "folded"}) {
        const memprof::ExportFormat chosen = *memprof::exportFormatFromName(format);
        const double without = medianMs(9, [&] { checksum += memprof::exportBytes(profile, chosen).size(); });
        const double with =
            medianMs(9, [&] { checksum += memprof::exportBytes(profile, chosen, nullptr, &names).size(); });
        std::printf("%-10s without names %.2f ms, with names %.2f ms (+ reading them)\n", format, without, with);
    }
    std::printf("(checksum %zu)\n", checksum);
    return 0;
}
