// SPDX-License-Identifier: GPL-3.0-or-later
// The export formats by name, as --export=FORMAT gives them, and the bytes
// of a profile in one: the one place the CLI and the viewer both call.
#pragma once

#include "model/dump/FunctionNameTable.h"
#include "model/export/DhatBlocks.h"
#include "model/memprofile/Profile.h"

#include <optional>
#include <string>
#include <string_view>

namespace memprof {

struct MemprofBreakdown;

// Memprof dumps export as Pprof, Speedscope, Dhat and the Folded* formats of
// memory; sysprof dumps as Pprof, Speedscope, Chrome and the Folded* formats
// of their stack views ("folded" is FoldedHeld for one, FoldedLua for the
// other: see exportFormatFromName).
enum class ExportFormat {
    Pprof,
    Speedscope,
    Dhat,
    FoldedHeld,
    FoldedAllocated,
    FoldedCount,
    Chrome, // a Chrome DevTools .cpuprofile
    FoldedLua, // sysprof: the Lua call chains
    FoldedHost, // sysprof: the host call chains
    FoldedReference, // sysprof: tools/sysprof.lua's merge
};

enum class ExportSubject { Memprof, Sysprof };

// The format `name` means for a dump of `subject`: "pprof", "speedscope",
// "folded"; memprof: "dhat", "folded:held", "folded:allocated",
// "folded:count"; sysprof: "chrome", "folded:lua", "folded:host",
// "folded:reference". Nothing for a name the subject has no format of.
std::optional<ExportFormat> exportFormatFromName(std::string_view name, ExportSubject subject = ExportSubject::Memprof);
// Whether `name` names a format of either subject (for checking options
// before the dump is read).
bool isExportFormatName(std::string_view name);
// The names exportFormatFromName takes, for messages.
inline constexpr const char* kExportFormatNames =
    "pprof, speedscope, dhat, folded, folded:held, folded:allocated, folded:count";
inline constexpr const char* kSysprofExportFormatNames =
    "pprof, speedscope, chrome, folded, folded:lua, folded:host, folded:reference";

// The format a file name asks for, by its ending: .pb.gz or .pprof (pprof),
// .speedscope.json, .folded (memprof: held bytes; sysprof: the Lua call
// chains); memprof: .dhat.json; sysprof: .cpuprofile (chrome). None for
// others.
std::optional<ExportFormat> exportFormatForFileName(std::string_view fileName,
                                                    ExportSubject subject = ExportSubject::Memprof);

// Binary formats are not written to a terminal or a pipe by accident.
bool isBinaryFormat(ExportFormat format);

// The profile (over its window) in the format. DHAT needs `dhatBlocks`,
// counted by the load of `profile` (DhatBlocks.h); other formats ignore it.
// Throws std::invalid_argument for DHAT without them. Lua functions are
// named from `names` where it has their names (NamedFrames.h).
std::string exportBytes(const Profile& profile, ExportFormat format, const DhatBlocks* dhatBlocks = nullptr,
                        const FunctionNameTable* names = nullptr);

// Whether a merged profile (model/merge) exports in `format`: pprof (each
// sample labelled with its dump, `instance`), speedscope (a profile per
// dump) and folded stacks (the dump as each stack's root frame). Not DHAT,
// which describes one process's heap over its run (lifetimes in its events,
// the moment of its peak), nor Chrome's profile, a timeline: the dumps
// share no clock.
bool exportsMerged(ExportFormat format);

// A merged memprof profile in pprof, speedscope or folded stacks
// (exportsMerged).
std::string mergedExportBytes(const Profile& profile, const MemprofBreakdown& byInstance, ExportFormat format,
                              const FunctionNameTable* names = nullptr);

} // namespace memprof
