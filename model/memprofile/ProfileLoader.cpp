// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/memprofile/ProfileLoader.h"
#include "model/memdecoder/MemprofDecoder.h"
#include "model/memprofile/ProfileBuilder.h"

namespace memprof {

namespace {
Profile decodeInto(ByteSource& source, const DecodeControl& control, EventObserver* observer, RunRange window,
                   WindowIndex* index = nullptr, const ProfileSnapshots* snapshots = nullptr,
                   Counting counting = Counting::OnThread)
{
    ProfileBuilder builder(counting);
    builder.setObserver(observer);
    builder.setWindow(window);
    builder.keepWindowIndex(index, source.totalSize());
    if (!snapshots || !snapshots->deliver)
        return builder.finish(decode(source, builder, control));
    builder.setSnapshotSink(snapshots->deliver, source.totalSize());
    return builder.finish(decode(source, builder, requestingSnapshots(control, snapshots->interval, builder)));
}

// Runs `load` on the file at `path`; a file that cannot be opened gives a
// Failed status naming why.
template <class Load>
Profile fromFile(const std::string& path, const DecodeControl& control, Load&& load)
{
    FileByteSource source(path, control.stop, control.follow);
    if (!source.isOpen() || source.failed()) {
        Profile profile;
        profile.status = cannotOpenStatus(source.errorText());
        return profile;
    }
    return load(source);
}

// Counts the events and nothing else.
struct EventCounter {
    std::uint64_t eventCount = 0;
    void lfunc(const LfuncSymbol&) {}
    void cfunc(const CfuncSymbol&) {}
    void trace(const TraceSymbol&) {}
    void symtabEnd() {}
    void alloc(const AllocEvent&) { ++eventCount; }
    void realloc(const ReallocEvent&) { ++eventCount; }
    void free(const FreeEvent&) { ++eventCount; }
};
} // namespace

Profile loadProfile(const std::string& path, const DecodeControl& control, EventObserver* observer, RunRange window)
{
    return fromFile(path, control, [&](ByteSource& source) { return decodeInto(source, control, observer, window); });
}

Profile loadProfile(const std::string& path, const DecodeControl& control, Counting counting)
{
    return fromFile(path, control, [&](ByteSource& source) {
        return decodeInto(source, control, nullptr, {}, nullptr, nullptr, counting);
    });
}

Profile loadProfile(const std::string& path, const DecodeControl& control, const ProfileSnapshots& snapshots)
{
    return fromFile(path, control,
                    [&](ByteSource& source) { return decodeInto(source, control, nullptr, {}, nullptr, &snapshots); });
}

Profile loadProfile(std::span<const std::uint8_t> bytes, const DecodeControl& control, EventObserver* observer,
                    RunRange window)
{
    SpanByteSource source(bytes);
    return decodeInto(source, control, observer, window);
}

Profile loadProfileWithIndex(const std::string& path, WindowIndex& index, const DecodeControl& control,
                             EventObserver* observer)
{
    index.usable = false; // until a read fills it
    return fromFile(path, control,
                    [&](ByteSource& source) { return decodeInto(source, control, observer, {}, &index); });
}

Profile loadProfileWithIndex(std::span<const std::uint8_t> bytes, WindowIndex& index, const DecodeControl& control,
                             EventObserver* observer)
{
    SpanByteSource source(bytes);
    return decodeInto(source, control, observer, {}, &index);
}

DecodeStatus countEvents(const std::string& path, std::uint64_t& eventCount)
{
    eventCount = 0;
    FileByteSource source(path);
    if (!source.isOpen() || source.failed())
        return cannotOpenStatus(source.errorText());
    EventCounter counter;
    const DecodeStatus status = decode(source, counter);
    eventCount = counter.eventCount;
    return status;
}

std::string describeStatus(const DecodeStatus& status)
{
    switch (status.end) {
    case DecodeEnd::Complete:
        if (status.trailingBytes > 0)
            return std::to_string(status.trailingBytes) + " bytes after the epilogue at byte " +
                   std::to_string(status.bytesConsumed) + " were ignored";
        return "complete";
    case DecodeEnd::Truncated:
        return "the profile ends at byte " +
               std::to_string(status.totalBytes ? status.totalBytes : status.bytesConsumed) +
               " without its epilogue (" + status.truncationReason + "); the events before byte " +
               std::to_string(status.truncatedAt) + " were kept";
    case DecodeEnd::Cancelled:
        return "loading was cancelled at byte " + std::to_string(status.bytesConsumed);
    case DecodeEnd::Failed:
        return "byte " + std::to_string(status.error.offset) + ": " + toString(status.error.kind) + ": " +
               status.error.message;
    case DecodeEnd::Reading:
        return "reading, " + std::to_string(status.bytesConsumed) + " of " + std::to_string(status.totalBytes) +
               " bytes";
    }
    return {};
}

} // namespace memprof
