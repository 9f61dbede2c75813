// SPDX-License-Identifier: GPL-3.0-or-later
// An axis ticker for byte counts: steps that are round in the unit shown
// (256 KiB, 1 MiB, not 200000) and labels in B/KiB/MiB/GiB through
// memprof::formatBytes, the units of the tables and the text report.
#pragma once

#include "QCustomPlotInclude.h"

namespace memprof::charts {

class ByteAxisTicker : public QCPAxisTicker {
protected:
    double getTickStep(const QCPRange& range) override;
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision) override;
};

// "12.5K", for event numbers: the x axis counts events, not time.
class EventAxisTicker : public QCPAxisTicker {
protected:
    double getTickStep(const QCPRange& range) override;
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision) override;
};

} // namespace memprof::charts
