// SPDX-License-Identifier: GPL-3.0-or-later
// Where the source of a location is, and what to show instead when there is
// no file: a chunk `@path` is looked up relative to the dump's folder, then
// in the user's source folders; absolute paths are taken as they are; code
// loaded from strings shows the text stored in the dump; INTERNAL, C
// functions and special chunks get a short explanation.
//
// A dump can name any path, so a chunk name is not trusted: only regular
// files are read, never one under /proc, /sys or /dev (symbolic links
// resolved first: a hostile dump would show environment variables or a
// device's bytes on screen). A file outside the dump's folder and the
// source folders that is not a Lua source (`.lua`) is shown only once the
// user has confirmed it (`confirmedFiles`). Lua sources anywhere, such as a
// script's absolute `@/opt/app/init.lua`, open without a question.
#pragma once

#include "model/memprofile/Profile.h"

#include <QString>
#include <QStringList>

namespace memprof::services {

struct SourceView {
    enum class Kind {
        None, // nothing selected
        File, // `filePath` was found; `text` is its content
        StoredText, // code loaded from a string: `text` comes from the dump
        NotFound, // `wantedPath` (a chunk `@path`) is in none of the folders
        Explanation, // `text` says why there is no source
        Refused, // `filePath` (resolved) is not read: `text` says why
        NeedsConfirmation, // `filePath` is read once confirmed: `text` says why it asks
    };
    Kind kind = Kind::None;
    QString title; // what the pane's header shows: the chunk or the location
    QString chunkname; // raw chunk name (for the per-line costs), or empty
    QString filePath; // File: the file read
    QString wantedPath; // NotFound: the path as the chunk names it
    QStringList searched; // NotFound: the folders searched
    QString text;
    int line = 0; // 1-based line to show, 0 for none
};

SourceView locateSource(const Profile& profile, LocationId location, const QString& dumpFolder,
                        const QStringList& sourceFolders, const QStringList& confirmedFiles = {});

// The chunk of a function (a node of the by-function tree): its file or
// stored text, marked at `line` (the line it is defined; 0 for none).
SourceView locateFunctionSource(const Profile& profile, std::int32_t function, int line, const QString& dumpFolder,
                                const QStringList& sourceFolders, const QStringList& confirmedFiles = {});

// A chunk by name, marked at `line` (0 for none): what a profile without
// memprof's locations shows (a sysprof function). `aliasName` names a chunk
// loaded from a multi-line string (its text is the chunk name itself).
SourceView locateChunkSource(const std::string& chunkname, const std::string& aliasName, int line,
                             const QString& dumpFolder, const QStringList& sourceFolders,
                             const QStringList& confirmedFiles = {});

} // namespace memprof::services
