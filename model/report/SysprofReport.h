// SPDX-License-Identifier: GPL-3.0-or-later
// memprof-report's text outputs for a sysprof dump: the reference's lines
// (tools/sysprof.lua, what `luajit -ts` prints) and a summary.
#pragma once

#include "model/dump/FunctionNameTable.h"
#include "model/sysprofile/SysprofProfile.h"

#include <ostream>

namespace memprof {

// The one call tree each output of memprof-report reads: a load for it
// builds only that one (SysprofLoadOptions::views).
inline constexpr StackView kReferenceLinesView = StackView::Reference;
inline constexpr StackView kSummaryView = StackView::Lua;

// `frame;…;frame;<TAB>count` per distinct stack of the reference's merge,
// as tools/sysprof.lua prints them, most samples first (then by text: the
// reference's order is its hash table's).
void writeSysprofReferenceLines(std::ostream& out, const SysprofProfile& profile);

// Samples per VM state and the top functions of `view` by self and total.
// Where `names` names a function of the view, a column before each frame
// names its Lua function (blank where there is none).
void writeSysprofSummary(std::ostream& out, const SysprofProfile& profile, StackView view,
                         const FunctionNameTable* names = nullptr, std::size_t topCount = 20);

} // namespace memprof
