// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/flame/FlameTree.h"

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

double shareChange(const FlameTree& tree, std::int32_t node)
{
    if (!tree.differential)
        return 0.0;
    const auto share = [](std::uint64_t part, std::uint64_t whole) {
        return whole == 0 ? 0.0 : static_cast<double>(part) / static_cast<double>(whole);
    };
    const FlameNode& at = tree.nodes[static_cast<std::size_t>(node)];
    return share(at.value, tree.nodes[0].value) - share(at.baseValue, tree.baseTotal);
}

} // namespace memprof
