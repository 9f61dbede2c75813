// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/merge/InstanceNames.h"

#include <map>

namespace memprof {

namespace {

std::string fileNameOf(const std::string& path)
{
    return path.substr(path.rfind('/') + 1);
}

// The folder, ending in '/', that all of `paths` are under; empty when
// they share none.
std::string commonFolder(const std::vector<const std::string*>& paths)
{
    std::string common = paths.front()->substr(0, paths.front()->rfind('/') + 1);
    for (const std::string* path : paths)
        while (!common.empty() && path->compare(0, common.size(), common) != 0)
            common.erase(common.size() < 2 ? 0 : common.rfind('/', common.size() - 2) + 1);
    return common;
}

} // namespace

std::vector<std::string> instanceNames(const std::vector<std::string>& paths)
{
    std::map<std::string, std::vector<std::size_t>> byFileName;
    for (std::size_t i = 0; i < paths.size(); ++i)
        byFileName[fileNameOf(paths[i])].push_back(i);
    std::vector<std::string> names(paths.size());
    for (const auto& [fileName, dumps] : byFileName) {
        std::vector<const std::string*> sharing;
        for (const std::size_t dump : dumps)
            sharing.push_back(&paths[dump]);
        // Alone, or one file given again and again: its file name. Else
        // each path from the folder they all share ("h1/memprof.bin").
        const std::string common = commonFolder(sharing);
        for (const std::size_t dump : dumps)
            names[dump] = paths[dump].substr(common.size());
    }
    // One file given twice (a merge with itself): its second name is
    // numbered.
    std::map<std::string, int> seen;
    for (std::string& name : names)
        if (const int n = ++seen[name]; n > 1)
            name += " #" + std::to_string(n);
    return names;
}

} // namespace memprof
