// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/memprofile/ProfileBuilderImpl.h"

namespace memprof {

template class BasicProfileBuilder<LiveBlockMap>;

} // namespace memprof
