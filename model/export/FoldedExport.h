// SPDX-License-Identifier: GPL-3.0-or-later
// Brendan Gregg's folded stacks: `root;...;leaf COUNT` per line, read by
// flamegraph.pl, speedscope and the Firefox Profiler. One space before an
// integer count and no trailing ';', which all three accept.
#pragma once

#include "model/export/StackProfile.h"

#include <ostream>
#include <string>
#include <string_view>

namespace memprof {

// A frame name made safe for one field: ';' would split the frame and a
// line feed the line, so they (and the backslash that escapes them) are
// written visibly as \x3b, \n and \\.
std::string foldedFrameName(std::string_view name);

// A frame's levels in the flame graph (shownFrames), joined by ';'; a
// named function with where it is defined (labelOf).
std::string foldedFrame(const StackFrame& frame);

// One line per sample with a non-zero `sampleType` value, in sample order.
// A merged profile's samples start with their dump's name as the root frame,
// as stackcollapse-perf.pl starts each stack with its process: a flame graph
// of the file shows each dump side by side, and a line's dump is kept.
void writeFolded(std::ostream& out, const StackProfile& stacks, std::size_t sampleType);

} // namespace memprof
