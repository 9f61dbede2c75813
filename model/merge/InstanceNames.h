// SPDX-License-Identifier: GPL-3.0-or-later
// What a merged profile calls each dump it was made of (an instance of the
// service), in the report, its CSV and exports and the viewer alike: the
// dump's file name. Dumps of a cluster are often collected under one file
// name in a folder per host: where dumps share a file name, each is called
// by its path from the folder they all share ("h1/memprof.bin"), so no two
// are alike and none is longer than needed; a file given twice is numbered
// the second time ("a.bin #2").
#pragma once

#include <string>
#include <vector>

namespace memprof {

std::vector<std::string> instanceNames(const std::vector<std::string>& paths);

} // namespace memprof
