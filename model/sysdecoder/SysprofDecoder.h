// SPDX-License-Identifier: GPL-3.0-or-later
// The streaming sysprof decoder: the `ljs` symbol table (shared with
// memprof, DumpDecoderBase), then `ljp` samples of format versions 1 and 2
// (docs/FORMAT.md#sysprof-samples). Like the memprof decoder it hands each
// production to a sink, never throws, never reads past the data, keeps one
// buffer, and says where damage is (byte offsets).
//
// Sink interface:
//   void lfunc(const LfuncSymbol&); void cfunc(const CfuncSymbol&);
//   void trace(const TraceSymbol&); void symtabEnd();
//   void sample(const Sample&), or void sampleBytes(VmState, bytes) for a
//   sink that reads a sample's chains itself when it needs them;
// and optionally void eventBoundary(std::uint64_t offset): the next sample
// or symbol starts at byte `offset` (called between them, so a snapshot
// there holds exactly the complete samples before it).
#pragma once

#include "model/dump/DumpDecoderBase.h"
#include "model/sysdecoder/SampleEvents.h"
#include "model/sysdecoder/SampleReader.h"
#include "model/sysdecoder/SysprofWire.h"

#include <string>

namespace memprof {

template <class Sink>
class SysprofDecoder : DumpDecoderBase<Sink> {
    using Base = DumpDecoderBase<Sink>;
    using Base::buffer_;
    using Base::bytesLeftFrom;
    using Base::cannotComplete;
    using Base::fail;
    using Base::isDamagedLength;
    using Base::readPrologue;
    using Base::readSymbol;
    using Base::readSymtab;
    using Base::refill;
    using Base::shortageText;
    using Base::sink_;
    using Base::status_;
    using typename Base::Prologue;

    static constexpr Prologue kSymtabPrologue{magic::kSymtab, "symbol table", wire::kMinVersion, wire::kMaxVersion,
                                              "a sysprof dump"};
    static constexpr Prologue kSamplesPrologue{magic::kSysprofSamples, "sample stream", syswire::kMinVersion,
                                               syswire::kMaxVersion, "a sysprof dump"};
    // Symbol bodies in the sample stream have the symbol table's layout of
    // version 3 (a trace is traceno, prototype, line).
    static constexpr std::uint8_t kSymbolBodyVersion = 3;

public:
    SysprofDecoder(ByteSource& source, Sink& sink, const DecodeControl& control) : Base(source, sink, control) {}

    DecodeStatus run()
    {
        status_.totalBytes = buffer_.totalSize();
        if (readPrologue(kSymtabPrologue, status_.symtabVersion) && readSymtab()) {
            sink_.symtabEnd();
            if (readPrologue(kSamplesPrologue, status_.eventsVersion))
                readSamples();
        }
        // A followed file's size is what was read of it (unknown at the start).
        if (status_.totalBytes == 0)
            status_.totalBytes = buffer_.totalSize();
        status_.bytesConsumed = buffer_.offset();
        return status_;
    }

private:
    enum class Step : std::uint8_t { Done, NeedMore, Damaged };

    // A sink that keys samples by their wire bytes takes them so, and the
    // decoder only checks the chains, not keeping their frames.
    static constexpr bool kTakesBytes = requires(Sink & sink, const Sample& sample)
    {
        sink.sampleBytes(sample.state, sample.bytes);
    };

    // What a refill asks for first: most samples are a few dozen bytes.
    static constexpr std::size_t kSmallSample = 256;

    static bool isFinal(std::uint8_t header) { return (header & 0x80) != 0; }

    // One sample or in-stream symbol from the cursor.
    Step readItem(ByteCursor& c, std::uint8_t header, std::uint8_t version)
    {
        if (header >= syswire::kVmStateCount) {
            const bool v1Symbol = version == 1 && header == syswire::kSymtabEventV1;
            const std::uint8_t type = v1Symbol                               ? wire::kSymCfunc
                                      : version == 1                         ? 0xff
                                      : header == syswire::kSymtabLfuncEvent ? wire::kSymLfunc
                                      : header == syswire::kSymtabCfuncEvent ? wire::kSymCfunc
                                      : header == syswire::kSymtabTraceEvent ? wire::kSymTrace
                                                                             : 0xff;
            if (type == 0xff) {
                problemAt_ = at_;
                problem_ = "invalid sample header 0x" + hexByte(header) + " at byte " + std::to_string(at_) +
                           " (expected a VM state 0-9, " +
                           (version == 1 ? std::string("a symbol 10") : std::string("a symbol 10-12")) +
                           " or the epilogue 0x80)";
                return Step::Damaged;
            }
            readSymbol(c, type, kSymbolBodyVersion);
            return c.ok() ? Step::Done : Step::NeedMore;
        }
        Sample sample;
        switch (reader_.read<!kTakesBytes>(c, header, at_, sample)) {
        case SampleReader::Step::Done:
            break;
        case SampleReader::Step::NeedMore:
            return Step::NeedMore;
        case SampleReader::Step::Damaged:
            problemAt_ = reader_.problemAt();
            problem_ = reader_.problem();
            return Step::Damaged;
        }
        if constexpr (kTakesBytes)
            sink_.sampleBytes(sample.state, sample.bytes);
        else
            sink_.sample(sample);
        return Step::Done;
    }

    void readSamples()
    {
        const std::uint8_t version = status_.eventsVersion;
        std::size_t wanted = kSmallSample;
        for (;;) {
            if constexpr (requires { sink_.eventBoundary(std::uint64_t{}); })
                sink_.eventBoundary(buffer_.offset());
            if (buffer_.available() < wanted && !buffer_.atEnd() && !refill(wanted))
                return;
            at_ = buffer_.offset();
            if (buffer_.available() == 0 && !buffer_.atEnd())
                continue; // a followed source has nothing yet
            if (buffer_.available() == 0) {
                status_.end = DecodeEnd::Truncated;
                status_.truncatedAt = at_;
                status_.truncationReason = "the data ends at byte " + std::to_string(at_) +
                                           " without the epilogue (the profiled process probably died)";
                return;
            }
            ByteCursor c(buffer_.data(), buffer_.available());
            const std::uint8_t header = c.u8();
            if (isFinal(header)) {
                buffer_.consume(1);
                status_.end = DecodeEnd::Complete;
                if (status_.totalBytes > buffer_.offset())
                    status_.trailingBytes = status_.totalBytes - buffer_.offset();
                return;
            }
            const Step step = readItem(c, header, version);
            if (step == Step::Done) {
                buffer_.consume(c.consumed());
                wanted = kSmallSample;
                continue;
            }
            if (step == Step::Damaged) {
                fail(DecodeErrorKind::BadHeaderByte, problemAt_, problem_);
                return;
            }
            if (c.state == ByteCursor::State::UlebTooLong) {
                fail(DecodeErrorKind::UlebTooLong, at_ + c.problemAt,
                     "ULEB128 longer than 10 bytes at byte " + std::to_string(at_ + c.problemAt) + " in the " +
                         describe(header) + " at byte " + std::to_string(at_));
                return;
            }
            if (c.shortInString && (buffer_.atEnd() || cannotComplete(c, at_)) && isDamagedLength(c, at_)) {
                const std::uint64_t stringAt = at_ + c.problemAt;
                fail(DecodeErrorKind::StringPastEnd, stringAt,
                     "damaged: a string of " + std::to_string(c.stringLength) + " bytes at byte " +
                         std::to_string(stringAt) + " (in the " + describe(header) + " at byte " + std::to_string(at_) +
                         ") runs past the end of the file, " + std::to_string(bytesLeftFrom(stringAt)) +
                         " bytes later");
                return;
            }
            if (!buffer_.atEnd() && !cannotComplete(c, at_)) {
                // A long chain: ask for more than it needed so far, so a
                // chain of n bytes is re-read log(n) times, not n/256.
                wanted = std::max<std::size_t>(static_cast<std::size_t>(c.needed), 2 * buffer_.available());
                continue;
            }
            // The data ends inside this sample: keep everything before it.
            status_.end = DecodeEnd::Truncated;
            status_.truncatedAt = at_;
            status_.truncatedEvent = describe(header);
            status_.truncationReason =
                shortageText(c, at_, "the " + describe(header) + " at byte " + std::to_string(at_));
            return;
        }
    }

    static std::string describe(std::uint8_t header)
    {
        if (header < syswire::kVmStateCount)
            return std::string(vmStateName(static_cast<VmState>(header))) + " sample";
        return "symbol event (0x" + hexByte(header) + ")";
    }

    SampleReader reader_;
    std::uint64_t at_ = 0; // where the item being read starts
    std::uint64_t problemAt_ = 0;
    std::string problem_;
};

template <class Sink>
DecodeStatus decodeSysprof(ByteSource& source, Sink& sink, const DecodeControl& control = {})
{
    return SysprofDecoder<Sink>(source, sink, control).run();
}

} // namespace memprof
