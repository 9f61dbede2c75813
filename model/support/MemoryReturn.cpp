// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/support/MemoryReturn.h"

#if __has_include(<malloc.h>)
#include <malloc.h>
#endif

namespace memprof {

void returnLargeBlocksToSystem()
{
#if defined(__GLIBC__) && defined(M_MMAP_THRESHOLD)
    mallopt(M_MMAP_THRESHOLD, 4 * 1024 * 1024);
#endif
}

} // namespace memprof
