// SPDX-License-Identifier: GPL-3.0-or-later
// memprof-report on a sysprof dump: the reference's lines (a drop-in for
// `luajit -ts`), a summary, or an export.
#pragma once

#include "model/report/RangeOption.h"

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>

struct SysprofChoices {
    std::string dump;
    bool summary = false;
    std::string exportName; // empty: no export
    std::optional<std::uint64_t> intervalMs;
    std::optional<memprof::RangeOption> range;
    std::string rangeText;
    bool demangle = false;
    bool binaryAllowed = false;    // -o given: a binary format may be written
    std::string memprofOnlyOption; // a memprof option given, which this report refuses
};

// Writes what `choices` ask for to `text`; the exit code when it cannot.
std::optional<int> runSysprofReport(const SysprofChoices& choices, std::ostream& text);
