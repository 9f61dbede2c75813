// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/sysprofile/BottomUpTree.h"

namespace memprof {

CallTree bottomUpTree(const CallTree& topDown)
{
    CallTree inverted;
    std::vector<FrameId> path;
    for (std::size_t id = 1; id < topDown.size(); ++id) {
        const CallNode& node = topDown.node(static_cast<CallNodeId>(id));
        if (node.selfSamples == 0)
            continue;
        path.clear();
        for (CallNodeId at = static_cast<CallNodeId>(id); at > kCallRoot; at = topDown.node(at).parent)
            path.push_back(topDown.node(at).frame); // leaf first: the inverted path, root first
        CallNodeId invertedNode = kCallRoot;
        for (const FrameId frame : path)
            invertedNode = inverted.child(invertedNode, frame);
        inverted.addSelfSamples(invertedNode, node.selfSamples);
    }
    inverted.sumTotals();
    inverted.shrinkToFinished();
    return inverted;
}

} // namespace memprof
