// SPDX-License-Identifier: GPL-3.0-or-later
#include "DocumentProfiles.h"

#include "MemprofDocument.h"
#include "MergedMemprofDocument.h"
#include "MergedSysprofDocument.h"
#include "SysprofDocument.h"

namespace memprof::app {

services::ProfilePtr memprofProfileOf(const services::ProfileDocument& document)
{
    if (const auto* merged = dynamic_cast<const MergedMemprofDocument*>(&document))
        return merged->profile();
    const auto* one = dynamic_cast<const MemprofDocument*>(&document);
    return one ? one->profile() : nullptr;
}

services::SysprofPtr sysprofProfileOf(const services::ProfileDocument& document)
{
    if (const auto* merged = dynamic_cast<const MergedSysprofDocument*>(&document))
        return merged->profile();
    const auto* one = dynamic_cast<const SysprofDocument*>(&document);
    return one ? one->profile() : nullptr;
}

} // namespace memprof::app
