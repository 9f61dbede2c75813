// SPDX-License-Identifier: GPL-3.0-or-later
// A tree of frames with inclusive values, as a flame graph shows it. Plain
// C++ so that any profile (memprof bytes, sysprof samples) can produce one
// and the widget (views/flamegraph) never knows where it came from.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace memprof {

enum class FlameFrameKind : std::uint8_t { Lua, FastFunction, C, Trace, VmState, Host, Group, Other };

struct FlameNode {
    std::string name;
    FlameFrameKind kind = FlameFrameKind::Other;
    std::uint64_t value = 0; // inclusive: at least the sum of the children's values
    std::int32_t parent = -1; // -1 for the root
    std::vector<std::int32_t> children;
    std::int32_t sourceId = -1; // the producing tree's node id, so selection can be synced with tree views
};

struct FlameTree {
    std::vector<FlameNode> nodes; // nodes[0] is the root ("all")
    std::string unit;             // "samples", "bytes"
};

// Orders every node's children by name (ties by value, largest first), so
// the same profile always gives the same picture whatever order the
// producer found the frames in.
void sortChildrenByName(FlameTree& tree);

} // namespace memprof
