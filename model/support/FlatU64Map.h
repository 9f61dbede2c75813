// SPDX-License-Identifier: GPL-3.0-or-later
// A hash map from 64-bit keys to small values for the aggregation's two big
// structures: the live blocks (block address -> size and location,
// hundreds of thousands of entries) and the Overrides (row and primary
// location -> counts, as many as there are pairs). Each event looks one of
// each up at random, and both outgrow the caches.
//
// Open addressing with linear probing over one array of slots (the value
// and its key side by side), so a look-up touches one or two cache lines,
// which prefetch() can fetch ahead of time (ProfileBuilder decodes a few
// events ahead). Deletion shifts the following slots back instead of
// leaving tombstones: the live blocks see as many frees as allocations, and
// tombstones would fill the array. bench/memprof-bench measures it against
// absl::flat_hash_map and std::unordered_map (bench/BlockMapAdapters.h).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>

#include <sys/mman.h>

namespace memprof {

template <class Value>
class FlatU64Map {
public:
    FlatU64Map() { allocate(kInitialCapacity); }

    std::size_t size() const { return count_ + (hasZeroKey_ ? 1 : 0); }

    // Brings the slot where `key` would be into the cache.
    void prefetch(std::uint64_t key) const { __builtin_prefetch(&slots_[home(key)]); }

    Value* find(std::uint64_t key)
    {
        if (key == kEmpty) [[unlikely]]
            return hasZeroKey_ ? &zeroKeyValue_ : nullptr;
        for (std::size_t i = home(key);; i = next(i)) {
            Slot& slot = slots_[i];
            if (slot.key == key)
                return &slot.value;
            if (slot.key == kEmpty)
                return nullptr;
        }
    }

    // The value of `key`, inserted as `value` if absent; `.second` is true
    // when it was inserted.
    std::pair<Value*, bool> tryEmplace(std::uint64_t key, const Value& value)
    {
        if (key == kEmpty) [[unlikely]] {
            const bool inserted = !hasZeroKey_;
            if (inserted)
                zeroKeyValue_ = value;
            hasZeroKey_ = true;
            return {&zeroKeyValue_, inserted};
        }
        std::size_t i = home(key);
        for (;; i = next(i)) {
            Slot& slot = slots_[i];
            if (slot.key == key)
                return {&slot.value, false};
            if (slot.key == kEmpty)
                break;
        }
        if ((count_ + 1) * kMaxLoadDenominator > capacity_ * kMaxLoadNumerator) [[unlikely]] {
            allocate(grownCapacity());
            return tryEmplace(key, value);
        }
        slots_[i] = Slot{value, key};
        ++count_;
        return {&slots_[i].value, true};
    }

    // Removes the entry of `key`; `value` must be what find(key) returned.
    void erase(std::uint64_t key, Value* value)
    {
        if (key == kEmpty) [[unlikely]] {
            hasZeroKey_ = false;
            return;
        }
        static_assert(std::is_standard_layout_v<Slot> && offsetof(Slot, value) == 0);
        std::size_t hole = static_cast<std::size_t>(reinterpret_cast<Slot*>(value) - slots_.get());
        // Backward-shift deletion: each following slot of the run moves into
        // the hole when the hole lies on its probe path (between its home and
        // where it sits), so every look-up still finds its key.
        for (std::size_t i = next(hole);; i = next(i)) {
            Slot& slot = slots_[i];
            if (slot.key == kEmpty)
                break;
            const std::size_t distanceFromHome = distance(home(slot.key), i);
            const std::size_t distanceToHole = distance(hole, i);
            if (distanceFromHome >= distanceToHole) {
                slots_[hole] = slot;
                hole = i;
            }
        }
        slots_[hole].key = kEmpty;
        --count_;
    }

    // Empties the map and keeps its capacity (no new allocation: a map
    // emptied again and again, such as a window index's per-segment sums).
    void clear()
    {
        std::memset(static_cast<void*>(slots_.get()), 0, capacity_ * sizeof(Slot));
        count_ = 0;
        hasZeroKey_ = false;
        zeroKeyValue_ = {};
    }

    template <class Visit>
    void forEach(Visit visit) const
    {
        if (hasZeroKey_)
            visit(kEmpty, zeroKeyValue_);
        for (std::size_t i = 0; i < capacity_; ++i)
            if (slots_[i].key != kEmpty)
                visit(slots_[i].key, slots_[i].value);
    }

    // Visits every entry in ascending key order, then leaves the map empty
    // (as new), for a map read once when it is done with: the entries are
    // gathered at the front of its own array and sorted there (no second
    // array), and each huge page goes back to the kernel once visited, so
    // what the visits build does not add to the map's memory. The map is
    // empty afterwards even if a visit throws.
    template <class Visit>
    void drainSorted(Visit visit)
    {
        SlotArray taken = std::move(slots_);
        const std::size_t takenCapacity = capacity_;
        const bool hadZeroKey = hasZeroKey_;
        const Value zeroKeyValue = zeroKeyValue_;
        count_ = 0;
        hasZeroKey_ = false;
        zeroKeyValue_ = {};
        allocate(kInitialCapacity);
        std::size_t n = 0;
        for (std::size_t i = 0; i < takenCapacity; ++i)
            if (taken[i].key != kEmpty)
                taken[n++] = taken[i];
        PagesGivenBack givenBack(taken);
        givenBack.after(n * sizeof(Slot)); // the slots past the gathered ones
        std::sort(taken.get(), taken.get() + n, [](const Slot& a, const Slot& b) { return a.key < b.key; });
        if (hadZeroKey)
            visit(kEmpty, zeroKeyValue);
        for (std::size_t i = 0; i < n; ++i) {
            visit(taken[i].key, std::as_const(taken[i].value));
            givenBack.before((i + 1) * sizeof(Slot));
        }
    }

private:
    // The empty-slot marker. The entry of key 0 (a block at address 0 in a
    // damaged dump; the first location's Overrides of itself) lives beside
    // the array instead.
    static constexpr std::uint64_t kEmpty = 0;
    static constexpr std::size_t kInitialCapacity = 1024;
    // Linear probing stays short below ~60% occupancy.
    static constexpr std::size_t kMaxLoadNumerator = 3;
    static constexpr std::size_t kMaxLoadDenominator = 5;
    // A table this large misses the caches on every look-up whatever its
    // size, so it grows by a quarter instead of doubling: a doubled table
    // holds up to twice the slots its keys need, and the block map is
    // most of a large dump's memory.
    static constexpr std::size_t kFineGrowthBytes = std::size_t{32} << 20;

    // The value first: erase() gets from a value back to its slot (a
    // standard-layout struct and its first member share an address).
    struct Slot {
        Value value{};
        std::uint64_t key = kEmpty;
    };

    // An all-zero slot is empty (key kEmpty, value{}): a new array is
    // cleared, or mapped from the kernel's zero pages.
    static_assert(std::is_trivially_copyable_v<Value>);

    // Big arrays are mapped on their own, 2 MiB-aligned, with transparent
    // huge pages asked for (Debian's default allows it): a random look-up
    // in a table of tens of MB otherwise misses the TLB as well as the
    // cache. Mapped, they need no clearing (the kernel's pages are zero and
    // only those written become resident), and a table being moved to a
    // larger one gives its memory back piece by piece (allocate()).
    static constexpr std::size_t kHugePage = std::size_t{2} << 20;
    struct FreeSlots {
        std::size_t mappedBytes = 0; // 0: from malloc
        void operator()(Slot* array) const // not "slots": a Qt macro
        {
            if (mappedBytes)
                munmap(array, mappedBytes);
            else
                std::free(array);
        }
    };
    using SlotArray = std::unique_ptr<Slot[], FreeSlots>;
    static SlotArray allocateSlots(std::size_t count)
    {
        std::size_t bytes = count * sizeof(Slot);
        if (bytes < kHugePage) {
            void* memory = std::calloc(count, sizeof(Slot));
            if (!memory)
                throw std::bad_alloc();
            return SlotArray(static_cast<Slot*>(memory));
        }
        bytes = (bytes + kHugePage - 1) / kHugePage * kHugePage;
        // Mapped with a huge page to spare, then trimmed to a 2 MiB
        // boundary: huge pages need aligned ranges.
        void* mapped = mmap(nullptr, bytes + kHugePage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (mapped == MAP_FAILED)
            throw std::bad_alloc();
        const auto start = reinterpret_cast<std::uintptr_t>(mapped);
        const std::uintptr_t aligned = (start + kHugePage - 1) / kHugePage * kHugePage;
        if (aligned > start)
            munmap(mapped, aligned - start);
        if (const std::uintptr_t end = start + bytes + kHugePage; end > aligned + bytes)
            munmap(reinterpret_cast<void*>(aligned + bytes), end - (aligned + bytes));
#ifdef MADV_HUGEPAGE
        madvise(reinterpret_cast<void*>(aligned), bytes, MADV_HUGEPAGE);
#endif
        return SlotArray(reinterpret_cast<Slot*>(aligned), FreeSlots{bytes});
    }

    // Fibonacci hashing, scaled to the capacity: block addresses are
    // aligned, so their low bits say little; the product mixes all of them
    // into its high bits, which pick the slot as a fraction of the table
    // (any capacity, not only powers of two).
    std::size_t home(std::uint64_t key) const
    {
        const std::uint64_t mixed = key * 0x9e3779b97f4a7c15ull;
        return static_cast<std::size_t>((static_cast<Product>(mixed) * capacity_) >> 64);
    }

    // 64 x 64 bits (a GCC and Clang extension): one multiply instruction.
    __extension__ typedef unsigned __int128 Product;

    std::size_t next(std::size_t i) const { return i + 1 == capacity_ ? 0 : i + 1; }

    // How far slot `to` is after slot `from`, wrapping at the end.
    std::size_t distance(std::size_t from, std::size_t to) const
    {
        return to >= from ? to - from : to + capacity_ - from;
    }

    std::size_t grownCapacity() const
    {
        if (capacity_ * sizeof(Slot) < kFineGrowthBytes)
            return capacity_ * 2;
        // Whole huge pages: the mapping has them anyway.
        constexpr std::size_t slotsPerPage = kHugePage / sizeof(Slot);
        const std::size_t wanted = capacity_ + capacity_ / 4;
        return (wanted + slotsPerPage - 1) / slotsPerPage * slotsPerPage;
    }

    void allocate(std::size_t newCapacity)
    {
        SlotArray old = std::move(slots_);
        const std::size_t oldCapacity = old ? capacity_ : 0;
        slots_ = allocateSlots(newCapacity);
        capacity_ = newCapacity;
        // The keys move in the order of their slots, and a home is the same
        // fraction of any capacity: a slot's key goes to about its index
        // times the growth, so the new array fills front to back while the
        // old one, read front to back, gives back each huge page it is done
        // with. So the move holds about the new array, not both.
        PagesGivenBack givenBack(old);
        for (std::size_t i = 0; i < oldCapacity; ++i) {
            if (old[i].key != kEmpty) {
                std::size_t j = home(old[i].key);
                while (slots_[j].key != kEmpty)
                    j = next(j);
                slots_[j] = old[i];
            }
            givenBack.before((i + 1) * sizeof(Slot));
        }
    }

    // A mapped array's memory given back to the kernel in whole huge pages
    // as its reader is done with them (a slot may straddle two pages, so
    // only pages wholly behind the reader go); nothing for an array on the
    // heap.
    class PagesGivenBack {
    public:
        explicit PagesGivenBack(const SlotArray& array) // not "slots": a Qt macro
            : bytes_(reinterpret_cast<char*>(array.get())), mapped_(array ? array.get_deleter().mappedBytes : 0)
        {}
        // The reader is done with the bytes before `end`, from the start.
        void before(std::size_t end)
        {
            const std::size_t done = std::min(end / kHugePage * kHugePage, mapped_);
            if (done > givenBack_) {
                madvise(bytes_ + givenBack_, done - givenBack_, MADV_DONTNEED);
                givenBack_ = done;
            }
        }
        // The reader never needs the bytes from `start` on.
        void after(std::size_t start)
        {
            const std::size_t from = (start + kHugePage - 1) / kHugePage * kHugePage;
            if (from < mapped_)
                madvise(bytes_ + from, mapped_ - from, MADV_DONTNEED);
        }

    private:
        char* bytes_;
        std::size_t mapped_; // 0: not mapped
        std::size_t givenBack_ = 0; // bytes from the start
    };

    SlotArray slots_;
    std::size_t capacity_ = 0;
    std::size_t count_ = 0;
    bool hasZeroKey_ = false;
    Value zeroKeyValue_{};
};

} // namespace memprof
