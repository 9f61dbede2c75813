// SPDX-License-Identifier: GPL-3.0-or-later
// Changing the event window fast: the profile of a window from the whole
// run's profile and its WindowIndex (loadProfileWithIndex in
// ProfileLoader.h), decoding only the one to three segments of the dump at
// the window's edges and its peak instead of the whole dump.
//
//     WindowIndex index;
//     const Profile whole = loadProfileWithIndex(path, index, control);
//     ...
//     const Profile part = recountWindow(path, whole, index, {first, last}, control);
//
// `part` equals loadProfile(path, control, nullptr, {first, last}) in every
// field. Thread-safe for concurrent calls on the same whole and index (both
// are only read); run it in a job (model/services) like a load: it honours
// control.stop and reports control.progress (from its two threads, one call
// at a time). On the 20 M-event benchmark dump it takes about 0.15 s where
// loadProfile with a window takes 1.3-2 s (bench/README.md); the index adds
// about 32 MB to the first load's memory (WindowIndex.h).
#pragma once

#include "model/dump/DecodeControl.h"
#include "model/memprofile/Profile.h"
#include "model/memprofile/WindowIndex.h"

#include <cstdint>
#include <span>
#include <string>

namespace memprof {

// The window's profile of the dump at `path`, whose whole run gave `whole`
// and `index`. When the index is unusable (see loadProfileWithIndex), or the
// file's size is no longer the one indexed, or its segments no longer hold
// the events indexed (the file changed), it decodes the whole dump as
// loadProfile does. Progress: bytes decoded of the segments planned (the
// total may grow once, by the peak's segment). Cancel: the status is
// Cancelled and the other fields mean nothing.
Profile recountWindow(const std::string& path, const Profile& whole, const WindowIndex& index, RunRange window,
                      const DecodeControl& control = {});
Profile recountWindow(std::span<const std::uint8_t> bytes, const Profile& whole, const WindowIndex& index,
                      RunRange window, const DecodeControl& control = {});

} // namespace memprof
