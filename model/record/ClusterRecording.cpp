// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/record/ClusterRecording.h"

#include <QCoreApplication>

#include <algorithm>
#include <latch>
#include <optional>
#include <thread>

namespace memprof::record {

namespace {

using Clock = std::chrono::steady_clock;

} // namespace

bool ClusterOutcome::allComplete() const
{
    return std::all_of(instances.begin(), instances.end(), [](const AttachOutcome& one) { return one.complete; });
}

ClusterOutcome recordCluster(const std::vector<AttachSettings>& instances, const std::atomic<bool>& stopRecording,
                             const std::atomic<bool>& cancel, const ClusterCallbacks& callbacks)
{
    const std::size_t count = instances.size();
    ClusterOutcome outcome;
    outcome.instances.resize(count);
    std::vector<std::optional<Clock::time_point>> startedAt(count);
    // Every thread arrives once connected (or failed to): none starts its
    // profiler before all connections are made.
    std::latch connected(static_cast<std::ptrdiff_t>(count));
    std::vector<std::thread> threads;
    threads.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        threads.emplace_back([&, i] {
            AttachCallbacks own;
            if (callbacks.phase)
                own.phase = [&callbacks, i](AttachPhase phase) { callbacks.phase(i, phase); };
            if (callbacks.transferred)
                own.transferred = [&callbacks, i](std::uint64_t done, std::uint64_t total) {
                    callbacks.transferred(i, done, total);
                };
            InstanceSession session(instances[i], std::move(own));
            const bool ready = session.connect();
            if (!ready && callbacks.finished)
                callbacks.finished(i, session.outcome());
            connected.arrive_and_wait();
            if (ready) {
                if (session.start()) {
                    startedAt[i] = Clock::now();
                    session.record(stopRecording, cancel);
                    session.finish(cancel);
                }
                if (callbacks.finished)
                    callbacks.finished(i, session.outcome());
            }
            outcome.instances[i] = session.outcome();
        });
    }
    for (std::thread& thread : threads)
        thread.join();
    std::optional<Clock::time_point> first;
    std::optional<Clock::time_point> last;
    for (const std::optional<Clock::time_point>& at : startedAt) {
        if (!at)
            continue;
        ++outcome.started;
        first = first ? std::min(*first, *at) : *at;
        last = last ? std::max(*last, *at) : *at;
    }
    if (first)
        outcome.startSpread = std::chrono::duration_cast<std::chrono::milliseconds>(*last - *first);
    return outcome;
}

QString instanceFailure(const AttachSettings& settings, const AttachOutcome& outcome)
{
    QString why = outcome.message;
    if (why.isEmpty())
        why = QCoreApplication::translate("ClusterRecording", "the dump did not come back whole.");
    return QStringLiteral("%1: %2").arg(settings.address, why);
}

} // namespace memprof::record
