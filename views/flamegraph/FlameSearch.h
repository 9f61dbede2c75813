// SPDX-License-Identifier: GPL-3.0-or-later
// Which frames of a flame tree match a search, and how much value they
// cover: a match inside a match is not counted twice. A frame matches by
// its name as the dump gives it or as it is shown (its function's name and
// location, FrameLabels).
#pragma once

#include "model/flame/FlameTree.h"
#include "model/itemmodels/FunctionLabel.h"

#include <QRegularExpression>

#include <cstdint>
#include <functional>
#include <vector>

namespace memprof::views {

struct FlameMatches {
    std::vector<bool> matched; // per node
    std::uint64_t value = 0; // sum over the outermost matched frames
};

// How a tree's frame (by node) reads: the name on the frame, the name and
// location in the details (FunctionLabel.h). Empty: by its FlameNode name.
using FrameLabels = std::function<itemmodels::FunctionLabel(int node)>;
// The label of `node`: `labels`' or, without them, the node's name.
itemmodels::FunctionLabel frameLabelOf(const FlameTree& tree, const FrameLabels& labels, int node);

FlameMatches matchFrames(const FlameTree& tree, const QRegularExpression& pattern, const FrameLabels& labels = {});

// Plain text is matched literally; both kinds ignore case.
QRegularExpression flameSearchPattern(const QString& text, bool regularExpression);

} // namespace memprof::views
