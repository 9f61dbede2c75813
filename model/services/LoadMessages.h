// SPDX-License-Identifier: GPL-3.0-or-later
// What to tell a user about a file that cannot be shown, in plain words,
// with the byte offset where the problem is.
#pragma once

#include "model/decoder/DecodeStatus.h"

#include <QString>

namespace memprof::qt {

// Before loading: a missing, unreadable or empty file, or a folder; empty
// when the file can be given to the decoder.
QString checkDumpFile(const QString& path);

// A failed load: a sentence for the user, then the decoder's precise words.
QString describeFailure(const DecodeStatus& status);

// The warning bar of a truncated dump.
QString describeTruncation(const DecodeStatus& status, quint64 eventCount);

} // namespace memprof::qt
