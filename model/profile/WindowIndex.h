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
// order released, and every block live at the end.
//
// Memory: per checkpoint ~1.1 KB (the size histogram), per segment the rows
// (32 bytes each) and Override pairs (about 8) its events touched, 16 bytes
// per record
// (on the 20 M-event benchmark dump: see bench/README.md), the location keys
// (~40 bytes per location), the owner renames (16 bytes each) and 8 bytes
// per Override pair. At most kMaxSegments segments: a longer run gets longer
// segments. On the 20 M-event benchmark dump (38 segments, 967,150
// records, 334,672 pairs): 32 MB.
#pragma once

#include "model/profile/LocationKey.h"
#include "model/profile/OverrideTable.h"
#include "model/profile/Profile.h"
#include "model/profile/SizeHistogram.h"
#include "model/support/SaturatingMath.h"

#include <absl/container/flat_hash_map.h>

#include <array>
#include <cstdint>
#include <vector>

namespace memprof {

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
        std::uint64_t offset = 0;     // where the next event starts
        SizeHistogram sizeHistogram;  // of the events before it (sums modulo 2^64)
        Int128 liveBytes = 0;         // live then, exactly
    };
    struct RowSums {
        LocationId location = 0;
        std::uint64_t eventCount = 0;
        std::uint64_t allocatedBytes = 0;
        std::uint64_t freedBytes = 0;
    };
    // A segment's Override sums, packed (a dump has up to hundreds of
    // thousands of pairs, and a segment of half a million events touches
    // tens of thousands): per pair ULEB128s of its number (pairKeys), the
    // allocated bytes, the freed bytes, the count. About 8 bytes a pair
    // instead of 32.
    class PackedOverrides {
    public:
        void add(std::uint32_t pairNumber, const OverrideTable::Sums& sums);
        template <class Visit>
        void forEach(Visit visit) const;
        std::size_t memoryBytes() const { return bytes_.capacity(); }
        void shrink() { bytes_.shrink_to_fit(); }

    private:
        void put(std::uint64_t value);
        std::vector<std::uint8_t> bytes_;
    };
    struct Segment {
        std::array<std::vector<RowSums>, 3> rows;     // by EventKind
        std::array<PackedOverrides, 2> overrides;     // realloc, free
        std::uint64_t peakLiveBytes = 0;                    // the most live after any of its events (saturated)
        std::uint64_t peakEventIndex = 0;                   // the first event reaching it (0: none above 0)
        std::size_t firstRecord = 0;                        // the records its events released start here
    };
    struct Record {
        std::uint64_t addr = 0;
        std::uint64_t size = 0;
        LocationId owner = 0;
        std::uint32_t placedSegment = 0; // the segment of the event that allocated it
    };
    // Records in 16 bytes each: the owner and the segment share 32 bits as
    // in the builder's blocks, sizes of 4 GiB and more go to a side table.
    class Records {
    public:
        void push(const Record& record);
        Record operator[](std::size_t i) const
        {
            const Packed& p = packed_[i];
            return {p.addr, p.size == kOversize ? oversize_.at(i) : p.size, p.ownerAndSegment & kOwnerMask,
                    p.ownerAndSegment >> kOwnerBits};
        }
        std::size_t size() const { return packed_.size(); }
        std::size_t memoryBytes() const;
        void shrink() { packed_.shrink_to_fit(); }

    private:
        static constexpr std::uint32_t kOversize = 0xffffffffu;
        static constexpr std::uint32_t kOwnerMask = (std::uint32_t{1} << kOwnerBits) - 1;
        struct Packed {
            std::uint64_t addr;
            std::uint32_t size;
            std::uint32_t ownerAndSegment;
        };
        std::vector<Packed> packed_;
        absl::flat_hash_map<std::size_t, std::uint64_t> oversize_;
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
    std::vector<Segment> segments;       // segment s: events after checkpoint s up to the next
    Records records;                     // released ones by segment, then those live at the end
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
    const auto next = [&p] {
        std::uint64_t value = 0;
        for (unsigned shift = 0;; shift += 7) {
            const std::uint8_t byte = *p++;
            value |= std::uint64_t(byte & 0x7f) << shift;
            if (!(byte & 0x80))
                return value;
        }
    };
    while (p < end) {
        const auto pairNumber = static_cast<std::uint32_t>(next());
        OverrideTable::Sums sums;
        sums.allocatedBytes = next();
        sums.freedBytes = next();
        sums.blockCount = next();
        visit(pairNumber, sums);
    }
}

} // namespace memprof
