// SPDX-License-Identifier: GPL-3.0-or-later
// The prologues that open the parts of a LuaJIT profile dump
// (docs/FORMAT.md): the `ljs` symbol table both profilers write first, then
// the stream that tells which profiler wrote the dump, `ljm` memprof events
// or `ljp` sysprof samples. Each is magic[3] version:u8 reserved[3].
#pragma once

#include <cstdint>

namespace memprof::magic {

inline constexpr std::uint8_t kSymtab[3] = {'l', 'j', 's'};
inline constexpr std::uint8_t kMemprofEvents[3] = {'l', 'j', 'm'};
inline constexpr std::uint8_t kSysprofSamples[3] = {'l', 'j', 'p'};
inline constexpr int kPrologueSize = 7;

} // namespace memprof::magic
