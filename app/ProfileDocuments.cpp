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
    // A followed file is waited for until its kind shows.
    const DumpProbe probe = probeDump(QFile::encodeName(path).toStdString(), control);
    if (probe.status.end == DecodeEnd::Cancelled)
        return MemprofDocument::broken(path, probe.status);
    if (probe.kind == DumpKind::Sysprof)
        return SysprofDocument::read(path, control, partial);
    // Broken before its kind shows: the probe's reason, not what the memprof
    // decoder makes of it.
    if (probe.broken())
        return MemprofDocument::broken(path, probe.status);
    return MemprofDocument::read(path, control, partial);
}

} // namespace memprof::app
