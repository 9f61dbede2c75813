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

MergedMemprof loadMergedMemprof(const std::vector<std::string>& paths, std::vector<std::string> names,
                                const DecodeControl& control, unsigned workers, const DumpReadCallback& onRead)
{
    MemprofMerge merge(std::move(names));
    DecodeControl each;
    each.stop = control.stop;
    each.blockSize = control.blockSize;
    bool cancelled = false;
    loadInOrder(
        paths.size(), workers,
        [&](std::size_t dump) { return loadProfile(paths[dump], each, countingOf(dump, paths.size(), workers)); },
        [&](std::size_t dump, const Profile& profile) {
            cancelled = cancelled || profile.status.end == DecodeEnd::Cancelled;
            if (cancelled)
                return;
            if (onRead)
                onRead(dump, profile.status);
            merge.add(static_cast<InstanceId>(dump), profile);
        });
    MergedMemprof merged{merge.takeProfile(), merge.takeBreakdown()};
    if (cancelled)
        merged.profile.status.end = DecodeEnd::Cancelled;
    return merged;
}

MergedSysprof loadMergedSysprof(const std::vector<std::string>& paths, const SysprofLoadOptions& options,
                                unsigned workers, const DumpReadCallback& onRead)
{
    SysprofMerge merge(instanceNames(paths), options.views);
    loadInOrder(
        paths.size(), workers, [&](std::size_t dump) { return loadSysprof(paths[dump], {}, options); },
        [&](std::size_t dump, const SysprofProfile& profile) {
            if (onRead)
                onRead(dump, profile.status);
            merge.add(static_cast<InstanceId>(dump), profile);
        });
    merge.finish();
    return {merge.takeProfile(), merge.takeBreakdown()};
}

} // namespace memprof
