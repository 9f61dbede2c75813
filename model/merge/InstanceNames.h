// SPDX-License-Identifier: GPL-3.0-or-later
// What a merged profile calls each dump it was made of (an instance of the
// service): the dump's file name. Dumps of a cluster are often collected
// under one file name in a folder per host: where two dumps share a file
// name, both are called by their paths as given, so no two are alike; a
// file given twice is numbered the second time ("a.bin #2").
#pragma once

#include <string>
#include <vector>

namespace memprof {

std::vector<std::string> instanceNames(const std::vector<std::string>& paths);

} // namespace memprof
