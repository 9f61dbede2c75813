// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/dump/DumpKind.h"

#include "model/dump/DumpDecoderBase.h"
#include "model/dump/StreamMagics.h"

#include <sys/stat.h>

#include <algorithm>

namespace memprof {

namespace {

struct IgnoreSymbols {
    void lfunc(const LfuncSymbol&) {}
    void cfunc(const CfuncSymbol&) {}
    void trace(const TraceSymbol&) {}
};

// How messages name the stream headers, one of which tells the kind.
constexpr const char* kStreamHeaders = "the stream header that tells a memprof dump ('ljm') from a sysprof one ('ljp')";

class KindProbe : DumpDecoderBase<IgnoreSymbols> {
    using Base = DumpDecoderBase<IgnoreSymbols>;

public:
    KindProbe(ByteSource& source, IgnoreSymbols& sink, const DecodeControl& control) : Base(source, sink, control) {}

    DumpProbe run()
    {
        status_.totalBytes = buffer_.totalSize();
        return {readKind(), status_};
    }

private:
    static constexpr Prologue kSymtab{magic::kSymtab, "symbol table", wire::kMinVersion, wire::kMaxVersion,
                                      "a memprof dump nor a sysprof dump"};

    DumpKind readKind()
    {
        if (!readPrologue(kSymtab, status_.symtabVersion))
            return DumpKind::Unknown;
        if (!readSymtab()) {
            // Damage in the table hides where it ends, and so the header.
            if (status_.end == DecodeEnd::Failed && status_.error.kind != DecodeErrorKind::IoError)
                status_.error.message += "; the symbol table stops being readable at byte " +
                                         std::to_string(buffer_.offset()) + ", before " + kStreamHeaders;
            return DumpKind::Unknown;
        }
        const std::uint64_t at = buffer_.offset();
        if (!refillAtLeast(3))
            return DumpKind::Unknown;
        if (buffer_.available() < 3) {
            fail(DecodeErrorKind::UnexpectedEnd, at + buffer_.available(),
                 std::string("the data ends after the symbol table, before ") + kStreamHeaders);
            return DumpKind::Unknown;
        }
        const std::uint8_t* found = buffer_.data();
        if (std::equal(found, found + 3, magic::kMemprofEvents))
            return DumpKind::Memprof;
        if (std::equal(found, found + 3, magic::kSysprofSamples))
            return DumpKind::Sysprof;
        // Either the header is damaged, or the table is, so that an end
        // marker was read where its writer put none.
        fail(DecodeErrorKind::BadMagic, at,
             "found " + quoteBytes(found, 3) +
                 " where the symbol table ends, not a stream header: 'ljm' (memprof) or 'ljp' (sysprof); the "
                 "header, or the symbol table before it, is damaged");
        return DumpKind::Unknown;
    }
};

} // namespace

DumpProbe probeDump(ByteSource& source, const DecodeControl& control)
{
    IgnoreSymbols sink;
    return KindProbe(source, sink, control).run();
}

DumpProbe probeDump(std::span<const std::uint8_t> bytes)
{
    SpanByteSource source(bytes);
    return probeDump(source);
}

DumpProbe probeDump(const std::string& path, const DecodeControl& control)
{
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0 || !S_ISREG(info.st_mode))
        return {};
    FileByteSource source(path, control.stop, control.follow);
    if (!source.isOpen())
        return {};
    return probeDump(source, control);
}

DumpKind dumpKindOf(const std::string& path)
{
    return probeDump(path).kind;
}

} // namespace memprof
