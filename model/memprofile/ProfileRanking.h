// SPDX-License-Identifier: GPL-3.0-or-later
// The orders the reports print: the reference's rankings, with its ties
// (hash order in Lua) broken deterministically by name, then identity.
#pragma once

#include "model/memprofile/Profile.h"

#include <string>
#include <vector>

namespace memprof {

// Rows by event count, largest first.
std::vector<const LocationRow*> rankRows(const Profile& profile, EventKind kind);

// The reference's HEAP SUMMARY: names holding more than 0 bytes, largest first.
std::vector<HeapSummaryRow> rankHeapSummary(const Profile& profile);

// The accurate figure by location name (identities with one name merged),
// largest first, ties by name: the blocks live at the end, or at the peak.
enum class HeldScope : std::uint8_t { End, Peak };
struct HeldByName {
    std::string name;
    std::uint64_t heldBytes = 0;
    std::uint64_t blockCount = 0;
    bool overflowed = false; // heldBytes passed 2^64-1 (a row's did, or their sum)

    ByteSum held() const { return {heldBytes, overflowed}; }
};
std::vector<HeldByName> rankHeldByName(const Profile& profile, HeldScope scope = HeldScope::End);
// The same for any of the profile's live rows (Profile::held(rule)).
std::vector<HeldByName> rankHeldByName(const Profile& profile, const std::vector<HeldRow>& rows);

// The Overrides names of a row, sorted as the reference sorts them.
std::vector<std::string> overrideNames(const Profile& profile, const LocationRow& row);

} // namespace memprof
