// SPDX-License-Identifier: GPL-3.0-or-later
// The cost columns of a tree of stacks, one struct of named columns per
// profiler: sysprof's samples (SampleCost), memprof's events and bytes
// (TreeCost). Trees (StackTree.h) are generic over them; views pick their
// columns by name.
#pragma once

#include "model/support/SaturatingMath.h"

#include <cstdint>

namespace memprof {

// sysprof's columns: the samples whose stack ends at a node (its own part)
// and that pass through it.
struct SampleCost {
    std::uint64_t selfSamples = 0;
    std::uint64_t totalSamples = 0;

    bool hasOwn() const { return selfSamples != 0; }
    void addOwn(const SampleCost& other) { selfSamples += other.selfSamples; }
    void startTotal() { totalSamples = selfSamples; }
    void addChildTotal(const SampleCost& child) { totalSamples += child.totalSamples; }
};

// Which figures of a node's costs passed their type's end and stopped there
// (SaturatingMath.h): only those are marked "this much or more".
enum OverflowedFigure : std::uint8_t {
    kEventsFigureOverflowed = 1,
    kAllocatedFigureOverflowed = 2,
    kFreedFigureOverflowed = 4,
    kHeldFigureOverflowed = 8,
    kPeakFigureOverflowed = 16,
};

// memprof's columns: a node's events and bytes; the signed form holds a
// change between two profiles (model/memcompare/FunctionTreeDiff.h).
template <typename Number>
struct BasicTreeCost {
    Number eventCount = 0; // alloc + realloc + free events
    Number allocatedBytes = 0;
    Number freedBytes = 0;
    Number heldBytes = 0; // live at the end (accurate)
    Number peakBytes = 0; // live at the peak
    std::uint8_t overflowed = 0; // OverflowedFigure bits

    void add(const BasicTreeCost& other)
    {
        overflowed |= other.overflowed;
        addFigure(eventCount, other.eventCount, kEventsFigureOverflowed);
        addFigure(allocatedBytes, other.allocatedBytes, kAllocatedFigureOverflowed);
        addFigure(freedBytes, other.freedBytes, kFreedFigureOverflowed);
        addFigure(heldBytes, other.heldBytes, kHeldFigureOverflowed);
        addFigure(peakBytes, other.peakBytes, kPeakFigureOverflowed);
    }

    // figure += addend, saturated; `bit` marks it when it passed the end.
    void addFigure(Number& figure, Number addend, std::uint8_t bit)
    {
        Number sum{};
        if (__builtin_add_overflow(figure, addend, &sum)) {
            sum = saturatingSum(figure, addend);
            overflowed |= bit;
        }
        figure = sum;
    }
};

using TreeCost = BasicTreeCost<std::uint64_t>;

} // namespace memprof
