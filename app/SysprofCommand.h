// SPDX-License-Identifier: GPL-3.0-or-later
// memprof-report on sysprof dumps: the reference's lines (a drop-in for
// `luajit -ts`), a summary, or an export.
#pragma once

#include "app/ReportCommandLine.h"

namespace memprof::cli {

extern const ReportCommand kSysprofCommand;

} // namespace memprof::cli
