// SPDX-License-Identifier: GPL-3.0-or-later
// A lower priority for the calling thread, for work that should take only
// the time the user's own work leaves over (an index built ahead of need).
#pragma once

namespace memprof {

// Nice 10 for the calling thread and the threads it starts after: against a
// busy thread of normal priority it gets about a tenth of a core. Not the
// idle class (QThread::IdlePriority), which gets nothing while anything else
// runs and so, on a loaded machine, may never finish at all. Where the
// system refuses, the priority stays as it was.
void lowerThisThreadsPriority();

} // namespace memprof
