// SPDX-License-Identifier: GPL-3.0-or-later
// Counts an event window of a loaded memprof dump again, on the calling
// thread (a job's worker: the memory document's countRange, a comparison's
// side): from the dump's window index when its slot holds one, else after
// building it with one whole decode (a short run: one whole decode of the
// window).
#pragma once

#include "model/dump/DecodeControl.h"
#include "model/dump/RunRange.h"
#include "model/services/ProfilePointers.h"
#include "model/services/WindowIndexSlot.h"

#include <cstdint>
#include <memory>
#include <string>

namespace memprof::services {

// Runs of fewer events count a window with one whole decode: on them it is
// faster than the index's replays (a 400 K-event dump: 0.06 s against
// 0.27 s, bench/README.md). Tests pass 0 to reach the index.
inline constexpr std::uint64_t kIndexedRunEvents = 2'000'000;

// A window of the run that gave `whole`, counted with the index in
// `indexSlot` (built there first when it is empty). The status says how
// the count ended; a whole decode that finds another run than `whole`
// (the dump changed on disk) returns that decode, uncounted.
Profile countWindow(const std::string& path, RunRange window, const ProfilePtr& whole,
                    const std::shared_ptr<WindowIndexSlot>& indexSlot, DecodeControl& control,
                    std::uint64_t indexedRunEvents = kIndexedRunEvents);

} // namespace memprof::services
