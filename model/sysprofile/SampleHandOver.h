// SPDX-License-Identifier: GPL-3.0-or-later
// The sysprof decoder's sink that runs a SysprofBuilder on a second thread:
// decoding a sample costs about as much as counting it (bench/README.md),
// so the decoder fills batches of samples (their wire bytes, copied) and
// symbols, in stream order, and the builder's thread counts them. A symbol
// reaches the builder between the same two samples as on the wire, so
// names are as a single thread gives them.
//
// A dump of a few batches is counted on the caller's thread: a thread is
// not worth it there.
//
// Snapshots of a read still going: after requestSnapshot() (on the
// decoding thread) the next boundary between samples ends the batch being
// filled, and once the builder counted it, on the builder's thread, the
// sink is given SysprofBuilder::snapshot of the samples before that
// boundary, with a Reading status. Snapshots come in stream order, all
// before finish() returns; nothing of the final result changes.
#pragma once

#include "model/dump/SymbolEvents.h"
#include "model/support/BatchWorker.h"
#include "model/sysdecoder/SampleEvents.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace memprof {

class SysprofBuilder;
struct SysprofProfile;

class SampleHandOver {
public:
    explicit SampleHandOver(SysprofBuilder& builder);
    // Without finish() (the decoder threw): the thread stops once what was
    // handed over is counted.
    ~SampleHandOver();
    SampleHandOver(const SampleHandOver&) = delete;
    SampleHandOver& operator=(const SampleHandOver&) = delete;

    void lfunc(const LfuncSymbol& s);
    void cfunc(const CfuncSymbol& s);
    void trace(const TraceSymbol& s);
    void symtabEnd();
    void sampleBytes(VmState state, std::span<const std::uint8_t> bytes);
    // The decoder's note that the next sample or symbol starts at `offset`:
    // where a snapshot asked for is taken.
    void eventBoundary(std::uint64_t offset)
    {
        if (snapshotWanted_) [[unlikely]]
            takeSnapshot(offset);
    }

    // Where snapshots go, and the size their status gives (the source's).
    void setSnapshotSink(std::function<void(SysprofProfile&&)> sink, std::uint64_t totalBytes);
    void requestSnapshot() { snapshotWanted_ = static_cast<bool>(snapshotSink_); }
    // What the last snapshot cost the builder's thread (any thread may
    // ask): a caller keeps snapshots a small share of the read by it.
    std::chrono::nanoseconds lastSnapshotCost() const { return std::chrono::nanoseconds(snapshotCost_.load()); }

    // Everything handed over is in the builder once this returns; rethrows
    // what the builder threw.
    void finish();

private:
    // A symbol as the builder takes it, kept past the decoder's buffers.
    struct HeldSymbol {
        enum class Kind : std::uint8_t { Lfunc, Cfunc, Trace, SymtabEnd } kind;
        std::size_t samplesBefore; // of its batch
        std::uint64_t addr = 0;
        std::uint64_t number = 0; // a prototype's first line, a trace's number
        std::uint64_t line = 0; // a trace's first line
        std::string text; // a chunk name or a C symbol's name
    };
    struct HeldSample {
        std::uint32_t end; // where its bytes end in Batch::bytes
        VmState state;
    };
    struct Batch {
        std::vector<std::uint8_t> bytes; // the samples' wire bytes, one after another
        std::vector<HeldSample> samples;
        std::vector<HeldSymbol> symbols; // in stream order
        // A snapshot follows its last sample: the offset the next starts at.
        std::optional<std::uint64_t> snapshotAt;
        void clear();
    };

    void hold(HeldSymbol symbol);
    void submit();
    void count(const Batch& batch);
    void takeSnapshot(std::uint64_t offset);
    void deliverSnapshot(std::uint64_t offset);

    SysprofBuilder& builder_;
    std::unique_ptr<BatchWorker<Batch>> thread_; // once started
    std::size_t inlineBatches_ = 0; // counted on the caller's thread so far
    bool sampled_ = false; // a batch with samples was handed over
    // Snapshots (setSnapshotSink): the sink is the builder's thread's.
    bool snapshotWanted_ = false;
    std::uint64_t snapshotTotalBytes_ = 0;
    std::function<void(SysprofProfile&&)> snapshotSink_;
    std::atomic<std::int64_t> snapshotCost_{0}; // nanoseconds
    // The batch being filled, written at every sample by the decoding
    // thread: on cache lines of its own (the last member of a 64-byte
    // aligned object), so that the counting thread's reads of the members
    // above do not pull them from the other core.
    alignas(64) Batch batch_;
};

} // namespace memprof
