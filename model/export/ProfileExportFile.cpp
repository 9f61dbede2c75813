// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/export/ProfileExportFile.h"

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

QString exportFileFilters(ExportSubject subject)
{
    const QString separator = QStringLiteral(";;");
    const QString shared = tr("pprof profile (*.pb.gz *.pprof)") + separator + tr("speedscope (*.speedscope.json)");
    if (subject == ExportSubject::Sysprof)
        return shared + separator + tr("Chrome DevTools CPU profile (*.cpuprofile)") + separator +
               tr("Folded stacks of the Lua call chains (*.folded)");
    return shared + separator + tr("DHAT, for the Firefox Profiler (*.dhat.json)") + separator +
           tr("Folded stacks of the held bytes (*.folded)");
}

QString exportPathForFilter(const QString& path, const QString& selectedFilter, ExportSubject subject)
{
    if (exportFormatForFileName(QFileInfo(path).fileName().toStdString(), subject))
        return path;
    const qsizetype star = selectedFilter.indexOf(QStringLiteral("*."));
    if (star < 0)
        return path;
    const qsizetype end = selectedFilter.indexOf(QRegularExpression(QStringLiteral("[ )]")), star);
    return path + selectedFilter.mid(star + 1, end < 0 ? -1 : end - star - 1);
}

QString noFormatInFileName(ExportSubject subject)
{
    return subject == ExportSubject::Sysprof
               ? tr("The file name says no format: end it in .pb.gz, .speedscope.json, .cpuprofile or .folded.")
               : tr("The file name says no format: end it in .pb.gz, .speedscope.json, .dhat.json or .folded.");
}

bool writeExportFile(const QString& path, const std::string& bytes, QString* error)
{
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

bool writeProfileExport(const Profile& profile, const QString& path, QString* error)
{
    const std::optional<ExportFormat> format = exportFormatForFileName(QFileInfo(path).fileName().toStdString());
    if (!format) {
        if (error)
            *error = noFormatInFileName(ExportSubject::Memprof);
        return false;
    }
    return writeExportFile(path, exportBytes(profile, *format), error);
}

} // namespace memprof
