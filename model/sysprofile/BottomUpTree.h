// SPDX-License-Identifier: GPL-3.0-or-later
// The bottom-up (inverted) view of a call tree: its roots are the functions
// samples ended in, each with its callers below it, so the hottest code is
// at the top level. A node's samples are those of the top-down paths that
// end with its path read backwards.
#pragma once

#include "model/sysprofile/CallTree.h"

namespace memprof {

CallTree bottomUpTree(const CallTree& topDown);

} // namespace memprof
