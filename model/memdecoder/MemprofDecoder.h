// SPDX-License-Identifier: GPL-3.0-or-later
// The streaming memprof decoder: `ljs` symbol table, then `ljm` events, for
// versions 1, 2 and 3 (docs/FORMAT.md; what it does with malformed input:
// docs/FORMAT.md#what-the-decoder-does-with-each-quirk). It hands each
// production to a sink (a template parameter, so the per-event calls
// inline) and ends with a DecodeStatus.
// It never throws, never reads past the data, and keeps memory to one buffer.
//
// Sink interface:
//   void lfunc(const LfuncSymbol&); void cfunc(const CfuncSymbol&);
//   void trace(const TraceSymbol&); void symtabEnd();
//   void alloc(const AllocEvent&); void realloc(const ReallocEvent&);
//   void free(const FreeEvent&);
// and optionally void eventBoundary(std::uint64_t offset): the next event
// starts at byte `offset` (called between events, about once per read
// block, so a sink can note where to resume: see decodeEvents), and
// void streamVersions(std::uint8_t symtab, std::uint8_t events): the two
// prologues' versions, once both are read.
#pragma once

#include "model/dump/DumpDecoderBase.h"
#include "model/memdecoder/MemprofEvents.h"
#include "model/memdecoder/MemprofWire.h"

#include <array>
#include <atomic>
#include <cstdio>
#include <functional>
#include <string>

namespace memprof {

namespace detail {
std::string describeHeader(std::uint8_t header);
std::string formatHex(std::uint64_t value);
} // namespace detail

template <class Sink>
class Decoder : DumpDecoderBase<Sink> {
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
                                              "a memprof dump"};
    static constexpr Prologue kEventsPrologue{magic::kMemprofEvents, "event stream", wire::kMinVersion,
                                              wire::kMaxVersion, "a memprof dump"};

public:
    Decoder(ByteSource& source, Sink& sink, const DecodeControl& control) : Base(source, sink, control) {}

    DecodeStatus run()
    {
        status_.totalBytes = buffer_.totalSize();
        if (readPrologue(kSymtabPrologue, status_.symtabVersion) && readSymtab()) {
            sink_.symtabEnd();
            if (readPrologue(kEventsPrologue, status_.eventsVersion)) {
                if constexpr (requires { sink_.streamVersions(std::uint8_t{}, std::uint8_t{}); })
                    sink_.streamVersions(status_.symtabVersion, status_.eventsVersion);
                readEvents();
            }
        }
        // A followed file's size is what was read of it (unknown at the start).
        if (status_.totalBytes == 0)
            status_.totalBytes = buffer_.totalSize();
        status_.bytesConsumed = buffer_.offset();
        return status_;
    }

    // The events alone, from a source positioned at an event's start (an
    // offset a sink's eventBoundary was given) in a stream of `version`.
    DecodeStatus runEvents(std::uint8_t version)
    {
        status_.totalBytes = buffer_.totalSize();
        status_.eventsVersion = version;
        readEvents();
        status_.bytesConsumed = buffer_.offset();
        return status_;
    }

private:
    // The largest event without strings: header + six ten-byte ULEB128s.
    static constexpr std::size_t kMaxPlainEvent = Base::kSmallItemBytes;

    // loc := loc-internal | loc-lua | loc-c | loc-trace, chosen by the header.
    // `nextValue()` reads the next ULEB128: the careful cursor's or the fast
    // loop's.
    template <class NextValue>
    [[gnu::always_inline]] static Location readLocation(NextValue&& nextValue, std::uint8_t source,
                                                        std::uint8_t version)
    {
        Location loc;
        switch (source) {
        case wire::kSourceLua:
            loc.source = SourceKind::Lua;
            loc.addr = nextValue();
            loc.line = nextValue();
            break;
        case wire::kSourceC:
            loc.source = SourceKind::C;
            loc.addr = nextValue();
            break;
        case wire::kSourceTrace:
            loc.source = SourceKind::Trace;
            loc.traceno = nextValue();
            if (version == 2)
                (void)nextValue(); // trace-addr
            break;
        default:
            loc.source = SourceKind::Internal;
            break;
        }
        return loc;
    }

    static constexpr bool headerValid(std::uint8_t header, std::uint8_t version)
    {
        const std::uint8_t event = header & wire::kEventMask;
        if (version == 1) {
            const std::uint8_t source = header & wire::kSourceMaskV1;
            return header <= wire::kMaxEventHeaderV1 && event != wire::kEventSymtab && source != 0;
        }
        if (header > wire::kMaxEventHeader)
            return false;
        const std::uint8_t source = header & wire::kSourceMask;
        // Source 0 is only meaningful for the writer's cfunc quirk (0x01) and
        // the no-op symtab header 0x00 that the reference accepts.
        return source != 0 || event == wire::kEventSymtab || header == wire::kQuirkCfuncHeader;
    }

    // The headers the fast loop decodes: alloc, realloc and free events,
    // whose bodies are ULEB128s only (not the cfunc quirk 0x01, a symbol).
    using PlainHeaders = std::array<bool, 256>;
    static constexpr PlainHeaders plainHeadersOf(std::uint8_t version)
    {
        PlainHeaders plain{};
        for (int h = 0; h < 256; ++h) {
            const auto header = static_cast<std::uint8_t>(h);
            plain[h] = headerValid(header, version) && (header & wire::kEventMask) != wire::kEventSymtab &&
                       header != wire::kQuirkCfuncHeader;
        }
        return plain;
    }
    static constexpr PlainHeaders kPlainHeaders[wire::kMaxVersion + 1] = {
        {}, plainHeadersOf(1), plainHeadersOf(2), plainHeadersOf(3)};

    // The bytes the fast loop needs after an event's start: the 64 bytes
    // of its last-byte mask, and an eight-byte load from just past them
    // (where a value the mask does not end would start).
    static constexpr std::size_t kFastWindow = 64 + 1 + 8;

    // The fast loop: a run of plain events, each of whose ULEB128s has at
    // most eight bytes, while kFastWindow bytes are left in the buffer. So
    // no bounds checks, no cursor state: it stops at anything else (a
    // symbol, the epilogue, a bad header, a long ULEB128, the buffer's last
    // bytes), leaving that event to the careful path, which decodes it or
    // reports its error as before.
    //
    // The values' lengths come from one mask of the bytes that end a value
    // (high bit clear) instead of from each value in turn: the next event's
    // start then depends on one mask and a few bit clears, not on a chain
    // of loads and bit scans through every value, and the values decode in
    // parallel.
    void readPlainEvents(std::uint8_t version)
    {
        const PlainHeaders& plain = kPlainHeaders[version];
        const std::uint8_t* const first = buffer_.data();
        const std::uint8_t* const lastStart = first + (buffer_.available() - kFastWindow);
        const std::uint8_t* p = first;
        while (p <= lastStart && plain[*p]) {
            const std::uint8_t header = *p;
            // The header ends with bit 0 (it is below 0x80); each set bit
            // after it ends a value. The scan sees bit 63 set, so it never
            // meets 0; a value it would end falsely is too long anyway (six
            // values of up to eight bytes end by byte 48).
            const std::uint64_t valueEnds = lastByteMask(p);
            std::uint64_t ends = valueEnds & (valueEnds - 1);
            unsigned valueStart = 1;
            const auto next = [&] {
                const auto end = static_cast<unsigned>(std::countr_zero(ends | (std::uint64_t(1) << 63)));
                ends &= ends - 1;
                const std::uint64_t value = ulebOfLength(p + valueStart, end + 1 - valueStart);
                valueStart = end + 1;
                return value;
            };
            const Location loc =
                readLocation(next, header & (version == 1 ? wire::kSourceMaskV1 : wire::kSourceMask), version);
            const std::uint8_t event = header & wire::kEventMask;
            const std::uint64_t addr1 = next();
            const std::uint64_t size1 = next();
            std::uint64_t addr2 = 0, size2 = 0; // realloc: the new block
            if (event == wire::kEventRealloc) {
                addr2 = next();
                size2 = next();
            }
            // A value of more than eight bytes starts with eight bytes that
            // all have their high bit set: look for such a run in the event.
            std::uint64_t eightContinued = ~valueEnds;
            eightContinued &= eightContinued >> 1;
            eightContinued &= eightContinued >> 2;
            eightContinued &= eightContinued >> 4;
            if ((eightContinued & (~std::uint64_t(0) >> (64 - valueStart))) != 0) [[unlikely]]
                break;
            p += valueStart;
            switch (event) {
            case wire::kEventAlloc:
                sink_.alloc(AllocEvent{loc, addr1, size1});
                break;
            case wire::kEventRealloc:
                sink_.realloc(ReallocEvent{loc, addr1, size1, addr2, size2});
                break;
            default:
                sink_.free(FreeEvent{loc, addr1, size1});
                break;
            }
        }
        buffer_.consume(static_cast<std::size_t>(p - first));
    }

    void readEvents()
    {
        const std::uint8_t version = status_.eventsVersion;
        for (;;) {
            if constexpr (requires { sink_.eventBoundary(std::uint64_t{}); })
                sink_.eventBoundary(buffer_.offset());
            if (buffer_.available() < kMaxPlainEvent && !buffer_.atEnd() && !refill(kMaxPlainEvent))
                return;
            if (buffer_.available() >= kFastWindow) {
                readPlainEvents(version);
                // Stopped for want of data: refill before the careful path.
                if (buffer_.available() < kMaxPlainEvent && !buffer_.atEnd())
                    continue;
            }
            const std::uint64_t at = buffer_.offset();
            if (buffer_.available() == 0 && !buffer_.atEnd())
                continue; // a followed source has nothing yet
            if (buffer_.available() == 0) {
                status_.end = DecodeEnd::Truncated;
                status_.truncatedAt = at;
                status_.truncationReason = "the data ends at byte " + std::to_string(at) +
                                           " without the epilogue (the profiled process probably died)";
                return;
            }
            ByteCursor c(buffer_.data(), buffer_.available());
            const auto cursorValue = [&c] { return c.uleb(); };
            const std::uint8_t header = c.u8();
            if (header == wire::kEpilogue) {
                buffer_.consume(1);
                status_.end = DecodeEnd::Complete;
                if (status_.totalBytes > buffer_.offset())
                    status_.trailingBytes = status_.totalBytes - buffer_.offset();
                return;
            }
            if (!headerValid(header, version)) {
                fail(DecodeErrorKind::BadHeaderByte, at,
                     "invalid event header 0x" + hexByte(header) + " at byte " + std::to_string(at) +
                         " (expected an event header of format version " + std::to_string(version) +
                         " or the epilogue 0x80)");
                return;
            }
            const std::uint8_t event = header & wire::kEventMask;
            const std::uint8_t source = header & (version == 1 ? wire::kSourceMaskV1 : wire::kSourceMask);
            switch (event) {
            case wire::kEventAlloc: {
                if (header == wire::kQuirkCfuncHeader) {
                    readSymbol(c, wire::kSymCfunc, version);
                    break;
                }
                AllocEvent e;
                e.loc = readLocation(cursorValue, source, version);
                e.naddr = c.uleb();
                e.nsize = c.uleb();
                if (c.ok())
                    sink_.alloc(e);
                break;
            }
            case wire::kEventRealloc: {
                ReallocEvent e;
                e.loc = readLocation(cursorValue, source, version);
                e.oaddr = c.uleb();
                e.osize = c.uleb();
                e.naddr = c.uleb();
                e.nsize = c.uleb();
                if (c.ok())
                    sink_.realloc(e);
                break;
            }
            case wire::kEventFree: {
                FreeEvent e;
                e.loc = readLocation(cursorValue, source, version);
                e.oaddr = c.uleb();
                e.osize = c.uleb();
                if (c.ok())
                    sink_.free(e);
                break;
            }
            default: { // ev-symtab: the body of the symbol its source names
                const std::uint8_t type = source == wire::kSourceLua     ? wire::kSymLfunc
                                          : source == wire::kSourceC     ? wire::kSymCfunc
                                          : source == wire::kSourceTrace ? wire::kSymTrace
                                                                         : 0xff;
                readSymbol(c, type, version);
                break;
            }
            }
            if (c.ok()) {
                buffer_.consume(c.consumed());
                continue;
            }
            if (c.state == ByteCursor::State::UlebTooLong) {
                fail(DecodeErrorKind::UlebTooLong, at + c.problemAt,
                     "ULEB128 longer than 10 bytes at byte " + std::to_string(at + c.problemAt) + " in the " +
                         detail::describeHeader(header) + " event at byte " + std::to_string(at));
                return;
            }
            if (!buffer_.atEnd() && !cannotComplete(c, at)) {
                if (!refill(static_cast<std::size_t>(c.needed)))
                    return;
                continue;
            }
            if (c.shortInString && isDamagedLength(c, at)) {
                const std::uint64_t stringAt = at + c.problemAt;
                fail(DecodeErrorKind::StringPastEnd, stringAt,
                     "damaged: a string of " + std::to_string(c.stringLength) + " bytes at byte " +
                         std::to_string(stringAt) + " (in the " + detail::describeHeader(header) + " event at byte " +
                         std::to_string(at) + ") runs past the end of the file, " +
                         std::to_string(bytesLeftFrom(stringAt)) +
                         " bytes later: a dump cut short ends inside its last event, so the length is "
                         "damaged and nothing after it can be decoded");
                return;
            }
            // The data ends inside this event: keep everything before it.
            status_.end = DecodeEnd::Truncated;
            status_.truncatedAt = at;
            status_.truncatedEvent = detail::describeHeader(header);
            status_.truncationReason =
                shortageText(c, at, "the " + detail::describeHeader(header) + " event at byte " + std::to_string(at));
            return;
        }
    }
};

template <class Sink>
DecodeStatus decode(ByteSource& source, Sink& sink, const DecodeControl& control = {})
{
    return Decoder<Sink>(source, sink, control).run();
}

// Resumes decoding at an event: `source` starts where the first decode's
// sink was told an event starts (eventBoundary), `version` is the stream's.
// Symbols met are delivered as usual; the status's offsets count from the
// source's start.
template <class Sink>
DecodeStatus decodeEvents(ByteSource& source, Sink& sink, std::uint8_t version, const DecodeControl& control = {})
{
    return Decoder<Sink>(source, sink, control).runEvents(version);
}

} // namespace memprof
