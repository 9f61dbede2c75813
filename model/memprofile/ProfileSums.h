// SPDX-License-Identifier: GPL-3.0-or-later
// The figures a profile derives from its rows: the totals by kind and the
// reference's heap summary. One place for the builder and a window's
// re-count (WindowRecount.h), so both give the same figures.
#pragma once

#include "model/memprofile/Profile.h"

#include <vector>

namespace memprof {

// The counts by kind, the allocated and the freed bytes of `profile`'s rows
// into `totals`.
void sumRowsIntoTotals(const Profile& profile, ProfileTotals& totals);

// The heap summary of `profile`'s rows and Overrides, by location name
// (profile.locations must be filled).
std::vector<HeapSummaryRow> heapSummaryOf(const Profile& profile);

} // namespace memprof
