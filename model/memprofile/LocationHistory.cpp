// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/memprofile/LocationHistory.h"

#include "model/memdecoder/MemprofDecoder.h"
#include "model/memprofile/ProfileBuilder.h"
#include "model/memprofile/ProfileLoader.h"

namespace memprof {

namespace {
class LocationFollower final : public EventObserver {
public:
    LocationFollower(LocationId location, std::size_t maxBuckets, RunRange window)
        : location_(location), window_(window), timeline_(maxBuckets)
    {}

    void onLiveChange(LocationId location, std::int64_t bytes, std::int64_t, bool) override
    {
        if (location == location_)
            liveBytes_ = static_cast<std::uint64_t>(static_cast<std::int64_t>(liveBytes_) + bytes);
    }

    void onEvent(std::uint64_t index, EventKind kind, LocationId location, std::int64_t, std::uint64_t,
                 std::uint64_t allocatedBytes) override
    {
        if (location == location_ && kind != EventKind::Free) {
            allocatedBytes_ += allocatedBytes;
            if (window_.contains(index))
                sizeHistogram_.add(allocatedBytes);
        }
        timeline_.add(liveBytes_, allocatedBytes_);
    }

    HeapTimeline takeTimeline() { return std::move(timeline_); }
    const SizeHistogram& sizeHistogram() const { return sizeHistogram_; }

private:
    LocationId location_;
    RunRange window_;
    HeapTimeline timeline_;
    SizeHistogram sizeHistogram_;
    std::uint64_t liveBytes_ = 0;
    std::uint64_t allocatedBytes_ = 0;
};
} // namespace

LocationHistory loadLocationHistory(const std::string& path, LocationId location, const DecodeControl& control,
                                    std::size_t maxBuckets, RunRange window)
{
    LocationFollower follower(location, maxBuckets, window);
    const Profile profile = loadProfile(path, control, &follower);
    LocationHistory history;
    history.location = location;
    history.timeline = follower.takeTimeline();
    history.sizeHistogram = follower.sizeHistogram();
    history.window = window;
    history.status = profile.status;
    history.eventCount = profile.totals.eventCount;
    return history;
}

} // namespace memprof
