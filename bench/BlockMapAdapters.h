// SPDX-License-Identifier: GPL-3.0-or-later
// absl::flat_hash_map and std::unordered_map behind LiveBlockMap's interface,
// so the benchmark can measure the product's block map against them with the
// same ProfileBuilder: the live-block map is the builder's hottest path, and
// its choice must rest on measurements. AbslProfileBuilder and
// StdProfileBuilder, instantiated in BlockMapAdapters.cpp, serve the
// benchmark and test_block_maps only.
#pragma once

#include "model/memprofile/LiveBlockMap.h"
#include "model/memprofile/ProfileBuilder.h"

#include <absl/container/flat_hash_map.h>

#include <algorithm>
#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

namespace memprof {

template <class Map>
class BlockMapAdapter {
public:
    std::size_t size() const { return map_.size(); }

    void prefetch(std::uint64_t addr) const
    {
        if constexpr (requires { map_.prefetch(addr); })
            map_.prefetch(addr);
        else
            (void)addr;
    }

    LiveBlock* find(std::uint64_t addr)
    {
        auto it = map_.find(addr);
        return it == map_.end() ? nullptr : &it->second;
    }

    std::pair<LiveBlock*, bool> tryEmplace(std::uint64_t addr, const LiveBlock& block)
    {
        auto [it, inserted] = map_.try_emplace(addr, block);
        return {&it->second, inserted};
    }

    void erase(std::uint64_t addr, LiveBlock*) { map_.erase(addr); }

    template <class Visit>
    void forEach(Visit visit) const
    {
        for (const auto& [addr, block] : map_)
            visit(addr, block);
    }

    // As LiveBlockMap's: in key order, the map empty afterwards.
    template <class Visit>
    void drainSorted(Visit visit)
    {
        std::vector<std::pair<std::uint64_t, LiveBlock>> entries(map_.begin(), map_.end());
        map_ = Map();
        std::sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        for (const auto& [addr, block] : entries)
            visit(addr, block);
    }

private:
    Map map_;
};

using AbslBlockMap = BlockMapAdapter<absl::flat_hash_map<std::uint64_t, LiveBlock>>;
using StdBlockMap = BlockMapAdapter<std::unordered_map<std::uint64_t, LiveBlock>>;

using AbslProfileBuilder = BasicProfileBuilder<AbslBlockMap>;
using StdProfileBuilder = BasicProfileBuilder<StdBlockMap>;

extern template class BasicProfileBuilder<AbslBlockMap>;
extern template class BasicProfileBuilder<StdBlockMap>;

} // namespace memprof
