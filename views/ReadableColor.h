// SPDX-License-Identifier: GPL-3.0-or-later
// Secondary text (captions, the gutter's line numbers) that stays readable:
// the palette's placeholder colour, moved toward the text colour until it
// stands at least 4.5:1 (WCAG AA for normal text) against its background.
#pragma once

#include <QColor>
#include <QPalette>

namespace memprof::views {

inline constexpr double kReadableContrast = 4.5;

// The WCAG contrast ratio of two opaque colours, 1 (none) to 21.
double contrastRatio(const QColor& a, const QColor& b);

// A muted text colour for `background` (opaque), from `palette`'s active group.
QColor mutedTextColor(const QPalette& palette, const QColor& background);

} // namespace memprof::views
