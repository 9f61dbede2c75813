// SPDX-License-Identifier: GPL-3.0-or-later
#include "ProfileDocuments.h"

#include "MemprofDocument.h"
#include "SysprofDocument.h"

#include <QFile>

namespace memprof::app {

services::DocumentPtr readDocument(const QString& path, DecodeControl& control)
{
    if (dumpKindOf(QFile::encodeName(path).toStdString()) == DumpKind::Sysprof)
        return SysprofDocument::read(path, control);
    return MemprofDocument::read(path, control);
}

} // namespace memprof::app
