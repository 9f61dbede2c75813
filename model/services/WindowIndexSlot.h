// SPDX-License-Identifier: GPL-3.0-or-later
// The window index of one loaded dump (WindowRecount.h), held for its page.
// It is built after the first load, not by it: the first load keeps its
// speed and memory. A WindowIndexJob builds it in the background once the
// dump is shown, or the first window's re-count does when it comes first;
// every window with the index is counted in a fraction of a whole decode.
// Those jobs run on worker threads, a newer one possibly beside an older one
// being stopped, hence the lock.
#pragma once

#include "model/memprofile/WindowIndex.h"

#include <memory>
#include <mutex>

namespace memprof::services {

class WindowIndexSlot {
public:
    std::shared_ptr<const WindowIndex> index() const
    {
        std::lock_guard lock(mutex_);
        return index_;
    }
    // The first index built is kept: false when the slot had one already.
    bool setIndexIfEmpty(std::shared_ptr<const WindowIndex> index)
    {
        std::lock_guard lock(mutex_);
        ++buildCount_;
        if (index_)
            return false;
        index_ = std::move(index);
        return true;
    }

    // How many indexes were built for this slot (each one a whole decode),
    // kept or not: a window counted from the index adds none.
    int buildCount() const
    {
        std::lock_guard lock(mutex_);
        return buildCount_;
    }

private:
    mutable std::mutex mutex_;
    std::shared_ptr<const WindowIndex> index_;
    int buildCount_ = 0;
};

} // namespace memprof::services
