// SPDX-License-Identifier: GPL-3.0-or-later
// Which profiler wrote a dump. Both start with the same `ljs` symbol table;
// the stream header after it says: `ljm` memprof, `ljp` sysprof. So the kind
// is told by reading the table, not by a name or a fixed offset; a dump that
// cannot be read that far is broken, and of neither kind.
#pragma once

#include "model/dump/ByteSource.h"
#include "model/dump/DecodeControl.h"
#include "model/dump/DecodeStatus.h"

#include <span>
#include <string>

namespace memprof {

enum class DumpKind : std::uint8_t {
    Memprof,
    Sysprof,
    Unknown, // broken before its stream header, or not read (DumpProbe)
};

// What reading a dump up to its stream header found.
struct DumpProbe {
    DumpKind kind = DumpKind::Unknown;
    // Unknown and Failed: the bytes were read and tell no kind, with where
    // and why (not a dump, a symbol table that stops being readable, no
    // stream header after it). Unknown and not Failed: nothing was read (a
    // file that cannot be opened, or is not a regular file: a pipe cannot
    // be read twice); the loader that reads it says what it finds.
    DecodeStatus status;

    bool broken() const { return status.end == DecodeEnd::Failed; }
};

// Reads `source` through the symbol table and the next magic. A file
// followed as it grows (control.follow) is waited for until they are
// written (control.stop ends the wait, Cancelled).
DumpProbe probeDump(ByteSource& source, const DecodeControl& control = {});
DumpProbe probeDump(std::span<const std::uint8_t> bytes);
DumpProbe probeDump(const std::string& path, const DecodeControl& control = {});

// probeDump(path).kind.
DumpKind dumpKindOf(const std::string& path);

} // namespace memprof
