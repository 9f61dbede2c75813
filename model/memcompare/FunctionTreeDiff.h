// SPDX-License-Identifier: GPL-3.0-or-later
// Two profiles' by-function trees compared: NEW - BASE per node, the nodes
// matched by their label path (file -> function -> line) by the generic
// diff of trees of stacks (StackTreeDiff.h). Labels are names
// (`@file.lua:12`, `chunk:linedefined`), not addresses, so they match across
// runs despite ASLR. Nodes with one label under one parent (a chunk loaded
// twice) are one node here, their costs summed.
#pragma once

#include "model/memcompare/ProfileDiff.h"
#include "model/memprofile/FunctionTree.h"

#include <cstdint>
#include <string>
#include <vector>

namespace memprof {

// Signed, so a change can shrink.
using TreeCostChange = BasicTreeCost<std::int64_t>;

// A node's figures in both profiles. Its frame says what it points at in
// NEW, the profile whose sources are shown: a line's location (the first of
// its label under this parent), the function naming a file or function
// node; -1 / kNoFunction if NEW has no such node.
struct TreeDiffCost {
    DiffPresence presence = DiffPresence::Both;
    TreeCostChange baseCost;
    TreeCostChange newCost; // NEW
    TreeCostChange delta; // NEW - BASE
    // A node only BASE has: what its frame pointed at in BASE (a line's
    // location, a file's or function's function), so that it can be named
    // as BASE's pane would name it.
    std::int32_t baseLocation = -1;
    std::int32_t baseFunction = kNoFunction;
};

using FunctionTreeDiff = FunctionFrameTree<TreeDiffCost>;
using FunctionTreeDiffNode = StackNode<TreeDiffCost>;

// Children (and roots) come sorted by the change of the allocated bytes,
// largest growth first, ties by label.
FunctionTreeDiff diffFunctionTrees(const FunctionTree& base, const FunctionTree& newTree);
FunctionTreeDiff diffFunctionTrees(const Profile& base, const Profile& newProfile);

} // namespace memprof
