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
    case ExportFormat::Pprof:
        // pprof shows the last sample type first: cpu time when it is known.
        return pprofBytes(sysprofStacks(profile, StackView::Lua, options));
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
