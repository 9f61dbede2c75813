// SPDX-License-Identifier: GPL-3.0-or-later
// File > Export Profile As, off the GUI thread, whatever the profile's kind:
// the document writes its range in the chosen format on a worker (a memory
// profile from its counts, a CPU profile by reading its dump again for the
// export's call tree and sample order), whole or not at all (QSaveFile). A
// long run's export takes seconds; the window stays responsive meanwhile.
#pragma once

#include "model/export/ExportFormat.h"
#include "model/services/DecodeJob.h"
#include "model/services/ProfileDocument.h"

#include <QString>

namespace memprof::services {

class ProfileExportJob : public DecodeJob {
    Q_OBJECT
public:
    // Lua functions are named from their sources, found beside the dump or
    // in `sourceFolders` (the page's).
    ProfileExportJob(DocumentPtr document, ExportFormat format, QString outPath, QStringList sourceFolders = {},
                     QObject* parent = nullptr);
    ~ProfileExportJob() override;

    const QString& outPath() const { return outPath_; }
    void start();

signals:
    // `error` is empty when the file was written (`bytes` long).
    void finished(const QString& error, qint64 bytes);

private:
    DocumentPtr document_;
    ExportFormat format_;
    QString outPath_;
    QStringList sourceFolders_;
};

} // namespace memprof::services
