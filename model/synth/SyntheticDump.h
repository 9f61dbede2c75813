// SPDX-License-Identifier: GPL-3.0-or-later
// Large synthetic memprof dumps (format 3) with a realistic mix, from a seed
// and a target size: the benchmark's input, large dumps for GUI tests (load
// and cancel), fuzzing seeds.
//
// The mix: many small blocks freed soon after allocation, a slowly growing
// set of long-lived blocks (some freed again), reallocs (growing tables,
// some moved, some at another location than the allocation, some of blocks
// allocated before profiling started), frees of such older blocks, and
// hundreds of locations: Lua lines of file chunks and of chunks loaded from
// strings (aliases), JIT traces (with and without a symbol), C functions
// (inside a known symbol and below every symbol), INTERNAL. Symtab events
// mid-stream: modules required later (new prototypes), traces recorded
// later, the C symbol table re-sent. Addresses are reused the way an
// allocator's free lists reuse them.
//
// The same options give the same bytes on every platform (own PRNG).
#pragma once

#include "model/synth/DumpWriter.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace memprof::synth {

struct SyntheticOptions {
    std::uint64_t seed = 1;
    // Events are written until the dump reaches this size; then the
    // epilogue. The symbol table alone takes about 10 KiB (less for targets
    // under 1 MiB, where the set of symbols shrinks).
    std::uint64_t targetBytes = std::uint64_t(1) << 20;
    // false: no epilogue, like a dump whose process died.
    bool epilogue = true;
    // Also send some C symbols with the writer quirk's header 0x01 (our
    // decoder reads them; the reference parser fails on them).
    bool writerQuirk = false;
};

// What the generated dump holds, in the decoder's terms (ProfileTotals), so
// a test can compare the decoded profile with it.
struct SyntheticSummary {
    std::uint64_t bytes = 0;
    std::uint64_t initialSymbolCount = 0; // symbols in the 'ljs' table
    std::uint64_t symbolEventCount = 0; // symtab events in the event stream
    std::uint64_t allocCount = 0;
    std::uint64_t reallocCount = 0;
    std::uint64_t freeCount = 0;
    std::uint64_t allocatedBytes = 0; // new sizes of allocs and reallocs
    std::uint64_t freedBytes = 0; // old sizes of reallocs and frees
    // Blocks allocated (or moved) during profiling and not freed.
    std::uint64_t liveBlockCount = 0; // at the end
    std::uint64_t liveBytes = 0; // at the end
    std::uint64_t peakLiveBlockCount = 0;
    std::uint64_t peakLiveBytes = 0;

    std::uint64_t eventCount() const { return allocCount + reallocCount + freeCount; }
};

// Writes a whole dump (prologues to epilogue) into `out`.
SyntheticSummary writeSyntheticDump(const SyntheticOptions& options, DumpWriter& out);

// The same, in memory.
std::vector<std::uint8_t> syntheticDump(const SyntheticOptions& options, SyntheticSummary* summary = nullptr);

// The same, into a file (created or replaced). On an I/O error returns false
// with the reason in `error`.
bool writeSyntheticDumpFile(const std::string& path, const SyntheticOptions& options, SyntheticSummary* summary,
                            std::string* error);

// Creates or replaces `path` with what `write` writes (flushed as it goes).
// On an I/O error returns false with the reason in `error`.
bool writeDumpFile(const std::string& path, const std::function<void(DumpWriter&)>& write, std::string* error);

// Two C locations: 0x1000 the mangled C++ symbol _ZN3box5spaceEv
// (box::space()) allocating 100 bytes, 0x2000 lua_pcall allocating 7.
std::vector<std::uint8_t> mangledSymbolDump();

// Override sums at the 64-bit ceiling, in @a.lua: line 10 allocates a block
// of 2^64-1 bytes that line 40 frees (an Override of exactly 2^64-1 freed
// bytes); line 20 allocates two 1-byte blocks that line 30 reallocates to
// 2^63 bytes each (an Override whose allocated bytes overflow).
std::vector<std::uint8_t> overrideSumsDump();

} // namespace memprof::synth
