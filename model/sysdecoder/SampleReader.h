// SPDX-License-Identifier: GPL-3.0-or-later
// One sample's body read off the wire (docs/FORMAT.md#sysprof-samples):
// its Lua and host call chains, or a trace's fields. The decoder reads each
// sample with it as the bytes arrive; a builder that was handed only a
// sample's bytes (the decode ran on another thread) reads them again with
// it, for the few samples whose stacks it has not seen before.
#pragma once

#include "model/dump/ByteCursor.h"
#include "model/dump/DecodeStatus.h"
#include "model/sysdecoder/SampleEvents.h"
#include "model/sysdecoder/SysprofWire.h"

#include <string>
#include <vector>

namespace memprof {

class SampleReader {
public:
    enum class Step : std::uint8_t { Done, NeedMore, Damaged };

    // The sample whose header byte (a VM state below kVmStateCount) the
    // cursor has just read, `at` being where that header is in the file.
    // Done fills `sample`, whose chains point into this reader until its
    // next read (kept only if kKeepChains: a sink that keys samples by their
    // bytes reads the chains of a new stack alone, with readAgain);
    // Damaged leaves what and where in problem().
    // Inlined into the decoder's loop (as its own code was): the chains'
    // loops are most of a sample's decoding.
    template <bool kKeepChains = true>
    [[gnu::always_inline]] Step read(ByteCursor& c, std::uint8_t header, std::uint64_t at, Sample& sample)
    {
        at_ = at;
        sample.state = static_cast<VmState>(header);
        luaChain_.clear();
        hostChain_.clear();
        if (header == syswire::kStateTrace) {
            sample.traceno = c.uleb();
            sample.traceProto = c.uleb();
            sample.traceProtoLine = c.uleb();
            if (!c.ok())
                return Step::NeedMore;
        } else {
            if (header == syswire::kStateLfunc || header == syswire::kStateFfunc || header == syswire::kStateCfunc) {
                if (const Step step = readLuaChain<kKeepChains>(c); step != Step::Done)
                    return step;
            }
            if (const Step step = readHostChain<kKeepChains>(c); step != Step::Done)
                return step;
        }
        sample.luaChain = luaChain_;
        sample.hostChain = hostChain_;
        sample.bytes = {c.begin, c.consumed()};
        return Step::Done;
    }

    // A whole sample as on the wire (its header first), read before by the
    // decoder: false only if the bytes are not one.
    bool readAgain(std::span<const std::uint8_t> bytes, Sample& sample)
    {
        ByteCursor c(bytes.data(), bytes.size());
        const std::uint8_t header = c.u8();
        return c.ok() && header < syswire::kVmStateCount && read(c, header, 0, sample) == Step::Done;
    }

    const std::string& problem() const { return problem_; }
    std::uint64_t problemAt() const { return problemAt_; }

private:
    static bool isFinal(std::uint8_t header) { return (header & 0x80) != 0; }

    [[gnu::cold, gnu::noinline]] Step badLuaFrameHeader(std::uint8_t header, std::uint64_t at)
    {
        problemAt_ = at;
        problem_ = "invalid Lua frame header 0x" + hexByte(header) + " at byte " + std::to_string(at) +
                   " (expected 1, 2, 3 or the chain's end 0x80)";
        return Step::Damaged;
    }

    [[gnu::cold, gnu::noinline]] Step chainTooLong(const char* which, std::size_t maxFrames, std::uint64_t at,
                                                   const char* why)
    {
        problemAt_ = at;
        problem_ = std::string("a ") + which + " call chain of more than " + std::to_string(maxFrames) +
                   " frames at byte " + std::to_string(at_) + why;
        return Step::Damaged;
    }

    // stack-lua := frame-lua* frame-lua-last
    template <bool kKeepChains>
    [[gnu::always_inline]] Step readLuaChain(ByteCursor& c)
    {
        for (std::size_t frames = 0;; ++frames) {
            const std::uint8_t header = c.u8();
            if (!c.ok())
                return Step::NeedMore;
            if (isFinal(header))
                return Step::Done;
            LuaFrame frame;
            switch (header) {
            case syswire::kFrameLfunc:
                frame.kind = LuaFrameKind::Lfunc;
                frame.addr = c.uleb();
                frame.line = c.uleb();
                break;
            case syswire::kFrameCfunc:
                frame.kind = LuaFrameKind::Cfunc;
                frame.addr = c.uleb();
                break;
            case syswire::kFrameFfunc:
                frame.kind = LuaFrameKind::Ffunc;
                frame.addr = c.uleb();
                break;
            default:
                return badLuaFrameHeader(header, at_ + c.consumed() - 1);
            }
            if (!c.ok())
                return Step::NeedMore;
            if (frames == syswire::kMaxLuaFrames) [[unlikely]]
                return chainTooLong("Lua", syswire::kMaxLuaFrames, at_ + c.consumed(), " (LuaJIT's stack holds fewer)");
            if constexpr (kKeepChains)
                luaChain_.push_back(frame);
        }
    }

    // stack-host := frame-host* frame-host-last (the address 0)
    template <bool kKeepChains>
    [[gnu::always_inline]] Step readHostChain(ByteCursor& c)
    {
        for (std::size_t frames = 0;; ++frames) {
            const std::uint64_t addr = c.uleb();
            if (!c.ok())
                return Step::NeedMore;
            if (addr == syswire::kHostLast)
                return Step::Done;
            if (frames == syswire::kMaxHostFrames) [[unlikely]]
                return chainTooLong("host", syswire::kMaxHostFrames, at_ + c.consumed(), "");
            if constexpr (kKeepChains)
                hostChain_.push_back(addr);
        }
    }

    std::vector<LuaFrame> luaChain_;
    std::vector<std::uint64_t> hostChain_;
    std::uint64_t at_ = 0; // where the sample being read starts
    std::uint64_t problemAt_ = 0;
    std::string problem_;
};

} // namespace memprof
