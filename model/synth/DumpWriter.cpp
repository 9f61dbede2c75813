// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/synth/DumpWriter.h"

#include "model/sysdecoder/SysprofWire.h"

#include "model/dump/StreamMagics.h"
#include "model/memdecoder/MemprofWire.h"

namespace memprof::synth {

namespace {
std::uint8_t sourceBits(SourceKind source)
{
    switch (source) {
    case SourceKind::Internal:
        return wire::kSourceInternal;
    case SourceKind::Lua:
        return wire::kSourceLua;
    case SourceKind::C:
        return wire::kSourceC;
    case SourceKind::Trace:
        return wire::kSourceTrace;
    }
    return wire::kSourceInternal;
}
} // namespace

DumpWriter::DumpWriter(Flush flush, std::size_t threshold) : flush_(std::move(flush)), threshold_(threshold)
{
    buffer_.reserve(threshold_ + 256);
}

DumpWriter& DumpWriter::u8(std::uint8_t value)
{
    buffer_.push_back(value);
    return *this;
}

DumpWriter& DumpWriter::uleb(std::uint64_t value)
{
    do {
        std::uint8_t byte = value & 0x7f;
        value >>= 7;
        if (value != 0)
            byte |= 0x80;
        buffer_.push_back(byte);
    } while (value != 0);
    return *this;
}

DumpWriter& DumpWriter::string(std::string_view text)
{
    uleb(text.size());
    buffer_.insert(buffer_.end(), text.begin(), text.end());
    return *this;
}

DumpWriter& DumpWriter::raw(std::initializer_list<std::uint8_t> values)
{
    buffer_.insert(buffer_.end(), values.begin(), values.end());
    return *this;
}

DumpWriter& DumpWriter::symtabPrologue(std::uint8_t version)
{
    const auto& m = magic::kSymtab;
    raw({m[0], m[1], m[2], version, 0, 0, 0});
    recordDone();
    return *this;
}

DumpWriter& DumpWriter::lfunc(std::uint64_t addr, std::string_view chunkname, std::uint64_t linedefined)
{
    u8(wire::kSymLfunc).uleb(addr).string(chunkname).uleb(linedefined);
    recordDone();
    return *this;
}

DumpWriter& DumpWriter::cfunc(std::uint64_t addr, std::string_view name)
{
    u8(wire::kSymCfunc).uleb(addr).string(name);
    recordDone();
    return *this;
}

DumpWriter& DumpWriter::trace(std::uint64_t traceno, std::uint64_t protoAddr, std::uint64_t line)
{
    u8(wire::kSymTrace).uleb(traceno).uleb(protoAddr).uleb(line);
    recordDone();
    return *this;
}

DumpWriter& DumpWriter::symtabEnd()
{
    u8(wire::kSymtabEnd);
    recordDone();
    return *this;
}

DumpWriter& DumpWriter::eventsPrologue(std::uint8_t version)
{
    const auto& m = magic::kMemprofEvents;
    raw({m[0], m[1], m[2], version, 0, 0, 0});
    recordDone();
    return *this;
}

// ev-header loc: the header's source bits say which location follows.
DumpWriter& DumpWriter::event(std::uint8_t header, const Location& loc)
{
    u8(header | sourceBits(loc.source));
    switch (loc.source) {
    case SourceKind::Internal:
        break;
    case SourceKind::Lua:
        uleb(loc.addr).uleb(loc.line);
        break;
    case SourceKind::C:
        uleb(loc.addr);
        break;
    case SourceKind::Trace:
        uleb(loc.traceno);
        break;
    }
    return *this;
}

DumpWriter& DumpWriter::alloc(const Location& loc, std::uint64_t naddr, std::uint64_t nsize)
{
    event(wire::kEventAlloc, loc).uleb(naddr).uleb(nsize);
    recordDone();
    return *this;
}

DumpWriter& DumpWriter::realloc(const Location& loc, std::uint64_t oaddr, std::uint64_t osize, std::uint64_t naddr,
                                std::uint64_t nsize)
{
    event(wire::kEventRealloc, loc).uleb(oaddr).uleb(osize).uleb(naddr).uleb(nsize);
    recordDone();
    return *this;
}

DumpWriter& DumpWriter::free(const Location& loc, std::uint64_t oaddr, std::uint64_t osize)
{
    event(wire::kEventFree, loc).uleb(oaddr).uleb(osize);
    recordDone();
    return *this;
}

DumpWriter& DumpWriter::lfuncEvent(std::uint64_t addr, std::string_view chunkname, std::uint64_t linedefined)
{
    u8(wire::kEventSymtab | wire::kSourceLua).uleb(addr).string(chunkname).uleb(linedefined);
    recordDone();
    return *this;
}

DumpWriter& DumpWriter::cfuncEvent(std::uint64_t addr, std::string_view name)
{
    u8(wire::kEventSymtab | wire::kSourceC).uleb(addr).string(name);
    recordDone();
    return *this;
}

DumpWriter& DumpWriter::traceEvent(std::uint64_t traceno, std::uint64_t protoAddr, std::uint64_t line)
{
    u8(wire::kEventSymtab | wire::kSourceTrace).uleb(traceno).uleb(protoAddr).uleb(line);
    recordDone();
    return *this;
}

DumpWriter& DumpWriter::cfuncQuirkEvent(std::uint64_t addr, std::string_view name)
{
    u8(wire::kQuirkCfuncHeader).uleb(addr).string(name);
    recordDone();
    return *this;
}

DumpWriter& DumpWriter::epilogue()
{
    u8(wire::kEpilogue);
    recordDone();
    return *this;
}

DumpWriter& DumpWriter::samplesPrologue(std::uint8_t version)
{
    const auto& m = magic::kSysprofSamples;
    raw({m[0], m[1], m[2], version, 0, 0, 0});
    recordDone();
    return *this;
}

DumpWriter& DumpWriter::hostSample(std::uint8_t state, std::initializer_list<std::uint64_t> hostLeafFirst)
{
    u8(state);
    for (const std::uint64_t addr : hostLeafFirst)
        uleb(addr);
    uleb(syswire::kHostLast);
    recordDone();
    return *this;
}

DumpWriter& DumpWriter::guestSample(std::uint8_t state, std::initializer_list<LuaFrameOnWire> luaLeafFirst,
                                    std::initializer_list<std::uint64_t> hostLeafFirst)
{
    u8(state);
    for (const LuaFrameOnWire& frame : luaLeafFirst) {
        u8(frame.header).uleb(frame.addr);
        if (frame.header == syswire::kFrameLfunc)
            uleb(frame.line);
    }
    u8(syswire::kFrameLuaLast);
    for (const std::uint64_t addr : hostLeafFirst)
        uleb(addr);
    uleb(syswire::kHostLast);
    recordDone();
    return *this;
}

DumpWriter& DumpWriter::traceSample(std::uint64_t traceno, std::uint64_t protoAddr, std::uint64_t firstLine)
{
    u8(syswire::kStateTrace).uleb(traceno).uleb(protoAddr).uleb(firstLine);
    recordDone();
    return *this;
}

std::vector<std::uint8_t> DumpWriter::take()
{
    std::vector<std::uint8_t> out;
    out.swap(buffer_);
    flushed_ += out.size();
    return out;
}

void DumpWriter::flush()
{
    if (!flush_ || buffer_.empty())
        return;
    flush_(buffer_);
    flushed_ += buffer_.size();
    buffer_.clear();
}

void DumpWriter::recordDone()
{
    if (flush_ && buffer_.size() >= threshold_)
        flush();
}

} // namespace memprof::synth
