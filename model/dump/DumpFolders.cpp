// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/dump/DumpFolders.h"

#include "model/dump/StreamMagics.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace memprof {

namespace {

namespace fs = std::filesystem;

bool startsAsDump(const fs::path& file)
{
    std::ifstream in(file, std::ios::binary);
    char head[sizeof magic::kSymtab] = {};
    if (!in.read(head, sizeof head))
        return false;
    return std::equal(std::begin(head), std::end(head), std::begin(magic::kSymtab),
                      [](char byte, std::uint8_t expected) { return static_cast<std::uint8_t>(byte) == expected; });
}

// The dumps in `folder`, by name; `error` says why there are none.
std::vector<std::string> dumpsIn(const std::string& folder, std::string& error)
{
    std::vector<fs::path> files;
    std::error_code failure;
    std::size_t entries = 0;
    for (fs::directory_iterator it(folder, failure), end; !failure && it != end; it.increment(failure)) {
        ++entries;
        std::error_code kindFailure;
        if (it->is_regular_file(kindFailure))
            files.push_back(it->path());
    }
    if (failure) {
        error = "folder '" + folder + "' cannot be listed: " + failure.message();
        return {};
    }
    std::sort(files.begin(), files.end(),
              [](const fs::path& a, const fs::path& b) { return a.filename() < b.filename(); });
    std::vector<std::string> dumps;
    for (const fs::path& file : files)
        if (startsAsDump(file))
            dumps.push_back(file.string());
    if (entries == 0)
        error = "folder '" + folder + "' is empty: it has no dump to merge";
    else if (dumps.empty())
        error = "folder '" + folder + "' has no memprof or sysprof dump in it (no file in it starts as a dump does)";
    return dumps;
}

} // namespace

DumpPaths expandDumpFolders(const std::vector<std::string>& paths)
{
    DumpPaths expanded;
    for (const std::string& path : paths) {
        std::error_code failure;
        if (!fs::is_directory(path, failure)) {
            expanded.paths.push_back(path);
            continue;
        }
        std::vector<std::string> dumps = dumpsIn(path, expanded.error);
        if (!expanded.error.empty()) {
            expanded.folder = path;
            expanded.paths.clear();
            return expanded;
        }
        expanded.paths.insert(expanded.paths.end(), std::make_move_iterator(dumps.begin()),
                              std::make_move_iterator(dumps.end()));
    }
    return expanded;
}

} // namespace memprof
