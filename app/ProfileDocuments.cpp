// SPDX-License-Identifier: GPL-3.0-or-later
#include "ProfileDocuments.h"

#include "MemprofDocument.h"
#include "SysprofDocument.h"

#include "model/dump/DumpKind.h"

#include <QFile>

namespace memprof::app {

services::DocumentPtr readDocument(const QString& path, DecodeControl& control,
                                   const services::PartialReports& partial)
{
    const DumpProbe probe = probeDump(QFile::encodeName(path).toStdString());
    if (probe.kind == DumpKind::Sysprof)
        return SysprofDocument::read(path, control, partial);
    // Broken before its kind shows: the probe's reason, not what the memprof
    // decoder makes of it.
    if (probe.broken())
        return MemprofDocument::broken(path, probe.status);
    return MemprofDocument::read(path, control, partial);
}

} // namespace memprof::app
