// SPDX-License-Identifier: GPL-3.0-or-later
// The names Lua functions are given in their source, by the chunk and the
// line a function is defined on (all a dump knows of a Lua function): what
// every pane, export and report of either profiler shows in place of
// `@serializer.lua:2` once the source has been read (the reading is
// model/services/FunctionNames.h; this table is plain data, so the plain
// stages, exports among them, can use it).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

namespace memprof {

struct FunctionName {
    enum class Kind {
        Named, // its line names it
        MainChunk, // line 0: the chunk's own code
        Unnamed, // its line defines a function with no name (`pcall(function()`)
        SourceChanged, // its line defines no function: the file is not the one run
    };
    Kind kind = Kind::Named;
    // "serialize", "M.encode", "Parser:next"; "main chunk of serializer.lua"
    // (line 0); "function at serializer.lua:9" (a function with no name on
    // its line); empty where the source does not define a function there.
    std::string name;
    // Why there is no name although the source was read (the file changed
    // since the run, most likely); empty otherwise.
    std::string note;
};

class FunctionNameTable {
public:
    void set(std::string chunk, std::uint64_t line, FunctionName name);
    // The entry of the function `chunk` (raw, "@file.lua") defines at `line`,
    // or null where its source was not read.
    const FunctionName* find(std::string_view chunk, std::uint64_t line) const;
    // The name of that function; empty where there is none.
    std::string_view nameOf(std::string_view chunk, std::uint64_t line) const;
    bool empty() const { return size_ == 0; }
    std::size_t size() const { return size_; }

private:
    // Chunk, then definition line.
    std::map<std::string, std::map<std::uint64_t, FunctionName>, std::less<>> byChunk_;
    std::size_t size_ = 0;
};

// How a chunk is called in a name: a file's name without its folders
// ("@/opt/app/serializer.lua" -> "serializer.lua"), a special chunk without
// its '=' ("=stdin" -> "stdin"), code loaded from a string by its first line
// (at most 40 characters, "..." where cut).
std::string chunkDisplayName(std::string_view chunk);

} // namespace memprof
