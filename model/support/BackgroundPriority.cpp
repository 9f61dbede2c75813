// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/support/BackgroundPriority.h"

#include <sys/resource.h>
#include <unistd.h>

namespace memprof {

void lowerThisThreadsPriority()
{
    // On Linux a nice value is the thread's own (the thread id as the
    // "process" of setpriority); threads created later inherit it.
    (void)setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), 10);
}

} // namespace memprof
