// SPDX-License-Identifier: GPL-3.0-or-later
// What a location or a frame of one process is matched by in another: its
// name, with a native symbol's load address left out ("lj_cf_string_rep:
// 0x55ca…" is "lj_cf_string_rep"): the address moves from process to process
// (ASLR), the symbol does not. A name with no symbol ("CFUNC 0x…") keeps
// its address: nothing else tells it apart.
#pragma once

#include <string>
#include <string_view>

namespace memprof {

// `name` without a trailing ":0x<hex digits>".
std::string withoutLoadAddress(std::string_view name);

} // namespace memprof
