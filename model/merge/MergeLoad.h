// SPDX-License-Identifier: GPL-3.0-or-later
// Several dumps of one kind read into one merged profile: decoded side by
// side on as many threads as there are cores (OrderedLoads.h), each folded
// into the merge as soon as it is read and then dropped.
#pragma once

#include "model/merge/MemprofMerge.h"
#include "model/merge/SysprofMerge.h"
#include "model/sysprofile/SysprofLoader.h"

#include <functional>
#include <string>
#include <vector>

namespace memprof {

struct MergedMemprof {
    Profile profile;
    MemprofBreakdown breakdown;
};

struct MergedSysprof {
    SysprofProfile profile;
    SysprofBreakdown breakdown;
};

// Called, on the calling thread and in the order the dumps were given,
// once each dump is read: its index and how its read ended (a message for
// a broken or cut dump).
using DumpReadCallback = std::function<void(std::size_t dump, const DecodeStatus& status)>;

// The threads a merge decodes on: the cores, at least one.
unsigned mergeWorkers();

// `paths` merged; the instances are named by instanceNames(paths). A dump
// that cannot be read is in the breakdown's instances, not in the sums.
MergedMemprof loadMergedMemprof(const std::vector<std::string>& paths, unsigned workers = mergeWorkers(),
                                const DumpReadCallback& onRead = {});
// The same with the instances named by `names` (one per path), each dump
// read under `control`'s stop flag and block size (its progress is the
// caller's to give, from `onRead`). Once a read is cancelled no dump is
// added and the merged status is Cancelled.
MergedMemprof loadMergedMemprof(const std::vector<std::string>& paths, std::vector<std::string> names,
                                const DecodeControl& control, unsigned workers = mergeWorkers(),
                                const DumpReadCallback& onRead = {});
MergedSysprof loadMergedSysprof(const std::vector<std::string>& paths, const SysprofLoadOptions& options,
                                unsigned workers = mergeWorkers(), const DumpReadCallback& onRead = {});
// The same with the instances named by `names` and each dump read under
// `control`'s stop flag, as loadMergedMemprof's. The bottom-up trees
// `options` asks for are the merge's, built once after the last dump.
MergedSysprof loadMergedSysprof(const std::vector<std::string>& paths, std::vector<std::string> names,
                                const SysprofLoadOptions& options, const DecodeControl& control,
                                unsigned workers = mergeWorkers(), const DumpReadCallback& onRead = {});

} // namespace memprof
