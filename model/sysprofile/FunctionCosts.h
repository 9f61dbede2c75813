// SPDX-License-Identifier: GPL-3.0-or-later
// Per function (frame) of a call tree: the samples it ran itself (self) and
// the samples it was on the stack for (total: a sample counts once however
// often the function recurses), and, for one function, who called it and
// what it called with their samples: the functions table and the sandwich.
#pragma once

#include "model/sysprofile/CallTree.h"

#include <cstdint>
#include <vector>

namespace memprof {

struct FunctionCost {
    FrameId frame = 0;
    std::uint64_t selfSamples = 0;
    std::uint64_t totalSamples = 0;
};

// One entry per frame that appears in `tree`, ordered by total samples
// (most first), then self samples, then frame id.
std::vector<FunctionCost> functionCosts(const CallTree& tree);

struct CallEdge {
    FrameId frame = 0; // the caller or the callee
    std::uint64_t samples = 0; // samples in which that call was on the stack
};

struct CallersAndCallees {
    FunctionCost function;
    std::vector<CallEdge> callers; // most samples first; a call from the root is not listed
    std::vector<CallEdge> callees;
    std::uint64_t samplesAsRoot = 0; // of function.totalSamples, with nobody calling it
};

// Callers and callees of `frame`: an edge counts a sample once even where
// the call repeats in its stack (recursion).
CallersAndCallees callersAndCallees(const CallTree& tree, FrameId frame);

} // namespace memprof
