// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/merge/MergeLoad.h"

#include "model/memprofile/ProfileLoader.h"
#include "model/merge/InstanceNames.h"
#include "model/merge/OrderedLoads.h"

#include <algorithm>
#include <thread>

namespace memprof {

unsigned mergeWorkers()
{
    return std::max(1u, std::thread::hardware_concurrency());
}

MergedMemprof loadMergedMemprof(const std::vector<std::string>& paths, unsigned workers, const DumpReadCallback& onRead)
{
    return loadMergedMemprof(paths, instanceNames(paths), {}, workers, onRead);
}

namespace {

// The dumps at `paths` read side by side under `control`'s stop flag and
// block size (`load`), each given to `add` in order until one is cancelled;
// true when one was.
template <class Load, class Add>
bool loadEachInOrder(const std::vector<std::string>& paths, const DecodeControl& control, unsigned workers,
                     const DumpReadCallback& onRead, Load&& load, Add&& add)
{
    DecodeControl each;
    each.stop = control.stop;
    each.blockSize = control.blockSize;
    bool cancelled = false;
    loadInOrder(
        paths.size(), workers, [&](std::size_t dump) { return load(paths[dump], each); },
        [&](std::size_t dump, const auto& profile) {
            cancelled = cancelled || profile.status.end == DecodeEnd::Cancelled;
            if (cancelled)
                return;
            if (onRead)
                onRead(dump, profile.status);
            add(static_cast<InstanceId>(dump), profile);
        });
    return cancelled;
}

} // namespace

MergedMemprof loadMergedMemprof(const std::vector<std::string>& paths, std::vector<std::string> names,
                                const DecodeControl& control, unsigned workers, const DumpReadCallback& onRead)
{
    MemprofMerge merge(std::move(names));
    const bool cancelled = loadEachInOrder(
        paths, control, workers, onRead,
        [](const std::string& path, const DecodeControl& each) { return loadProfile(path, each); },
        [&](InstanceId dump, const Profile& profile) { merge.add(dump, profile); });
    MergedMemprof merged{merge.takeProfile(), merge.takeBreakdown()};
    if (cancelled)
        merged.profile.status.end = DecodeEnd::Cancelled;
    return merged;
}

MergedSysprof loadMergedSysprof(const std::vector<std::string>& paths, const SysprofLoadOptions& options,
                                unsigned workers, const DumpReadCallback& onRead)
{
    return loadMergedSysprof(paths, instanceNames(paths), options, {}, workers, onRead);
}

MergedSysprof loadMergedSysprof(const std::vector<std::string>& paths, std::vector<std::string> names,
                                const SysprofLoadOptions& options, const DecodeControl& control, unsigned workers,
                                const DumpReadCallback& onRead)
{
    SysprofMerge merge(std::move(names), options.views);
    SysprofLoadOptions each = options;
    each.bottomUpTrees = false;
    const bool cancelled = loadEachInOrder(
        paths, control, workers, onRead,
        [&each](const std::string& path, const DecodeControl& control) { return loadSysprof(path, control, each); },
        [&](InstanceId dump, const SysprofProfile& profile) { merge.add(dump, profile); });
    merge.finish();
    MergedSysprof merged{merge.takeProfile(), merge.takeBreakdown()};
    if (cancelled)
        merged.profile.status.end = DecodeEnd::Cancelled;
    else if (options.bottomUpTrees && merged.profile.status.end != DecodeEnd::Failed)
        addBottomUpTrees(merged.profile, options.views);
    return merged;
}

} // namespace memprof
