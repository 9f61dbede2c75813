// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/report/DemangledNames.h"
#include "model/support/Demangle.h"

namespace memprof {

void demangleLocationNames(Profile& profile)
{
    for (LocationInfo& location : profile.locations) {
        if (location.source == SourceKind::C)
            location.name = demangledLocationName(location.name);
    }
    // The HEAP SUMMARY is keyed by name; only mangled names change.
    for (HeapSummaryRow& row : profile.heapSummary)
        row.name = demangledLocationName(row.name);
}

void demangleFrameNames(SysprofProfile& profile)
{
    for (FrameId id = 0; id < profile.frames.size(); ++id) {
        const CallFrame& frame = profile.frames[id];
        if (frame.kind == FrameKind::C || frame.kind == FrameKind::Host)
            profile.frames.rename(id, demangledLocationName(frame.name));
    }
}

} // namespace memprof
