// SPDX-License-Identifier: GPL-3.0-or-later
// Writes memprof dumps record by record (docs/FORMAT.md), for
// tests, fuzzing seeds and the synthetic dumps of SyntheticDump.h.
//
// Each call appends one production of the wire grammar exactly as
// the profiler writes it: symbol table and event records in the
// version-3 grammar. Nothing is checked, so a test can also write broken
// dumps (the raw terminals u8/uleb/string, any version byte, no epilogue).
//
//   memprof::synth::DumpWriter dump;
//   dump.symtabPrologue().lfunc(0x100, "@a.lua", 1).symtabEnd()
//       .eventsPrologue()
//       .alloc(memprof::synth::luaAt(0x100, 3), 0x5000, 64)
//       .free(memprof::synth::internal(), 0x5000, 64)
//       .epilogue();
//   memprof::loadProfile(dump.bytes());
//
// By default the bytes stay in memory (bytes(), take()). With a Flush
// function the writer hands out its buffer whenever it passes a threshold,
// so a dump of any size needs only that much memory.
#pragma once

#include "model/memdecoder/MemprofEvents.h"

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <span>
#include <string_view>
#include <vector>

namespace memprof::synth {

// Event locations, one constructor per allocation source.
inline Location internal()
{
    return {SourceKind::Internal, 0, 0, 0};
}
inline Location luaAt(std::uint64_t protoAddr, std::uint64_t line)
{
    return {SourceKind::Lua, protoAddr, line, 0};
}
inline Location cAt(std::uint64_t addr)
{
    return {SourceKind::C, addr, 0, 0};
}
inline Location traceAt(std::uint64_t traceno)
{
    return {SourceKind::Trace, 0, 0, traceno};
}

class DumpWriter {
public:
    using Flush = std::function<void(std::span<const std::uint8_t>)>;

    DumpWriter() = default;
    // Calls `flush` with the buffered bytes whenever they pass `threshold`
    // (after a whole record) and from flush().
    explicit DumpWriter(Flush flush, std::size_t threshold = std::size_t(1) << 20);

    // Terminals: u8, uleb (unsigned LEB128), string (uleb length + bytes).
    DumpWriter& u8(std::uint8_t value);
    DumpWriter& uleb(std::uint64_t value);
    DumpWriter& string(std::string_view text);
    DumpWriter& raw(std::initializer_list<std::uint8_t> values);

    // Part 1, the symbol table: 'ljs' prologue, symbols, end marker 0x80.
    DumpWriter& symtabPrologue(std::uint8_t version = 3);
    DumpWriter& lfunc(std::uint64_t addr, std::string_view chunkname, std::uint64_t linedefined);
    DumpWriter& cfunc(std::uint64_t addr, std::string_view name);
    DumpWriter& trace(std::uint64_t traceno, std::uint64_t protoAddr, std::uint64_t line);
    DumpWriter& symtabEnd();

    // Part 2, the events: 'ljm' prologue, events, epilogue 0x80.
    DumpWriter& eventsPrologue(std::uint8_t version = 3);
    DumpWriter& alloc(const Location& loc, std::uint64_t naddr, std::uint64_t nsize);
    DumpWriter& realloc(const Location& loc, std::uint64_t oaddr, std::uint64_t osize, std::uint64_t naddr,
                        std::uint64_t nsize);
    DumpWriter& free(const Location& loc, std::uint64_t oaddr, std::uint64_t osize);
    // Symtab events: a symbol learnt mid-stream (headers 0x08, 0x0c, 0x10).
    DumpWriter& lfuncEvent(std::uint64_t addr, std::string_view chunkname, std::uint64_t linedefined);
    DumpWriter& cfuncEvent(std::uint64_t addr, std::string_view name);
    DumpWriter& traceEvent(std::uint64_t traceno, std::uint64_t protoAddr, std::uint64_t line);
    // The writer quirk (docs/FORMAT.md#the-writers-cfunc-quirk): a C symbol
    // event with header 0x01.
    DumpWriter& cfuncQuirkEvent(std::uint64_t addr, std::string_view name);
    DumpWriter& epilogue();

    // Part 2 of a sysprof dump instead: 'ljp' prologue, samples (their VM
    // state byte, chains leaf first as the profiler writes them), epilogue()
    // (0x80 too). Symbols mid-stream: u8(10/11/12) and a symbol body.
    struct LuaFrameOnWire {
        std::uint8_t header; // 1 Lua function, 2 C function, 3 fast function
        std::uint64_t addr; // prototype, C function or fast function id
        std::uint64_t line; // Lua function: its first line
    };
    DumpWriter& samplesPrologue(std::uint8_t version = 2);
    DumpWriter& hostSample(std::uint8_t state, std::initializer_list<std::uint64_t> hostLeafFirst);
    DumpWriter& guestSample(std::uint8_t state, std::initializer_list<LuaFrameOnWire> luaLeafFirst,
                            std::initializer_list<std::uint64_t> hostLeafFirst);
    DumpWriter& traceSample(std::uint64_t traceno, std::uint64_t protoAddr, std::uint64_t firstLine);

    // Bytes written so far, flushed ones included.
    std::uint64_t size() const { return flushed_ + buffer_.size(); }
    // The bytes not flushed yet (all of them without a Flush function).
    const std::vector<std::uint8_t>& bytes() const { return buffer_; }
    std::vector<std::uint8_t> take();
    void flush();
    // A record written with the terminals is complete: the buffer may be
    // handed out (the record methods call it themselves).
    void recordDone();

private:
    DumpWriter& event(std::uint8_t header, const Location& loc);

    std::vector<std::uint8_t> buffer_;
    Flush flush_;
    std::size_t threshold_ = 0;
    std::uint64_t flushed_ = 0;
};

} // namespace memprof::synth
