// SPDX-License-Identifier: GPL-3.0-or-later
// Every node of a call tree below the root, depth first, without recursion
// (call paths can be deep): the one walk the functions' costs and a merge's
// per-dump function shares make.
#pragma once

#include "model/sysprofile/CallTree.h"

#include <vector>

namespace memprof {

// Tells `enter` about each node below the root as the walk reaches it and
// `leave` once its subtree is done.
template <class Enter, class Leave>
void walkCallTree(const CallTree& tree, Enter&& enter, Leave&& leave)
{
    struct Step {
        CallNodeId node;
        std::size_t nextChild;
    };
    std::vector<Step> stack{{kCallRoot, 0}};
    while (!stack.empty()) {
        Step& top = stack.back();
        const CallNode& node = tree.node(top.node);
        if (top.nextChild < node.children.size()) {
            const CallNodeId child = node.children[top.nextChild++];
            enter(child);
            stack.push_back({child, 0});
            continue;
        }
        if (top.node != kCallRoot)
            leave(top.node);
        stack.pop_back();
    }
}

} // namespace memprof
