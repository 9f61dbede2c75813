// SPDX-License-Identifier: GPL-3.0-or-later
// Draws a HeldSparkline in a table cell: the held bytes over the run as a
// line scaled to the row's own largest value, the window's points in the
// highlight colour over a light band, the rest dimmed.
#pragma once

#include "model/itemmodels/HeldSparkline.h"

#include <QPalette>
#include <QRect>

class QPainter;

namespace memprof::views {

// The room a sparkline takes in its cell, beside the cell's number.
inline constexpr int kSparklineWidth = 90;

void paintSparkline(QPainter* painter, const QRect& area, const itemmodels::HeldSparkline& line,
                    const QPalette& palette, bool selected);

} // namespace memprof::views
