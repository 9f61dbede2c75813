// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/export/ProfileExportFile.h"
#include "model/memprofile/ProfileLoader.h"
#include "model/support/ChunkedStreamBuffer.h"

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
    qint64 written = 0;
    return writeExportFile(
        path, [&](std::ostream& out) { out.write(bytes.data(), static_cast<std::streamsize>(bytes.size())); }, error,
        &written);
}

bool writeExportFile(const QString& path, const std::function<void(std::ostream&)>& write, QString* error,
                     qint64* bytes)
{
    QSaveFile file(path);
    bool written = file.open(QIODevice::WriteOnly);
    if (written) {
        bool ok = true;
        qint64 size = 0;
        ChunkedStreamBuffer buffer([&](std::string_view chunk) {
            ok = ok && file.write(chunk.data(), static_cast<qint64>(chunk.size())) == static_cast<qint64>(chunk.size());
            size += static_cast<qint64>(chunk.size());
        });
        std::ostream out(&buffer);
        write(out);
        buffer.flushChunk();
        written = ok && file.commit();
        *bytes = size;
    }
    if (!written) {
        if (error)
            *error = file.errorString();
        return false;
    }
    return true;
}

std::optional<std::string> profileExportBytes(const std::string& dump, const Profile& profile, ExportFormat format,
                                              QString* error, const DecodeControl& control,
                                              const FunctionNameTable* names)
{
    if (format != ExportFormat::Dhat)
        return exportBytes(profile, format, nullptr, names);
    // The replay's own profile: its location ids are those of its figures.
    DhatBlocks blocks;
    const Profile replayed = loadWithDhatBlocks(dump, profile.window, blocks, control);
    if (replayed.status.end == DecodeEnd::Cancelled || replayed.status.end == DecodeEnd::Failed) {
        if (error)
            *error = replayed.status.end == DecodeEnd::Cancelled
                         ? tr("The export was cancelled.")
                         : QString::fromStdString(describeStatus(replayed.status));
        return std::nullopt;
    }
    return exportBytes(replayed, format, &blocks, names);
}

bool writeProfileExport(const std::string& dump, const Profile& profile, const QString& path, QString* error,
                        const FunctionNameTable* names)
{
    const std::optional<ExportFormat> format = exportFormatForFileName(QFileInfo(path).fileName().toStdString());
    if (!format) {
        if (error)
            *error = noFormatInFileName(ExportSubject::Memprof);
        return false;
    }
    const std::optional<std::string> bytes = profileExportBytes(dump, profile, *format, error, {}, names);
    return bytes && writeExportFile(path, *bytes, error);
}

} // namespace memprof
