// SPDX-License-Identifier: GPL-3.0-or-later
// The names memprof-report gives Lua functions in its exports and tables:
// read from their sources, found as the viewer finds them (beside the dump,
// then in each --source-dir).
#pragma once

#include "app/ReportCommandLine.h"
#include "model/dump/FunctionNameTable.h"
#include "model/services/FunctionNames.h"

#include <vector>

namespace memprof::cli {

// The names of `chunks`' functions (FunctionNames.h); empty where no source
// is at hand, so outputs keep the names the dump gives.
FunctionNameTable reportFunctionNames(const CommandLine& line, const std::vector<services::ChunkFunctions>& chunks);

} // namespace memprof::cli
