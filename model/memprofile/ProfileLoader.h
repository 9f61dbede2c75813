// SPDX-License-Identifier: GPL-3.0-or-later
// One call from a dump (a file or bytes in memory) to its aggregates.
#pragma once

#include "model/dump/DecodeControl.h"
#include "model/dump/LoadSnapshots.h"
#include "model/memprofile/Profile.h"

#include <span>
#include <string>

namespace memprof {

class EventObserver;
struct WindowIndex;
enum class Counting : int; // ProfileBuilder.h

// Opens and decodes the file at `path`, counting the events of `window`
// (Profile::window). A file that cannot be opened gives a Failed status with
// an IoError naming the reason.
Profile loadProfile(const std::string& path, const DecodeControl& control = {}, EventObserver* observer = nullptr,
                    RunRange window = {});
Profile loadProfile(std::span<const std::uint8_t> bytes, const DecodeControl& control = {},
                    EventObserver* observer = nullptr, RunRange window = {});

// The same, counting on the caller's thread (Counting::Inline) or on a
// second one (OnThread, what the overloads above do: a dump read alone has
// both cores). Several dumps read side by side already fill the cores, so
// each counts inline: the hand-over between threads costs CPU time and
// holds batches in memory.
Profile loadProfile(const std::string& path, const DecodeControl& control, Counting counting);

// What a load shows before it ends (LoadSnapshots): the Profile of the
// events counted so far (ProfileBuilder::requestSnapshot).
using ProfileSnapshots = LoadSnapshots<Profile>;

// The whole run of the file at `path`, as loadProfile(path, control) gives
// it, with the snapshots of `snapshots` on the way.
Profile loadProfile(const std::string& path, const DecodeControl& control, const ProfileSnapshots& snapshots);

// The whole run's profile, as loadProfile(path, control, observer) gives
// it, in the same single decode, with `index` filled for recountWindow
// (WindowRecount.h): changing the window then decodes only the segments at
// its edges. The index is unusable (index.usable false: recountWindow
// decodes the whole dump) for a load cut short by Cancel, a source of
// unknown size, sums that overflowed or more than 8 M locations.
Profile loadProfileWithIndex(const std::string& path, WindowIndex& index, const DecodeControl& control = {},
                             EventObserver* observer = nullptr);
Profile loadProfileWithIndex(std::span<const std::uint8_t> bytes, WindowIndex& index, const DecodeControl& control = {},
                             EventObserver* observer = nullptr);

// The number of alloc, realloc and free events in the file (decoding only,
// nothing counted): what a window given in percent of the run needs first.
// The status says whether the file could be read to its end.
DecodeStatus countEvents(const std::string& path, std::uint64_t& eventCount);

// One line for a user: "<what>: byte <offset>: <problem>" or the truncation.
std::string describeStatus(const DecodeStatus& status);

} // namespace memprof
