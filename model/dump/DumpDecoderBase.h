// SPDX-License-Identifier: GPL-3.0-or-later
// What the memprof and sysprof decoders share: the stream buffer and its
// refills (progress, cancellation), prologues, the `ljs` symbol table both
// kinds of dump start with (docs/FORMAT.md#the-symbol-table-ljs), symbol bodies
// (also sent inside either event stream), and the wording of damage. Each
// decoder derives from it and reads its own event grammar.
#pragma once

#include "model/dump/ByteCursor.h"
#include "model/dump/DecodeControl.h"
#include "model/dump/DecodeStatus.h"
#include "model/dump/StreamBuffer.h"
#include "model/dump/StreamMagics.h"
#include "model/dump/SymbolEvents.h"

#include <algorithm>
#include <cstdio>
#include <string>

namespace memprof {

template <class Sink>
class DumpDecoderBase {
protected:
    DumpDecoderBase(ByteSource& source, Sink& sink, const DecodeControl& control)
        : buffer_(source, control.blockSize), sink_(sink), control_(control)
    {}

    // What a refill asks for before an item without strings: a header and
    // six ten-byte ULEB128s (memprof's largest plain event).
    static constexpr std::size_t kSmallItemBytes = 1 + 6 * wire::kMaxUlebBytes;

    bool fail(DecodeErrorKind kind, std::uint64_t offset, std::string message)
    {
        status_.end = DecodeEnd::Failed;
        status_.error = {kind, offset, std::move(message)};
        return false;
    }

    bool stopRequested() const { return control_.stop && control_.stop->load(std::memory_order_relaxed); }

    // Refills; reports progress and honours cancellation once per block.
    // A source followed as it grows may give fewer than `wanted` bytes
    // without ending (StreamBuffer::waiting): each reader's loop asks again,
    // and progress is reported while it waits too (what a caller showing
    // the counts so far goes by).
    bool refill(std::size_t wanted)
    {
        if ((buffer_.fill(wanted) || buffer_.waiting()) && control_.progress)
            control_.progress(buffer_.offset(), status_.totalBytes);
        if (buffer_.failed())
            return fail(DecodeErrorKind::IoError, buffer_.offset() + buffer_.available(), buffer_.errorText());
        if (stopRequested()) {
            status_.end = DecodeEnd::Cancelled;
            return false;
        }
        return true;
    }

    // Refills until `wanted` bytes are there or the source ends, waiting for
    // a followed source's data as long as it takes.
    bool refillAtLeast(std::size_t wanted)
    {
        while (buffer_.available() < wanted && !buffer_.atEnd())
            if (!refill(wanted))
                return false;
        return true;
    }

    // prologue := magic[3] version:u8 reserved[3]
    // Which prologue is expected where: its magic, what the error messages
    // call it, the versions this reader knows and what a wrong magic at
    // byte 0 says the data is not.
    struct Prologue {
        const std::uint8_t (&magic)[3];
        const char* part; // "symbol table", "event stream"
        std::uint8_t minVersion;
        std::uint8_t maxVersion;
        const char* notA; // "a memprof dump"
    };

    bool readPrologue(const Prologue& expect, std::uint8_t& version)
    {
        if (!refillAtLeast(magic::kPrologueSize))
            return false;
        const std::uint64_t at = buffer_.offset();
        const std::uint8_t* p = buffer_.data();
        const std::size_t have = buffer_.available();
        const auto& magic = expect.magic;
        const char* part = expect.part;
        const std::string expected = std::string("'") + char(magic[0]) + char(magic[1]) + char(magic[2]) + "'";
        for (std::size_t i = 0; i < 3; ++i) {
            if (i >= have)
                return fail(DecodeErrorKind::UnexpectedEnd, at + i,
                            std::string("the data ends inside the ") + part + " prologue (expected " + expected + ")");
            if (p[i] != magic[i]) {
                const std::string found = quoteBytes(p, std::min<std::size_t>(have, 3));
                // A wrong first magic means the file is something else
                // altogether; a wrong second one, a dump that lost its way.
                if (at == 0)
                    return fail(DecodeErrorKind::BadMagic, at,
                                std::string("not ") + expect.notA + ": it starts with " + found + ", a dump with " +
                                    expected);
                return fail(DecodeErrorKind::BadMagic, at,
                            std::string("bad ") + part + " magic " + found + ", expected " + expected);
            }
        }
        if (have < 4)
            return fail(DecodeErrorKind::UnexpectedEnd, at + have,
                        std::string("the data ends inside the ") + part + " prologue (expected a version byte)");
        version = p[3];
        if (version < expect.minVersion || version > expect.maxVersion)
            return fail(DecodeErrorKind::UnsupportedVersion, at + 3,
                        std::string("unsupported ") + part + " version " + std::to_string(version) +
                            " (supported: " + versionList(expect.minVersion, expect.maxVersion) + ")");
        if (have < static_cast<std::size_t>(magic::kPrologueSize))
            return fail(DecodeErrorKind::UnexpectedEnd, at + have,
                        std::string("the data ends inside the ") + part + " prologue");
        buffer_.consume(magic::kPrologueSize);
        return true;
    }

    static std::string versionList(std::uint8_t from, std::uint8_t to)
    {
        std::string list;
        for (int v = from; v <= to; ++v)
            list += (list.empty() ? "" : ", ") + std::to_string(v);
        return list;
    }

    static std::string quoteBytes(const std::uint8_t* p, std::size_t n)
    {
        std::string out = "'";
        for (std::size_t i = 0; i < n; ++i) {
            if (p[i] >= 0x20 && p[i] < 0x7f)
                out += char(p[i]);
            else {
                char hex[8];
                std::snprintf(hex, sizeof hex, "\\x%02x", p[i]);
                out += hex;
            }
        }
        return out + "'";
    }

    // Reads the body of a symbol (shared by the table and by symtab events).
    // sym-lfunc := sym-addr sym-chunk sym-line
    // sym-cfunc := sym-addr sym-name
    // sym-trace := trace-no [trace-addr: version 2] sym-addr sym-line
    template <class Deliver>
    static void readSymbolBody(ByteCursor& c, std::uint8_t type, std::uint8_t version, Deliver&& deliver)
    {
        switch (type) {
        case wire::kSymLfunc: {
            LfuncSymbol s;
            s.addr = c.uleb();
            s.chunkname = c.string();
            s.linedefined = c.uleb();
            if (c.ok())
                deliver(s);
            break;
        }
        case wire::kSymCfunc: {
            CfuncSymbol s;
            s.addr = c.uleb();
            s.name = c.string();
            if (c.ok())
                deliver(s);
            break;
        }
        case wire::kSymTrace: {
            TraceSymbol s;
            s.traceno = c.uleb();
            if (version == 2)
                (void)c.uleb(); // trace-addr: not used for naming
            s.addr = c.uleb();
            s.line = c.uleb();
            if (c.ok())
                deliver(s);
            break;
        }
        default:
            break;
        }
    }

    // The symbol types a symbol table of this version defines. Others are
    // skipped header-only, as the reference does.
    static bool symbolTypeKnown(std::uint8_t type, std::uint8_t version)
    {
        return type == wire::kSymLfunc || (version >= 2 && (type == wire::kSymCfunc || type == wire::kSymTrace));
    }

    // Reads a symbol body of `type` and hands it to the sink.
    void readSymbol(ByteCursor& c, std::uint8_t type, std::uint8_t version)
    {
        readSymbolBody(c, type, version, [&](const auto& s) { deliverSymbol(s); });
    }

    void deliverSymbol(const LfuncSymbol& s) { sink_.lfunc(s); }
    void deliverSymbol(const CfuncSymbol& s) { sink_.cfunc(s); }
    void deliverSymbol(const TraceSymbol& s) { sink_.trace(s); }

    // Explains a cursor that ran out of data; `item` names what was read.
    std::string shortageText(const ByteCursor& c, std::uint64_t itemOffset, const std::string& item) const
    {
        if (c.shortInString)
            return "string of " + std::to_string(c.stringLength) + " bytes runs past the end of the data at byte " +
                   std::to_string(itemOffset + c.problemAt) + " (in " + item + ")";
        return "the data ends at byte " + std::to_string(itemOffset + c.problemAt) + " inside " + item;
    }

    // A string whose declared length is beyond the source's size cannot be
    // completed by reading more: say so now instead of buffering for it.
    bool cannotComplete(const ByteCursor& c, std::uint64_t itemOffset) const
    {
        return status_.totalBytes != 0 &&
               (itemOffset > status_.totalBytes || c.needed > status_.totalBytes - itemOffset);
    }

    // The bytes from `offset` to the end of the data: the source's size, or
    // (size unknown) what the buffer holds once the source has ended.
    std::uint64_t bytesLeftFrom(std::uint64_t offset) const
    {
        const std::uint64_t end = status_.totalBytes ? status_.totalBytes : buffer_.offset() + buffer_.available();
        return end > offset ? end - offset : 0;
    }

    // Damage or a dump cut short? A process that dies, or a disk that fills,
    // cuts the file inside its last event: what is left after a string's
    // length is a prefix of that string, of any size up to the length. A
    // damaged length is usually far larger than anything a writer could
    // produce. So a string that runs past the end is damage when its length
    // exceeds the bytes left by far (kDamageRatio times) while many bytes
    // remain (kDamageMinBytesLeft). A real cut is taken for damage only if
    // it is at least 64 KiB into a string of more than 64 MiB, which no
    // chunk name or C symbol is. Anything else is read as a cut: the file
    // ends within the last event, and everything before it is kept.
    static constexpr std::uint64_t kDamageMinBytesLeft = 64 * 1024;
    static constexpr std::uint64_t kDamageRatio = 1024;

    bool isDamagedLength(const ByteCursor& c, std::uint64_t itemOffset) const
    {
        const std::uint64_t left = bytesLeftFrom(itemOffset + c.problemAt);
        return left >= kDamageMinBytesLeft && c.stringLength / kDamageRatio > left;
    }

    bool readSymtab()
    {
        const std::uint8_t version = status_.symtabVersion;
        for (;;) {
            if (buffer_.available() < kSmallItemBytes && !buffer_.atEnd() && !refill(kSmallItemBytes))
                return false;
            const std::uint64_t at = buffer_.offset();
            ByteCursor c(buffer_.data(), buffer_.available());
            const std::uint8_t header = c.u8();
            if (c.ok() && (header & wire::kSymtabEnd)) {
                buffer_.consume(1);
                return true;
            }
            const std::uint8_t type = header & wire::kSymtypeMask;
            if (c.ok() && symbolTypeKnown(type, version))
                readSymbol(c, type, version);
            if (c.ok()) {
                buffer_.consume(c.consumed());
                continue;
            }
            if (c.state == ByteCursor::State::UlebTooLong)
                return fail(DecodeErrorKind::UlebTooLong, at + c.problemAt,
                            "ULEB128 longer than 10 bytes in a symbol table entry at byte " + std::to_string(at));
            if (!buffer_.atEnd() && !cannotComplete(c, at)) {
                if (!refill(static_cast<std::size_t>(c.needed)))
                    return false;
                continue;
            }
            const std::string item = "the symbol table entry at byte " + std::to_string(at);
            if (c.shortInString)
                return fail(DecodeErrorKind::StringPastEnd, at + c.problemAt, shortageText(c, at, item));
            return fail(DecodeErrorKind::UnexpectedEnd, at + c.problemAt,
                        c.consumed() == 0 && buffer_.available() == 0
                            ? "the data ends inside the symbol table (no end marker 0x80)"
                            : shortageText(c, at, item));
        }
    }

    StreamBuffer buffer_;
    Sink& sink_;
    const DecodeControl& control_;
    DecodeStatus status_;
};

} // namespace memprof
