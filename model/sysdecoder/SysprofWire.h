// SPDX-License-Identifier: GPL-3.0-or-later
// The sysprof stream's wire grammar (docs/FORMAT.md#sysprof-samples): the
// writer's constants (src/lj_sysprof.h of tarantool/luajit), versions 1
// and 2. The symbol table before it is memprof's (model/memdecoder/MemprofWire.h);
// the prologues' magics are in model/dump/StreamMagics.h.
#pragma once

#include <cstdint>

namespace memprof::syswire {

// prologue := 'l' 'j' 'p' version:u8 reserved:u8 u8 u8
inline constexpr std::uint8_t kMinVersion = 1;
inline constexpr std::uint8_t kMaxVersion = 2;

// sample-header: the VM state the sample was taken in. The spec's comment
// gives it three bits, but TRACE is 9: the whole byte is the code.
inline constexpr std::uint8_t kVmStateCount = 10; // INTERP .. TRACE
inline constexpr std::uint8_t kStateLfunc = 1;
inline constexpr std::uint8_t kStateFfunc = 2;
inline constexpr std::uint8_t kStateCfunc = 3;
inline constexpr std::uint8_t kStateTrace = 9;

// Symbols sent inside the stream. Version 1 has one kind, a C symbol, at 10;
// version 2 numbers the three kinds 10, 11, 12 (11 is no longer written).
inline constexpr std::uint8_t kSymtabLfuncEvent = 10;
inline constexpr std::uint8_t kSymtabCfuncEvent = 11;
inline constexpr std::uint8_t kSymtabTraceEvent = 12;
inline constexpr std::uint8_t kSymtabEventV1 = 10;

// epilogue := 0x80 (any header with bit 7 set ends the stream)
inline constexpr std::uint8_t kEpilogue = 0x80;

// frame-header of stack-lua; 0x80 ends the chain.
inline constexpr std::uint8_t kFrameLfunc = 1;
inline constexpr std::uint8_t kFrameCfunc = 2;
inline constexpr std::uint8_t kFrameFfunc = 3;
inline constexpr std::uint8_t kFrameLuaLast = 0x80;

// stack-host ends with the address 0.
inline constexpr std::uint64_t kHostLast = 0;

// Bounds that keep a damaged chain from buffering the whole file: LuaJIT's
// stack holds at most 65,500 slots (LJ_STACK_MAX), so fewer frames; the
// default host backtracer writes at most 512 return addresses.
inline constexpr std::size_t kMaxLuaFrames = 65536;
inline constexpr std::size_t kMaxHostFrames = 65536;

} // namespace memprof::syswire
