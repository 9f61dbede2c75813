// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/sysprofile/BottomUpTree.h"

namespace memprof {

CallTree bottomUpTree(const CallTree& topDown)
{
    return CallTree(invertedTree<SampleCost>(topDown));
}

} // namespace memprof
