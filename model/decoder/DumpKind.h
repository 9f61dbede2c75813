// SPDX-License-Identifier: GPL-3.0-or-later
// Which profiler wrote a dump. Both start with the same `ljs` symbol table;
// the stream after it says: `ljm` memprof, `ljp` sysprof. So the kind is
// told by reading the table, not by a name or a fixed offset.
#pragma once

#include "model/decoder/ByteSource.h"

#include <span>
#include <string>

namespace memprof {

enum class DumpKind : std::uint8_t {
    Memprof,
    Sysprof,
    Unknown, // not readable up to the second magic: the memprof decoder says why
};

// Reads `source` through the symbol table and the next magic.
DumpKind dumpKindOf(ByteSource& source);
DumpKind dumpKindOf(std::span<const std::uint8_t> bytes);
// A file that cannot be opened, or is not a regular file (a pipe cannot be
// read twice), is Unknown.
DumpKind dumpKindOf(const std::string& path);

} // namespace memprof
