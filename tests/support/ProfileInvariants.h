// SPDX-License-Identifier: GPL-3.0-or-later
// What must hold for any decoded profile, whatever the input: shared by the
// libFuzzer target (tests/fuzz) and the hardening tests. Each check returns
// the first broken rule as text, or an empty string.
#pragma once

#include "model/memprofile/Profile.h"

#include <cstdint>
#include <string>

namespace memprof::test {

#define MEMPROF_INVARIANT(condition)                                                                                   \
    do {                                                                                                               \
        if (!(condition))                                                                                              \
            return #condition;                                                                                         \
    } while (0)

// Every offset the decoder reports lies inside the `size` bytes it was given.
inline std::string checkStatus(const DecodeStatus& status, std::uint64_t size)
{
    MEMPROF_INVARIANT(status.bytesConsumed <= size);
    if (status.end == DecodeEnd::Failed) {
        MEMPROF_INVARIANT(status.error.isError());
        MEMPROF_INVARIANT(status.error.offset <= size);
        MEMPROF_INVARIANT(!status.error.message.empty());
    } else {
        MEMPROF_INVARIANT(!status.error.isError());
    }
    if (status.end == DecodeEnd::Truncated) {
        MEMPROF_INVARIANT(status.truncatedAt <= size);
        MEMPROF_INVARIANT(status.truncatedAt <= status.bytesConsumed);
        MEMPROF_INVARIANT(!status.truncationReason.empty());
    }
    return {};
}

// The aggregates agree with each other and cannot outgrow the input.
inline std::string checkProfile(const Profile& profile, std::uint64_t size)
{
    if (std::string broken = checkStatus(profile.status, size); !broken.empty())
        return broken;
    const ProfileTotals& t = profile.totals;
    MEMPROF_INVARIANT(t.eventCount == t.allocCount + t.reallocCount + t.freeCount);
    // Every event starts with a header byte; every location with an event.
    MEMPROF_INVARIANT(t.eventCount <= size);
    MEMPROF_INVARIANT(profile.locations.size() <= t.eventCount);
    MEMPROF_INVARIANT(t.liveBlockCount <= t.allocCount + t.reallocCount);
    MEMPROF_INVARIANT(profile.functions.size() <= size);
    MEMPROF_INVARIANT(profile.aliases.size() <= profile.functions.size());
    std::uint64_t counted[3] = {0, 0, 0};
    for (EventKind kind : {EventKind::Alloc, EventKind::Realloc, EventKind::Free}) {
        for (const LocationRow& row : profile.rows(kind)) {
            MEMPROF_INVARIANT(row.location < profile.locations.size());
            MEMPROF_INVARIANT(row.eventCount > 0);
            for (const OverrideStats& o : row.overrides) {
                MEMPROF_INVARIANT(o.location < profile.locations.size());
                MEMPROF_INVARIANT(o.blockCount > 0 && o.blockCount <= row.eventCount);
            }
            counted[static_cast<int>(kind)] += row.eventCount;
        }
    }
    MEMPROF_INVARIANT(counted[0] == t.allocCount);
    MEMPROF_INVARIANT(counted[1] == t.reallocCount);
    MEMPROF_INVARIANT(counted[2] == t.freeCount);
    std::uint64_t liveBlocks = 0;
    for (const HeldRow& row : profile.heldAtEnd) {
        MEMPROF_INVARIANT(row.location < profile.locations.size());
        MEMPROF_INVARIANT(row.blockCount > 0);
        liveBlocks += row.blockCount;
    }
    MEMPROF_INVARIANT(liveBlocks == t.liveBlockCount);
    for (const HeldRow& row : profile.heldAtPeak)
        MEMPROF_INVARIANT(row.location < profile.locations.size());
    for (const LocationInfo& location : profile.locations)
        MEMPROF_INVARIANT(
            location.function == kNoFunction ||
            (location.function >= 0 && static_cast<std::size_t>(location.function) < profile.functions.size()));
    for (const FunctionInfo& function : profile.functions)
        MEMPROF_INVARIANT(function.aliasIndex < 0 ||
                          static_cast<std::size_t>(function.aliasIndex) < profile.aliases.size());
    return {};
}

// The parts of two decodes of the same bytes that must agree whatever the
// window, the read sizes, or whether the source announced its size.
inline std::string compareDecodes(const DecodeStatus& a, const DecodeStatus& b)
{
    MEMPROF_INVARIANT(a.end == b.end);
    MEMPROF_INVARIANT(a.error.kind == b.error.kind);
    MEMPROF_INVARIANT(a.error.offset == b.error.offset);
    MEMPROF_INVARIANT(a.error.message == b.error.message);
    MEMPROF_INVARIANT(a.truncatedAt == b.truncatedAt);
    MEMPROF_INVARIANT(a.truncationReason == b.truncationReason);
    MEMPROF_INVARIANT(a.bytesConsumed == b.bytesConsumed);
    MEMPROF_INVARIANT(a.symtabVersion == b.symtabVersion);
    MEMPROF_INVARIANT(a.eventsVersion == b.eventsVersion);
    return {};
}

#undef MEMPROF_INVARIANT

} // namespace memprof::test
