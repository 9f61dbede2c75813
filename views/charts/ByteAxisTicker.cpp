// SPDX-License-Identifier: GPL-3.0-or-later
#include "ByteAxisTicker.h"

#include "model/report/TextReport.h"

#include <cmath>

namespace memprof::charts {

double ByteAxisTicker::getTickStep(const QCPRange& range)
{
    const double rawStep = range.size() / (mTickCount + 1e-10);
    // The unit of the largest value shown: steps are round in it.
    const double largest = std::max(std::abs(range.lower), std::abs(range.upper));
    double unit = 1;
    while (unit * 1024 <= largest && unit < 1024.0 * 1024 * 1024 * 1024)
        unit *= 1024;
    const double inUnit = rawStep / unit;
    // Below one unit, halves and quarters (512 KiB, 256 KiB), not 0.2 MiB.
    if (unit > 1 && inUnit < 1)
        return unit * std::exp2(std::round(std::log2(inUnit)));
    return unit * cleanMantissa(inUnit);
}

QString ByteAxisTicker::getTickLabel(double tick, const QLocale&, QChar, int)
{
    return QString::fromStdString(formatBytes(static_cast<std::int64_t>(std::llround(tick)), true));
}

double EventAxisTicker::getTickStep(const QCPRange& range)
{
    return std::max(1.0, QCPAxisTicker::getTickStep(range)); // events are whole
}

QString EventAxisTicker::getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision)
{
    const double magnitude = std::abs(tick);
    if (magnitude >= 1e9)
        return locale.toString(tick / 1e9, 'g', 4) + QStringLiteral("G");
    if (magnitude >= 1e6)
        return locale.toString(tick / 1e6, 'g', 4) + QStringLiteral("M");
    if (magnitude >= 1e4)
        return locale.toString(tick / 1e3, 'g', 4) + QStringLiteral("K");
    return QCPAxisTicker::getTickLabel(tick, locale, formatChar, precision);
}

} // namespace memprof::charts
