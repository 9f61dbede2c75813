// SPDX-License-Identifier: GPL-3.0-or-later
// C++ symbol names as people read them: Tarantool is C and C++, so a C
// location's symbol may be mangled (_ZN...). The raw name stays what the
// reference prints; these are for showing and for exports.
#pragma once

#include <string>
#include <string_view>

namespace memprof {

// `symbol` demangled (abi::__cxa_demangle) when it is a mangled C++ name,
// otherwise `symbol` unchanged.
std::string demangledSymbol(std::string_view symbol);

// A location name "symbol:0xADDR" (or a bare symbol) with its symbol
// demangled; any other name unchanged.
std::string demangledLocationName(std::string_view name);

} // namespace memprof
