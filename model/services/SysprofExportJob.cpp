// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/services/SysprofExportJob.h"

#include "model/export/ProfileExportFile.h"
#include "model/export/SysprofExport.h"
#include "model/profile/ProfileLoader.h"
#include "model/report/DemangledNames.h"
#include "model/sysprofile/SysprofLoader.h"

#include <QCoreApplication>
#include <QFile>

namespace memprof::services {

SysprofExportJob::SysprofExportJob(QString dumpPath, SampleRange range, ExportFormat format, QString outPath,
                                   QObject* parent)
    : DecodeJob(parent)
    , dumpPath_(std::move(dumpPath))
    , range_(range)
    , format_(format)
    , outPath_(std::move(outPath))
{
}

SysprofExportJob::~SysprofExportJob()
{
    stopWorker();
}

void SysprofExportJob::start()
{
    const std::string dump = QFile::encodeName(dumpPath_).toStdString();
    startWorker(QStringLiteral("sysprof export"), QThread::InheritPriority,
                [this, dump, range = range_, format = format_, out = outPath_](DecodeControl& control) {
                    SysprofLoadOptions options;
                    options.range = range;
                    options.keepSampleOrder = needsSampleOrder(format);
                    options.views = onlyStackView(exportedStackView(format));
                    SysprofProfile profile = loadSysprof(dump, control, options);
                    if (profile.status.end == DecodeEnd::Cancelled) {
                        emit finished(QCoreApplication::translate("SysprofExportJob", "The export was cancelled."), 0);
                        return;
                    }
                    if (profile.status.end == DecodeEnd::Failed) {
                        emit finished(QString::fromStdString(describeStatus(profile.status)), 0);
                        return;
                    }
                    demangleFrameNames(profile);
                    const std::string bytes = sysprofExportBytes(profile, format, {});
                    QString error;
                    if (!writeExportFile(out, bytes, &error)) {
                        emit finished(error, 0);
                        return;
                    }
                    emit finished({}, static_cast<qint64>(bytes.size()));
                });
}

} // namespace memprof::services
