// SPDX-License-Identifier: GPL-3.0-or-later
// The names Lua functions are given where they are defined, read from their
// chunk's source (found as the source pane finds it, SourceLocator.h), for
// the by-function tree: a profile knows a function only by its chunk and
// the line it is defined on.
#pragma once

#include "model/dump/DecodeControl.h"
#include "model/memprofile/Profile.h"

#include <QString>
#include <QStringList>
#include <QStringView>

#include <vector>

namespace memprof::services {

// The name a definition line gives its function: `local function encode(`,
// `function M.encode(` or `function M:encode(`, `M.encode = function(` and
// `local encode = function(`; empty for any other line.
QString nameDefinedOn(QStringView line);

// Each function's name (indexed like profile.functions; empty where the
// source is not at hand, for a chunk's main code, or for a line naming
// nothing). Each chunk's source is read once; a raised control.stop ends
// the reading early, with the names found so far.
std::vector<QString> readFunctionNames(const Profile& profile, const QString& dumpFolder,
                                       const QStringList& sourceFolders, const DecodeControl& control = {});

} // namespace memprof::services
