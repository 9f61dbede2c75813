// SPDX-License-Identifier: GPL-3.0-or-later
// The viewer's File > Export Profile As: the export chosen by the file's
// name, written whole or not at all (QSaveFile).
#pragma once

#include "model/profile/Profile.h"

#include <QString>

namespace memprof {

// The name filters of the save dialog, one per format; the first is pprof.
QString exportFileFilters();

// Writes `profile` (over its window) in the format `path` names. False with
// the cause in `error` when the name names no format or the write fails.
bool writeProfileExport(const Profile& profile, const QString& path, QString* error);

} // namespace memprof
