// SPDX-License-Identifier: GPL-3.0-or-later
// DHAT's JSON (dhatFileVersion 2, Valgrind's dh_main.c), opened by
// Valgrind's dh_view.html and the Firefox Profiler: a program point per
// sample, its frames leaf to root.
#pragma once

#include "model/export/StackProfile.h"

#include <cstdint>
#include <string>

namespace memprof {

// Which value column holds each DHAT figure.
struct DhatColumns {
    std::size_t totalBytes, totalBlocks; // tb, tbk
    std::size_t lifetimes; // tl: the lives of the blocks of tbk
    std::size_t maxBytes, maxBlocks; // mb, mbk
    std::size_t globalMaxBytes, globalMaxBlocks; // gb, gbk
    std::size_t endBytes, endBlocks; // eb, ebk
};

struct DhatHeader {
    std::string mode; // who wrote it ("memprof")
    std::string command; // cmd
    std::uint64_t endTime = 0; // te, in events
    std::uint64_t globalMaxTime = 0; // tg, in events
    std::uint64_t shortLivedTime = 0; // tuth: a location whose blocks live this long or less on average is short-lived
};

std::string dhatJson(const StackProfile& stacks, const DhatColumns& columns, const DhatHeader& header);

} // namespace memprof
