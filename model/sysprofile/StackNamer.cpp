// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/sysprofile/StackNamer.h"

#include "model/sysprofile/FastFunctionNames.h"

#include <algorithm>
#include <string_view>

namespace memprof {

namespace {
LocationInfo codeAt(SourceKind source, std::uint64_t addr, std::uint64_t line)
{
    LocationInfo info;
    info.source = source;
    info.addr = addr;
    info.line = line;
    return info;
}
} // namespace

FrameId StackNamer::cached(std::uint64_t kind, std::uint64_t addr, std::uint64_t line, auto&& name)
{
    if (symbols_.namingEpoch() != namedEpoch_) {
        named_.clear();
        namedEpoch_ = symbols_.namingEpoch();
    }
    auto [it, inserted] = named_.try_emplace(RawFrame{kind, addr, line}, 0);
    if (inserted)
        it->second = name();
    return it->second;
}

// Host frames are cached under a kind no Lua frame has.
constexpr std::uint64_t kHostKind = 0;

FrameId StackNamer::luaFrame(const LuaFrame& frame)
{
    return cached(static_cast<std::uint64_t>(frame.kind), frame.addr, frame.line, [&] { return nameLuaFrame(frame); });
}

FrameId StackNamer::nameLuaFrame(const LuaFrame& frame)
{
    CallFrame named;
    switch (frame.kind) {
    case LuaFrameKind::Ffunc:
        named.kind = FrameKind::FastFunction;
        named.name = fastFunctionName(frame.addr);
        break;
    case LuaFrameKind::Cfunc: {
        LocationInfo info = codeAt(SourceKind::C, frame.addr, 0);
        symbols_.describe(info);
        named.kind = FrameKind::C;
        named.name = std::move(info.name);
        break;
    }
    case LuaFrameKind::Lfunc: {
        LocationInfo info = codeAt(SourceKind::Lua, frame.addr, frame.line);
        symbols_.describe(info);
        // An address no prototype was dumped for is named as code (the C
        // symbol below it), as the reference does.
        named.kind = info.function == kNoFunction ? FrameKind::C : FrameKind::Lua;
        named.name = std::move(info.name);
        if (info.function != kNoFunction) {
            named.chunk = symbols_.functionAt(info.function).chunkname;
            named.line = frame.line;
        }
        break;
    }
    }
    return frames_.intern(std::move(named));
}

FrameId StackNamer::hostFrame(std::uint64_t addr)
{
    return cached(kHostKind, addr, 0, [&] {
        LocationInfo info = codeAt(SourceKind::C, addr, 0);
        symbols_.describe(info);
        return frames_.intern({std::move(info.name), FrameKind::Host, {}, 0, 0});
    });
}

FrameId StackNamer::vmStateFrame(VmState state)
{
    return frames_.intern({std::string(vmStateName(state)), FrameKind::VmState, {}, 0, 0});
}

// A trace under the function it started in: the prototype the sample names
// and the trace's symbol (its start line), when the dump has one.
void StackNamer::nameTrace(const Sample& sample, std::vector<FrameId>& out)
{
    out.push_back(luaFrame({LuaFrameKind::Lfunc, sample.traceProto, sample.traceProtoLine}));
    LocationInfo info;
    info.source = SourceKind::Trace;
    info.traceno = sample.traceno;
    symbols_.describe(info);
    CallFrame trace{std::move(info.name), FrameKind::Trace, {}, 0, 0};
    if (info.function != kNoFunction) {
        trace.chunk = symbols_.functionAt(info.function).chunkname;
        trace.line = info.sourceLine;
        trace.definedAt = symbols_.functionAt(info.function).linedefined;
    }
    out.push_back(frames_.intern(std::move(trace)));
}

void StackNamer::name(const Sample& sample, std::array<std::vector<FrameId>, 3>& views)
{
    for (auto& view : views)
        view.clear();
    auto& lua = views[0];
    auto& host = views[1];
    auto& reference = views[2];

    luaScratch_.clear();
    for (auto frame = sample.luaChain.rbegin(); frame != sample.luaChain.rend(); ++frame)
        luaScratch_.push_back({luaFrame(*frame), frame->kind});
    for (auto addr = sample.hostChain.rbegin(); addr != sample.hostChain.rend(); ++addr)
        host.push_back(hostFrame(*addr));

    if (sample.state == VmState::Trace)
        nameTrace(sample, lua);
    else if (luaScratch_.empty())
        lua.push_back(vmStateFrame(sample.state));
    else
        for (const NamedLuaFrame& frame : luaScratch_)
            lua.push_back(frame.frame);

    mergeAsReference(luaScratch_, host, reference);
    if (host.empty())
        host.push_back(vmStateFrame(sample.state));
}

// tools/sysprof/parse.lua's merge, step for step: walk the host chain from
// its root; after a host frame named lua_cpcall* drop the leaf-most Lua
// frame; after one named lua_call* or lua_pcall* splice in the Lua frames
// from the root up to the first C function, and drop from the chain only
// the last frame visited (so the frames before it are spliced again at the
// next such host frame). A trace sample has no chains: an empty stack.
void StackNamer::mergeAsReference(std::vector<NamedLuaFrame>& lua, const std::vector<FrameId>& hostRootFirst,
                                  std::vector<FrameId>& out) const
{
    for (const FrameId hostFrame : hostRootFirst) {
        out.push_back(hostFrame);
        const std::string_view name = frames_[hostFrame].name;
        if (name.starts_with("lua_cpcall") && !lua.empty())
            lua.pop_back();
        if (name.starts_with("lua_call") || name.starts_with("lua_pcall")) {
            std::size_t visited = 0;
            for (const NamedLuaFrame& frame : lua) {
                ++visited;
                if (frame.kind == LuaFrameKind::Cfunc)
                    break;
                out.push_back(frame.frame);
            }
            if (visited != 0)
                lua.erase(lua.begin() + static_cast<std::ptrdiff_t>(visited - 1));
        }
    }
}

} // namespace memprof
