// SPDX-License-Identifier: GPL-3.0-or-later
// Hand-made dump bytes for tests: the wire grammar's terminals, appended.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace memprof::test {

struct DumpBytes {
    std::vector<std::uint8_t> bytes;

    DumpBytes& u8(std::uint8_t value)
    {
        bytes.push_back(value);
        return *this;
    }
    DumpBytes& uleb(std::uint64_t value)
    {
        do {
            std::uint8_t byte = value & 0x7f;
            value >>= 7;
            if (value != 0)
                byte |= 0x80;
            bytes.push_back(byte);
        } while (value != 0);
        return *this;
    }
    DumpBytes& string(std::string_view text)
    {
        uleb(text.size());
        bytes.insert(bytes.end(), text.begin(), text.end());
        return *this;
    }
    DumpBytes& raw(std::initializer_list<std::uint8_t> values)
    {
        bytes.insert(bytes.end(), values.begin(), values.end());
        return *this;
    }
    // prologue := magic version reserved[3]
    DumpBytes& symtabPrologue(std::uint8_t version) { return raw({'l', 'j', 's', version, 0, 0, 0}); }
    DumpBytes& eventsPrologue(std::uint8_t version) { return raw({'l', 'j', 'm', version, 0, 0, 0}); }
    DumpBytes& lfunc(std::uint64_t addr, std::string_view chunk, std::uint64_t linedefined)
    {
        return u8(0x00).uleb(addr).string(chunk).uleb(linedefined);
    }
    DumpBytes& cfunc(std::uint64_t addr, std::string_view name) { return u8(0x01).uleb(addr).string(name); }
    DumpBytes& symtabEnd() { return u8(0x80); }
    // Lua-source events (header source bits 0x08).
    DumpBytes& luaAlloc(std::uint64_t proto, std::uint64_t line, std::uint64_t naddr, std::uint64_t nsize)
    {
        return u8(0x09).uleb(proto).uleb(line).uleb(naddr).uleb(nsize);
    }
    DumpBytes& luaRealloc(std::uint64_t proto, std::uint64_t line, std::uint64_t oaddr, std::uint64_t osize,
                          std::uint64_t naddr, std::uint64_t nsize)
    {
        return u8(0x0b).uleb(proto).uleb(line).uleb(oaddr).uleb(osize).uleb(naddr).uleb(nsize);
    }
    DumpBytes& luaFree(std::uint64_t proto, std::uint64_t line, std::uint64_t oaddr, std::uint64_t osize)
    {
        return u8(0x0a).uleb(proto).uleb(line).uleb(oaddr).uleb(osize);
    }
    DumpBytes& internalFree(std::uint64_t oaddr, std::uint64_t osize) { return u8(0x06).uleb(oaddr).uleb(osize); }
    DumpBytes& epilogue() { return u8(0x80); }
};

} // namespace memprof::test
