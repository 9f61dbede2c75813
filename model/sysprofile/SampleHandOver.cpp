// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/sysprofile/SampleHandOver.h"

#include "model/sysprofile/SysprofBuilder.h"

#include <optional>

namespace memprof {

namespace {
// A batch's bytes: a few thousand samples, small enough that a batch the
// decoder wrote is still in the shared cache when the other core reads it.
constexpr std::size_t kBatchBytes = 256 * 1024;
// Symbols alone (the symbol table) fill a batch too.
constexpr std::size_t kBatchSymbols = 4096;
// The first batches are counted on the caller's thread: a dump of a few
// megabytes (minutes of recording) is read before a second thread would
// pay for its start (measured in bench/README.md).
constexpr std::size_t kBatchesBeforeThread = 8;
// The batches that wait for the counting thread, as the memprof builder's.
constexpr std::size_t kBatchesInFlight = 3;
} // namespace

void SampleHandOver::Batch::clear()
{
    bytes.clear();
    samples.clear();
    symbols.clear();
    snapshotAt.reset();
}

SampleHandOver::SampleHandOver(SysprofBuilder& builder) : builder_(builder)
{
    batch_.bytes.reserve(kBatchBytes + 1024);
}

SampleHandOver::~SampleHandOver()
{
    // The thread's last batches are counted while the members it reads live.
    thread_.reset();
}

void SampleHandOver::lfunc(const LfuncSymbol& s)
{
    hold({HeldSymbol::Kind::Lfunc, batch_.samples.size(), s.addr, s.linedefined, 0, std::string(s.chunkname)});
}

void SampleHandOver::cfunc(const CfuncSymbol& s)
{
    hold({HeldSymbol::Kind::Cfunc, batch_.samples.size(), s.addr, 0, 0, std::string(s.name)});
}

void SampleHandOver::trace(const TraceSymbol& s)
{
    hold({HeldSymbol::Kind::Trace, batch_.samples.size(), s.addr, s.traceno, s.line, {}});
}

void SampleHandOver::symtabEnd()
{
    hold({HeldSymbol::Kind::SymtabEnd, batch_.samples.size(), 0, 0, 0, {}});
}

void SampleHandOver::hold(HeldSymbol symbol)
{
    batch_.symbols.push_back(std::move(symbol));
    if (batch_.symbols.size() >= kBatchSymbols)
        submit();
}

void SampleHandOver::sampleBytes(VmState state, std::span<const std::uint8_t> bytes)
{
    batch_.bytes.insert(batch_.bytes.end(), bytes.begin(), bytes.end());
    batch_.samples.push_back({static_cast<std::uint32_t>(batch_.bytes.size()), state});
    // A batch ends with the sample that passes kBatchBytes. The decoder
    // bounds a sample's chains (kMaxLuaFrames, kMaxHostFrames) to a few
    // megabytes, so the 32-bit offsets cannot wrap.
    if (batch_.bytes.size() >= kBatchBytes)
        submit();
}

void SampleHandOver::count(const Batch& batch)
{
    SysprofBuilder& builder = builder_;
    std::size_t symbol = 0;
    const auto applySymbolsBefore = [&builder, &batch, &symbol](std::size_t sampleIndex) {
        for (; symbol < batch.symbols.size() && batch.symbols[symbol].samplesBefore == sampleIndex; ++symbol) {
            const HeldSymbol& s = batch.symbols[symbol];
            switch (s.kind) {
            case HeldSymbol::Kind::Lfunc:
                builder.lfunc({s.addr, s.text, s.number});
                break;
            case HeldSymbol::Kind::Cfunc:
                builder.cfunc({s.addr, s.text});
                break;
            case HeldSymbol::Kind::Trace:
                builder.trace({s.number, s.addr, s.line});
                break;
            case HeldSymbol::Kind::SymtabEnd:
                builder.symtabEnd();
                break;
            }
        }
    };
    std::uint32_t begin = 0;
    for (std::size_t i = 0; i < batch.samples.size(); ++i) {
        applySymbolsBefore(i);
        const HeldSample& held = batch.samples[i];
        builder.sampleBytes(held.state, std::span(batch.bytes).subspan(begin, held.end - begin));
        begin = held.end;
    }
    applySymbolsBefore(batch.samples.size());
    if (batch.snapshotAt) [[unlikely]]
        deliverSnapshot(*batch.snapshotAt);
}

void SampleHandOver::setSnapshotSink(std::function<void(SysprofProfile&&)> sink, std::uint64_t totalBytes)
{
    snapshotSink_ = std::move(sink);
    snapshotTotalBytes_ = totalBytes;
}

// The batch being filled ends here, carrying the snapshot to the builder's
// thread.
void SampleHandOver::takeSnapshot(std::uint64_t offset)
{
    if (!sampled_ && batch_.samples.empty())
        return; // the first snapshot has samples to show
    snapshotWanted_ = false;
    batch_.snapshotAt = offset;
    submit();
}

// On the builder's thread, the samples before `offset` counted.
void SampleHandOver::deliverSnapshot(std::uint64_t offset)
{
    const auto start = std::chrono::steady_clock::now();
    DecodeStatus status;
    status.end = DecodeEnd::Reading;
    status.bytesConsumed = offset;
    status.totalBytes = snapshotTotalBytes_;
    snapshotSink_(builder_.snapshot(status));
    snapshotCost_.store(
        std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start).count());
}

void SampleHandOver::submit()
{
    sampled_ = sampled_ || !batch_.samples.empty();
    if (!thread_ && inlineBatches_ < kBatchesBeforeThread) {
        ++inlineBatches_;
        count(batch_);
        batch_.clear();
        return;
    }
    if (!thread_)
        thread_ = std::make_unique<BatchWorker<Batch>>(
            kBatchesInFlight, [this](const Batch& batch) { count(batch); }, [](Batch& batch) { batch.clear(); });
    if (std::optional<Batch> reused = thread_->submit(std::move(batch_))) {
        batch_ = std::move(*reused);
    } else {
        batch_ = Batch{};
        batch_.bytes.reserve(kBatchBytes + 1024);
    }
}

void SampleHandOver::finish()
{
    if (!thread_) {
        count(batch_);
        batch_.clear();
        return;
    }
    if (!batch_.samples.empty() || !batch_.symbols.empty())
        thread_->submit(std::move(batch_));
    batch_ = Batch{};
    const std::unique_ptr<BatchWorker<Batch>> worker = std::move(thread_);
    worker->finish();
}

} // namespace memprof
