// SPDX-License-Identifier: GPL-3.0-or-later
// The window index of one loaded dump (WindowRecount.h), held for its page.
// It is built by the first window's re-count, not by the first load: the
// first load keeps its speed and memory, and every later window is counted
// from the index in a fraction of a whole decode. Re-count jobs run on
// worker threads, a newer one possibly beside an older one being stopped,
// hence the lock.
#pragma once

#include "model/profile/WindowIndex.h"

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
    void setIndex(std::shared_ptr<const WindowIndex> index)
    {
        std::lock_guard lock(mutex_);
        index_ = std::move(index);
    }

private:
    mutable std::mutex mutex_;
    std::shared_ptr<const WindowIndex> index_;
};

} // namespace memprof::services
