// SPDX-License-Identifier: GPL-3.0-or-later
// Names a sample's frames in each stack view, with the symbols known at
// that point of the stream (addresses can be reused: a later symbol renames
// them, as in the reference), the way tools/sysprof.lua names them
// (docs/FORMAT.md#sysprof-views).
#pragma once

#include "model/dump/SymbolTable.h"
#include "model/sysdecoder/SampleEvents.h"
#include "model/sysprofile/CallTree.h"

#include <absl/container/flat_hash_map.h>

#include <array>
#include <vector>

namespace memprof {

class StackNamer {
public:
    StackNamer(SymbolTable& symbols, FrameTable& frames) : symbols_(symbols), frames_(frames) {}

    // The frames of `sample`, root first, in each view (StackView order).
    void name(const Sample& sample, std::array<std::vector<FrameId>, 3>& views);

private:
    struct NamedLuaFrame {
        FrameId frame;
        LuaFrameKind kind;
    };

    FrameId luaFrame(const LuaFrame& frame);
    FrameId nameLuaFrame(const LuaFrame& frame);
    FrameId hostFrame(std::uint64_t addr);
    FrameId vmStateFrame(VmState state);
    void nameTrace(const Sample& sample, std::vector<FrameId>& out);
    void mergeAsReference(std::vector<NamedLuaFrame>& luaRootFirst, const std::vector<FrameId>& hostRootFirst,
                          std::vector<FrameId>& out) const;

    // The frame a raw Lua frame or host address was named, while the
    // symbols name them alike (SymbolTable::namingEpoch).
    FrameId cached(std::uint64_t kind, std::uint64_t addr, std::uint64_t line, auto&& name);

    SymbolTable& symbols_;
    FrameTable& frames_;
    std::vector<NamedLuaFrame> luaScratch_;
    struct RawFrame {
        std::uint64_t kind, addr, line;
        bool operator==(const RawFrame&) const = default;
        template <typename H>
        friend H AbslHashValue(H state, const RawFrame& frame)
        {
            return H::combine(std::move(state), frame.kind, frame.addr, frame.line);
        }
    };
    absl::flat_hash_map<RawFrame, FrameId> named_;
    std::uint64_t namedEpoch_ = 0;
};

} // namespace memprof
