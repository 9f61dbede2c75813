// SPDX-License-Identifier: GPL-3.0-or-later
// A script's arguments typed on one line, split as a shell splits them
// (quotes, backslashes, $VARIABLES, ~ and globs; POSIX wordexp), without
// running anything: command substitution is refused.
#pragma once

#include <QString>
#include <QStringList>

#include <optional>

namespace memprof::record {

// The words of `line`, or nullopt with `error` saying what is wrong (an
// unclosed quote, a `$(command)`).
std::optional<QStringList> shellWords(const QString& line, QString* error);

} // namespace memprof::record
