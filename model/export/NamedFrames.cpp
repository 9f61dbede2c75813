// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/export/NamedFrames.h"

#include <string>

namespace memprof {

namespace {
// The chunk as a file name: Lua's '@' is not part of it.
std::string pathOf(std::string_view shownChunk)
{
    return std::string(shownChunk.starts_with('@') ? shownChunk.substr(1) : shownChunk);
}
} // namespace

void nameFrame(StackFrame& frame, const FunctionNameTable* names, std::string_view chunk, std::string_view shownChunk)
{
    if (!names)
        return;
    const FunctionName* entry = names->find(chunk, frame.startLine);
    if (!entry || entry->name.empty())
        return; // a source that changed since the run names nothing
    // `shownChunk` may be frame.file: read before it is replaced. "main
    // chunk of a.lua" and "function at a.lua:9" say where they are.
    frame.definedAt = entry->kind == FunctionName::Kind::Named
                          ? chunkDisplayName(shownChunk) + ":" + std::to_string(frame.startLine)
                          : std::string();
    frame.file = pathOf(shownChunk);
    frame.named = true;
    frame.name = entry->name;
}

void placeFrame(StackFrame& frame, const FunctionNameTable* names, std::string_view chunk, std::uint64_t functionLine,
                std::string_view shownChunk)
{
    if (names && !names->nameOf(chunk, functionLine).empty())
        frame.file = pathOf(shownChunk);
}

} // namespace memprof
