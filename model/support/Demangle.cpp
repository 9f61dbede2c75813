// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/support/Demangle.h"

#include <cxxabi.h>

#include <cstdlib>
#include <memory>

namespace memprof {

std::string demangledSymbol(std::string_view symbol)
{
    if (!symbol.starts_with("_Z"))
        return std::string(symbol);
    const std::string raw(symbol);
    int status = 0;
    const std::unique_ptr<char, decltype(&std::free)> demangled(
        abi::__cxa_demangle(raw.c_str(), nullptr, nullptr, &status), &std::free);
    return status == 0 && demangled ? std::string(demangled.get()) : raw;
}

std::string demangledLocationName(std::string_view name)
{
    const std::size_t address = name.rfind(":0x");
    if (address == std::string_view::npos)
        return demangledSymbol(name);
    return demangledSymbol(name.substr(0, address)) + std::string(name.substr(address));
}

} // namespace memprof
