// SPDX-License-Identifier: GPL-3.0-or-later
// Several running Tarantools (a service's cluster) recorded at once, each
// as recordOnInstance records one (InstanceSession), on a thread of its
// own: all are connected to first, then one barrier releases every start,
// so the profilers start within a moment of each other however long a
// connection took; one stop flag stops them together, and the dumps come
// back side by side. An instance that fails (unreachable, no profiler,
// already recording, gone mid-way) has its outcome say why; the others go
// on and are kept. Blocking, like recordOnInstance.
#pragma once

#include "model/record/InstanceRecording.h"

#include <chrono>
#include <cstddef>
#include <vector>

namespace memprof::record {

struct ClusterCallbacks {
    // Called on the instance's own thread: `instance` is its index in the
    // settings given.
    std::function<void(std::size_t instance, AttachPhase)> phase;
    std::function<void(std::size_t instance, std::uint64_t done, std::uint64_t total)> transferred;
    // The instance is done (one that could not connect, before the others
    // start): its outcome, as the cluster's outcome has it.
    std::function<void(std::size_t instance, const AttachOutcome&)> finished;
};

struct ClusterOutcome {
    std::vector<AttachOutcome> instances; // one per settings given, in their order
    std::size_t started = 0; // how many profilers started
    // From the first profiler's start to the last's (each taken when its
    // instance answered the start); zero when fewer than two started.
    std::chrono::milliseconds startSpread{0};

    bool allComplete() const;
};

ClusterOutcome recordCluster(const std::vector<AttachSettings>& instances, const std::atomic<bool>& stopRecording,
                             const std::atomic<bool>& cancel, const ClusterCallbacks& callbacks = {});

// "ADDRESS: why", a failed instance named for a list of failures.
QString instanceFailure(const AttachSettings& settings, const AttachOutcome& outcome);

} // namespace memprof::record
