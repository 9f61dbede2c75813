// SPDX-License-Identifier: GPL-3.0-or-later
// memprof-bench --generate: writes a synthetic dump of about `size` bytes
// and says what is in it; 0 when written.
#pragma once

#include <cstdint>
#include <string>

namespace bench {

// A format-3 memprof dump with a realistic mix of events; `quirk` re-sends
// C symbols with the writer's cfunc header (docs/FORMAT.md).
int generate(const std::string& path, std::uint64_t size, std::uint64_t seed, bool quirk);
// A sysprof dump shaped like a service's: mode C with host chains, or L.
int generateSysprof(const std::string& path, std::uint64_t size, std::uint64_t seed, bool hostChains);

} // namespace bench
