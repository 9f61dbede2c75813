// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/dump/FunctionNameTable.h"

#include <utility>

namespace memprof {

void FunctionNameTable::set(std::string chunk, std::uint64_t line, FunctionName name)
{
    const bool added = byChunk_[std::move(chunk)].insert_or_assign(line, std::move(name)).second;
    size_ += added ? 1 : 0;
}

const FunctionName* FunctionNameTable::find(std::string_view chunk, std::uint64_t line) const
{
    const auto functions = byChunk_.find(chunk);
    if (functions == byChunk_.end())
        return nullptr;
    const auto it = functions->second.find(line);
    return it == functions->second.end() ? nullptr : &it->second;
}

std::string_view FunctionNameTable::nameOf(std::string_view chunk, std::uint64_t line) const
{
    const FunctionName* entry = find(chunk, line);
    return entry ? std::string_view(entry->name) : std::string_view();
}

std::string chunkDisplayName(std::string_view chunk)
{
    if (chunk.starts_with('@')) {
        chunk.remove_prefix(1);
        if (const std::size_t slash = chunk.find_last_of('/'); slash != std::string_view::npos && slash + 1 < chunk.size())
            chunk.remove_prefix(slash + 1);
        return std::string(chunk);
    }
    if (chunk.starts_with('='))
        return std::string(chunk.substr(1));
    constexpr std::size_t kLongest = 40;
    std::string_view firstLine = chunk.substr(0, chunk.find('\n'));
    if (firstLine.size() <= kLongest && firstLine.size() == chunk.size())
        return std::string(firstLine);
    return std::string(firstLine.substr(0, kLongest)) + "...";
}

} // namespace memprof
