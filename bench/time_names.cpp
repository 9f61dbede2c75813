// SPDX-License-Identifier: GPL-3.0-or-later
// Prints what the viewer's naming job costs on a dump (memprof or
// sysprof): listing the profile's Lua functions by chunk, then reading each
// chunk's source once for their names (model/services/FunctionNames.h), as
// the pages do after their first paint. The source is found as the source
// pane finds it: next to the dump, then in the folders given. A
// measurement, not a test: it asserts nothing.
//
// memprof-time-names DUMP [SOURCE_FOLDER...]
#include "model/dump/DumpKind.h"
#include "model/memprofile/ProfileLoader.h"
#include "model/services/FunctionNames.h"
#include "model/sysprofile/SysprofLoader.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QStringList>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    if (argc < 2) {
        std::fprintf(stderr, "usage: memprof-time-names DUMP [SOURCE_FOLDER...]\n");
        return 2;
    }
    const std::string dump = argv[1];
    QStringList folders;
    for (int i = 2; i < argc; ++i)
        folders << QString::fromLocal8Bit(argv[i]);
    const QString dumpFolder = QFileInfo(QString::fromLocal8Bit(argv[1])).absolutePath();

    using Clock = std::chrono::steady_clock;
    const auto ms = [](Clock::duration d) { return std::chrono::duration<double, std::milli>(d).count(); };
    std::vector<memprof::services::ChunkFunctions> chunks;
    const auto listStart = Clock::now();
    if (memprof::dumpKindOf(dump) == memprof::DumpKind::Sysprof)
        chunks = memprof::services::luaFunctionsOf(memprof::loadSysprof(dump));
    else
        chunks = memprof::services::luaFunctionsOf(memprof::loadProfile(dump));
    std::printf("load (not the job's): %.1f ms\n", ms(Clock::now() - listStart));

    std::size_t functions = 0;
    for (const auto& chunk : chunks)
        functions += chunk.lines.size();
    std::vector<double> runs;
    std::size_t named = 0;
    for (int run = 0; run < 7; ++run) {
        const auto start = Clock::now();
        const memprof::FunctionNameTable names = memprof::services::readFunctionNames(chunks, dumpFolder, folders);
        runs.push_back(ms(Clock::now() - start));
        named = names.size();
    }
    std::sort(runs.begin(), runs.end());
    std::printf("%zu chunks, %zu functions, %zu with a source read: naming %.2f ms (median of 7; %.2f to %.2f), "
                "%.3f ms per chunk\n",
                chunks.size(), functions, named, runs[3], runs.front(), runs.back(),
                chunks.empty() ? 0.0 : runs[3] / static_cast<double>(chunks.size()));
    return 0;
}
