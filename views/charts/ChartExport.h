// SPDX-License-Identifier: GPL-3.0-or-later
// Writes a chart to PNG or PDF with QCustomPlot's own renderers, safely: the
// file is written as every output is (writeOutputFile: replaced atomically,
// every write checked), so a failed export never leaves a half-written file.
#pragma once

#include <QString>

class QCustomPlot;

namespace memprof::charts {

enum class ChartFormat { Png, Pdf };

// The format a file name asks for (".pdf" -> Pdf, anything else -> Png).
ChartFormat chartFormatFor(const QString& path);

// `width`/`height` 0 use the widget's size. Returns false with `error` set.
bool exportChart(QCustomPlot& plot, const QString& path, ChartFormat format, int width, int height,
                 QString* error = nullptr);

} // namespace memprof::charts
