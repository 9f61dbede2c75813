// SPDX-License-Identifier: GPL-3.0-or-later
#include "ProfileDocuments.h"

#include "MemprofDocument.h"
#include "MergedMemprofDocument.h"
#include "MergedSysprofDocument.h"
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

services::DocumentPtr readMergedDocument(const QStringList& paths, DecodeControl& control)
{
    // The first dump whose kind shows says which merge reads them all (it
    // refuses those of the other kind).
    DecodeControl probing;
    probing.stop = control.stop;
    for (const QString& path : paths) {
        const DumpProbe probe = probeDump(QFile::encodeName(path).toStdString(), probing);
        if (probe.kind == DumpKind::Sysprof)
            return MergedSysprofDocument::read(paths, control);
        if (probe.kind == DumpKind::Memprof || probe.status.end == DecodeEnd::Cancelled)
            break;
    }
    return MergedMemprofDocument::read(paths, control);
}

std::unique_ptr<services::ProfileLoadJob> mergedLoadJob(const QStringList& paths)
{
    return std::make_unique<services::ProfileLoadJob>(
        paths.value(0), [paths](const QString&, DecodeControl& control, const services::PartialReports&) {
            return readMergedDocument(paths, control);
        });
}

std::unique_ptr<services::ProfileLoadJob> documentLoadJob(const QStringList& paths)
{
    if (paths.size() > 1)
        return mergedLoadJob(paths);
    return std::make_unique<services::ProfileLoadJob>(paths.value(0), &readDocument);
}

} // namespace memprof::app
