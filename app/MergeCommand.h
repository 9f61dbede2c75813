// SPDX-License-Identifier: GPL-3.0-or-later
// memprof-report --merge: several dumps of one kind reported as one profile
// (model/merge), each dump that cannot be read said and left out.
#pragma once

#include "app/ReportCommandLine.h"
#include "model/sysprofile/SysprofLoader.h"

#include <optional>
#include <ostream>

namespace memprof::cli {

// The memprof report, table or export of the merged dumps; the exit code
// when none could be read.
std::optional<int> writeMergedMemprof(const CommandLine& line, std::ostream& text);

// The reference's lines, the summary or the export of the merged sysprof
// dumps, each loaded with `options`; the exit code when none could be read.
std::optional<int> writeMergedSysprof(const CommandLine& line, SysprofLoadOptions options, std::ostream& text);

} // namespace memprof::cli
