// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/decoder/DumpKind.h"

#include "model/decoder/DumpDecoderBase.h"
#include "model/sysdecoder/SysprofWire.h"

#include <sys/stat.h>

#include <algorithm>

namespace memprof {

namespace {

struct IgnoreSymbols {
    void lfunc(const LfuncSymbol&) {}
    void cfunc(const CfuncSymbol&) {}
    void trace(const TraceSymbol&) {}
};

class KindProbe : DumpDecoderBase<IgnoreSymbols> {
    using Base = DumpDecoderBase<IgnoreSymbols>;

public:
    KindProbe(ByteSource& source, IgnoreSymbols& sink, const DecodeControl& control) : Base(source, sink, control) {}

    DumpKind run()
    {
        static constexpr Prologue kSymtab{wire::kSymtabMagic, "symbol table", wire::kMinVersion, wire::kMaxVersion,
                                          "memprof"};
        status_.totalBytes = buffer_.totalSize();
        if (!readPrologue(kSymtab, status_.symtabVersion) || !readSymtab())
            return DumpKind::Unknown;
        if (buffer_.available() < 3 && !buffer_.atEnd() && !refill(3))
            return DumpKind::Unknown;
        if (buffer_.available() < 3)
            return DumpKind::Unknown;
        const std::uint8_t* magic = buffer_.data();
        if (std::equal(magic, magic + 3, wire::kEventsMagic))
            return DumpKind::Memprof;
        if (std::equal(magic, magic + 3, syswire::kMagic))
            return DumpKind::Sysprof;
        return DumpKind::Unknown;
    }
};

} // namespace

DumpKind dumpKindOf(ByteSource& source)
{
    IgnoreSymbols sink;
    const DecodeControl control;
    return KindProbe(source, sink, control).run();
}

DumpKind dumpKindOf(std::span<const std::uint8_t> bytes)
{
    SpanByteSource source(bytes);
    return dumpKindOf(source);
}

DumpKind dumpKindOf(const std::string& path)
{
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0 || !S_ISREG(info.st_mode))
        return DumpKind::Unknown;
    FileByteSource source(path);
    if (!source.isOpen())
        return DumpKind::Unknown;
    return dumpKindOf(source);
}

} // namespace memprof
