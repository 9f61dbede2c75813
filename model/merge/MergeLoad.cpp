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

MergedMemprof loadMergedMemprof(const std::vector<std::string>& paths, std::vector<std::string> names,
                                const DecodeControl& control, unsigned workers, const DumpReadCallback& onRead)
{
    MemprofMerge merge(std::move(names));
    DecodeControl each;
    each.stop = control.stop;
    each.blockSize = control.blockSize;
    bool cancelled = false;
    loadInOrder(
        paths.size(), workers, [&](std::size_t dump) { return loadProfile(paths[dump], each); },
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
