// SPDX-License-Identifier: GPL-3.0-or-later
// The reference parser's location identity: (address, line, trace number),
// as an event's location gives it (docs/FORMAT.md#naming-a-location). The
// builder names each key once; a window's re-count looks the rows up by it.
#pragma once

#include "model/memdecoder/MemprofEvents.h"

#include <cstdint>
#include <utility>

namespace memprof {

struct LocationKey {
    std::uint64_t addr = 0;
    std::uint64_t line = 0;
    std::uint64_t traceno = 0;
    // Spelled out: the defaulted comparison compiles to a memcmp call.
    bool operator==(const LocationKey& o) const { return addr == o.addr && line == o.line && traceno == o.traceno; }
    template <typename H>
    friend H AbslHashValue(H h, const LocationKey& k)
    {
        return H::combine(std::move(h), k.addr, k.line, k.traceno);
    }
    // A cheap mix for direct-mapped caches of recent keys.
    std::uint64_t mixed() const { return (addr ^ (line << 24) ^ (traceno << 40)) * 0x9e3779b97f4a7c15ull; }
};

inline LocationKey locationKeyOf(const Location& loc)
{
    switch (loc.source) {
    case SourceKind::Internal:
        break;
    case SourceKind::Lua:
        return {loc.addr, loc.line, 0};
    case SourceKind::C:
        return {loc.addr, 0, 0};
    case SourceKind::Trace:
        return {0, 0, loc.traceno};
    }
    return {};
}

} // namespace memprof
