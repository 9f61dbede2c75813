// SPDX-License-Identifier: GPL-3.0-or-later
// How a decode ended, as a value: complete, truncated (the file ends without
// its epilogue), cancelled, or failed with a located error.
#pragma once

#include <cstdint>
#include <string>

namespace memprof {

enum class DecodeErrorKind : std::uint8_t {
    None,
    BadMagic, // prologue magic is not 'ljs' / 'ljm'
    UnsupportedVersion, // version byte outside 1..3
    BadHeaderByte, // an event header that no version defines
    UlebTooLong, // a ULEB128 longer than ten bytes or above 2^64-1
    StringPastEnd, // a string length larger than the bytes left (symbol table), or
    // far larger while many are left (events: damage, see Decoder.h)
    UnexpectedEnd, // the data ends inside the symbol table or a prologue
    IoError, // the file could not be read
    OtherProfiler, // a dump of the other profiler than the one needed (a sysprof
    // dump compared with a memprof one, or the other way round)
};

const char* toString(DecodeErrorKind kind);

struct DecodeError {
    DecodeErrorKind kind = DecodeErrorKind::None;
    std::uint64_t offset = 0; // byte offset where the problem was found
    std::string message; // what was found and what was expected

    bool isError() const { return kind != DecodeErrorKind::None; }
};

enum class DecodeEnd : std::uint8_t {
    Complete, // the epilogue was read
    Truncated, // the data ends before the epilogue: everything complete was kept
    Cancelled, // the stop flag was raised
    Failed, // `error` says why; nothing after `error.offset` was used
    Reading, // not ended: the counts so far of a read still going (a snapshot),
             // `bytesConsumed` of `totalBytes` read
};

struct DecodeStatus {
    DecodeEnd end = DecodeEnd::Complete;
    DecodeError error; // set when end == Failed
    std::uint64_t bytesConsumed = 0; // up to the end of the last complete item
    std::uint64_t totalBytes = 0; // bytes the source held (0 if unknown)
    std::uint64_t truncatedAt = 0; // Truncated: offset of the incomplete event
    std::string truncationReason; // Truncated: what was being read at the end
    std::string truncatedEvent; // Truncated: the incomplete event ("Lua alloc (0x09)"),
        // empty when the data ends between events
    std::uint64_t trailingBytes = 0; // bytes after the epilogue (ignored)
    std::uint8_t symtabVersion = 0;
    std::uint8_t eventsVersion = 0;
};

// The status of a file that could not be opened: Failed, IoError at byte 0.
DecodeStatus cannotOpenStatus(const std::string& reason);

// A byte as error messages show it: two hex digits ("0x" is theirs).
std::string hexByte(std::uint8_t b);

} // namespace memprof
