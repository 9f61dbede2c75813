// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/qt/FilterExpression.h"

namespace memprof::qt {

QRegularExpression filterExpression(const QString& text, FilterSyntax syntax)
{
    const QString pattern = syntax == FilterSyntax::Substring ? QRegularExpression::escape(text) : text;
    return QRegularExpression(pattern, QRegularExpression::CaseInsensitiveOption);
}

} // namespace memprof::qt
