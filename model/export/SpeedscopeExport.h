// SPDX-License-Identifier: GPL-3.0-or-later
// speedscope's file format (https://www.speedscope.app/file-format-schema.json):
// one "sampled" profile per figure, sharing one frame table.
#pragma once

#include "model/export/StackProfile.h"

#include <ostream>
#include <string>
#include <vector>

namespace memprof {

struct SpeedscopeView {
    std::size_t sampleType = 0; // the value column the profile weighs samples by
    std::string name; // as speedscope lists it ("Allocated bytes")
};

// The JSON text; samples with a zero weight in a view are left out of it.
std::string speedscopeJson(const StackProfile& stacks, const std::vector<SpeedscopeView>& views,
                           const std::string& name);

// A merged profile's (samples with an instance): a sampled profile per
// instance and view, in the order of `instances`, each named
// "<instance>: <view>", so speedscope lists the dumps side by side.
std::string speedscopeJsonByInstance(const StackProfile& stacks, const std::vector<SpeedscopeView>& views,
                                     const std::vector<std::string>& instances, const std::string& name);

// One sampled profile in time order (speedscope's Time Order view): each
// of `stacks.timeOrder` is a stretch of time, in order, weighed by one value
// column; every frame is shown once, at its first line. Written to `out` as
// it is made: a long run's text is never held whole.
void writeSpeedscopeTimeOrder(std::ostream& out, const StackProfile& stacks, const SpeedscopeView& view,
                              const std::string& name);

} // namespace memprof
