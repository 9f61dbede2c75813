// SPDX-License-Identifier: GPL-3.0-or-later
// The chunk aliases of a merged profile. Each dump numbers the chunks it
// loaded from multi-line strings in the order it met them
// ("function_alias_1"), so one number names different code in two
// processes. The merge names a chunk by its source text: the same source is
// one alias, numbered in the order the merge meets it, and each dump's
// names are rewritten to the merged ones.
#pragma once

#include "model/dump/LocationInfo.h"

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace memprof {

// A dump's alias names and the merged names they become.
using AliasRenames = std::map<std::string, std::string, std::less<>>;

class AliasRenumbering {
public:
    // The merged alias of a chunk with `source`: its own when met before,
    // else the next number; its index in aliases().
    std::size_t aliasOf(const std::string& source);
    const std::vector<Alias>& aliases() const { return aliases_; }

    // `name` with each alias it starts with, or names after "started at "
    // (a trace's start), renamed by `renames`.
    static std::string renamed(std::string_view name, const AliasRenames& renames);
    // The alias `name` starts with, or names after "started at ", as
    // renamed() finds it; empty when there is none.
    static std::string_view aliasIn(std::string_view name);

private:
    std::vector<Alias> aliases_;
    std::map<std::string, std::size_t> indexBySource_;
};

} // namespace memprof
