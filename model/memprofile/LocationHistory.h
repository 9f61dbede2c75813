// SPDX-License-Identifier: GPL-3.0-or-later
// One location's own history, for the charts' overlay: its live bytes over
// the run (by the location that last allocated each block, as heldAtEnd
// counts them) and the sizes it allocated within the page's event window. Computed on demand by a second
// decoding pass rather than kept for every location during the first: the
// pass costs one decode of the file (in a worker thread), while per-location
// series would cost memory times the number of locations for every dump.
#pragma once

#include "model/dump/DecodeControl.h"
#include "model/dump/RunRange.h"
#include "model/memprofile/HeapTimeline.h"
#include "model/memprofile/Profile.h"
#include "model/memprofile/SizeHistogram.h"

#include <string>

namespace memprof {

struct LocationHistory {
    LocationId location = 0;
    // Live bytes of this location after each event (x = every event of the
    // run, so the buckets line up with Profile::timeline); allocatedBytes is
    // the location's own cumulative allocated bytes.
    HeapTimeline timeline;
    // The sizes of the window's events only: the curve spans the run (the
    // chart draws the window's part over it), the sizes are counts.
    SizeHistogram sizeHistogram;
    RunRange window;
    DecodeStatus status;
    std::uint64_t eventCount = 0; // all events of the run, to check the file did not change
};

// Decodes the file at `path` again and follows `location` through it.
LocationHistory loadLocationHistory(const std::string& path, LocationId location, const DecodeControl& control = {},
                                    std::size_t maxBuckets = HeapTimeline::kDefaultMaxBuckets, RunRange window = {});

} // namespace memprof
