// SPDX-License-Identifier: GPL-3.0-or-later
// Every field of two memprof profiles compared, for the tests whose result
// must equal another way's exactly (a window recounted against a load of the
// window, a snapshot of a read against a load of the dump cut there).
#pragma once

#include "model/memprofile/Profile.h"
#include "tests/support/ProfileInvariants.h"

#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace memprof::test {

#define SAME(what, a, b)                                                                                               \
    do {                                                                                                               \
        if (!((a) == (b))) {                                                                                           \
            std::ostringstream out;                                                                                    \
            out << what << ": " << (a) << " != " << (b);                                                               \
            return out.str();                                                                                          \
        }                                                                                                              \
    } while (0)

inline std::string differenceOfLive(const char* name, const std::vector<HeldRow>& a, const std::vector<HeldRow>& b)
{
    SAME(std::string(name) + " rows", a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        const std::string at = std::string(name) + "[" + std::to_string(i) + "]";
        SAME(at + ".location", a[i].location, b[i].location);
        SAME(at + ".heldBytes", a[i].heldBytes, b[i].heldBytes);
        SAME(at + ".blockCount", a[i].blockCount, b[i].blockCount);
    }
    return {};
}

inline std::string differenceOfRows(const char* name, const std::vector<LocationRow>& a, const std::vector<LocationRow>& b)
{
    SAME(std::string(name) + " rows", a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        const std::string at = std::string(name) + "[" + std::to_string(i) + "]";
        SAME(at + ".location", a[i].location, b[i].location);
        SAME(at + ".eventCount", a[i].eventCount, b[i].eventCount);
        SAME(at + ".allocatedBytes", a[i].allocatedBytes, b[i].allocatedBytes);
        SAME(at + ".freedBytes", a[i].freedBytes, b[i].freedBytes);
        SAME(at + " overrides", a[i].overrides.size(), b[i].overrides.size());
        for (std::size_t j = 0; j < a[i].overrides.size(); ++j) {
            const OverrideStats& x = a[i].overrides[j];
            const OverrideStats& y = b[i].overrides[j];
            const std::string o = at + ".overrides[" + std::to_string(j) + "]";
            SAME(o + ".location", x.location, y.location);
            SAME(o + ".allocatedBytes", x.allocatedBytes, y.allocatedBytes);
            SAME(o + ".freedBytes", x.freedBytes, y.freedBytes);
            SAME(o + ".blockCount", x.blockCount, y.blockCount);
        }
    }
    return {};
}

// The first field in which `a` and `b` differ, or an empty string.
inline std::string differenceOf(const Profile& a, const Profile& b)
{
    if (std::string d = compareDecodes(a.status, b.status); !d.empty())
        return "status: " + d;
    SAME("status.totalBytes", a.status.totalBytes, b.status.totalBytes);
    SAME("status.trailingBytes", a.status.trailingBytes, b.status.trailingBytes);
    SAME("status.truncatedEvent", a.status.truncatedEvent, b.status.truncatedEvent);
    SAME("window.first", a.window.first, b.window.first);
    SAME("window.last", a.window.last, b.window.last);
    SAME("functions", a.functions.size(), b.functions.size());
    for (std::size_t i = 0; i < a.functions.size(); ++i) {
        SAME("function addr", a.functions[i].addr, b.functions[i].addr);
        SAME("function chunkname", a.functions[i].chunkname, b.functions[i].chunkname);
        SAME("function linedefined", a.functions[i].linedefined, b.functions[i].linedefined);
        SAME("function aliasIndex", a.functions[i].aliasIndex, b.functions[i].aliasIndex);
    }
    SAME("aliases", a.aliases.size(), b.aliases.size());
    for (std::size_t i = 0; i < a.aliases.size(); ++i) {
        SAME("alias name", a.aliases[i].name, b.aliases[i].name);
        SAME("alias source", a.aliases[i].source, b.aliases[i].source);
    }
    SAME("locations", a.locations.size(), b.locations.size());
    for (std::size_t i = 0; i < a.locations.size(); ++i) {
        const LocationInfo& x = a.locations[i];
        const LocationInfo& y = b.locations[i];
        SAME("location name", x.name, y.name);
        SAME("location source", int(x.source), int(y.source));
        SAME("location addr", x.addr, y.addr);
        SAME("location line", x.line, y.line);
        SAME("location traceno", x.traceno, y.traceno);
        SAME("location function", x.function, y.function);
        SAME("location sourceLine", x.sourceLine, y.sourceLine);
    }
    for (const auto& [name, rows] :
         {std::pair{"allocations", &Profile::allocations}, std::pair{"reallocations", &Profile::reallocations},
          std::pair{"frees", &Profile::frees}})
        if (std::string d = differenceOfRows(name, a.*rows, b.*rows); !d.empty())
            return d;
    SAME("heapSummary", a.heapSummary.size(), b.heapSummary.size());
    for (std::size_t i = 0; i < a.heapSummary.size(); ++i) {
        const HeapSummaryRow& x = a.heapSummary[i];
        const HeapSummaryRow& y = b.heapSummary[i];
        SAME("heapSummary name", x.name, y.name);
        SAME("heapSummary summaryBytes of " + x.name, x.summaryBytes, y.summaryBytes);
        SAME("heapSummary allocCount of " + x.name, x.allocCount, y.allocCount);
        SAME("heapSummary freeCount of " + x.name, x.freeCount, y.freeCount);
    }
    for (const auto& [name, rows] :
         {std::pair{"heldAtEnd", &Profile::heldAtEnd},
          std::pair{"windowBlocksAtWindowEnd", &Profile::windowBlocksAtWindowEnd},
          std::pair{"heldAtWindowEnd", &Profile::heldAtWindowEnd}, std::pair{"heldAtPeak", &Profile::heldAtPeak}})
        if (std::string d = differenceOfLive(name, a.*rows, b.*rows); !d.empty())
            return d;
    const ProfileTotals& t = a.totals;
    const ProfileTotals& u = b.totals;
    SAME("totals.eventCount", t.eventCount, u.eventCount);
    SAME("totals.allocCount", t.allocCount, u.allocCount);
    SAME("totals.reallocCount", t.reallocCount, u.reallocCount);
    SAME("totals.freeCount", t.freeCount, u.freeCount);
    SAME("totals.symbolEventCount", t.symbolEventCount, u.symbolEventCount);
    SAME("totals.initialSymbolCount", t.initialSymbolCount, u.initialSymbolCount);
    SAME("totals.allocatedBytes", t.allocatedBytes, u.allocatedBytes);
    SAME("totals.freedBytes", t.freedBytes, u.freedBytes);
    SAME("totals.liveBlockCount", t.liveBlockCount, u.liveBlockCount);
    SAME("totals.liveBytes", t.liveBytes, u.liveBytes);
    SAME("totals.peakLiveBytes", t.peakLiveBytes, u.peakLiveBytes);
    SAME("totals.peakEventIndex", t.peakEventIndex, u.peakEventIndex);
    SAME("timeline.eventsPerBucket", a.timeline.eventsPerBucket(), b.timeline.eventsPerBucket());
    SAME("timeline buckets", a.timeline.buckets().size(), b.timeline.buckets().size());
    for (std::size_t i = 0; i < a.timeline.buckets().size(); ++i) {
        const HeapTimelineBucket& x = a.timeline.buckets()[i];
        const HeapTimelineBucket& y = b.timeline.buckets()[i];
        SAME("timeline minLiveBytes", x.minLiveBytes, y.minLiveBytes);
        SAME("timeline maxLiveBytes", x.maxLiveBytes, y.maxLiveBytes);
        SAME("timeline lastLiveBytes", x.lastLiveBytes, y.lastLiveBytes);
        SAME("timeline allocatedBytes", x.allocatedBytes, y.allocatedBytes);
    }
    for (std::size_t i = 0; i < SizeHistogram::kBucketCount; ++i) {
        SAME("sizeHistogram.allocCount[" + std::to_string(i) + "]", a.sizeHistogram.allocCount[i],
             b.sizeHistogram.allocCount[i]);
        SAME("sizeHistogram.allocatedBytes[" + std::to_string(i) + "]", a.sizeHistogram.allocatedBytes[i],
             b.sizeHistogram.allocatedBytes[i]);
    }
    const HeldHistory& h = a.heldHistory;
    const HeldHistory& k = b.heldHistory;
    SAME("heldHistory.pointCount", h.pointCount(), k.pointCount());
    SAME("heldHistory.eventsPerPoint", h.eventsPerPoint(), k.eventsPerPoint());
    SAME("heldHistory.eventCount", h.eventCount(), k.eventCount());
    SAME("heldHistory.locationCount", h.locationCount(), k.locationCount());
    SAME("heldHistory.sampledLocationCount", h.sampledLocationCount(), k.sampledLocationCount());
    for (std::uint32_t location = 0; location < h.sampledLocationCount(); ++location)
        for (std::size_t point = 0; point < h.pointCount(); ++point)
            SAME("heldHistory.heldAt", h.heldAt(location, point), k.heldAt(location, point));
    return {};
}

#undef SAME

} // namespace memprof::test
