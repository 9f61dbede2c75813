// SPDX-License-Identifier: GPL-3.0-or-later
// What to tell a user about a file that cannot be shown, in plain words,
// with the byte offset where the problem is.
#pragma once

#include "model/dump/DecodeStatus.h"

#include <QString>

namespace memprof::services {

// What an empty file is: a dump whose profiler wrote nothing (refused), or
// one followed as it grows, whose profiler has not written yet.
enum class EmptyDump { Refused, StillWritten };

// Before loading: a missing, unreadable or empty file, or a folder; empty
// when the file can be given to the decoder.
QString checkDumpFile(const QString& path, EmptyDump empty = EmptyDump::Refused);

// A failed load: a sentence for the user, then the decoder's precise words;
// a failure with no decoding error (a read refused before it began), its
// message alone.
QString describeFailure(const DecodeStatus& status);

// The warning bar of a truncated dump: where the kept data ends (the same
// offset as describeTruncationPoint) and why.
QString describeTruncation(const DecodeStatus& status, quint64 eventCount);

// The summary header's "truncated at byte 1,234": the offset of the
// incomplete event, which is where the kept data ends.
QString describeTruncationPoint(const DecodeStatus& status);

} // namespace memprof::services
