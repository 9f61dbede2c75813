// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/services/FunctionNamesJob.h"

namespace memprof::services {

FunctionNamesJob::FunctionNamesJob(std::vector<ChunkFunctions> functions, QString dumpFolder,
                                   QStringList sourceFolders, QObject* parent)
    : DecodeJob(parent),
      functions_(std::make_shared<const std::vector<ChunkFunctions>>(std::move(functions))),
      dumpFolder_(std::move(dumpFolder)),
      sourceFolders_(std::move(sourceFolders))
{
    qRegisterMetaType<FunctionNamesPtr>();
}

FunctionNamesJob::~FunctionNamesJob()
{
    stopWorker();
}

void FunctionNamesJob::start()
{
    startWorker(
        QStringLiteral("memprof names"), QThread::LowPriority,
        [this, functions = functions_, dumpFolder = dumpFolder_, sourceFolders = sourceFolders_](
            DecodeControl& control) {
            emit finished(std::make_shared<const FunctionNameTable>(
                readFunctionNames(*functions, dumpFolder, sourceFolders, control)));
        });
}

} // namespace memprof::services
