// SPDX-License-Identifier: GPL-3.0-or-later
// The profile by file and by function: file -> function -> line as a tree
// of stacks, with the cost columns summed up the tree. A Lua function is
// its prototype (chunk + linedefined); traces sit under the function where
// they started; INTERNAL and C functions get their own top-level groups.
#pragma once

#include "model/memprofile/Profile.h"
#include "model/stacks/FrameKind.h"
#include "model/stacks/StackCosts.h"
#include "model/stacks/StackTree.h"

#include <cstdint>
#include <string>
#include <vector>

namespace memprof {

inline constexpr std::int32_t kNoNode = -1;

// What a node of the tree stands for: its frame in the tree's own table.
struct FunctionFrame {
    FrameKind kind = FrameKind::Group;
    std::string label;
    // Line: the location; File/Function: the function that names them.
    std::int32_t location = -1;
    std::int32_t function = kNoFunction;
};

// The generic tree of stacks (StackTree.h) whose frames are groups, files,
// functions and lines (its paths are at most three deep), with `Cost`'s
// columns: one profile's (TreeCost) or two compared (FunctionTreeDiff.h).
// The root is the whole profile; its children are the top-level nodes.
template <class Cost>
class FunctionFrameTree : public StackTree<Cost> {
public:
    const FunctionFrame& frameOf(StackNodeId id) const { return frames[this->node(id).frame]; }
    const std::vector<StackNodeId>& roots() const { return this->root().children; }

    std::vector<FunctionFrame> frames; // by FrameId
};

using FunctionTree = FunctionFrameTree<TreeCost>;
using TreeNode = StackNode<TreeCost>;

// Children are sorted by allocated bytes, largest first, ties by label.
// Held bytes follow `held` (for a profile without a window every rule gives
// the blocks live at the end).
FunctionTree buildFunctionTree(const Profile& profile, HeldRule held = HeldRule::SurvivorsAtEnd);
// The same with the held bytes of `held`'s rows (heapSummaryByLocation's,
// or any other scope's by location).
FunctionTree buildFunctionTree(const Profile& profile, const std::vector<HeldRow>& held);

// The reference's heap summary as held rows for the tree: a name's positive
// summary bytes on the first of its locations, so that the tree adds up to
// the heap summary's total (the summary merges a name's identities).
std::vector<HeldRow> heapSummaryByLocation(const Profile& profile);

// Names of the top-level groups that are not Lua files.
inline constexpr const char* kInternalGroup = "INTERNAL";
inline constexpr const char* kCGroup = "C functions";
inline constexpr const char* kUnknownTraceGroup = "Traces (start unknown)";

} // namespace memprof
