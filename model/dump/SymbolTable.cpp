// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/dump/SymbolTable.h"

#include <algorithm>
#include <cstdio>

namespace memprof {

const std::string& FunctionInfo::displayChunk(const std::vector<Alias>& aliases) const
{
    return aliasIndex >= 0 ? aliases[static_cast<std::size_t>(aliasIndex)].name : chunkname;
}

void SymbolTable::addLfunc(std::uint64_t addr, std::string_view chunkname, std::uint64_t linedefined)
{
    FunctionInfo function;
    function.addr = addr;
    function.chunkname.assign(chunkname);
    function.linedefined = linedefined;
    // Chunks loaded from multi-line strings get an alias, numbered in the
    // order they are first met.
    if (chunkname.find('\n') != std::string_view::npos) {
        auto [it, inserted] = aliasOf_.try_emplace(function.chunkname, static_cast<std::int32_t>(aliases_.size()));
        if (inserted)
            aliases_.push_back({"function_alias_" + std::to_string(aliases_.size() + 1), function.chunkname});
        function.aliasIndex = it->second;
    }
    auto [at, inserted] = lfuncAt_.try_emplace(addr, static_cast<std::int32_t>(functions_.size()));
    if (!inserted || addrsNamedByFloor_.contains(addr))
        ++namingEpoch_;
    at->second = static_cast<std::int32_t>(functions_.size());
    functions_.push_back(std::move(function));
}

void SymbolTable::addCfunc(std::uint64_t addr, std::string_view name)
{
    // The writer re-sends the whole C symbol table often: a known address is
    // the common case and must stay cheap. The last name sent wins.
    auto [it, inserted] = cfuncIndex_.try_emplace(addr, static_cast<std::uint32_t>(cfuncNames_.size()));
    if (inserted) {
        cfuncNames_.emplace_back(name);
        cfuncByAddr_.emplace_hint(cfuncByAddr_.end(), addr, it->second);
    } else if (cfuncNames_[it->second] != name) {
        cfuncNames_[it->second].assign(name);
    } else {
        return;
    }
    if (!addrsNamedByFloor_.empty())
        ++namingEpoch_;
}

void SymbolTable::addTrace(std::uint64_t traceno, std::uint64_t addr, std::uint64_t line)
{
    auto [it, inserted] = traces_.try_emplace(traceno, TraceStart{addr, line});
    if (!inserted) {
        if (it->second.addr != addr || it->second.line != line)
            ++namingEpoch_;
        it->second = {addr, line};
    } else if (tracesWithoutStart_.contains(traceno)) {
        ++namingEpoch_;
    }
}

const std::pair<const std::uint64_t, std::uint32_t>* SymbolTable::floorCfunc(std::uint64_t addr) const
{
    auto it = cfuncByAddr_.upper_bound(addr);
    if (it == cfuncByAddr_.begin())
        return nullptr;
    return &*std::prev(it);
}

namespace {
// The chunk or C symbol part of a location name, at most kMaxNamePrefixBytes
// of it: every location of a chunk carries a copy, so a hostile dump with a
// megabyte-long chunk name and many lines would otherwise need file size x
// lines of memory. Real names (paths, symbols) are far shorter; loaded
// strings are aliased.
std::string namePrefix(const std::string& name)
{
    if (name.size() <= SymbolTable::kMaxNamePrefixBytes) [[likely]]
        return name;
    return name.substr(0, SymbolTable::kMaxNamePrefixBytes) + "...";
}
} // namespace

std::string SymbolTable::nameOfCode(std::uint64_t addr, std::uint64_t line, std::int32_t& function)
{
    function = kNoFunction;
    if (addr == 0)
        return "INTERNAL";
    if (auto it = lfuncAt_.find(addr); it != lfuncAt_.end()) {
        function = it->second;
        return namePrefix(functions_[static_cast<std::size_t>(function)].displayChunk(aliases_)) + ":" +
               std::to_string(line);
    }
    addrsNamedByFloor_.insert(addr);
    char hex[32];
    if (const auto* symbol = floorCfunc(addr)) {
        std::snprintf(hex, sizeof hex, ":0x%llx", static_cast<unsigned long long>(symbol->first));
        return namePrefix(cfuncNames_[symbol->second]) + hex;
    }
    std::snprintf(hex, sizeof hex, "CFUNC 0x%llx", static_cast<unsigned long long>(addr));
    return hex;
}

void SymbolTable::describe(LocationInfo& info)
{
    switch (info.source) {
    case SourceKind::Internal:
        info.name = "INTERNAL";
        break;
    case SourceKind::Lua:
    case SourceKind::C:
        info.name = nameOfCode(info.addr, info.line, info.function);
        info.sourceLine = info.line;
        break;
    case SourceKind::Trace: {
        if (info.traceno == 0) { // no trace: the reference's identity is INTERNAL's
            info.name = "INTERNAL";
            break;
        }
        info.name = "TRACE [" + std::to_string(info.traceno) + "]";
        if (auto it = traces_.find(info.traceno); it != traces_.end()) {
            info.name += " started at " + nameOfCode(it->second.addr, it->second.line, info.function);
            info.sourceLine = it->second.line;
        } else {
            tracesWithoutStart_.insert(info.traceno);
        }
        break;
    }
    }
}

} // namespace memprof
