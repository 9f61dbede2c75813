// SPDX-License-Identifier: GPL-3.0-or-later
// How a function or a location reads in every pane of both profilers: the
// one place that decides it (the item models and the flame graphs ask
// here). Once its source has been read for names (model/dump/
// FunctionNameTable.h) a Lua function reads by its name first, then where it
// is ("serialize", "serializer.lua:2"), which the panes show dimmed or
// apart; a trace as "TRACE 3 in serialize (serializer.lua:5)"; a C symbol
// without its load address ("pmain"), the address in the tool tip. Where
// no source was read the reference's name stays, escaped (DisplayText.h).
#pragma once

#include "model/dump/FunctionNameTable.h"
#include "model/memprofile/Profile.h"
#include "model/sysprofile/CallTree.h"

#include <QString>
#include <QVariant>

#include <memory>
#include <string_view>

namespace memprof::itemmodels {

// The names read for a profile's functions; null while none are.
using FunctionNames = std::shared_ptr<const FunctionNameTable>;

struct FunctionLabel {
    // "serialize", "pmain", "TRACE 3 in serialize (serializer.lua:5)"; the
    // reference's name (escaped) when the source gives none.
    QString name;
    // "serializer.lua:7": where the named function or line is; empty when
    // the name says it already.
    QString location;
    // A line for the tool tip: the address a C symbol was loaded at, or why
    // the source read gave no name; empty otherwise.
    QString note;
    // The name begins with what the source calls the function ("TRACE 3 in
    // serialize (…)", "main chunk of app.lua"): a narrow cell keeps that
    // start and elides the end, where a path keeps its end (the line).
    bool keepStart = false;

    // The name, then its location two spaces after it: what a pane shows
    // and what filters and searches match.
    QString text() const;
    // `text` with the note on a line below it, for tool tips.
    QString toolTip() const;
    // The item data a function cell gives for `role`: DisplayRole (text),
    // FunctionNameLengthRole (where there is a location or a start to
    // keep); invalid for other roles.
    QVariant data(int role) const;
};

// A sysprof frame (either profiler's view of a function).
FunctionLabel frameLabel(const CallFrame& frame, const FunctionNameTable* names);
// A Lua function by its chunk (raw) and definition line; `printed` is the
// reference's name for it ("@a.lua:2", "function_alias_1:2"), `shown` how
// the pane names it without a name (escaped: "function at @a.lua:2").
FunctionLabel luaFunctionLabel(std::string_view chunk, std::uint64_t definedAt, std::string_view printed,
                               const QString& shown, const FunctionNameTable* names);
// A memprof location (a line, a C function, a trace); `shown` is its name
// as LocationNames shows it (escaped, told apart from a namesake).
FunctionLabel locationLabel(const Profile& profile, LocationId location, const QString& shown,
                            const FunctionNameTable* names);

} // namespace memprof::itemmodels
