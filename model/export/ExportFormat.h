// SPDX-License-Identifier: GPL-3.0-or-later
// The export formats by name, as --export=FORMAT gives them, and the bytes
// of a profile in one: the one place the CLI and the viewer both call.
#pragma once

#include "model/profile/Profile.h"

#include <optional>
#include <string>
#include <string_view>

namespace memprof {

enum class ExportFormat { Pprof, Speedscope, Dhat, FoldedHeld, FoldedAllocated, FoldedCount };

// "pprof", "speedscope", "dhat", "folded" (= folded:held), "folded:held", "folded:allocated",
// "folded:count".
std::optional<ExportFormat> exportFormatFromName(std::string_view name);
// The names exportFormatFromName takes, for messages.
inline constexpr const char* kExportFormatNames = "pprof, speedscope, dhat, folded, folded:held, folded:allocated, folded:count";

// The format a file name asks for, by its ending: .pb.gz or .pprof (pprof),
// .speedscope.json, .dhat.json, .folded (held bytes); none for others.
std::optional<ExportFormat> exportFormatForFileName(std::string_view fileName);

// Binary formats are not written to a terminal or a pipe by accident.
bool isBinaryFormat(ExportFormat format);

// The profile (over its window) in the format.
std::string exportBytes(const Profile& profile, ExportFormat format);

} // namespace memprof
