// SPDX-License-Identifier: GPL-3.0-or-later
// Each location's held bytes over the run, sampled while the events are
// counted: the bytes of the live blocks it last allocated (the owner rule of
// Profile::heldAtEnd), at kPointCount points. The number of events is not
// known in advance: points start one event wide; when they are all used,
// neighbouring pairs merge and the width doubles (as HeapTimeline's buckets
// do). A point keeps the largest held bytes from its start (what the
// location held after the previous point's last event) to its end, so a peak
// survives down-sampling.
//
// Memory is bounded whatever the dump's size: 8 bytes x kPointCount (1 KiB)
// per location for the first kMaxSampledLocations locations met (at most
// 16 MiB), and 16 bytes per location for the running figures. Locations met
// later have no history (sampledLocationCount() says how many have one).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace memprof {

class HeldHistory {
public:
    static constexpr std::size_t kPointCount = 128;
    static constexpr std::size_t kMaxSampledLocations = 16384;

    // Makes room for locations 0..count-1 (counting side, as they appear).
    void growLocations(std::size_t count);

    // The held bytes of `location` change by `bytes` (inline: every block
    // placed or released calls it).
    void change(std::uint32_t location, std::int64_t bytes)
    {
        Running& r = running_[location];
        r.held += static_cast<std::uint64_t>(bytes); // modulo 2^64: a block's bytes come back out
        if (r.held > r.pointMax)
            r.pointMax = r.held;
    }
    // After `count` events, at most eventsLeftInPoint(): the builder counts
    // a batch in runs that end where a point does, so nothing is checked
    // per event.
    void endEvents(std::uint64_t count)
    {
        eventCount_ += count;
        fillCount_ += count;
        if (fillCount_ == eventsPerPoint_)
            closePoint();
    }
    std::uint64_t eventsLeftInPoint() const { return eventsPerPoint_ - fillCount_; }
    // After the last event: the partly filled point is kept.
    void finish();

    std::size_t pointCount() const { return pointCount_; }
    std::uint64_t eventsPerPoint() const { return eventsPerPoint_; }
    std::uint64_t eventCount() const { return eventCount_; }
    std::size_t locationCount() const { return running_.size(); }
    std::size_t sampledLocationCount() const { return sampled_; }
    // 1-based numbers of a point's first and last event.
    std::uint64_t firstEventOf(std::size_t point) const { return point * eventsPerPoint_ + 1; }
    std::uint64_t lastEventOf(std::size_t point) const;
    // The points that hold events first..last (clamped to the run); empty
    // (first > last) when the window holds no event.
    struct PointRange {
        std::size_t first = 1;
        std::size_t last = 0;
        std::size_t size() const { return first > last ? 0 : last - first + 1; }
    };
    PointRange pointsOf(std::uint64_t firstEvent, std::uint64_t lastEvent) const;
    // The largest held bytes of `location` during `point` (a sampled location).
    std::uint64_t heldAt(std::uint32_t location, std::size_t point) const
    {
        return values_[location * kPointCount + point];
    }

private:
    void closePoint();
    void mergePairs();

    struct Running {
        std::uint64_t held = 0;
        std::uint64_t pointMax = 0; // the largest `held` since the point began
    };
    std::vector<Running> running_;
    std::vector<std::uint64_t> values_; // kPointCount per sampled location
    std::size_t sampled_ = 0;
    std::size_t pointCount_ = 0; // closed points
    std::uint64_t eventsPerPoint_ = 1;
    std::uint64_t fillCount_ = 0; // events in the open point
    std::uint64_t eventCount_ = 0;
};

} // namespace memprof
