// SPDX-License-Identifier: GPL-3.0-or-later
// A sampled profile's frames and call tree (top-down): one node per
// distinct call path, each with the samples that ended there (self) and
// that passed through it (total). Frames are interned by kind and name, so
// the same function is the same frame wherever it appears; memory grows
// with distinct paths, not with samples.
#pragma once

#include "model/stacks/FrameKind.h"
#include "model/stacks/StackCosts.h"
#include "model/stacks/StackTree.h"

#include <absl/container/flat_hash_map.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace memprof {

struct CallFrame {
    std::string name; // as the reference names it ("@a.lua:3", "string.format", "lua_pcall:0x55…")
    FrameKind kind = FrameKind::Lua;
    std::string chunk; // Lua and trace frames: the chunk name (raw, "@file.lua")
    std::uint64_t line = 0; // Lua: the definition line; trace: the line it started at

    // Code loaded from a multi-line string is named by its chunk's alias
    // ("function_alias_1:3"): that alias; empty for any other frame.
    std::string aliasName() const
    {
        return chunk.find('\n') == std::string::npos ? std::string() : name.substr(0, name.rfind(':'));
    }
    // Trace: the definition line of the function it started in, by which
    // that function is named (chunk and line are where the trace starts).
    std::uint64_t definedAt = 0;
};

class FrameTable {
public:
    FrameId intern(CallFrame frame);
    const CallFrame& operator[](FrameId id) const { return frames_[id]; }
    // Shows a frame by another name (demangled); intern() keeps finding it
    // by the name it was interned with.
    void rename(FrameId id, std::string name) { frames_[id].name = std::move(name); }
    std::size_t size() const { return frames_.size(); }

private:
    std::vector<CallFrame> frames_;
    absl::flat_hash_map<std::string, FrameId> byKey_; // kind byte + name
};

// The call tree: the generic tree of stacks with sysprof's columns.
using CallNodeId = StackNodeId;
inline constexpr CallNodeId kCallRoot = kStackRoot;
using CallNode = StackNode<SampleCost>;

class CallTree : public StackTree<SampleCost> {
public:
    CallTree() = default;
    explicit CallTree(StackTree<SampleCost> tree) : StackTree(std::move(tree)) {}

    // Adds `samples` ending at `node`: its self samples. The totals follow
    // from them once all are added: sumTotals().
    void addSelfSamples(CallNodeId node, std::uint64_t samples) { costOf(node).selfSamples += samples; }
    std::uint64_t totalSamples() const { return root().totalSamples; }
};

} // namespace memprof
