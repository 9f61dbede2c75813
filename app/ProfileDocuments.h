// SPDX-License-Identifier: GPL-3.0-or-later
// The kinds of document the viewer opens: the dump's content says which
// document reads it (the one place that knows every kind).
#pragma once

#include "model/services/ProfileLoadJob.h"

namespace memprof::app {

// Reads the dump at `path` as the document of its kind; a dump of no known
// kind is read as memprof, whose decoder says why it cannot be.
services::DocumentPtr readDocument(const QString& path, DecodeControl& control,
                                   const services::PartialReports& partial);
// Reads the dumps at `paths` as one profile: the merged document of their
// kind (MergedMemprofDocument, MergedSysprofDocument), which refuses dumps
// of two kinds saying why; `control`'s progress counts the dumps read.
services::DocumentPtr readMergedDocument(const QStringList& paths, DecodeControl& control);
// A job reading `paths` merged so (its `path` is the first dump's).
std::unique_ptr<services::ProfileLoadJob> mergedLoadJob(const QStringList& paths);
// A job reading one dump as readDocument does, or several merged.
std::unique_ptr<services::ProfileLoadJob> documentLoadJob(const QStringList& paths);

} // namespace memprof::app
