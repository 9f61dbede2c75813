// SPDX-License-Identifier: GPL-3.0-or-later
#include "SampleProfile.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace memprof::app {

QString sampleProfilePath()
{
    const QString fileName = QStringLiteral("medium.bin");
    const QStringList folders = {
        // A relocated install: <prefix>/bin/memprof-viewer, <prefix>/share/...
        QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("../share/memprof-viewer/sample")),
        QStringLiteral(MEMPROF_INSTALLED_SAMPLE_DIR),
        QStringLiteral(MEMPROF_SOURCE_SAMPLE_DIR),
    };
    for (const QString& folder : folders) {
        const QFileInfo candidate(QDir(folder).filePath(fileName));
        if (candidate.isFile())
            return candidate.canonicalFilePath();
    }
    return {};
}

} // namespace memprof::app
