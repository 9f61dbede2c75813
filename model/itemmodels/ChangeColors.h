// SPDX-License-Identifier: GPL-3.0-or-later
// The colours of a change between two runs, one language for every pane
// that compares (the tables' change bars, the differential flame graph, its
// legend): a rise red, as differential flame graphs have it, a fall blue.
#pragma once

#include <QColor>

namespace memprof::itemmodels {

inline QColor riseColor()
{
    return {0xeb, 0x5a, 0x5a};
}

inline QColor fallColor()
{
    return {0x5a, 0x87, 0xeb};
}

} // namespace memprof::itemmodels
