// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/merge/MergeLoad.h"

#include "model/memprofile/ProfileBuilder.h"
#include "model/memprofile/ProfileLoader.h"
#include "model/merge/InstanceNames.h"
#include "model/merge/OrderedLoads.h"

#include <algorithm>
#include <thread>

namespace memprof {

namespace {
// While as many dumps as there are workers are read side by side, the
// cores are full: each counts on its own thread (inline), which spends less
// CPU time and memory than handing its events to a second one. A dump read
// with fewer others beside it (the last ones) counts on a second thread, so
// that no core waits. One core: always inline.
Counting countingOf(std::size_t dump, std::size_t dumpCount, unsigned workers)
{
    return workers <= 1 || dumpCount - dump >= workers ? Counting::Inline : Counting::OnThread;
}
} // namespace

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
// block size (`load(path, control, dump)`), each given to `add` in order
// until one is cancelled; true when one was.
template <class Load, class Add>
bool loadEachInOrder(const std::vector<std::string>& paths, const DecodeControl& control, unsigned workers,
                     const DumpReadCallback& onRead, Load&& load, Add&& add)
{
    DecodeControl each;
    each.stop = control.stop;
    each.blockSize = control.blockSize;
    bool cancelled = false;
    loadInOrder(
        paths.size(), workers, [&](std::size_t dump) { return load(paths[dump], each, dump); },
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
        [&](const std::string& path, const DecodeControl& each, std::size_t dump) {
            return loadProfile(path, each, countingOf(dump, paths.size(), workers));
        },
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
        [&each](const std::string& path, const DecodeControl& control, std::size_t) {
            return loadSysprof(path, control, each);
        },
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
