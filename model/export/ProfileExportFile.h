// SPDX-License-Identifier: GPL-3.0-or-later
// The viewer's File > Export Profile As: the export chosen by the file's
// name, written whole or not at all (QSaveFile).
#pragma once

#include "model/profile/Profile.h"

#include <QString>

namespace memprof {

// The name filters of the save dialog, one per format; the first is pprof.
QString exportFileFilters();

// The path to write when the dialog gave `path` with `selectedFilter`
// chosen: a name that names no format gets the filter's first suffix
// ("heap" with the speedscope filter: "heap.speedscope.json"), as a user
// who picked a type expects; a name that names one is kept.
QString exportPathForFilter(const QString& path, const QString& selectedFilter);

// Writes `profile` (over its window) in the format `path` names. False with
// the cause in `error` when the name names no format or the write fails.
bool writeProfileExport(const Profile& profile, const QString& path, QString* error);

} // namespace memprof
