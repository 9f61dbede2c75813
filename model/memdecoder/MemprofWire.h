// SPDX-License-Identifier: GPL-3.0-or-later
// The memprof event stream's wire grammar (docs/FORMAT.md): the writer's
// constants for versions 1, 2 and 3. What both profilers' dumps share (the
// symbol table, ULEB128) is in SymtabWire.h.
#pragma once

#include "model/dump/SymtabWire.h"

#include <cstdint>

namespace memprof::wire {

// ev-header: bits 0-1 the event, bits 2-4 the allocation source
// (bits 2-3 only in version 1, which has no trace source).
inline constexpr std::uint8_t kEpilogue = 0x80;
inline constexpr std::uint8_t kEventMask = 0x03;
inline constexpr std::uint8_t kEventSymtab = 0;
inline constexpr std::uint8_t kEventAlloc = 1;
inline constexpr std::uint8_t kEventFree = 2;
inline constexpr std::uint8_t kEventRealloc = 3;
inline constexpr std::uint8_t kSourceMask = 0x1c;
inline constexpr std::uint8_t kSourceMaskV1 = 0x0c;
inline constexpr std::uint8_t kSourceInternal = 0x04;
inline constexpr std::uint8_t kSourceLua = 0x08;
inline constexpr std::uint8_t kSourceC = 0x0c;
inline constexpr std::uint8_t kSourceTrace = 0x10;
// The largest valid ev-header other than the epilogue.
inline constexpr std::uint8_t kMaxEventHeader = kSourceTrace | kEventRealloc; // 0x13
inline constexpr std::uint8_t kMaxEventHeaderV1 = kSourceC | kEventRealloc; // 0x0f
// Writer quirk (docs/FORMAT.md#the-writers-cfunc-quirk): a C symbol re-dumped
// in the event stream with the symbol table's cfunc header instead of 0x0c.
inline constexpr std::uint8_t kQuirkCfuncHeader = kSymCfunc;

} // namespace memprof::wire
