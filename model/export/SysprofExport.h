// SPDX-License-Identifier: GPL-3.0-or-later
// The bytes of a sysprof profile in an export format: the one place the CLI
// and the viewer both call for sysprof dumps.
#pragma once

#include "model/export/ExportFormat.h"
#include "model/export/SysprofStacks.h"
#include "model/sysprofile/SysprofProfile.h"

#include <ostream>
#include <string>

namespace memprof {

// Formats in time order (speedscope, chrome) need the profile loaded with
// its sample order (SysprofLoadOptions::keepSampleOrder).
bool needsSampleOrder(ExportFormat format);

// The call tree a format reads (the time-ordered ones follow the Lua
// view's nodes): a load for one export builds that view alone.
StackView exportedStackView(ExportFormat format);

// The export, written to `out` as it is made (the time-ordered formats of
// a long run are larger than the profile: they are never held whole).
void writeSysprofExport(std::ostream& out, const SysprofProfile& profile, ExportFormat format,
                        const SysprofExportOptions& options);
// A merged profile (model/merge) in pprof (each sample labelled with its
// dump), speedscope (a profile of the samples' totals per dump: merged
// dumps keep no time order) or folded stacks (the dump as each stack's
// root frame); exportsMerged(format).
void writeMergedSysprofExport(std::ostream& out, const SysprofProfile& profile, const SysprofBreakdown& byInstance,
                              ExportFormat format, const SysprofExportOptions& options);

// The same bytes in memory.
std::string sysprofExportBytes(const SysprofProfile& profile, ExportFormat format, const SysprofExportOptions& options);

} // namespace memprof
