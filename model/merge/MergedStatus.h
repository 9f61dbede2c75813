// SPDX-License-Identifier: GPL-3.0-or-later
// How a merge's read ended, from its dumps': one rule for both kinds.
#pragma once

#include "model/dump/DecodeStatus.h"

#include <cstddef>

namespace memprof {

// Folds the status of the next dump added into `merged`; `mergedCount`
// counts the dumps summed so far. The merged status is the first summed
// dump's, or the first one cut short (the merge then is too); while no
// dump could be read, the last failure. False when the dump failed and is
// not to be summed.
inline bool foldDumpStatus(DecodeStatus& merged, std::size_t& mergedCount, const DecodeStatus& dump)
{
    if (dump.end == DecodeEnd::Failed) {
        if (mergedCount == 0)
            merged = dump;
        return false;
    }
    if (mergedCount++ == 0 || (dump.end != DecodeEnd::Complete && merged.end == DecodeEnd::Complete))
        merged = dump;
    return true;
}

} // namespace memprof
