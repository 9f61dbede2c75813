// SPDX-License-Identifier: GPL-3.0-or-later
// The symbols known so far while decoding, and the reference's way of naming
// a location with them (docs/FORMAT.md#naming-a-location).
#pragma once

#include "model/dump/LocationInfo.h"

#include <absl/container/flat_hash_map.h>
#include <absl/container/flat_hash_set.h>

#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace memprof {

class SymbolTable {
public:
    // Location names keep at most this much of a chunk name or C symbol,
    // then "..." (see namePrefix in the .cpp); the reference prints it all.
    static constexpr std::size_t kMaxNamePrefixBytes = 4096;

    void addLfunc(std::uint64_t addr, std::string_view chunkname, std::uint64_t linedefined);
    void addCfunc(std::uint64_t addr, std::string_view name);
    void addTrace(std::uint64_t traceno, std::uint64_t addr, std::uint64_t line);

    // Fills name, function and sourceLine of `info` from its source and keys.
    void describe(LocationInfo& info);

    // Changes whenever a symbol is added that may rename a location already
    // described (a prototype address or trace number defined again, a
    // prototype or C symbol where an address was named by a lower C symbol
    // or its number): the builder then checks the names it cached.
    std::uint64_t namingEpoch() const { return namingEpoch_; }

    std::size_t cfuncCount() const { return cfuncIndex_.size(); }
    // A prototype describe() named (LocationInfo::function), while the
    // table still holds them (before takeFunctions).
    const FunctionInfo& functionAt(std::int32_t index) const { return functions_[static_cast<std::size_t>(index)]; }
    std::vector<FunctionInfo> takeFunctions() { return std::move(functions_); }
    std::vector<Alias> takeAliases() { return std::move(aliases_); }
    // The same, kept: a snapshot of a read still going copies them.
    const std::vector<FunctionInfo>& functions() const { return functions_; }
    const std::vector<Alias>& aliases() const { return aliases_; }

private:
    std::string nameOfCode(std::uint64_t addr, std::uint64_t line, std::int32_t& function);
    const std::pair<const std::uint64_t, std::uint32_t>* floorCfunc(std::uint64_t addr) const;

    struct TraceStart {
        std::uint64_t addr = 0;
        std::uint64_t line = 0;
    };

    std::vector<FunctionInfo> functions_; // every prototype seen
    absl::flat_hash_map<std::uint64_t, std::int32_t> lfuncAt_; // addr -> latest prototype
    std::vector<Alias> aliases_;
    absl::flat_hash_map<std::string, std::int32_t> aliasOf_; // chunk source -> alias
    std::vector<std::string> cfuncNames_;
    absl::flat_hash_map<std::uint64_t, std::uint32_t> cfuncIndex_; // addr -> name index
    // For floor look-ups. Ordered on insert: new symbols interleaved with
    // events at new C addresses (a shared object loaded mid-profile, or
    // hostile input) must not re-sort all symbols each time (n^2 log n).
    std::map<std::uint64_t, std::uint32_t> cfuncByAddr_;
    absl::flat_hash_map<std::uint64_t, TraceStart> traces_;
    std::uint64_t namingEpoch_ = 0;
    // Described without their own symbol: code addresses named by the C
    // symbol below them (or as CFUNC), trace numbers without a start.
    absl::flat_hash_set<std::uint64_t> addrsNamedByFloor_;
    absl::flat_hash_set<std::uint64_t> tracesWithoutStart_;
};

} // namespace memprof
