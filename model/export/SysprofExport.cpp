// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/export/SysprofExport.h"

#include "model/export/ChromeCpuProfile.h"
#include "model/export/FoldedExport.h"
#include "model/export/PprofExport.h"
#include "model/export/SpeedscopeExport.h"

#include <sstream>

namespace memprof {

bool needsSampleOrder(ExportFormat format)
{
    return format == ExportFormat::Speedscope || format == ExportFormat::Chrome;
}

StackView exportedStackView(ExportFormat format)
{
    switch (format) {
    case ExportFormat::FoldedHost:
        return StackView::Host;
    case ExportFormat::FoldedReference:
        return StackView::Reference;
    default:
        return StackView::Lua;
    }
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
    case ExportFormat::FoldedHost:
    case ExportFormat::FoldedReference:
        return folded(exportedStackView(format));
    case ExportFormat::Pprof:
        // pprof shows the last sample type first: cpu time when it is known.
        return pprofBytes(sysprofStacks(profile, exportedStackView(format), options));
    case ExportFormat::Speedscope: {
        const StackProfile stacks = sysprofTimeOrder(profile, options);
        const std::size_t weight = stacks.sampleTypes.size() - 1;
        return speedscopeTimeOrderJson(stacks, {weight, options.intervalMs ? "CPU time" : "Samples"}, "sysprof");
    }
    case ExportFormat::Chrome:
        return chromeCpuProfileJson(profile, options);
    default:
        // memprof's formats: exportFormatFromName never names them for sysprof.
        return {};
    }
}

} // namespace memprof
