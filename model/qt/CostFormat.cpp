// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/qt/CostFormat.h"

#include "model/report/TextReport.h"

#include <QLocale>

namespace memprof::qt {

QString formatCost(const QVariant& raw, CostKind kind, bool humanReadable)
{
    switch (kind) {
    case CostKind::Text:
        return raw.toString();
    case CostKind::Count:
        return humanReadable ? QLocale().toString(raw.toLongLong()) : QString::number(raw.toLongLong());
    case CostKind::Bytes: {
        // formatBytes keeps the reference's units, which only scale sizes
        // above zero; a negative net or change scales the same way.
        const qint64 bytes = raw.toLongLong();
        const QString magnitude = QString::fromStdString(formatBytes(bytes < 0 ? -bytes : bytes, humanReadable));
        return bytes < 0 ? u'-' + magnitude : magnitude;
    }
    case CostKind::Share:
        return QStringLiteral("%1 %").arg(raw.toDouble() * 100.0, 0, 'f', 1);
    }
    return {};
}

QString formatCostChange(const QVariant& raw, CostKind kind, bool humanReadable)
{
    const QString text = formatCost(raw, kind, humanReadable);
    return kind != CostKind::Text && raw.toDouble() > 0 ? u'+' + text : text;
}

} // namespace memprof::qt
