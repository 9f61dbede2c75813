// SPDX-License-Identifier: GPL-3.0-or-later
// memprof's by-function tree (file -> function -> line) as a flame tree of
// allocated or held bytes, under one root "all".
#pragma once

#include "model/flame/FlameTree.h"
#include "model/memprofile/FunctionTree.h"

namespace memprof {

enum class FlameBytes : std::uint8_t { Allocated, Held };

// As flameTreeOf (FlameTree.h), the path sysprof's trees take: flame node i
// is FunctionTree node i, its sourceId that id.
FlameTree functionFlameTree(const FunctionTree& tree, FlameBytes bytes);

} // namespace memprof
