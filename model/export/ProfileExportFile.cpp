// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/export/ProfileExportFile.h"
#include "model/export/ExportFormat.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSaveFile>

namespace memprof {

namespace {
QString tr(const char* text)
{
    return QCoreApplication::translate("ProfileExportFile", text);
}
} // namespace

QString exportFileFilters()
{
    return tr("pprof profile (*.pb.gz *.pprof)") + QStringLiteral(";;") + tr("speedscope (*.speedscope.json)") +
           QStringLiteral(";;") + tr("DHAT, for the Firefox Profiler (*.dhat.json)") + QStringLiteral(";;") +
           tr("Folded stacks of the held bytes (*.folded)");
}

QString exportPathForFilter(const QString& path, const QString& selectedFilter)
{
    if (exportFormatForFileName(QFileInfo(path).fileName().toStdString()))
        return path;
    const qsizetype star = selectedFilter.indexOf(QStringLiteral("*."));
    if (star < 0)
        return path;
    const qsizetype end = selectedFilter.indexOf(QRegularExpression(QStringLiteral("[ )]")), star);
    return path + selectedFilter.mid(star + 1, end < 0 ? -1 : end - star - 1);
}

bool writeProfileExport(const Profile& profile, const QString& path, QString* error)
{
    const std::optional<ExportFormat> format = exportFormatForFileName(QFileInfo(path).fileName().toStdString());
    if (!format) {
        if (error)
            *error = tr("The file name says no format: end it in .pb.gz, .speedscope.json, .dhat.json or .folded.");
        return false;
    }
    const std::string bytes = exportBytes(profile, *format);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(bytes.data(), static_cast<qint64>(bytes.size())) != static_cast<qint64>(bytes.size()) ||
        !file.commit()) {
        if (error)
            *error = file.errorString();
        return false;
    }
    return true;
}

} // namespace memprof
