// SPDX-License-Identifier: GPL-3.0-or-later
// pprof's profile format: the profile.proto message, gzip-compressed, as
// `go tool pprof`, Pyroscope and speedscope read it.
#pragma once

#include "model/export/StackProfile.h"

#include <string>

namespace memprof {

// The gzip-compressed serialized profile.
std::string pprofBytes(const StackProfile& stacks);

} // namespace memprof
