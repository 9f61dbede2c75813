// SPDX-License-Identifier: GPL-3.0-or-later
// Memory freed goes back to the system. glibc raises its mmap threshold
// each time a large block is freed, so the next large blocks (the event
// batches, the tables of a load) come from the heap instead, where freed
// memory stays with the process: a load followed by a window's re-count
// then peaked 40-100 MB higher in the viewer on a 20 M-event dump. A fixed
// threshold keeps every block of 4 MiB and more (block maps, tables, the
// read buffer) in its own mapping; 256 KiB held the same peak but took
// longer (each growing table mapped and faulted in afresh).
#pragma once

namespace memprof {

// Call once at start-up, before any thread starts.
void returnLargeBlocksToSystem();

} // namespace memprof
