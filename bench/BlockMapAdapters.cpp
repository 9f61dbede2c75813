// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/BlockMapAdapters.h"
#include "model/memprofile/ProfileBuilderImpl.h"

namespace memprof {

template class BasicProfileBuilder<AbslBlockMap>;
template class BasicProfileBuilder<StdBlockMap>;

} // namespace memprof
