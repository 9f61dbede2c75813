// SPDX-License-Identifier: GPL-3.0-or-later
// Loads N inputs side by side and folds each result in, in input order, as
// soon as it and those before it are read: the results are folded in the
// same order whatever thread finishes first (a merge numbers names in the
// order it meets them), and at most `workers` results exist at once, each
// dropped once folded in, so memory is that of the largest loads in flight
// plus what the fold keeps, not of all N.
#pragma once

#include <algorithm>
#include <cstddef>
#include <deque>
#include <functional>
#include <future>
#include <type_traits>

namespace memprof {

// load(i) on up to `workers` threads (at least one); fold(i, result) on the
// calling thread, for i = 0, 1, ... N-1.
template <class Load, class Fold>
void loadInOrder(std::size_t count, unsigned workers, Load&& load, Fold&& fold)
{
    using Result = std::invoke_result_t<Load&, std::size_t>;
    const std::size_t inFlightMost = std::max<std::size_t>(1, workers);
    std::deque<std::future<Result>> inFlight;
    std::size_t next = 0;
    const auto start = [&] {
        while (next < count && inFlight.size() < inFlightMost)
            inFlight.push_back(std::async(std::launch::async, std::ref(load), next++));
    };
    start();
    for (std::size_t index = 0; index < count; ++index) {
        Result result = inFlight.front().get();
        inFlight.pop_front();
        fold(index, result);
        {
            // The result is dropped before the next load starts.
            const Result dropped = std::move(result);
        }
        start();
    }
}

} // namespace memprof
