// SPDX-License-Identifier: GPL-3.0-or-later
// RFC 4180 CSV of the profile's tables, raw numbers, units in column names.
#pragma once

#include "model/dump/FunctionNameTable.h"
#include "model/memprofile/Profile.h"

#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace memprof {

struct MemprofBreakdown;

enum class CsvTable { Allocations, Reallocations, Frees, HeapSummary, Held, Suspects, History };

std::optional<CsvTable> csvTableFromName(std::string_view name);

// One field, quoted when it holds a comma, a quote, CR or LF.
std::string csvField(std::string_view text);
// The Overrides cell: one name per line (LF), unambiguous because a name's
// own backslash is written "\\" and its LF "\n" (other bytes are exact).
std::string overridesField(const std::vector<std::string>& names);
// One record: fields joined by commas, ended by CRLF.
std::string csvRecord(const std::vector<std::string>& fields);

// The table in the report's order; over the profile's window (suspects and
// history: the sample points in the window). Where `names` names the
// function of a location, a `function` column after the location names
// each Lua location's function (empty where there is none); otherwise the
// columns are those the tables always had.
//
// `byInstance`, the breakdown of a merged profile (MemprofMerge.h): an
// `instance` column after the location (and function) names the dump, and
// each row is written once per dump it has a share of, with that dump's
// figures: the long form a spreadsheet's pivot table or filter reads, with
// no merged line to count twice (the merged figure is the sum of a row's
// lines). Overrides are the merged row's, over all dumps. Only the tables
// a merge has (allocations, reallocations, frees, leaks, live).
void writeCsv(std::ostream& out, const Profile& profile, CsvTable table, const FunctionNameTable* names = nullptr,
              const MemprofBreakdown* byInstance = nullptr);

} // namespace memprof
