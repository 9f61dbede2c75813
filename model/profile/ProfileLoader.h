// SPDX-License-Identifier: GPL-3.0-or-later
// One call from a dump (a file or bytes in memory) to its aggregates.
#pragma once

#include "model/decoder/DecodeControl.h"
#include "model/profile/Profile.h"

#include <span>
#include <string>

namespace memprof {

class EventObserver;

// Opens and decodes the file at `path`. A file that cannot be opened gives a
// Failed status with an IoError naming the reason.
Profile loadProfile(const std::string& path, const DecodeControl& control = {}, EventObserver* observer = nullptr);
Profile loadProfile(std::span<const std::uint8_t> bytes, const DecodeControl& control = {},
                    EventObserver* observer = nullptr);

// One line for a user: "<what>: byte <offset>: <problem>" or the truncation.
std::string describeStatus(const DecodeStatus& status);

} // namespace memprof
