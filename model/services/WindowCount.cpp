// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/services/WindowCount.h"

#include "model/memprofile/ProfileLoader.h"
#include "model/memprofile/WindowRecount.h"

namespace memprof::services {

Profile countWindow(const std::string& path, RunRange window, const ProfilePtr& whole,
                    const std::shared_ptr<WindowIndexSlot>& slot, DecodeControl& control,
                    std::uint64_t indexedRunEvents)
{
    if (!whole || !slot || whole->totals.eventCount < indexedRunEvents)
        return loadProfile(path, control, nullptr, window);
    std::shared_ptr<const WindowIndex> index = slot->index();
    if (!index) {
        auto built = std::make_shared<WindowIndex>();
        {
            Profile indexed = loadProfileWithIndex(path, *built, control);
            const bool read = indexed.status.end == DecodeEnd::Complete || indexed.status.end == DecodeEnd::Truncated;
            // Cancelled, failed, or another dump now: the page says which.
            if (!read || indexed.totals.eventCount != whole->totals.eventCount)
                return indexed;
            // `indexed`, a second copy of the whole profile, goes here:
            // before the count.
        }
        // The first index built is kept (a background build may have
        // filled the slot meanwhile).
        slot->setIndexIfEmpty(std::move(built));
        index = slot->index();
    }
    return recountWindow(path, *whole, *index, window, control);
}

} // namespace memprof::services
