// SPDX-License-Identifier: GPL-3.0-or-later
// A second thread that works through batches in the order they are handed
// over (BatchQueue): the decoding thread fills a batch, submits it, and
// gets an emptied one back for reuse when the worker has one (a batch holds
// large allocations). At most `inFlight` batches wait, so the producer runs
// at most that far ahead and memory stays bounded. What `work` throws stops
// the work (later batches are only emptied) and finish() rethrows it.
#pragma once

#include "model/support/BatchQueue.h"

#include <exception>
#include <functional>
#include <optional>
#include <thread>

namespace memprof {

template <class Batch>
class BatchWorker {
public:
    // `work` runs on the worker thread, batch by batch; `clear` empties a
    // worked batch for reuse.
    BatchWorker(std::size_t inFlight, std::function<void(const Batch&)> work, std::function<void(Batch&)> clear)
        : full_(inFlight)
          // Never full: fewer batches exist (inFlight waiting, one worked,
          // one filled).
          ,
          emptied_(inFlight + 4),
          thread_([this, work = std::move(work), clear = std::move(clear)] {
              while (std::optional<Batch> batch = full_.pop()) {
                  if (!error_) {
                      try {
                          work(*batch);
                      } catch (...) {
                          error_ = std::current_exception();
                      }
                  }
                  clear(*batch);
                  emptied_.push(std::move(*batch));
              }
          })
    {}
    // Without finish(): the thread stops once the batches handed over are
    // worked.
    ~BatchWorker() { stop(); }
    BatchWorker(const BatchWorker&) = delete;
    BatchWorker& operator=(const BatchWorker&) = delete;

    // Hands `batch` over (waiting while inFlight batches wait); an emptied
    // batch back, if the worker has one.
    std::optional<Batch> submit(Batch batch)
    {
        full_.push(std::move(batch));
        return emptied_.tryPop();
    }

    // Returns once every batch handed over is worked; rethrows what `work`
    // threw.
    void finish()
    {
        stop();
        if (error_)
            std::rethrow_exception(error_);
    }

private:
    void stop()
    {
        if (thread_.joinable()) {
            full_.close();
            thread_.join();
        }
    }

    BatchQueue<Batch> full_;
    BatchQueue<Batch> emptied_;
    std::exception_ptr error_; // written by the worker, read after join
    std::thread thread_; // last: it starts once the queues exist
};

} // namespace memprof
