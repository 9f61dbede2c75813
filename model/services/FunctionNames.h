// SPDX-License-Identifier: GPL-3.0-or-later
// The names Lua functions are given where they are defined, read from their
// chunk's source (found as the source pane finds it, SourceLocator.h), for
// both profilers: a dump knows a Lua function only by its chunk and the
// line it is defined on. One reading serves every pane, export and report.
#pragma once

#include "model/dump/DecodeControl.h"
#include "model/dump/FunctionNameTable.h"
#include "model/memprofile/Profile.h"
#include "model/sysprofile/SysprofProfile.h"

#include <QString>
#include <QStringList>
#include <QStringView>

#include <cstdint>
#include <string>
#include <vector>

namespace memprof::services {

// The Lua functions of one chunk a profile holds: what is read for names.
struct ChunkFunctions {
    std::string chunkname; // raw: "@file.lua", "=stdin", or the code itself
    // Code loaded from a multi-line string: the name the dump gives it
    // (its text is the chunk name); empty otherwise.
    std::string aliasName;
    std::vector<std::uint64_t> lines; // definition lines; 0 is the main chunk
};

// The Lua functions of each profile, one entry per chunk.
std::vector<ChunkFunctions> luaFunctionsOf(const Profile& profile);
std::vector<ChunkFunctions> luaFunctionsOf(const SysprofProfile& profile);
// The functions of two compared profiles, one entry per chunk of either
// (a chunk both have lists the lines of both once): one reading names both.
std::vector<ChunkFunctions> mergeFunctions(const std::vector<ChunkFunctions>& base,
                                           const std::vector<ChunkFunctions>& current);

// The name a definition line gives its function: `local function encode(`,
// `function M.encode(` or `function M:encode(`, `M.encode = function(`,
// `local encode = function(`, `encode = function(` (a variable or a table
// constructor's key); empty for any other line.
QString nameDefinedOn(QStringView line);

// Each function's name (FunctionNameTable.h says what an entry holds): a
// chunk whose source is not at hand (not found, or a file the user has not
// confirmed) gets no entries, so its functions keep the names they have.
// Each chunk's source is read once; a raised control.stop ends the reading
// early, with the names found so far.
FunctionNameTable readFunctionNames(const std::vector<ChunkFunctions>& chunks, const QString& dumpFolder,
                                    const QStringList& sourceFolders, const DecodeControl& control = {});

} // namespace memprof::services
