// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/ReportFunctionNames.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace memprof::cli {

FunctionNameTable reportFunctionNames(const CommandLine& line, const std::vector<services::ChunkFunctions>& chunks)
{
    const std::string& dump = line.dumps[0];
    // Standard input has no folder: only the --source-dir folders are searched.
    const QString dumpFolder = dump == "-" ? QString() : QFileInfo(QFile::decodeName(dump.c_str())).absolutePath();
    QStringList sourceFolders;
    for (const std::string& dir : line.sourceDirs)
        sourceFolders << QDir(QFile::decodeName(dir.c_str())).absolutePath();
    return services::readFunctionNames(chunks, dumpFolder, sourceFolders);
}

} // namespace memprof::cli
