// SPDX-License-Identifier: GPL-3.0-or-later
// The filter field's text as the expression the tables filter with.
#pragma once

#include <QRegularExpression>
#include <QString>

namespace memprof::itemmodels {

enum class FilterSyntax { Substring, RegularExpression };

// Case-insensitive. A substring matches literally; an invalid regular
// expression gives an invalid QRegularExpression (the caller says so).
QRegularExpression filterExpression(const QString& text, FilterSyntax syntax);

// The filter of an invalid pattern: a valid expression that matches no
// name, so that a table shows nothing rather than what an earlier pattern let
// through.
QRegularExpression matchingNothing();

} // namespace memprof::itemmodels
