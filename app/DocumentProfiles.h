// SPDX-License-Identifier: GPL-3.0-or-later
// The profile a document of each kind shows, one dump's or a merge's: what
// the comparison windows compare and the window's tests read.
#pragma once

#include "model/services/ProfileDocument.h"
#include "model/services/ProfilePointers.h"

namespace memprof::app {

// The memory profile of `document` (MemprofDocument, MergedMemprofDocument); null for another kind.
services::ProfilePtr memprofProfileOf(const services::ProfileDocument& document);
// The CPU profile of `document` (SysprofDocument, MergedSysprofDocument); null for another kind.
services::SysprofPtr sysprofProfileOf(const services::ProfileDocument& document);

} // namespace memprof::app
