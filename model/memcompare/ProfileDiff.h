// SPDX-License-Identifier: GPL-3.0-or-later
// NEW - BASE between two profiles, per location name: addresses differ
// between two runs (ASLR), names do not.
#pragma once

#include "model/memprofile/Profile.h"

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace memprof {

enum class DiffPresence : std::uint8_t { Both, BaseOnly, NewOnly };

struct DiffValues {
    std::int64_t eventCount = 0;
    std::int64_t allocatedBytes = 0;
    std::int64_t freedBytes = 0;
    std::int64_t heldBytes = 0; // the accurate live figure at the end
    std::int64_t blockCount = 0; // live blocks at the end
};

struct LocationDiffRow {
    std::string name;
    DiffPresence presence = DiffPresence::Both;
    DiffValues baseValues;
    DiffValues newValues; // NEW
    DiffValues delta; // NEW - BASE
};

struct ProfileDiff {
    std::vector<LocationDiffRow> allocations;
    std::vector<LocationDiffRow> reallocations;
    std::vector<LocationDiffRow> frees;
    std::vector<LocationDiffRow> held; // by the accurate live figure
    ProfileTotals baseTotals;
    ProfileTotals newTotals;

    const std::vector<LocationDiffRow>& rows(EventKind kind) const
    {
        return kind == EventKind::Alloc ? allocations : kind == EventKind::Realloc ? reallocations : frees;
    }
};

// Rows come sorted by the change of their main figure (events, or held
// bytes), largest growth first, ties by name.
ProfileDiff diffProfiles(const Profile& base, const Profile& newProfile);

void writeDiffReport(std::ostream& out, const ProfileDiff& diff, bool humanReadable);
void writeDiffCsv(std::ostream& out, const ProfileDiff& diff, EventKind kind);
void writeHeldDiffCsv(std::ostream& out, const ProfileDiff& diff);

} // namespace memprof
