// SPDX-License-Identifier: GPL-3.0-or-later
// A sampled profile's call tree (top-down): one node per distinct call path,
// each with the samples that ended there (self) and that passed through it
// (total). Frames are interned by kind and name, so the same function is the
// same frame wherever it appears; memory grows with distinct paths, not with
// samples.
#pragma once

#include "model/stacks/FrameKind.h"

#include <absl/container/flat_hash_map.h>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace memprof {


struct CallFrame {
    std::string name;  // as the reference names it ("@a.lua:3", "string.format", "lua_pcall:0x55…")
    FrameKind kind = FrameKind::Lua;
    std::string chunk; // Lua and trace frames: the chunk name (raw, "@file.lua")
    std::uint64_t line = 0; // Lua: the definition line; trace: the line it started at
};

using FrameId = std::uint32_t;

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

using CallNodeId = std::int32_t;
inline constexpr CallNodeId kCallRoot = 0;

struct CallNode {
    FrameId frame = 0;              // unused for the root
    CallNodeId parent = -1;         // -1 for the root
    std::uint64_t selfSamples = 0;  // samples whose stack ends here
    std::uint64_t totalSamples = 0; // samples whose stack passes through here
    std::vector<CallNodeId> children;
};

class CallTree {
public:
    CallTree();

    // The node of `frames` (root first) below the root, created as needed.
    CallNodeId pathNode(std::span<const FrameId> frames);
    CallNodeId child(CallNodeId parent, FrameId frame);
    // Adds `samples` ending at `node`: its self samples. The totals follow
    // from them once all are added: sumTotals().
    void addSelfSamples(CallNodeId node, std::uint64_t samples);
    // Every node's total: its self samples and its children's totals (a
    // child is created after its parent, so one pass from the last node).
    void sumTotals();
    // Frees what only adding paths needs (the child look-up, the last path,
    // the nodes' spare capacity): a finished tree is read, never grown, and
    // on a large profile the look-up is a fifth of its memory. Adding a
    // path afterwards still works: the look-up is rebuilt first.
    void shrinkToFinished();

    const CallNode& node(CallNodeId id) const { return nodes_[static_cast<std::size_t>(id)]; }
    const CallNode& root() const { return nodes_.front(); }
    std::size_t size() const { return nodes_.size(); }
    std::uint64_t totalSamples() const { return nodes_.front().totalSamples; }
    // The frames from the root's child down to `node`.
    std::vector<FrameId> pathTo(CallNodeId node) const;

private:
    std::vector<CallNode> nodes_;
    absl::flat_hash_map<std::uint64_t, CallNodeId> childOf_; // parent << 32 | frame
    // The last path placed and its nodes: the next one usually shares its
    // first frames (the main chunk, the request loop), found without a look-up.
    std::vector<FrameId> lastPath_;
    std::vector<CallNodeId> lastNodes_;
};

} // namespace memprof
