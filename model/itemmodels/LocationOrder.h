// SPDX-License-Identifier: GPL-3.0-or-later
// The order of location names in every table and tree: by file, then by
// line number as a number (@x.lua:7 < @x.lua:22 < @x.lua:100). Names that
// are not file:line (INTERNAL, CFUNC 0x..., TRACE [n] started at @f:l)
// sort as text whose embedded numbers compare as numbers (TRACE [2] before
// TRACE [10]).
#pragma once

#include <QStringView>

namespace memprof::itemmodels {

// Text order, case-insensitive, with runs of decimal digits compared by
// their value; ties broken by the exact text, so only equal texts are equal.
// Negative, zero or positive like QString::compare.
int compareNatural(QStringView a, QStringView b);

// Location names by file (in natural text order), then by line: the
// decimal number after the last ':', or the hexadecimal address after ':0x'
// of a C symbol (libc.so:0x1f).
int compareLocationNames(QStringView a, QStringView b);

} // namespace memprof::itemmodels
