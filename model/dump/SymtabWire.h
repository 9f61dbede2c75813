// SPDX-License-Identifier: GPL-3.0-or-later
// The wire constants both profilers' dumps share (docs/FORMAT.md): the
// versions of the prologues, the `ljs` symbol table's headers and ULEB128's
// length. The prologues' magics are in StreamMagics.h.
#pragma once

#include <cstdint>

namespace memprof::wire {

// prologue := 'l' 'j' 's' version:u8 reserved:u8 u8 u8   (symbol table)
//           | 'l' 'j' 'm' version:u8 reserved:u8 u8 u8   (events)
inline constexpr std::uint8_t kMinVersion = 1;
inline constexpr std::uint8_t kMaxVersion = 3;

// sym-header: bit 7 ends the table, bits 0-1 give the symbol type.
inline constexpr std::uint8_t kSymtabEnd = 0x80;
inline constexpr std::uint8_t kSymtypeMask = 0x03;
inline constexpr std::uint8_t kSymLfunc = 0;
inline constexpr std::uint8_t kSymCfunc = 1;
inline constexpr std::uint8_t kSymTrace = 2;

// ULEB128: at most ten bytes carry 64 bits; the tenth may only hold bit 63.
inline constexpr int kMaxUlebBytes = 10;

} // namespace memprof::wire
