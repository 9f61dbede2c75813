// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/export/SysprofExport.h"

#include "model/export/ChromeCpuProfile.h"
#include "model/export/FoldedExport.h"
#include "model/export/PprofExport.h"
#include "model/export/SpeedscopeExport.h"
#include "model/merge/SysprofMerge.h"

#include <sstream>
#include <stdexcept>

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

void writeSysprofExport(std::ostream& out, const SysprofProfile& profile, ExportFormat format,
                        const SysprofExportOptions& options)
{
    switch (format) {
    case ExportFormat::FoldedLua:
    case ExportFormat::FoldedHost:
    case ExportFormat::FoldedReference:
        writeFolded(out, sysprofStacks(profile, exportedStackView(format), options), kSampleCount);
        return;
    case ExportFormat::Pprof: {
        // pprof shows the last sample type first: cpu time when it is known.
        const std::string bytes = pprofBytes(sysprofStacks(profile, exportedStackView(format), options));
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        return;
    }
    case ExportFormat::Speedscope: {
        const StackProfile stacks = sysprofTimeOrder(profile, options);
        const std::size_t weight = stacks.sampleTypes.size() - 1;
        writeSpeedscopeTimeOrder(out, stacks, {weight, options.intervalMs ? "CPU time" : "Samples"}, "sysprof");
        return;
    }
    case ExportFormat::Chrome:
        writeChromeCpuProfile(out, profile, options);
        return;
    default:
        // memprof's formats: exportFormatFromName never names them for sysprof.
        return;
    }
}

void writeMergedSysprofExport(std::ostream& out, const SysprofProfile& profile, const SysprofBreakdown& byInstance,
                              ExportFormat format, const SysprofExportOptions& options)
{
    const StackProfile stacks = sysprofStacksByInstance(profile, exportedStackView(format), byInstance, options);
    std::string bytes;
    if (format == ExportFormat::Pprof) {
        bytes = pprofBytes(stacks);
    } else if (format == ExportFormat::Speedscope) {
        std::vector<std::string> instances;
        for (const MergedSysprofInstance& instance : byInstance.instances)
            if (instance.merged)
                instances.push_back(instance.name);
        const std::size_t weight = stacks.sampleTypes.size() - 1;
        bytes = speedscopeJsonByInstance(stacks, {{weight, options.intervalMs ? "CPU time" : "Samples"}}, instances,
                                         "sysprof");
    } else if (format == ExportFormat::FoldedLua || format == ExportFormat::FoldedHost ||
               format == ExportFormat::FoldedReference) {
        std::ostringstream folded;
        writeFolded(folded, stacks, kSampleCount);
        bytes = std::move(folded).str();
    } else {
        throw std::invalid_argument("a merged profile exports as pprof, speedscope or folded stacks");
    }
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

std::string sysprofExportBytes(const SysprofProfile& profile, ExportFormat format, const SysprofExportOptions& options)
{
    std::ostringstream out;
    writeSysprofExport(out, profile, format, options);
    return std::move(out).str();
}

} // namespace memprof
