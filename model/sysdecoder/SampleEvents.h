// SPDX-License-Identifier: GPL-3.0-or-later
// The sysprof stream's productions as the decoder hands them to its sink
// (docs/FORMAT.md#sysprof-samples). Spans point into the decoder's buffers
// and live only for the duration of the call.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

namespace memprof {

// The VM state a sample was taken in (LJ_VMST_*), the sample header's byte.
enum class VmState : std::uint8_t { Interp, Lfunc, Ffunc, Cfunc, Gc, Exit, Record, Opt, Asm, Trace };
inline constexpr std::size_t kVmStateCount = 10;

// As misc.sysprof.report() and the reference name them.
inline constexpr std::array<std::string_view, kVmStateCount> kVmStateNames = {
    "INTERP", "LFUNC", "FFUNC", "CFUNC", "GC", "EXIT", "RECORD", "OPT", "ASM", "TRACE"};

inline std::string_view vmStateName(VmState state)
{
    return kVmStateNames[static_cast<std::size_t>(state)];
}

// frame-lfunc := header sym-addr line-no | frame-cfunc := header exec-addr
// | frame-ffunc := header ffid
enum class LuaFrameKind : std::uint8_t { Lfunc = 1, Cfunc = 2, Ffunc = 3 };

struct LuaFrame {
    LuaFrameKind kind = LuaFrameKind::Lfunc;
    std::uint64_t addr = 0; // prototype (Lfunc), C function (Cfunc) or fast function id (Ffunc)
    std::uint64_t line = 0; // Lfunc: the line the function is defined at (not the running line)
};

// sample-guest := header stack-lua stack-host | sample-host := header stack-host
// | sample-trace := header traceno sym-addr line-no
struct Sample {
    VmState state = VmState::Interp;
    std::span<const LuaFrame> luaChain; // leaf first, as on the wire; empty unless LFUNC/FFUNC/CFUNC
    std::span<const std::uint64_t> hostChain; // return addresses, leaf first
    std::uint64_t traceno = 0; // TRACE: the trace running
    std::uint64_t traceProto = 0; // TRACE: the prototype it started in
    std::uint64_t traceProtoLine = 0; // TRACE: that prototype's first line
    std::span<const std::uint8_t> bytes; // the whole sample as on the wire, its header first
};

} // namespace memprof
