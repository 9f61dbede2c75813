// SPDX-License-Identifier: GPL-3.0-or-later
// The figures of DHAT's file that need each block's own history, which the
// profile does not keep: the lifetimes of a location's blocks and the blocks
// it held at its own maximum. They are counted by replaying the dump's
// events (an EventObserver on a load), only for a DHAT export: the normal
// load pays nothing for them.
#pragma once

#include "model/dump/DecodeControl.h"
#include "model/dump/RunRange.h"
#include "model/memprofile/Profile.h"
#include "model/memprofile/ProfileBuilder.h"
#include "model/support/SaturatingMath.h"

#include <cstdint>
#include <string>
#include <vector>

namespace memprof {

// One location's figures, in events (the export's clock).
struct DhatBlockRow {
    // The lives of the blocks it allocated or reallocated in the window: each
    // from the event that placed it to the one that freed or moved it, or to
    // the run's last event for a block live at the end. Exact modulo 2^64.
    std::uint64_t lifetimes = 0;
    // The most bytes it held at once after an event of the window (every
    // block it owned, as the held history counts them; saturated at
    // 2^64-1), the first time it held that much, and the blocks it held then.
    std::uint64_t maxBytes = 0;
    std::uint64_t maxBlocks = 0;
};

// By LocationId: the ids of the profile loaded by the same decode.
using DhatBlocks = std::vector<DhatBlockRow>;

// Counts DhatBlocks for the load it observes (over that load's window).
class DhatBlockCounter final : public EventObserver {
public:
    explicit DhatBlockCounter(RunRange window) : window_(window) {}

    void onLiveChange(LocationId location, std::int64_t bytes, std::int64_t blocks, bool windowBlock) override;
    void onEvent(std::uint64_t index, EventKind kind, LocationId location, std::int64_t liveDelta,
                 std::uint64_t liveBytes, std::uint64_t allocatedBytes) override;

    // The figures after the run's `eventCount` events (the blocks still live
    // then live to it); the counter is spent afterwards.
    DhatBlocks finish(std::uint64_t eventCount);

private:
    struct Location {
        Int128 heldBytes = 0; // exact: each change is one block's size
        Int128 maxBytes = 0;
        std::uint64_t heldBlocks = 0;
        std::uint64_t windowBlocks = 0; // live blocks of the window
        std::uint64_t placedAt = 0; // sum of their events' indices (modulo 2^64)
        std::uint64_t releasedAt = 0; // sum of the released ones' release events
        DhatBlockRow row;
    };
    Location& at(LocationId location);
    void noteHeld(Location& location);

    RunRange window_;
    std::uint64_t nextEvent_ = 1; // the event the changes seen now belong to
    std::vector<Location> locations_;
};

// Decodes the dump at `path` again over `window`: the profile (the ids
// `blocks` is indexed by) and its DHAT figures.
Profile loadWithDhatBlocks(const std::string& path, RunRange window, DhatBlocks& blocks,
                           const DecodeControl& control = {});

} // namespace memprof
