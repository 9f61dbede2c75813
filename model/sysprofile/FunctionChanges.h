// SPDX-License-Identifier: GPL-3.0-or-later
// Two CPU profiles compared function by function: each function's self and
// total samples in BASE and in NEW, matched by kind and name (frame ids are
// each dump's own; a native symbol's address is left out of its name, as it
// moves between runs). Runs differ in length, so what compares is each
// figure's share of its own run's samples.
#pragma once

#include "model/sysprofile/SysprofProfile.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace memprof {

enum class ComparedSide : std::uint8_t { Base, New };

struct FunctionChange {
    CallFrame frame; // as NEW names it; as BASE does for a function of BASE only
    std::array<std::uint64_t, 2> selfSamples{}; // [Base, New]
    std::array<std::uint64_t, 2> totalSamples{}; // [Base, New]
    std::array<bool, 2> present{}; // [Base, New]: the function ran in that dump

    double selfShare(ComparedSide side, const std::array<std::uint64_t, 2>& runSamples) const;
    double totalShare(ComparedSide side, const std::array<std::uint64_t, 2>& runSamples) const;
};

struct FunctionChanges {
    std::array<std::uint64_t, 2> runSamples{}; // [Base, New]: the view's samples of each dump
    std::vector<FunctionChange> functions; // the largest rise of the self share first
};

FunctionChanges functionChanges(const SysprofProfile& base, const SysprofProfile& current, StackView view);

// What matches a frame across two runs: its kind and name, where a native
// symbol's name drops its address ("pmain:0x55e2…"): the process's load
// address differs from run to run.
std::string frameMatchKey(const CallFrame& frame);

} // namespace memprof
