// SPDX-License-Identifier: GPL-3.0-or-later
// A bounded first-in first-out queue between two threads, for handing over
// batches (thousands of events each): a lock per batch costs nothing next to
// the batch's work, so a mutex and two condition variables are enough.
// push() waits while the queue is full, so the producer cannot run ahead of
// the consumer by more than `capacity` batches (memory stays bounded);
// pop() waits while it is empty and returns nothing once it is closed and
// drained.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>

namespace memprof {

template <class T>
class BatchQueue {
public:
    explicit BatchQueue(std::size_t capacity) : capacity_(capacity) {}

    void push(T item)
    {
        std::unique_lock lock(mutex_);
        notFull_.wait(lock, [this] { return items_.size() < capacity_; });
        items_.push_back(std::move(item));
        notEmpty_.notify_one();
    }

    std::optional<T> pop()
    {
        std::unique_lock lock(mutex_);
        notEmpty_.wait(lock, [this] { return !items_.empty() || closed_; });
        return takeFront();
    }

    // The item at the front if there is one, without waiting.
    std::optional<T> tryPop()
    {
        std::lock_guard lock(mutex_);
        return takeFront();
    }

    // No more pushes: pop() returns what is left, then nothing.
    void close()
    {
        std::lock_guard lock(mutex_);
        closed_ = true;
        notEmpty_.notify_all();
    }

private:
    // Called with the mutex held.
    std::optional<T> takeFront()
    {
        if (items_.empty())
            return std::nullopt;
        T item = std::move(items_.front());
        items_.pop_front();
        notFull_.notify_one();
        return item;
    }

    const std::size_t capacity_;
    std::mutex mutex_;
    std::condition_variable notFull_;
    std::condition_variable notEmpty_;
    std::deque<T> items_;
    bool closed_ = false;
};

} // namespace memprof
