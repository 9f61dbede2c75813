// SPDX-License-Identifier: GPL-3.0-or-later
// A table as shown (the proxy's order and filter, its visible columns) as
// RFC 4180 CSV with raw numbers, and selected rows as tab-separated text.
#pragma once

#include <QAbstractItemModel>
#include <QList>
#include <QString>

#include <string>

namespace memprof::itemmodels {

// `columns`: the model's columns to write, in order. Values come from
// SortRole (raw numbers), headers from CsvHeaderRole. A tree (the function
// tree) is written depth first, every node, after a `depth` column (0 for
// the top level), so its sums are not mistaken for more rows.
std::string tableToCsv(const QAbstractItemModel& model, const QList<int>& columns);

// Writes `csv` to `path` as writeOutputFile does (a regular file replaced
// atomically, every write checked: a failed write leaves any old file as it
// was); false with `error` set to the cause on failure.
bool writeCsvFile(const QString& path, const std::string& csv, QString* error = nullptr);

// The rows, as displayed (DisplayRole), a header line first, tab-separated.
QString rowsToTabSeparated(const QAbstractItemModel& model, const QList<int>& rows, const QList<int>& columns);
// The same for rows given by an index each, at any level of a tree.
QString rowsToTabSeparated(const QModelIndexList& rows, const QList<int>& columns);

} // namespace memprof::itemmodels
