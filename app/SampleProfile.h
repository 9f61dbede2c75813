// SPDX-License-Identifier: GPL-3.0-or-later
// The small real dump bundled with the viewer (with the Lua script that made
// it, so the source pane has something to show).
#pragma once

#include <QString>

namespace memprof::app {

// The sample's path, or empty when it is not installed: next to the
// executable's share folder, the installed data folder, or the source tree.
QString sampleProfilePath();

} // namespace memprof::app
