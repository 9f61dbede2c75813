// SPDX-License-Identifier: GPL-3.0-or-later
// Text from a dump (location, chunk and symbol names) as the viewer shows it:
// control characters and bidirectional overrides written as visible escapes
// (`\n`, `\x1b`, `\u202e`, as the text report writes them), so a U+202E in
// a chunk name cannot reverse the rest of a row or a message. Every item
// model's DisplayRole and every message that quotes a name goes through it;
// the raw name stays in the SortRole (filters, CSV).
#pragma once

#include <QString>

namespace memprof::itemmodels {

QString displayText(const QString& text);

} // namespace memprof::itemmodels
