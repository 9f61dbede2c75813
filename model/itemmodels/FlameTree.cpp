// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/itemmodels/FlameTree.h"

#include <algorithm>

namespace memprof {

void sortChildrenByName(FlameTree& tree)
{
    const auto& nodes = tree.nodes;
    for (FlameNode& node : tree.nodes)
        std::stable_sort(node.children.begin(), node.children.end(), [&nodes](std::int32_t a, std::int32_t b) {
            if (nodes[a].name != nodes[b].name)
                return nodes[a].name < nodes[b].name;
            return nodes[a].value > nodes[b].value;
        });
}

} // namespace memprof
