// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/export/FoldedExport.h"

namespace memprof {

std::string foldedFrameName(std::string_view name)
{
    std::string safe;
    safe.reserve(name.size());
    for (char c : name) {
        if (c == ';')
            safe += "\\x3b";
        else if (c == '\n')
            safe += "\\n";
        else if (c == '\r')
            safe += "\\r";
        else if (c == '\\')
            safe += "\\\\";
        else
            safe += c;
    }
    return safe;
}

std::string foldedFrame(const StackFrame& frame)
{
    std::string path;
    for (const ShownFrame& shown : shownFrames(frame)) {
        if (!path.empty())
            path += ';';
        path += foldedFrameName(labelOf(shown));
    }
    return path;
}

void writeFolded(std::ostream& out, const StackProfile& stacks, std::size_t sampleType)
{
    for (std::size_t index = 0; index < stacks.samples.size(); ++index) {
        const StackSample& sample = stacks.samples[index];
        const std::int64_t value = sample.values[sampleType];
        if (value == 0 || sample.stack.empty())
            continue;
        std::string line;
        if (!stacks.sampleInstances.empty())
            line = foldedFrameName(stacks.sampleInstances[index]);
        for (std::uint32_t frame : sample.stack) {
            if (!line.empty())
                line += ';';
            line += foldedFrame(stacks.frames[frame]);
        }
        out << line << ' ' << value << '\n';
    }
}

} // namespace memprof
