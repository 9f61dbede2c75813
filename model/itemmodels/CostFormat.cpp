// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/itemmodels/CostFormat.h"
#include "model/itemmodels/DisplayText.h"
#include "model/report/TextReport.h"
#include "model/support/SaturatingMath.h"

#include <QLocale>

namespace memprof::itemmodels {

QString formatCost(const QVariant& raw, CostKind kind, bool humanReadable)
{
    return formatCost(raw, kind, humanReadable, false);
}

QString formatCost(const QVariant& raw, CostKind kind, bool humanReadable, bool overflowed)
{
    switch (kind) {
    case CostKind::Text:
        return displayText(raw.toString());
    case CostKind::Count:
        if (raw.metaType().id() == QMetaType::ULongLong)
            return humanReadable ? QLocale().toString(raw.toULongLong()) : QString::number(raw.toULongLong());
        return humanReadable ? QLocale().toString(raw.toLongLong()) : QString::number(raw.toLongLong());
    case CostKind::Bytes: {
        // A size or sum comes as an unsigned number (qulonglong), a net or
        // a change as a signed one; overflowed or clamped ones are marked
        // (formatBytes).
        if (raw.metaType().id() == QMetaType::ULongLong)
            return QString::fromStdString(formatBytes(ByteSum{raw.toULongLong(), overflowed}, humanReadable));
        // formatBytes keeps the reference's units, which only scale sizes
        // above zero; a negative net or change scales the same way.
        const std::int64_t bytes = raw.toLongLong();
        if (bytes >= 0 || bytes == kSaturatedLow)
            return QString::fromStdString(formatBytes(bytes, humanReadable));
        return u'-' + QString::fromStdString(formatBytes(static_cast<std::uint64_t>(-bytes), humanReadable));
    }
    case CostKind::Share:
        return QStringLiteral("%1 %").arg(raw.toDouble() * 100.0, 0, 'f', 1);
    case CostKind::History:
        return formatCostChange(raw, CostKind::Bytes, humanReadable);
    }
    return {};
}

QString formatCostChange(const QVariant& raw, CostKind kind, bool humanReadable)
{
    const QString text = formatCost(raw, kind, humanReadable);
    return kind != CostKind::Text && raw.toDouble() > 0 ? u'+' + text : text;
}

QString countText(std::uint64_t value)
{
    return formatCost(static_cast<qint64>(value), CostKind::Count, true);
}

QString shareText(std::uint64_t part, std::uint64_t whole)
{
    return formatCost(whole ? static_cast<double>(part) / static_cast<double>(whole) : 0.0, CostKind::Share, true);
}

} // namespace memprof::itemmodels
