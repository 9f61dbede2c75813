// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/export/DhatBlocks.h"

#include "model/memprofile/ProfileLoader.h"

namespace memprof {

DhatBlockCounter::Location& DhatBlockCounter::at(LocationId location)
{
    if (location >= locations_.size())
        locations_.resize(std::size_t{location} + 1);
    return locations_[location];
}

// The location's maximum is taken after its placements only: within an
// event its releases come first, so its state after a placement is its
// state after the event.
void DhatBlockCounter::noteHeld(Location& location)
{
    if (location.heldBytes > location.maxBytes) {
        location.maxBytes = location.heldBytes;
        location.row.maxBytes = saturatedUnsigned(location.heldBytes);
        location.row.maxBlocks = location.heldBlocks;
    }
}

void DhatBlockCounter::onLiveChange(LocationId id, std::int64_t bytes, std::int64_t blocks, bool windowBlock)
{
    Location& location = at(id);
    // One block's size, given modulo 2^64 with the sign of the change.
    const auto size =
        blocks > 0 ? static_cast<std::uint64_t>(bytes) : std::uint64_t{0} - static_cast<std::uint64_t>(bytes);
    location.heldBytes += blocks > 0 ? Int128(size) : -Int128(size);
    location.heldBlocks += static_cast<std::uint64_t>(blocks);
    if (windowBlock) {
        // A life is its release's index minus its placement's: the sums of
        // both give the lives of the released blocks without a block map.
        if (blocks > 0) {
            location.windowBlocks += 1;
            location.placedAt += nextEvent_;
        } else {
            location.windowBlocks -= 1;
            location.releasedAt += nextEvent_;
        }
    }
    if (blocks > 0 && window_.contains(nextEvent_))
        noteHeld(location);
}

void DhatBlockCounter::onEvent(std::uint64_t index, EventKind, LocationId, std::int64_t, std::uint64_t, std::uint64_t)
{
    // What every location held before the window counts from its first
    // event on, touched or not.
    if (index == window_.first)
        for (Location& location : locations_)
            noteHeld(location);
    nextEvent_ = index + 1;
}

DhatBlocks DhatBlockCounter::finish(std::uint64_t eventCount)
{
    DhatBlocks rows;
    rows.reserve(locations_.size());
    for (Location& location : locations_) {
        location.row.lifetimes = location.releasedAt + location.windowBlocks * eventCount - location.placedAt;
        rows.push_back(location.row);
    }
    locations_.clear();
    return rows;
}

Profile loadWithDhatBlocks(const std::string& path, RunRange window, DhatBlocks& blocks, const DecodeControl& control)
{
    DhatBlockCounter counter(window);
    Profile profile = loadProfile(path, control, &counter, window);
    blocks = counter.finish(profile.totals.eventCount);
    return profile;
}

} // namespace memprof
