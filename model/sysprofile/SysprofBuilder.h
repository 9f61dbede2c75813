// SPDX-License-Identifier: GPL-3.0-or-later
// The sysprof decoder's sink: aggregates samples into a SysprofProfile as
// they stream by. A sample's bytes on the wire are its key: only a key not
// seen before has its chains read, named and placed in the call trees, so
// the work per sample is one hash look-up and memory grows with distinct
// stacks, not samples. (SampleHandOver runs it on a second thread.)
// A key is kept as two independent 64-bit hashes of the bytes, not the
// bytes (a hundred or more each): two different stacks would have to agree
// on 128 bits, one of them seeded per process, to be confused.
// Keys hold while the symbols name their frames alike: when a symbol
// renames an address (SymbolTable::namingEpoch), the look-up starts afresh.
#pragma once

#include "model/dump/SymbolEvents.h"
#include "model/dump/SymbolTable.h"
#include "model/sysdecoder/SampleEvents.h"
#include "model/sysdecoder/SampleReader.h"
#include "model/sysprofile/StackNamer.h"
#include "model/sysprofile/SysprofProfile.h"

#include <absl/container/flat_hash_map.h>

#include <functional>
#include <string>
#include <vector>

namespace memprof {

class SysprofBuilder {
public:
    explicit SysprofBuilder(RunRange range = {}, StackViewSet views = allStackViews());

    void lfunc(const LfuncSymbol& s) { symbols_.addLfunc(s.addr, s.chunkname, s.linedefined); }
    void cfunc(const CfuncSymbol& s) { symbols_.addCfunc(s.addr, s.name); }
    void trace(const TraceSymbol& s) { symbols_.addTrace(s.traceno, s.addr, s.line); }
    void symtabEnd() {}
    // A sample as its wire bytes, which the decoder has checked: its chains
    // are read (again) only when its stack is new.
    void sampleBytes(VmState state, std::span<const std::uint8_t> bytes);

    SysprofProfile finish(const DecodeStatus& status);
    // What finish(status) would give for a dump that ended after the
    // samples counted so far, the builder left as it was (it counts on).
    SysprofProfile snapshot(const DecodeStatus& status) const;

    // Told of each counted sample in stream order, with its node in each
    // built view's tree, kCallRoot in the others (the tree grows as the
    // decode goes; a node keeps its id): what an export in time order
    // replays.
    using SampleObserver = std::function<void(std::uint64_t index, const std::array<CallNodeId, kStackViewCount>&)>;
    void observeSamples(SampleObserver observer) { observer_ = std::move(observer); }

private:
    void countInto(SysprofProfile& profile) const;

    struct DistinctStack {
        std::array<CallNodeId, kStackViewCount> leaves{};
        std::uint64_t samples = 0;
        bool hasHostChain = false;
    };

    SymbolTable symbols_;
    SysprofProfile profile_;
    StackNamer namer_{symbols_, profile_.frames};
    // Stacks whose keys were dropped when the symbols renamed frames.
    std::vector<DistinctStack> earlierStacks_;
    std::uint64_t distinctStacks_ = 0;
    struct StackKey {
        std::uint64_t first;
        std::uint64_t second;
        bool operator==(const StackKey&) const = default;
        template <typename H>
        friend H AbslHashValue(H state, const StackKey& key)
        {
            return H::combine(std::move(state), key.first, key.second);
        }
    };
    // The stack and its count live in the map: a sample touches one slot.
    absl::flat_hash_map<StackKey, DistinctStack> stackOf_;
    std::uint64_t keysEpoch_ = 0; // the naming epoch stackOf_'s keys were named in
    std::array<std::vector<FrameId>, kStackViewCount> named_;
    std::uint64_t sampleIndex_ = 0;
    SampleObserver observer_;
    SampleReader reader_; // a new stack's chains
    Sample newStack_;
};

} // namespace memprof
