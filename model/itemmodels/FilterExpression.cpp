// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/itemmodels/FilterExpression.h"

namespace memprof::itemmodels {

QRegularExpression filterExpression(const QString& text, FilterSyntax syntax)
{
    const QString pattern = syntax == FilterSyntax::Substring ? QRegularExpression::escape(text) : text;
    return QRegularExpression(pattern, QRegularExpression::CaseInsensitiveOption);
}

QRegularExpression matchingNothing()
{
    // An empty negative lookahead fails at every position.
    return QRegularExpression(QStringLiteral("(?!)"));
}

} // namespace memprof::itemmodels
