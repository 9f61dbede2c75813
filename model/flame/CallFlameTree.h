// SPDX-License-Identifier: GPL-3.0-or-later
// A sysprof call tree (one stack view of a profile) as a flame tree of
// samples, for the generic flame graph widget.
#pragma once

#include "model/flame/FlameTree.h"
#include "model/sysprofile/SysprofProfile.h"

namespace memprof {

// Node i of the flame tree is node i of the call tree (the root "all" is
// the call tree's root), and its sourceId is that CallNodeId: a frame in
// the flame graph and a row of the top-down tree are the same number.
// Widths are total samples; children ordered by name.
FlameTree callFlameTree(const SysprofProfile& profile, StackView view);

// NEW's flame tree (as callFlameTree) compared with BASE by the generic
// diff of trees of stacks (StackTreeDiff.h): each node's baseValue is
// BASE's total samples on the same path of frames, matched frame by frame
// by kind and name (frameMatchKey: a native symbol without its load
// address), summed over BASE's nodes on that path. Paths of BASE only are
// not in it.
FlameTree differentialCallFlameTree(const SysprofProfile& base, const SysprofProfile& current, StackView view);

} // namespace memprof
