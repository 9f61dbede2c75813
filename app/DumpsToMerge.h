// SPDX-License-Identifier: GPL-3.0-or-later
// The viewer's side of model/dump/DumpFolders.h: the dumps a merge of
// `paths` reads, each folder standing for the dumps in it, by the viewer's
// file names.
#pragma once

#include <QString>
#include <QStringList>

namespace memprof::app {

struct DumpsToMerge {
    QStringList paths;
    // A folder with no dump in it, and why (naming it); then no paths.
    QString folder;
    QString error;
};

DumpsToMerge dumpsToMerge(const QStringList& paths);

} // namespace memprof::app
