// SPDX-License-Identifier: GPL-3.0-or-later
#include "ChartExport.h"

#include "QCustomPlotInclude.h"

#include <QFileInfo>
#include <QTemporaryFile>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace memprof::charts {

ChartFormat chartFormatFor(const QString& path)
{
    return path.endsWith(QStringLiteral(".pdf"), Qt::CaseInsensitive) ? ChartFormat::Pdf : ChartFormat::Png;
}

bool exportChart(QCustomPlot& plot, const QString& path, ChartFormat format, int width, int height, QString* error)
{
    const QFileInfo target(path);
    // The temporary file reserves a unique name beside the target; the
    // exporters open that name themselves.
    QTemporaryFile temporary(target.absolutePath() + QStringLiteral("/.") + target.fileName() +
                             QStringLiteral(".XXXXXX"));
    if (!temporary.open()) {
        if (error)
            *error = QStringLiteral("cannot create a file in %1: %2").arg(target.absolutePath(), temporary.errorString());
        return false;
    }
    const QString temporaryPath = temporary.fileName();
    temporary.close();
    const bool written = format == ChartFormat::Pdf
                             ? plot.savePdf(temporaryPath, width, height)
                             : plot.savePng(temporaryPath, width, height);
    if (!written || QFileInfo(temporaryPath).size() == 0) {
        if (error)
            *error = QStringLiteral("cannot write %1").arg(path);
        return false; // the QTemporaryFile removes what was written
    }
    // rename(2) replaces the target atomically (QFile::rename would refuse).
    if (std::rename(QFile::encodeName(temporaryPath).constData(), QFile::encodeName(target.absoluteFilePath()).constData()) != 0) {
        if (error)
            *error = QStringLiteral("cannot replace %1: %2").arg(path, QString::fromLocal8Bit(std::strerror(errno)));
        return false;
    }
    temporary.setAutoRemove(false); // renamed: nothing left to remove
    // QTemporaryFile creates 0600; give the export the usual permissions.
    QFile::setPermissions(target.absoluteFilePath(), QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup |
                                                         QFile::ReadOther);
    return true;
}

} // namespace memprof::charts
