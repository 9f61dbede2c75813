// SPDX-License-Identifier: GPL-3.0-or-later
// What the whole run's load keeps so that an event window can be counted
// again without decoding the whole dump (WindowRecount.h): the run cut into
// segments at checkpoints, each checkpoint where the decoder can resume, and
// per segment what its events added to the rows, the Overrides and the size
// histogram, and its peak of live bytes. A window's re-count adds up the
// segments inside it and decodes only the segments at its edges.
//
// The block map is not kept: a segment's replay needs only the blocks its
// events release that were allocated in an earlier segment, and the live
// figures need the blocks that outlive a segment. Both are `records`: every
// block released in a later segment than the one that allocated it, in the
// order released, and every block live at the end, in address order.
//
// Memory: per checkpoint ~1.1 KB (the size histogram), per segment the rows
// (32 bytes each) and Override pairs (about 5 bytes) its events touched,
// per record about 9 bytes in the order released and 5-6 live at the end
// (packed), the location keys (~40 bytes per location), the owner renames
// (16 bytes each) and 8 bytes per Override pair. At most kMaxSegments
// segments: a longer run gets longer segments. On a real 153 MB dump with
// long-lived blocks (27 segments, 3.3 M records): 17 MB; on the 4 GiB
// synthetic dump (56 segments, 11.4 M records, 7.1 M of them live at the
// end): 131 MB (bench/README.md).
#pragma once

#include "model/memprofile/LocationKey.h"
#include "model/memprofile/OverrideTable.h"
#include "model/memprofile/Profile.h"
#include "model/memprofile/SizeHistogram.h"
#include "model/support/SaturatingMath.h"

#include <absl/container/flat_hash_map.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <vector>

namespace memprof {

// The index's packed figures are ULEB128s that it wrote itself (no bounds
// to check on reading, unlike a dump's: model/dump/ByteCursor.h).
namespace packed {
inline std::uint8_t* putUleb(std::uint8_t* out, std::uint64_t value)
{
    while (value >= 0x80) {
        *out++ = static_cast<std::uint8_t>(value | 0x80);
        value >>= 7;
    }
    *out++ = static_cast<std::uint8_t>(value);
    return out;
}
inline std::uint64_t takeUleb(const std::uint8_t*& p)
{
    std::uint64_t value = 0;
    for (unsigned shift = 0;; shift += 7) {
        const std::uint8_t byte = *p++;
        value |= std::uint64_t(byte & 0x7f) << shift;
        if (!(byte & 0x80))
            return value;
    }
}
constexpr std::size_t kMaxUlebBytes = 10;
} // namespace packed

struct WindowIndex {
    // Each block in the builder's map carries the segment that allocated it
    // in the location bits above kOwnerBits (8 bits: 256 segments), so a
    // dump with more locations than 2^kOwnerBits (8 M) keeps no index.
    static constexpr unsigned kOwnerBits = 23;
    static constexpr std::uint32_t kMaxSegments = 256;
    // Events per segment at least; more when the dump could hold more than
    // kMaxSegments times as many (3 bytes per event at least).
    static constexpr std::uint64_t kMinSegmentEvents = std::uint64_t{1} << 19;

    struct Checkpoint {
        std::uint64_t eventCount = 0; // events before it
        std::uint64_t offset = 0; // where the next event starts
        SizeHistogram sizeHistogram; // of the events before it (sums modulo 2^64)
        Int128 liveBytes = 0; // live then, exactly
    };
    struct RowSums {
        LocationId location = 0;
        std::uint64_t eventCount = 0;
        std::uint64_t allocatedBytes = 0;
        std::uint64_t freedBytes = 0;
    };
    // A segment's Override sums, packed (a dump has up to hundreds of
    // thousands of pairs, and a segment of half a million events touches
    // tens of thousands): per pair ULEB128s of its number's distance from
    // the pair before (pairKeys; added in ascending order, so the distance
    // is small) shifted left by one, with the low bit set when allocated
    // bytes follow (never for frees); then the allocated bytes if any, the
    // freed bytes, the count with its overflow bits (OverrideTable::Sums).
    // About 5-6 bytes a pair instead of 32.
    class PackedOverrides {
    public:
        // `pairNumber` above the last one added.
        void add(std::uint32_t pairNumber, const OverrideTable::Sums& sums);
        template <class Visit>
        void forEach(Visit visit) const;
        std::size_t memoryBytes() const { return bytes_.capacity(); }
        void shrink() { bytes_.shrink_to_fit(); }

    private:
        std::vector<std::uint8_t> bytes_;
        std::uint32_t lastPair_ = 0;
    };
    struct Segment {
        std::array<std::vector<RowSums>, 3> rows; // by EventKind
        std::array<PackedOverrides, 2> overrides; // realloc, free
        std::uint64_t peakLiveBytes = 0; // the most live after any of its events (saturated)
        std::uint64_t peakEventIndex = 0; // the first event reaching it (0: none above 0)
        std::size_t firstRecord = 0; // the records its events released start here
    };
    struct Record {
        std::uint64_t addr = 0;
        std::uint64_t size = 0;
        LocationId owner = 0;
        std::uint32_t placedSegment = 0; // the segment of the event that allocated it
    };
    // Records packed as they come: per record ULEB128s of the address's
    // distance from the record before it (zigzag; a byte or two for the
    // blocks live at the end, pushed in address order), the size, the
    // owner and the placing segment, about 5 bytes instead of 16 (a real
    // dump with long-lived blocks has millions of records). They are read
    // in runs: startRun() begins one (at each segment's first record and at
    // the first record live at the end), and forEach reads from a run's
    // start.
    // Bytes go in chunks of kChunkBytes, never copied as they grow.
    class Records {
    public:
        void startRun()
        {
            runs_.push_back({size_, chunks_.empty() ? 0 : chunks_.size() - 1, used_});
            previousAddr_ = 0;
        }
        void push(const Record& record)
        {
            if (chunks_.empty() || kChunkBytes - used_ < kMaxRecordBytes) [[unlikely]]
                newChunk();
            std::uint8_t* out = chunks_.back().get() + used_;
            const std::uint8_t* const start = out;
            const std::uint64_t delta = record.addr - previousAddr_;
            out = packed::putUleb(out, delta << 1 ^ (std::int64_t(delta) < 0 ? ~std::uint64_t{0} : 0)); // zigzag
            out = packed::putUleb(out, record.size);
            out = packed::putUleb(out, record.owner);
            out = packed::putUleb(out, record.placedSegment);
            used_ += static_cast<std::size_t>(out - start);
            previousAddr_ = record.addr;
            ++size_;
        }
        std::size_t size() const { return size_; }
        // Records from..to-1, `from` a run's first record.
        template <class Visit>
        void forEach(std::size_t from, std::size_t to, Visit visit) const;
        std::size_t memoryBytes() const { return chunks_.size() * kChunkBytes + runs_.capacity() * sizeof(Run); }

    private:
        static constexpr std::size_t kChunkBytes = std::size_t{1} << 20;
        static constexpr std::size_t kMaxRecordBytes = 4 * packed::kMaxUlebBytes;
        struct Run {
            std::size_t firstRecord;
            std::size_t chunk;
            std::size_t offset;
        };
        void newChunk();
        std::vector<std::unique_ptr<std::uint8_t[]>> chunks_;
        std::vector<std::size_t> chunkUsed_; // bytes used in each chunk but the last
        std::vector<Run> runs_;
        std::size_t used_ = 0; // in the last chunk
        std::size_t size_ = 0;
        std::uint64_t previousAddr_ = 0;
    };
    // From event index `eventIndex` on, the events at `row` allocate for
    // `owner` (a symbol renamed the identity; see ProfileBuilder's Located).
    struct OwnerChange {
        std::uint64_t eventIndex = 0;
        LocationId row = 0;
        LocationId owner = 0;
    };

    // Events per segment, set before the load; 0: chosen from the dump's
    // size (kMinSegmentEvents at least). Tests cut small dumps finely.
    std::uint64_t segmentEvents = 0;
    bool usable = false;
    std::uint64_t totalBytes = 0; // of the dump; a re-count checks it
    std::uint8_t eventsVersion = 0;
    std::uint64_t eventCount = 0;
    std::vector<Checkpoint> checkpoints; // the first at event 0
    std::vector<Segment> segments; // segment s: events after checkpoint s up to the next
    Records records; // released ones by segment, then those live at the end
    std::size_t firstRecordLiveAtEnd = 0;
    absl::flat_hash_map<LocationKey, LocationId> rowOfKey;
    std::vector<LocationId> rowOfOwner; // each location's reference row (itself, or the row it renames)
    std::vector<OwnerChange> ownerChanges; // in event order
    // Per Override table (realloc, free): each pair's key
    // (OverrideTable::keyOf(row, primary)) by its number.
    std::array<std::vector<std::uint64_t>, 2> pairKeys;

    // The segment holding 1-based event `index` (<= eventCount).
    std::size_t segmentOf(std::uint64_t index) const;
    // Bytes held, roughly (capacities): the memory bound's figure.
    std::size_t memoryBytes() const;
};

template <class Visit>
void WindowIndex::PackedOverrides::forEach(Visit visit) const
{
    const std::uint8_t* p = bytes_.data();
    const std::uint8_t* const end = p + bytes_.size();
    std::uint32_t pairNumber = 0;
    while (p < end) {
        const std::uint64_t step = packed::takeUleb(p);
        pairNumber += static_cast<std::uint32_t>(step >> 1);
        OverrideTable::Sums sums;
        if (step & 1)
            sums.allocatedBytes = packed::takeUleb(p);
        sums.freedBytes = packed::takeUleb(p);
        sums.blocksAndOverflow = packed::takeUleb(p);
        visit(pairNumber, sums);
    }
}

template <class Visit>
void WindowIndex::Records::forEach(std::size_t from, std::size_t to, Visit visit) const
{
    if (from >= to)
        return;
    // The run starting at `from` (one always does: see startRun).
    const auto run = std::lower_bound(runs_.begin(), runs_.end(), from,
                                      [](const Run& r, std::size_t first) { return r.firstRecord < first; });
    if (run == runs_.end() || run->firstRecord != from)
        throw std::logic_error("WindowIndex::Records: not a run's first record");
    std::size_t chunk = run->chunk;
    std::size_t offset = run->offset;
    std::uint64_t addr = 0;
    auto nextRun = run + 1;
    for (std::size_t i = from; i < to; ++i) {
        for (; nextRun != runs_.end() && nextRun->firstRecord == i; ++nextRun)
            addr = 0; // each run's first address is told whole
        const std::size_t chunkEnd = chunk + 1 < chunks_.size() ? chunkUsed_[chunk] : used_;
        if (offset == chunkEnd) {
            ++chunk;
            offset = 0;
        }
        const std::uint8_t* p = chunks_[chunk].get() + offset;
        const std::uint64_t zigzag = packed::takeUleb(p);
        addr += (zigzag >> 1) ^ (~(zigzag & 1) + 1);
        Record record;
        record.addr = addr;
        record.size = packed::takeUleb(p);
        record.owner = static_cast<LocationId>(packed::takeUleb(p));
        record.placedSegment = static_cast<std::uint32_t>(packed::takeUleb(p));
        offset = static_cast<std::size_t>(p - chunks_[chunk].get());
        visit(record);
    }
}

} // namespace memprof
