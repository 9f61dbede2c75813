// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/itemmodels/DisplayText.h"

#include "model/support/VisibleText.h"

#include <QList>

namespace memprof::itemmodels {

QString displayText(const QString& text)
{
    const QList<uint> codePoints = text.toUcs4();
    bool hidden = false;
    for (uint c : codePoints)
        hidden = hidden || isHiddenCodePoint(static_cast<char32_t>(c));
    if (!hidden)
        return text;
    QString out;
    out.reserve(text.size() + 8);
    for (uint c : codePoints) {
        const auto point = static_cast<char32_t>(c);
        if (isHiddenCodePoint(point))
            out += QString::fromStdString(escapeCodePoint(point));
        else
            out += QString::fromUcs4(&point, 1);
    }
    return out;
}

} // namespace memprof::itemmodels
