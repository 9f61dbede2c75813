// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/export/SysprofExport.h"

#include "model/export/FoldedExport.h"

#include <sstream>

namespace memprof {

bool needsSampleOrder(ExportFormat format)
{
    return format == ExportFormat::Speedscope || format == ExportFormat::Chrome;
}

std::string sysprofExportBytes(const SysprofProfile& profile, ExportFormat format, const SysprofExportOptions& options)
{
    const auto folded = [&](StackView view) {
        std::ostringstream out;
        writeFolded(out, sysprofStacks(profile, view, options), kSampleCount);
        return out.str();
    };
    switch (format) {
    case ExportFormat::FoldedLua:
        return folded(StackView::Lua);
    case ExportFormat::FoldedHost:
        return folded(StackView::Host);
    case ExportFormat::FoldedReference:
        return folded(StackView::Reference);
    default:
        return {};
    }
}

} // namespace memprof
