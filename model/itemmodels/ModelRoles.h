// SPDX-License-Identifier: GPL-3.0-or-later
// The item-data roles every memprof model answers beside Qt's own.
#pragma once

#include <Qt>

namespace memprof::itemmodels {

enum ModelRole {
    // The raw value: a qint64 for counts and bytes, a double for shares, the
    // full name for locations. Sorting and CSV export use it.
    SortRole = Qt::UserRole + 1,
    // The memprof::LocationId (uint) of a row, for selecting it elsewhere.
    LocationIdRole,
    // A double in [-1, 1]: the cell's value over the column's largest
    // magnitude, for the in-cell cost bars; invalid for columns without bars.
    CostFractionRole,
    // headerData: the CSV column name (snake_case with its unit).
    CsvHeaderRole,
    // The memprof function index (int) of a function tree's file and
    // function nodes, for showing their source; invalid elsewhere.
    FunctionIndexRole,
    // A memprof::itemmodels::HeldSparkline: the row's held bytes over the run, for
    // the sparkline of a History column (its SortRole is the growth).
    HeldHistoryRole,
    // The memprof::FrameId (uint) of a sysprof row's function, for selecting
    // it in the other panes.
    FrameIdRole,
    // headerData: true for a column of changes (NEW − BASE), whose bars
    // show a rise and a fall in their own colours (ChangeColors.h).
    ChangeColumnRole,
    // The length (int) of the function's name at the start of a cell's
    // DisplayRole text that has a location after it, so that the delegates
    // paint the location dimmed (FunctionLabel.h); invalid elsewhere.
    FunctionNameLengthRole,
};

} // namespace memprof::itemmodels
