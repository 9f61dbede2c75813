// SPDX-License-Identifier: GPL-3.0-or-later
// Export frames named as their source names them: a Lua function whose
// name was read (FunctionNameTable.h) is exported by that name, with its
// chunk's path as the file (as the formats expect a file, without Lua's
// '@'); any other frame keeps the name it has.
#pragma once

#include "model/dump/FunctionNameTable.h"
#include "model/export/StackProfile.h"

#include <string_view>

namespace memprof {

// Names `frame` (a Lua function defined at frame.startLine of `chunk`, the
// raw chunk name the table is keyed by) from `names`; `shownChunk` is how
// the profile calls the chunk (its alias for code loaded from a string).
// Nothing changes without a table or without a name in it.
void nameFrame(StackFrame& frame, const FunctionNameTable* names, std::string_view chunk, std::string_view shownChunk);

// A frame that keeps its own name inside a named function (a JIT trace):
// its file is the chunk's path, as its function's is, so that formats
// grouping by file keep the chunk's frames together.
void placeFrame(StackFrame& frame, const FunctionNameTable* names, std::string_view chunk, std::uint64_t functionLine,
                std::string_view shownChunk);

} // namespace memprof
