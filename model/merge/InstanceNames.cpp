// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/merge/InstanceNames.h"

#include <filesystem>
#include <map>

namespace memprof {

std::vector<std::string> instanceNames(const std::vector<std::string>& paths)
{
    std::vector<std::string> names;
    std::map<std::string, int> uses;
    for (const std::string& path : paths) {
        names.push_back(std::filesystem::path(path).filename().string());
        ++uses[names.back()];
    }
    for (std::size_t i = 0; i < names.size(); ++i)
        if (uses[names[i]] > 1)
            names[i] = paths[i];
    // One file given twice (a merge with itself): its second name is
    // numbered.
    std::map<std::string, int> seen;
    for (std::string& name : names)
        if (const int n = ++seen[name]; n > 1)
            name += " #" + std::to_string(n);
    return names;
}

} // namespace memprof
