// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/services/FunctionNamesJob.h"

#include "model/services/FunctionNames.h"

namespace memprof::services {

FunctionNamesJob::FunctionNamesJob(std::shared_ptr<const Profile> profile, QString dumpFolder,
                                   QStringList sourceFolders, QObject* parent)
    : DecodeJob(parent),
      profile_(std::move(profile)),
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
        [this, profile = profile_, dumpFolder = dumpFolder_, sourceFolders = sourceFolders_](DecodeControl& control) {
            emit finished(std::make_shared<const std::vector<QString>>(
                readFunctionNames(*profile, dumpFolder, sourceFolders, control)));
        });
}

} // namespace memprof::services
