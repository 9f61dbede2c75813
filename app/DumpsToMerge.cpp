// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/DumpsToMerge.h"

#include "model/dump/DumpFolders.h"

#include <QFile>

namespace memprof::app {

DumpsToMerge dumpsToMerge(const QStringList& paths)
{
    std::vector<std::string> given;
    for (const QString& path : paths)
        given.push_back(QFile::encodeName(path).toStdString());
    const DumpPaths expanded = expandDumpFolders(given);
    DumpsToMerge dumps;
    for (const std::string& path : expanded.paths)
        dumps.paths << QFile::decodeName(QByteArray::fromStdString(path));
    dumps.folder = QFile::decodeName(QByteArray::fromStdString(expanded.folder));
    dumps.error = QFile::decodeName(QByteArray::fromStdString(expanded.error));
    return dumps;
}

} // namespace memprof::app
