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

} // namespace memprof::app
