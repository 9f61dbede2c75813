// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/services/ProfileExportJob.h"

namespace memprof::services {

ProfileExportJob::ProfileExportJob(DocumentPtr document, ExportFormat format, QString outPath,
                                   QStringList sourceFolders, QObject* parent)
    : DecodeJob(parent),
      document_(std::move(document)),
      format_(format),
      outPath_(std::move(outPath)),
      sourceFolders_(std::move(sourceFolders))
{}

ProfileExportJob::~ProfileExportJob()
{
    stopWorker();
}

void ProfileExportJob::start()
{
    startWorker(QStringLiteral("profile export"), QThread::InheritPriority,
                [this, document = document_, format = format_, out = outPath_,
                 folders = sourceFolders_](DecodeControl& control) {
                    qint64 bytes = 0;
                    const QString error = document->writeExport(format, out, folders, control, &bytes);
                    emit finished(error, error.isEmpty() ? bytes : 0);
                });
}

} // namespace memprof::services
