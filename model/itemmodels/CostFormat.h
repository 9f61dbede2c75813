// SPDX-License-Identifier: GPL-3.0-or-later
// How a cost cell reads: counts with digit grouping, bytes in the
// reference's units (human-readable or raw), shares in percent. One place for
// the tables, the function tree and the diff.
#pragma once

#include <QString>

#include <QVariant>
#include <cstdint>

namespace memprof::itemmodels {

// History: a row's held bytes over the run (HeldHistoryRole), shown and
// sorted by its growth in bytes, signed.
enum class CostKind { Text, Count, Bytes, Share, History };

QString formatCost(const QVariant& raw, CostKind kind, bool humanReadable);
// An unsigned sum of bytes that passed 2^64-1 (`overflowed`) is marked
// ">="; without the flag every unsigned value, 2^64-1 too, is exact.
QString formatCost(const QVariant& raw, CostKind kind, bool humanReadable, bool overflowed);

// A count (samples, events) as the panes' text shows it, and `part` as a
// share of `whole` (0 when `whole` is 0), human-readable.
QString countText(std::uint64_t value);
QString shareText(std::uint64_t part, std::uint64_t whole);

// A change (NEW - BASE): as formatCost, with a '+' before growth.
QString formatCostChange(const QVariant& raw, CostKind kind, bool humanReadable);

} // namespace memprof::itemmodels
