// SPDX-License-Identifier: GPL-3.0-or-later
// The viewer's File > Export Profile As: the export chosen by the file's
// name, written whole or not at all (QSaveFile).
#pragma once

#include "model/dump/DecodeControl.h"
#include "model/export/ExportFormat.h"
#include "model/memprofile/Profile.h"

#include <QString>

#include <functional>
#include <optional>
#include <ostream>
#include <string>

namespace memprof {

// The name filters of the save dialog, one per format; the first is pprof.
QString exportFileFilters(ExportSubject subject = ExportSubject::Memprof);

// The path to write when the dialog gave `path` with `selectedFilter`
// chosen: a name that names no format gets the filter's first suffix
// ("heap" with the speedscope filter: "heap.speedscope.json"), as a user
// who picked a type expects; a name that names one is kept.
QString exportPathForFilter(const QString& path, const QString& selectedFilter,
                            ExportSubject subject = ExportSubject::Memprof);

// The bytes of `profile` (over its window) in `format`. DHAT's block
// figures, which the profile does not keep, are counted by reading `dump`
// again over that window (DhatBlocks.h; `control` can stop it): nothing,
// with the cause in `error`, when that read fails or is cancelled. Lua
// functions are named from `names` where it has their names.
std::optional<std::string> profileExportBytes(const std::string& dump, const Profile& profile, ExportFormat format,
                                              QString* error, const DecodeControl& control = {},
                                              const FunctionNameTable* names = nullptr);

// Writes `profile` of `dump` (over its window) in the format `path` names,
// its Lua functions named from `names` where it has them. False with the
// cause in `error` when the name names no format or the write fails.
bool writeProfileExport(const std::string& dump, const Profile& profile, const QString& path, QString* error,
                        const FunctionNameTable* names = nullptr);

// Writes `bytes` to `path` whole or not at all; false with the cause.
bool writeExportFile(const QString& path, const std::string& bytes, QString* error);
// The same for what `write` puts on its stream, written as it is made (a
// long run's export is never held whole); `bytes` gets the file's size.
bool writeExportFile(const QString& path, const std::function<void(std::ostream&)>& write, QString* error,
                     qint64* bytes);

// Why a file name cannot be exported to: it names no format of `subject`.
QString noFormatInFileName(ExportSubject subject);

} // namespace memprof
