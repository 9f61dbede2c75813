// SPDX-License-Identifier: GPL-3.0-or-later
// The live blocks: allocated during profiling and not freed yet, by address.
#pragma once

#include "FlatU64Map.h"
#include "Profile.h"

#include <cstdint>

namespace memprof {

struct LiveBlock {
    std::uint64_t size = 0;
    LocationId location = 0;
};

using LiveBlockMap = FlatU64Map<LiveBlock>;

} // namespace memprof
