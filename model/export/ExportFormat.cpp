// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/export/ExportFormat.h"
#include "model/export/DhatExport.h"
#include "model/export/FoldedExport.h"
#include "model/export/MemprofStacks.h"
#include "model/export/PprofExport.h"
#include "model/export/SpeedscopeExport.h"
#include "model/merge/MemprofMerge.h"

#include <sstream>
#include <stdexcept>

namespace memprof {

namespace {
// DHAT's short-lived threshold (tuth), in events: blocks that live 10
// events or less on average are freed or moved by the code that made them
// (a buffer grown, a table part resized), not left for the collector.
constexpr std::uint64_t kShortLivedEvents = 10;

// The value a memprof folded format writes; none for the other formats.
std::optional<std::size_t> foldedValue(ExportFormat format)
{
    switch (format) {
    case ExportFormat::FoldedHeld:
        return kInuseSpace;
    case ExportFormat::FoldedAllocated:
        return kAllocSpace;
    case ExportFormat::FoldedCount:
        return kAllocObjects;
    default:
        return std::nullopt;
    }
}
} // namespace

std::optional<ExportFormat> exportFormatFromName(std::string_view name, ExportSubject subject)
{
    if (name == "pprof")
        return ExportFormat::Pprof;
    if (name == "speedscope")
        return ExportFormat::Speedscope;
    if (subject == ExportSubject::Sysprof) {
        if (name == "chrome")
            return ExportFormat::Chrome;
        if (name == "folded" || name == "folded:lua")
            return ExportFormat::FoldedLua;
        if (name == "folded:host")
            return ExportFormat::FoldedHost;
        if (name == "folded:reference")
            return ExportFormat::FoldedReference;
        return std::nullopt;
    }
    if (name == "dhat")
        return ExportFormat::Dhat;
    if (name == "folded" || name == "folded:held")
        return ExportFormat::FoldedHeld;
    if (name == "folded:allocated")
        return ExportFormat::FoldedAllocated;
    if (name == "folded:count")
        return ExportFormat::FoldedCount;
    return std::nullopt;
}

bool isExportFormatName(std::string_view name)
{
    return exportFormatFromName(name, ExportSubject::Memprof) || exportFormatFromName(name, ExportSubject::Sysprof);
}

std::optional<ExportFormat> exportFormatForFileName(std::string_view fileName, ExportSubject subject)
{
    const bool sysprof = subject == ExportSubject::Sysprof;
    if (fileName.ends_with(".pb.gz") || fileName.ends_with(".pprof"))
        return ExportFormat::Pprof;
    if (fileName.ends_with(".speedscope.json"))
        return ExportFormat::Speedscope;
    if (fileName.ends_with(".dhat.json") && !sysprof)
        return ExportFormat::Dhat;
    if (fileName.ends_with(".cpuprofile") && sysprof)
        return ExportFormat::Chrome;
    if (fileName.ends_with(".folded"))
        return sysprof ? ExportFormat::FoldedLua : ExportFormat::FoldedHeld;
    return std::nullopt;
}

bool isBinaryFormat(ExportFormat format)
{
    return format == ExportFormat::Pprof;
}

std::string exportBytes(const Profile& profile, ExportFormat format, const DhatBlocks* dhatBlocks,
                        const FunctionNameTable* names)
{
    switch (format) {
    case ExportFormat::Pprof:
        return pprofBytes(memprofStacks(profile, names));
    case ExportFormat::Speedscope:
        return speedscopeJson(memprofStacks(profile, names),
                              {{kAllocSpace, "Allocated bytes"},
                               {kAllocObjects, "Allocation count"},
                               {kInuseSpace, "Held at the end (bytes)"}},
                              "memprof profile");
    case ExportFormat::Dhat: {
        if (!dhatBlocks)
            throw std::invalid_argument("a DHAT export needs the dump's block figures");
        const DhatColumns columns{kAllocSpace, kAllocObjects, kLifetimes,  kMaxSpace,    kMaxObjects,
                                  kPeakSpace,  kPeakObjects,  kInuseSpace, kInuseObjects};
        return dhatJson(
            memprofHeapStacks(profile, *dhatBlocks, names), columns,
            {"memprof", "LuaJIT memprof", profile.totals.eventCount, profile.totals.peakEventIndex, kShortLivedEvents});
    }
    case ExportFormat::FoldedHeld:
    case ExportFormat::FoldedAllocated:
    case ExportFormat::FoldedCount: {
        std::ostringstream out;
        writeFolded(out, memprofStacks(profile, names), *foldedValue(format));
        return out.str();
    }
    case ExportFormat::Chrome:
    case ExportFormat::FoldedLua:
    case ExportFormat::FoldedHost:
    case ExportFormat::FoldedReference:
        break; // formats of sysprof dumps: exportFormatFromName never gives them for memprof
    }
    return {};
}

bool exportsMerged(ExportFormat format)
{
    return format != ExportFormat::Dhat && format != ExportFormat::Chrome;
}

std::string mergedExportBytes(const Profile& profile, const MemprofBreakdown& byInstance, ExportFormat format,
                              const FunctionNameTable* names)
{
    const StackProfile stacks = memprofStacksByInstance(profile, byInstance, names);
    if (format == ExportFormat::Pprof)
        return pprofBytes(stacks);
    if (const std::optional<std::size_t> value = foldedValue(format)) {
        std::ostringstream out;
        writeFolded(out, stacks, *value);
        return out.str();
    }
    if (format != ExportFormat::Speedscope)
        throw std::invalid_argument("a merged profile exports as pprof, speedscope or folded stacks");
    std::vector<std::string> instances;
    for (const MergedInstance& instance : byInstance.instances)
        if (instance.merged)
            instances.push_back(instance.name);
    return speedscopeJsonByInstance(stacks,
                                    {{kAllocSpace, "Allocated bytes"},
                                     {kAllocObjects, "Allocation count"},
                                     {kInuseSpace, "Held at the end (bytes)"}},
                                    instances, "memprof profile");
}

} // namespace memprof
