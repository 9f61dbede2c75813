// SPDX-License-Identifier: GPL-3.0-or-later
// Where a window goes on the screen: never larger than the screen's
// available area and never off it, whatever size the settings remember or
// the window was made at (a 1400x900 window on a 1366x768 laptop), and a
// new window cascades from its opener without walking off the screen.
#pragma once

#include <QRect>
#include <QSize>

class QWidget;

namespace memprof::app {

// `frame` moved into `available` and, where it is larger, shrunk to it.
QRect fittedGeometry(const QRect& frame, const QRect& available);
// The frame of a window opened from one at `opener`: a step down and
// right, back at the top left of `available` when the step leaves it, fitted.
QRect cascadedGeometry(const QRect& opener, const QRect& available);

// A new window's size: 1400x900, or nine tenths of a smaller screen's
// available area (leaving room for the title bar and borders, which are not
// known before the window is shown).
QSize defaultWindowSize(const QWidget* window);
// Fits `window` to the available area of its screen.
void fitToScreen(QWidget* window);
// Places `window` (not shown yet) a cascade step from `opener`, on the
// opener's screen, with a frame like the opener's.
void cascadeFrom(QWidget* window, const QWidget* opener);

} // namespace memprof::app
