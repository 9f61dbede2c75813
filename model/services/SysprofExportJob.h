// SPDX-License-Identifier: GPL-3.0-or-later
// File > Export Profile As on a CPU profile, off the GUI thread: the dump is
// read again for the export's one call tree (and, for the formats in time
// order, the samples' order, which the viewer's load does not keep), its
// C++ symbols demangled as the viewer shows them, and the file written
// whole or not at all. A long run's export in time order takes seconds.
#pragma once

#include "model/export/ExportFormat.h"
#include "model/services/DecodeJob.h"
#include "model/sysprofile/SysprofProfile.h"

#include <QString>

namespace memprof::services {

class SysprofExportJob : public DecodeJob {
    Q_OBJECT
public:
    SysprofExportJob(QString dumpPath, SampleRange range, ExportFormat format, QString outPath,
                     QObject* parent = nullptr);
    ~SysprofExportJob() override;

    const QString& outPath() const { return outPath_; }
    void start();

signals:
    // `error` is empty when the file was written (`bytes` long).
    void finished(const QString& error, qint64 bytes);

private:
    QString dumpPath_;
    SampleRange range_;
    ExportFormat format_;
    QString outPath_;
};

} // namespace memprof::services
