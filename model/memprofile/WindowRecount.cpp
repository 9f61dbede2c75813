// SPDX-License-Identifier: GPL-3.0-or-later
// A window's figures from the index (WindowIndex.h): the segments wholly
// inside the window add their stored sums; the segments holding the
// window's first event, its last event and its peak are decoded again
// ("replayed") with a block map of their own, which starts with the blocks
// the segment releases that an earlier segment allocated (the index's
// records). The live figures are the records that outlive the segment in
// question plus what its replay holds at the event in question.
#include "model/memprofile/WindowRecount.h"

#include "model/dump/ByteSource.h"
#include "model/dump/DumpRangeReader.h"
#include "model/memdecoder/MemprofDecoder.h"
#include "model/memprofile/LocationRows.h"
#include "model/memprofile/ProfileLoader.h"
#include "model/memprofile/ProfileSums.h"
#include "model/support/SaturatingMath.h"

#include <absl/container/flat_hash_set.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <fcntl.h>
#include <memory>
#include <mutex>
#include <optional>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace memprof {

namespace {

struct KindSums {
    std::uint64_t eventCount = 0;
    std::uint64_t allocatedBytes = 0;
    std::uint64_t freedBytes = 0;
};

// The window's rows, Overrides and sizes, as they are added up. The
// Overrides of whole segments by pair number (WindowIndex::pairKeys), those
// of replayed events by key.
struct WindowSums {
    std::array<std::vector<KindSums>, 3> rows;
    std::array<absl::flat_hash_map<std::uint64_t, OverrideTable::Sums>, 2> overrides;
    std::array<std::vector<OverrideTable::Sums>, 2> pairs;
    SizeHistogram sizeHistogram;

    explicit WindowSums(std::size_t locationCount)
    {
        for (auto& perKind : rows)
            perKind.resize(locationCount);
    }
    void addRow(int kind, LocationId id, std::uint64_t eventCount, std::uint64_t allocatedBytes,
                std::uint64_t freedBytes)
    {
        KindSums& row = rows[kind][id];
        row.eventCount += eventCount;
        row.allocatedBytes = saturatingSum(row.allocatedBytes, allocatedBytes);
        row.freedBytes = saturatingSum(row.freedBytes, freedBytes);
    }
    void add(const WindowSums& other)
    {
        for (int kind = 0; kind < 3; ++kind)
            for (LocationId id = 0; id < rows[kind].size(); ++id) {
                const KindSums& s = other.rows[kind][id];
                if (s.eventCount > 0)
                    addRow(kind, id, s.eventCount, s.allocatedBytes, s.freedBytes);
            }
        for (int table = 0; table < 2; ++table)
            for (const auto& [key, sums] : other.overrides[table])
                overrides[table][key].add(sums);
        for (std::size_t b = 0; b < SizeHistogram::kBucketCount; ++b) {
            sizeHistogram.allocCount[b] += other.sizeHistogram.allocCount[b];
            sizeHistogram.allocatedBytes[b] += other.sizeHistogram.allocatedBytes[b];
        }
    }
};

// A live block in a replay: allocated in the segment (`local`, at event
// `placed`), or a record of an earlier segment's.
struct ReplayBlock {
    std::uint64_t size = 0;
    std::uint64_t placed = 0;
    LocationId owner = 0;
    std::uint32_t placedSegment = 0;
    bool local = false;
};

struct CapturedBlock {
    std::uint64_t addr;
    ReplayBlock block;
};

// One segment decoded again: what its events in the window add, its peak in
// the window, its live blocks at one event, and the addresses of the blocks
// it allocated in the window that outlive it.
class SegmentReplay {
public:
    SegmentReplay(const WindowIndex& index, std::size_t segment, std::uint64_t first, std::uint64_t last,
                  std::uint64_t captureAt, std::uint64_t stopAfter, bool tally)
        : index_(index),
          segment_(static_cast<std::uint32_t>(segment)),
          first_(first),
          last_(last),
          captureAt_(captureAt),
          stopAfter_(stopAfter),
          sums_(tally ? index.rowOfOwner.size() : 0),
          tally_(tally)
    {
        const WindowIndex::Checkpoint& start = index.checkpoints[segment];
        eventIndex_ = start.eventCount;
        live_ = start.liveBytes;
        owners_.resize(index.rowOfOwner.size());
        for (LocationId id = 0; id < owners_.size(); ++id)
            owners_[id] = id;
        const auto& changes = index.ownerChanges;
        for (; nextChange_ < changes.size() && changes[nextChange_].eventIndex <= eventIndex_; ++nextChange_)
            owners_[changes[nextChange_].row] = changes[nextChange_].owner;
        const std::size_t from = index.segments[segment].firstRecord;
        const std::size_t to =
            segment + 1 < index.segments.size() ? index.segments[segment + 1].firstRecord : index.firstRecordLiveAtEnd;
        blocks_.reserve(to - from);
        index.records.forEach(from, to, [this](const WindowIndex::Record& record) {
            blocks_[record.addr] = {record.size, 0, record.owner, record.placedSegment, false};
        });
    }

    void lfunc(const LfuncSymbol&) {}
    void cfunc(const CfuncSymbol&) {}
    void trace(const TraceSymbol&) {}
    void symtabEnd() {}
    void alloc(const AllocEvent& e)
    {
        if (++eventIndex_ > stopAfter_) [[unlikely]]
            return;
        const auto [row, owner] = locate(e.loc);
        const bool in = eventIndex_ >= first_ && eventIndex_ <= last_;
        if (in && tally_)
            tallyEvent(0, row, 0, e.nsize);
        place(e.naddr, e.nsize, owner);
        endEvent(in);
    }
    void realloc(const ReallocEvent& e)
    {
        if (++eventIndex_ > stopAfter_) [[unlikely]]
            return;
        const auto [row, owner] = locate(e.loc);
        const bool in = eventIndex_ >= first_ && eventIndex_ <= last_;
        if (in && tally_)
            tallyEvent(1, row, e.osize, e.nsize);
        release(0, owner, e.oaddr, e.nsize, in);
        place(e.naddr, e.nsize, owner);
        endEvent(in);
    }
    void free(const FreeEvent& e)
    {
        if (++eventIndex_ > stopAfter_) [[unlikely]]
            return;
        const auto [row, owner] = locate(e.loc);
        const bool in = eventIndex_ >= first_ && eventIndex_ <= last_;
        if (in && tally_)
            tallyEvent(2, row, e.osize, 0);
        release(1, owner, e.oaddr, 0, in);
        endEvent(in);
    }

    // After the decode: the addresses of the blocks allocated in the window
    // still live at the segment's end.
    absl::flat_hash_set<std::uint64_t> windowBlocksAtEnd() const
    {
        absl::flat_hash_set<std::uint64_t> addrs;
        for (const auto& [addr, block] : blocks_)
            if (block.local && block.placed >= first_ && block.placed <= last_)
                addrs.insert(addr);
        return addrs;
    }

    std::uint64_t eventIndex() const { return eventIndex_; }
    bool failed() const { return failed_; }
    std::uint64_t peakBytes() const { return peakBytes_; }
    std::uint64_t peakIndex() const { return peakIndex_; }
    const WindowSums& sums() const { return sums_; }
    const std::vector<CapturedBlock>& captured() const { return captured_; }

private:
    struct Recent {
        LocationKey key{~0ull, ~0ull, ~0ull};
        LocationId row = 0;
    };

    std::pair<LocationId, LocationId> locate(const Location& loc)
    {
        const auto& changes = index_.ownerChanges;
        while (nextChange_ < changes.size() && changes[nextChange_].eventIndex <= eventIndex_)
            [[unlikely]]
            {
                owners_[changes[nextChange_].row] = changes[nextChange_].owner;
                ++nextChange_;
            }
        const LocationKey key = locationKeyOf(loc);
        Recent& recent = recent_[key.mixed() >> 54];
        if (!(recent.key == key)) {
            const auto it = index_.rowOfKey.find(key);
            if (it == index_.rowOfKey.end()) [[unlikely]] {
                failed_ = true; // not the dump indexed
                return {0, 0};
            }
            recent = {key, it->second};
        }
        return {recent.row, owners_[recent.row]};
    }

    void tallyEvent(int kind, LocationId row, std::uint64_t freedBytes, std::uint64_t allocatedBytes)
    {
        sums_.addRow(kind, row, 1, allocatedBytes, freedBytes);
        if (kind != 2)
            sums_.sizeHistogram.add(allocatedBytes);
    }

    void release(int table, LocationId owner, std::uint64_t addr, std::uint64_t allocatedBytes, bool in)
    {
        const auto it = blocks_.find(addr);
        if (it == blocks_.end())
            return;
        const ReplayBlock& block = it->second;
        if (in && tally_)
            sums_.overrides[table][OverrideTable::keyOf(index_.rowOfOwner[owner], index_.rowOfOwner[block.owner])]
                .addBlock(allocatedBytes, block.size);
        live_ -= block.size;
        blocks_.erase(it);
    }

    void place(std::uint64_t addr, std::uint64_t size, LocationId owner)
    {
        auto [it, inserted] = blocks_.try_emplace(addr);
        if (!inserted)
            live_ -= it->second.size;
        it->second = {size, eventIndex_, owner, segment_, true};
        live_ += size;
    }

    void endEvent(bool in)
    {
        if (in) {
            const std::uint64_t live = saturatedUnsigned(live_);
            if (live > peakBytes_) {
                peakBytes_ = live;
                peakIndex_ = eventIndex_;
            }
        }
        if (eventIndex_ == captureAt_) [[unlikely]] {
            captured_.reserve(blocks_.size());
            for (const auto& [addr, block] : blocks_)
                captured_.push_back({addr, block});
        }
    }

    const WindowIndex& index_;
    const std::uint32_t segment_;
    const std::uint64_t first_;
    const std::uint64_t last_;
    const std::uint64_t captureAt_;
    const std::uint64_t stopAfter_;
    WindowSums sums_;
    const bool tally_;
    std::uint64_t eventIndex_ = 0;
    Int128 live_ = 0;
    std::uint64_t peakBytes_ = 0;
    std::uint64_t peakIndex_ = 0;
    bool failed_ = false;
    std::vector<LocationId> owners_;
    std::size_t nextChange_ = 0;
    std::array<Recent, 1024> recent_{};
    absl::flat_hash_map<std::uint64_t, ReplayBlock> blocks_;
    std::vector<CapturedBlock> captured_;
};

// The bytes of segment `s`.
std::pair<std::uint64_t, std::uint64_t> segmentBytes(const WindowIndex& index, std::size_t s)
{
    const std::uint64_t from = index.checkpoints[s].offset;
    const std::uint64_t to = s + 1 < index.checkpoints.size() ? index.checkpoints[s + 1].offset : index.totalBytes;
    return {from, to - from};
}

// The events segment `s` holds.
std::uint64_t segmentEnd(const WindowIndex& index, std::size_t s)
{
    return s + 1 < index.checkpoints.size() ? index.checkpoints[s + 1].eventCount : index.eventCount;
}

struct LiveSums {
    Int128 bytes = 0;
    std::uint64_t blocks = 0;
};

std::vector<HeldRow> liveRowsOf(const std::vector<LiveSums>& live)
{
    std::vector<HeldRow> rows;
    for (LocationId id = 0; id < live.size(); ++id)
        if (live[id].blocks > 0)
            rows.push_back(heldRowOf(id, live[id].bytes, live[id].blocks));
    return rows;
}

std::vector<LocationRow> rowsOf(const WindowSums& sums, int kind,
                                const std::array<std::vector<std::uint64_t>, 2>& pairKeys)
{
    return locationRows(sums.rows[kind], [&](const auto& take) {
        if (kind == 0)
            return;
        absl::flat_hash_map<std::uint64_t, OverrideTable::Sums> replayed = sums.overrides[kind - 1];
        const std::vector<OverrideTable::Sums>& pairs = sums.pairs[kind - 1];
        for (std::size_t pair = 0; pair < pairs.size(); ++pair) {
            if (pairs[pair].blockCount() == 0)
                continue;
            const std::uint64_t key = pairKeys[kind - 1][pair];
            OverrideTable::Sums o = pairs[pair];
            if (const auto it = replayed.find(key); it != replayed.end()) {
                o.add(it->second);
                replayed.erase(it);
            }
            take(key, o);
        }
        for (const auto& [key, o] : replayed)
            take(key, o);
    });
}

// What a replay's decode ended with, when it cannot be used: cancelled, or
// the dump no longer the one indexed.
enum class ReplayEnd { Done, Cancelled, Changed };

class Recount {
public:
    Recount(const DumpRangeReader& dump, const WindowIndex& index, const DecodeControl& control)
        : dump_(dump), index_(index), control_(control)
    {}

    // The window's profile, or nullopt when the dump changed.
    std::optional<Profile> run(const Profile& whole, RunRange window);

private:
    ReplayEnd replay(SegmentReplay& replay, std::size_t segment, std::uint64_t& bytesDone)
    {
        const auto [offset, length] = segmentBytes(index_, segment);
        std::unique_ptr<ByteSource> source = dump_.range(offset, length);
        DecodeControl control;
        control.stop = control_.stop;
        control.blockSize = control_.blockSize;
        if (control_.progress) {
            const std::uint64_t base = bytesDone;
            control.progress = [this, base](std::uint64_t done, std::uint64_t) {
                std::lock_guard lock(progressMutex_);
                control_.progress(base + done, plannedBytes_);
            };
        }
        const DecodeStatus status = decodeEvents(*source, replay, index_.eventsVersion, control);
        bytesDone += length;
        if (status.end == DecodeEnd::Cancelled)
            return ReplayEnd::Cancelled;
        const bool complete = replay.eventIndex() == segmentEnd(index_, segment);
        return replay.failed() || !complete ? ReplayEnd::Changed : ReplayEnd::Done;
    }

    const DumpRangeReader& dump_;
    const WindowIndex& index_;
    const DecodeControl& control_;
    std::mutex progressMutex_;
    std::uint64_t plannedBytes_ = 0;
};

std::optional<Profile> Recount::run(const Profile& whole, RunRange window)
{
    const WindowIndex& index = index_;
    const std::uint64_t eventCount = index.eventCount;
    const std::uint64_t first = std::max<std::uint64_t>(window.first, 1);
    const std::uint64_t last = std::min(window.last, eventCount);
    const bool any = first <= last;
    const std::size_t locationCount = index.rowOfOwner.size();

    Profile profile;
    profile.status = whole.status;
    profile.window = window;
    profile.functions = whole.functions;
    profile.aliases = whole.aliases;
    profile.locations = whole.locations;
    profile.totals = whole.totals;
    profile.timeline = whole.timeline;
    profile.heldHistory = whole.heldHistory;

    WindowSums sums(locationCount);
    std::uint64_t peakBytes = 0;
    std::uint64_t peakIndex = 0;
    const auto takePeak = [&](std::uint64_t bytes, std::uint64_t at) {
        if (bytes > peakBytes) { // parts in event order: the first event wins a tie
            peakBytes = bytes;
            peakIndex = at;
        }
    };
    std::size_t firstSegment = 0, lastSegment = 0;
    std::optional<SegmentReplay> atFirst, atLast;
    std::uint64_t bytesDone = 0;
    const auto cancelled = [&] {
        Profile p;
        p.status = whole.status;
        p.status.end = DecodeEnd::Cancelled;
        p.window = window;
        return p;
    };

    if (last >= 1) {
        lastSegment = index.segmentOf(last);
        firstSegment = any ? index.segmentOf(first) : lastSegment;
        const bool one = firstSegment == lastSegment;
        plannedBytes_ = segmentBytes(index, firstSegment).second + (one ? 0 : segmentBytes(index, lastSegment).second);
        // The edges: the first event's segment on this thread, the last's on
        // another (each has its own map; both only read the index).
        atFirst.emplace(index, firstSegment, first, any ? last : 0, one ? last : 0, ~std::uint64_t{0}, any);
        if (!one)
            atLast.emplace(index, lastSegment, first, last, last, ~std::uint64_t{0}, true);
        ReplayEnd lastEnd = ReplayEnd::Done;
        std::uint64_t lastBytesDone = segmentBytes(index, firstSegment).second;
        std::thread other;
        if (atLast)
            other = std::thread([&] { lastEnd = replay(*atLast, lastSegment, lastBytesDone); });
        const ReplayEnd firstEnd = replay(*atFirst, firstSegment, bytesDone);
        if (other.joinable())
            other.join();
        bytesDone = lastBytesDone;
        if (firstEnd == ReplayEnd::Cancelled || lastEnd == ReplayEnd::Cancelled)
            return cancelled();
        if (firstEnd == ReplayEnd::Changed || lastEnd == ReplayEnd::Changed)
            return std::nullopt;

        if (any) {
            sums.add(atFirst->sums());
            takePeak(atFirst->peakBytes(), atFirst->peakIndex());
            for (std::size_t s = firstSegment + 1; s < lastSegment; ++s) {
                const WindowIndex::Segment& segment = index.segments[s];
                for (int kind = 0; kind < 3; ++kind)
                    for (const WindowIndex::RowSums& r : segment.rows[kind])
                        sums.addRow(kind, r.location, r.eventCount, r.allocatedBytes, r.freedBytes);
                for (int table = 0; table < 2; ++table) {
                    std::vector<OverrideTable::Sums>& pairs = sums.pairs[table];
                    pairs.resize(index.pairKeys[table].size());
                    segment.overrides[table].forEach(
                        [&](std::uint32_t pair, const OverrideTable::Sums& o) { pairs[pair].add(o); });
                }
                takePeak(segment.peakLiveBytes, segment.peakEventIndex);
            }
            if (lastSegment > firstSegment + 1) {
                const SizeHistogram& to = index.checkpoints[lastSegment].sizeHistogram;
                const SizeHistogram& from = index.checkpoints[firstSegment + 1].sizeHistogram;
                for (std::size_t b = 0; b < SizeHistogram::kBucketCount; ++b) {
                    sums.sizeHistogram.allocCount[b] += to.allocCount[b] - from.allocCount[b];
                    sums.sizeHistogram.allocatedBytes[b] += to.allocatedBytes[b] - from.allocatedBytes[b];
                }
            }
            if (atLast) {
                sums.add(atLast->sums());
                takePeak(atLast->peakBytes(), atLast->peakIndex());
            }
        }
    }

    // Whether a block that outlived the segment that allocated it was
    // allocated in the window.
    absl::flat_hash_set<std::uint64_t> fromFirst, fromLast;
    if (any) {
        fromFirst = atFirst->windowBlocksAtEnd();
        if (atLast)
            fromLast = atLast->windowBlocksAtEnd();
    }
    const auto inWindow = [&](std::uint32_t placedSegment, std::uint64_t addr) {
        if (!any)
            return false;
        if (placedSegment == firstSegment)
            return fromFirst.contains(addr);
        if (placedSegment == lastSegment)
            return fromLast.contains(addr);
        return placedSegment > firstSegment && placedSegment < lastSegment;
    };
    // The blocks live after event `at` of `segment`, whose replay holds
    // `captured` then; `windowOnly`: those allocated in the window.
    const auto liveAt = [&](std::size_t segment, const std::vector<CapturedBlock>& captured, bool windowOnly) {
        std::vector<LiveSums> live(locationCount);
        const auto add = [&](LocationId owner, std::uint64_t size) {
            live[owner].bytes += size;
            live[owner].blocks += 1;
        };
        const std::size_t from =
            segment + 1 < index.segments.size() ? index.segments[segment + 1].firstRecord : index.firstRecordLiveAtEnd;
        index.records.forEach(from, index.records.size(), [&](const WindowIndex::Record& record) {
            if (record.placedSegment < segment && (!windowOnly || inWindow(record.placedSegment, record.addr)))
                add(record.owner, record.size);
        });
        for (const auto& [addr, block] : captured) {
            const bool allocatedInWindow =
                block.local ? any && block.placed >= first : inWindow(block.placedSegment, addr);
            if (!windowOnly || allocatedInWindow)
                add(block.owner, block.size);
        }
        return liveRowsOf(live);
    };

    if (last >= 1) {
        const std::vector<CapturedBlock>& atWindowEnd = (atLast ? atLast : atFirst)->captured();
        profile.heldAtWindowEnd = liveAt(lastSegment, atWindowEnd, false);
        profile.windowBlocksAtWindowEnd = liveAt(lastSegment, atWindowEnd, true);
        if (peakBytes > 0) {
            const std::size_t peakSegment = index.segmentOf(peakIndex);
            if (peakIndex == last) {
                profile.heldAtPeak = liveAt(lastSegment, atWindowEnd, false);
            } else {
                plannedBytes_ += segmentBytes(index, peakSegment).second;
                SegmentReplay atPeak(index, peakSegment, 1, 0, peakIndex, peakIndex, false);
                const ReplayEnd end = replay(atPeak, peakSegment, bytesDone);
                if (end == ReplayEnd::Cancelled)
                    return cancelled();
                if (end == ReplayEnd::Changed)
                    return std::nullopt;
                profile.heldAtPeak = liveAt(peakSegment, atPeak.captured(), false);
            }
        }
    }
    {
        std::vector<LiveSums> survivors(locationCount);
        index.records.forEach(index.firstRecordLiveAtEnd, index.records.size(), [&](const WindowIndex::Record& record) {
            if (inWindow(record.placedSegment, record.addr)) {
                survivors[record.owner].bytes += record.size;
                survivors[record.owner].blocks += 1;
            }
        });
        profile.heldAtEnd = liveRowsOf(survivors);
    }

    profile.allocations = rowsOf(sums, 0, index.pairKeys);
    profile.reallocations = rowsOf(sums, 1, index.pairKeys);
    profile.frees = rowsOf(sums, 2, index.pairKeys);
    profile.sizeHistogram = sums.sizeHistogram;
    sumRowsIntoTotals(profile, profile.totals);
    profile.totals.peakLiveBytes = peakBytes;
    profile.totals.peakEventIndex = peakIndex;
    profile.heapSummary = heapSummaryOf(profile);
    return profile;
}

} // namespace

Profile recountWindow(const std::string& path, const Profile& whole, const WindowIndex& index, RunRange window,
                      const DecodeControl& control)
{
    if (index.usable) {
        const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd >= 0) {
            struct stat st {};
            std::optional<Profile> profile;
            if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
                static_cast<std::uint64_t>(st.st_size) == index.totalBytes) {
                const FileRangeReader dump(fd);
                profile = Recount(dump, index, control).run(whole, window);
            }
            ::close(fd);
            if (profile)
                return std::move(*profile);
        }
    }
    return loadProfile(path, control, nullptr, window);
}

Profile recountWindow(std::span<const std::uint8_t> bytes, const Profile& whole, const WindowIndex& index,
                      RunRange window, const DecodeControl& control)
{
    if (index.usable && bytes.size() == index.totalBytes) {
        const SpanRangeReader dump(bytes);
        if (std::optional<Profile> profile = Recount(dump, index, control).run(whole, window))
            return std::move(*profile);
    }
    return loadProfile(bytes, control, nullptr, window);
}

} // namespace memprof
