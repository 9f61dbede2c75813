// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/sysprofile/SysprofLoader.h"

#include "model/sysdecoder/SysprofDecoder.h"
#include "model/sysprofile/BottomUpTree.h"
#include "model/sysprofile/SampleHandOver.h"
#include "model/sysprofile/SysprofBuilder.h"

namespace memprof {

void addBottomUpTrees(SysprofProfile& profile, const StackViewSet& views)
{
    for (std::size_t view = 0; view < kStackViewCount; ++view)
        if (views.test(view))
            profile.bottomUpTrees[view] = std::make_shared<const CallTree>(bottomUpTree(profile.trees[view]));
}

namespace {

SysprofProfile loadFrom(ByteSource& source, const DecodeControl& control, const SysprofLoadOptions& options,
                        const SysprofSnapshots* snapshots = nullptr)
{
    StackViewSet views = options.views;
    if (options.keepSampleOrder)
        views.set(static_cast<std::size_t>(StackView::Lua));
    SysprofBuilder builder(options.range, views);
    std::vector<CallNodeId> order;
    if (options.keepSampleOrder)
        builder.observeSamples([&order](std::uint64_t, const std::array<CallNodeId, kStackViewCount>& nodes) {
            order.push_back(nodes[static_cast<std::size_t>(StackView::Lua)]);
        });
    SampleHandOver handOver(builder);
    DecodeStatus status;
    if (snapshots && snapshots->deliver) {
        handOver.setSnapshotSink(
            [&](SysprofProfile&& soFar) {
                if (options.bottomUpTrees)
                    addBottomUpTrees(soFar, views);
                snapshots->deliver(std::move(soFar));
            },
            source.totalSize());
        status = decodeSysprof(source, handOver, requestingSnapshots(control, snapshots->interval, handOver));
    } else {
        status = decodeSysprof(source, handOver, control);
    }
    handOver.finish();
    SysprofProfile profile = builder.finish(status);
    profile.luaNodeBySample = std::move(order);
    if (options.bottomUpTrees && status.end != DecodeEnd::Failed && status.end != DecodeEnd::Cancelled)
        addBottomUpTrees(profile, views);
    return profile;
}

// Runs `load` on the file at `path`; a file that cannot be opened gives a
// Failed status naming why.
template <class Load>
SysprofProfile fromFile(const std::string& path, const DecodeControl& control, Load&& load)
{
    FileByteSource source(path, control.stop, control.follow);
    if (!source.isOpen() || source.failed()) {
        SysprofProfile profile;
        profile.status = cannotOpenStatus(source.errorText());
        return profile;
    }
    return load(source);
}
} // namespace

SysprofProfile loadSysprof(const std::string& path, const DecodeControl& control, const SysprofLoadOptions& options)
{
    return fromFile(path, control, [&](ByteSource& source) { return loadFrom(source, control, options); });
}

SysprofProfile loadSysprof(const std::string& path, const DecodeControl& control, const SysprofLoadOptions& options,
                           const SysprofSnapshots& snapshots)
{
    return fromFile(path, control, [&](ByteSource& source) { return loadFrom(source, control, options, &snapshots); });
}

SysprofProfile loadSysprof(std::span<const std::uint8_t> bytes, const DecodeControl& control,
                           const SysprofLoadOptions& options)
{
    SpanByteSource source(bytes);
    return loadFrom(source, control, options);
}

} // namespace memprof
