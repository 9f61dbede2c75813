// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/flamegraph/FlameSearch.h"

#include <utility>

namespace memprof::views {

itemmodels::FunctionLabel frameLabelOf(const FlameTree& tree, const FrameLabels& labels, int node)
{
    if (labels)
        return labels(node);
    return {QString::fromStdString(tree.nodes[static_cast<std::size_t>(node)].name), {}, {}};
}

FlameMatches matchFrames(const FlameTree& tree, const QRegularExpression& pattern, const FrameLabels& labels)
{
    FlameMatches out;
    out.matched.assign(tree.nodes.size(), false);
    if (tree.nodes.empty())
        return out;
    // (node, whether an ancestor matched); a stack, as trees can be deep.
    std::vector<std::pair<int, bool>> stack{{0, false}};
    while (!stack.empty()) {
        const auto [node, insideMatch] = stack.back();
        stack.pop_back();
        const FlameNode& frame = tree.nodes[node];
        const bool match = pattern.match(QString::fromStdString(frame.name)).hasMatch() ||
                           (labels && pattern.match(labels(node).text()).hasMatch());
        out.matched[node] = match;
        if (match && !insideMatch)
            out.value += frame.value;
        for (int child : frame.children)
            stack.emplace_back(child, insideMatch || match);
    }
    return out;
}

QRegularExpression flameSearchPattern(const QString& text, bool regularExpression)
{
    return QRegularExpression(regularExpression ? text : QRegularExpression::escape(text),
                              QRegularExpression::CaseInsensitiveOption);
}

} // namespace memprof::views
