// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/merge/AliasRenumbering.h"

#include <cctype>

namespace memprof {

namespace {
constexpr std::string_view kAliasPrefix = "function_alias_";
constexpr std::string_view kTraceStart = "started at ";
} // namespace

std::size_t AliasRenumbering::aliasOf(const std::string& source)
{
    const auto [it, added] = indexBySource_.try_emplace(source, aliases_.size());
    if (added)
        aliases_.push_back({std::string(kAliasPrefix) + std::to_string(aliases_.size() + 1), source});
    return it->second;
}

std::string_view AliasRenumbering::aliasIn(std::string_view name)
{
    // An alias is a location's chunk: at the start of its name, or of the
    // name a trace started at; "<alias>:<line>".
    std::size_t at = 0;
    if (!name.starts_with(kAliasPrefix)) {
        const std::size_t start = name.find(kTraceStart);
        if (start == std::string_view::npos)
            return {};
        at = start + kTraceStart.size();
        if (!name.substr(at).starts_with(kAliasPrefix))
            return {};
    }
    std::size_t end = at + kAliasPrefix.size();
    while (end < name.size() && std::isdigit(static_cast<unsigned char>(name[end])))
        ++end;
    if (end == at + kAliasPrefix.size() || end >= name.size() || name[end] != ':')
        return {};
    return name.substr(at, end - at);
}

std::string AliasRenumbering::renamed(std::string_view name, const AliasRenames& renames)
{
    const std::string_view alias = aliasIn(name);
    const auto rename = alias.empty() ? renames.end() : renames.find(alias);
    if (rename == renames.end())
        return std::string(name);
    const std::size_t at = static_cast<std::size_t>(alias.data() - name.data());
    std::string text(name.substr(0, at));
    text += rename->second;
    text += name.substr(at + alias.size());
    return text;
}

} // namespace memprof
