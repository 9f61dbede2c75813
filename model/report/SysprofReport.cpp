// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/report/SysprofReport.h"

#include "model/sysprofile/FunctionCosts.h"

#include <absl/container/flat_hash_map.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace memprof {

void writeSysprofReferenceLines(std::ostream& out, const SysprofProfile& profile)
{
    const CallTree& tree = profile.tree(kReferenceLinesView);
    // Paths that differ only where a name holds ';' print alike: the
    // reference keys its table by the printed text, so merge them too.
    absl::flat_hash_map<std::string, std::uint64_t> lines;
    for (std::size_t id = 0; id < tree.size(); ++id) {
        const CallNode& node = tree.node(static_cast<CallNodeId>(id));
        if (node.selfSamples == 0)
            continue;
        std::string text;
        for (const FrameId frame : tree.pathTo(static_cast<CallNodeId>(id))) {
            text += profile.frames[frame].name;
            text += ';';
        }
        // A sample with no frames (a trace's: it has no host chain) prints as ";".
        lines[text.empty() ? std::string(1, ';') : text] += node.selfSamples;
    }
    std::vector<std::pair<std::string, std::uint64_t>> sorted(lines.begin(), lines.end());
    std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) {
        return a.second != b.second ? a.second > b.second : a.first < b.first;
    });
    for (const auto& [text, count] : sorted)
        out << text << '\t' << count << '\n';
}

namespace {
std::string percentOf(std::uint64_t part, std::uint64_t whole)
{
    char text[32];
    std::snprintf(text, sizeof text, "%5.1f%%",
                  whole ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0.0);
    return text;
}

const char* viewName(StackView view)
{
    switch (view) {
    case StackView::Lua:
        return "Lua call chains";
    case StackView::Host:
        return "host call chains";
    case StackView::Reference:
        return "the reference's merge";
    }
    return "";
}
} // namespace

void writeSysprofSummary(std::ostream& out, const SysprofProfile& profile, StackView view,
                         const FunctionNameTable* names, std::size_t topCount)
{
    const std::uint64_t total = profile.sampleCount;
    out << "SAMPLES: " << total;
    switch (profile.mode()) {
    case SysprofMode::C:
        out << " (mode C: host call chains)\n";
        break;
    case SysprofMode::L:
        out << " (mode L: no host call chains)\n";
        break;
    case SysprofMode::Untold:
        out << " (no host call chains: every sample is in a JIT trace, which has none in either mode)\n";
        break;
    }
    if (!profile.range.isWholeRun())
        out << "RANGE: samples " << profile.range.first << " to "
            << std::min(profile.range.last, profile.runSampleCount) << " of " << profile.runSampleCount << "\n";
    out << "\nVM STATES\n";
    for (std::size_t state = 0; state < kVmStateCount; ++state) {
        const std::uint64_t samples = profile.samplesByState[state];
        char line[96];
        std::snprintf(line, sizeof line, "%-7s %12llu  %s\n", std::string(kVmStateNames[state]).c_str(),
                      static_cast<unsigned long long>(samples), percentOf(samples, total).c_str());
        out << line;
    }
    std::vector<FunctionCost> costs = functionCosts(profile.tree(view));
    // The function column, as wide as its widest name; none where no
    // function has a name.
    const auto functionOf = [&](FrameId id) {
        const CallFrame& frame = profile.frames[id];
        return names && frame.kind == FrameKind::Lua ? names->nameOf(frame.chunk, frame.line) : std::string_view();
    };
    std::size_t functionWidth = 0;
    for (const FunctionCost& cost : costs)
        functionWidth = std::max(functionWidth, functionOf(cost.frame).size());
    const bool named = functionWidth > 0;
    const auto writeTop = [&](const char* title, auto&& value) {
        std::stable_sort(costs.begin(), costs.end(),
                         [&](const FunctionCost& a, const FunctionCost& b) { return value(a) > value(b); });
        out << "\n" << title << " (" << viewName(view) << ")\n";
        std::size_t shown = 0;
        for (const FunctionCost& cost : costs) {
            if (shown++ == topCount || value(cost) == 0)
                break;
            char figures[64];
            std::snprintf(figures, sizeof figures, "%12llu  %s  ", static_cast<unsigned long long>(value(cost)),
                          percentOf(value(cost), total).c_str());
            out << figures;
            if (named) {
                const std::string_view function = functionOf(cost.frame);
                out << function << std::string(functionWidth - function.size(), ' ') << "  ";
            }
            out << profile.frames[cost.frame].name << "\n";
        }
    };
    writeTop("TOP BY SELF SAMPLES", [](const FunctionCost& c) { return c.selfSamples; });
    writeTop("TOP BY TOTAL SAMPLES", [](const FunctionCost& c) { return c.totalSamples; });
}

} // namespace memprof
