// SPDX-License-Identifier: GPL-3.0-or-later
// The dumps a merge is given, where a folder stands for the dumps in it: a
// cluster recorded together has its dumps collected in one folder
// (cluster-<time>/). A folder's dumps are its files that start with a
// dump's magic (the `ljs` symbol table that memprof and sysprof dumps both
// open with: StreamMagics.h), sorted by name; its subfolders are not looked
// in. Any other path stays as given: whether it reads as a dump is the
// loader's to say.
#pragma once

#include <string>
#include <vector>

namespace memprof {

struct DumpPaths {
    std::vector<std::string> paths;
    // A folder with no dump in it (or that cannot be listed), and why,
    // naming it; then no paths.
    std::string folder;
    std::string error;
};

DumpPaths expandDumpFolders(const std::vector<std::string>& paths);

} // namespace memprof
