// SPDX-License-Identifier: GPL-3.0-or-later
// Which frames of a flame tree match a search, and how much value they
// cover: a match inside a match is not counted twice.
#pragma once

#include "model/flame/FlameTree.h"

#include <QRegularExpression>

#include <cstdint>
#include <vector>

namespace memprof::views {

struct FlameMatches {
    std::vector<bool> matched; // per node
    std::uint64_t value = 0; // sum over the outermost matched frames
};

FlameMatches matchFrames(const FlameTree& tree, const QRegularExpression& pattern);

// Plain text is matched literally; both kinds ignore case.
QRegularExpression flameSearchPattern(const QString& text, bool regularExpression);

} // namespace memprof::views
