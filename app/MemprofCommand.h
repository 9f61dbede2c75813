// SPDX-License-Identifier: GPL-3.0-or-later
// memprof-report on memprof dumps: the text report of luajit-parse-memprof,
// CSV tables, exports for other tools, and --diff of two dumps.
#pragma once

#include "app/ReportCommandLine.h"

namespace memprof::cli {

extern const ReportCommand kMemprofCommand;

} // namespace memprof::cli
