// SPDX-License-Identifier: GPL-3.0-or-later
// A frame's fill: the kind picks the hue, a hash of the name the shade, so a
// function keeps its colour across zooms, searches and sessions.
#pragma once

#include "model/flame/FlameTree.h"

#include <QColor>

#include <string_view>

namespace memprof::views {

QColor flameFrameColor(FrameKind kind, std::string_view name);

// A differential frame's fill: red where the share of the run grew, blue
// where it shrank (itemmodels/ChangeColors.h), deeper the nearer `change` is to `largest` (the tree's
// largest change either way); a pale grey where nothing changed.
QColor flameChangeColor(double change, double largest);

// Black or white, whichever reads better on `fill`.
QColor flameTextColor(const QColor& fill);

} // namespace memprof::views
