// SPDX-License-Identifier: GPL-3.0-or-later
#include "ChartExport.h"

#include "QCustomPlotInclude.h"
#include "model/support/OutputFile.h"

#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QTemporaryFile>

namespace memprof::charts {

namespace {

// The chart as PNG bytes, rendered in memory.
bool renderPng(QCustomPlot& plot, int width, int height, QByteArray& bytes)
{
    QBuffer buffer(&bytes);
    return buffer.open(QIODevice::WriteOnly) && plot.toPixmap(width, height).save(&buffer, "PNG");
}

// The chart as PDF bytes. QCustomPlot writes PDF only to a named file: a
// private temporary one, read back and removed.
bool renderPdf(QCustomPlot& plot, int width, int height, QByteArray& bytes)
{
    QTemporaryFile temporary(QDir::tempPath() + QStringLiteral("/memprof-chart-XXXXXX.pdf"));
    if (!temporary.open())
        return false;
    temporary.close();
    if (!plot.savePdf(temporary.fileName(), width, height))
        return false;
    QFile written(temporary.fileName());
    if (!written.open(QIODevice::ReadOnly))
        return false;
    bytes = written.readAll();
    // savePdf does not report a failed write (a full temporary folder): a
    // complete PDF ends with its end-of-file marker.
    return bytes.startsWith("%PDF-") && bytes.trimmed().endsWith("%%EOF");
}

} // namespace

ChartFormat chartFormatFor(const QString& path)
{
    return path.endsWith(QStringLiteral(".pdf"), Qt::CaseInsensitive) ? ChartFormat::Pdf : ChartFormat::Png;
}

bool exportChart(QCustomPlot& plot, const QString& path, ChartFormat format, int width, int height, QString* error)
{
    QByteArray bytes;
    const bool rendered =
        format == ChartFormat::Pdf ? renderPdf(plot, width, height, bytes) : renderPng(plot, width, height, bytes);
    if (!rendered) {
        if (error)
            *error = QStringLiteral("cannot render the chart as %1").arg(format == ChartFormat::Pdf ? u"PDF" : u"PNG");
        return false;
    }
    const std::string cause =
        writeOutputFile(QFile::encodeName(path).toStdString(), std::string_view(bytes.constData(), bytes.size()));
    if (!cause.empty()) {
        if (error)
            *error = QStringLiteral("cannot write %1: %2").arg(path, QString::fromLocal8Bit(cause.c_str()));
        return false;
    }
    return true;
}

} // namespace memprof::charts
