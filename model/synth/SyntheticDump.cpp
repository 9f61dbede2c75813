// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/synth/SyntheticDump.h"

#include "model/synth/SyntheticRandom.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

namespace memprof::synth {

namespace {

// Sizes of the symbol universe at full scale (targets of 1 MiB and more).
struct Universe {
    std::size_t fileChunks = 30;
    std::size_t protosAtStart = 90;
    std::size_t protosLater = 30; // required mid-stream, in 10 batches
    std::size_t cfuncs = 150;
    std::size_t cLocations = 40;
    std::size_t tracesAtStart = 20;
    std::size_t tracesLater = 30; // recorded mid-stream
    std::size_t tracesUndescribed = 10;
    std::size_t cRedumps = 4;
    std::size_t cRedumpSize = 50;
};

Universe scaledUniverse(std::uint64_t targetBytes)
{
    const double scale = std::min(1.0, static_cast<double>(targetBytes) / double(1 << 20));
    auto scaled = [&](std::size_t full, std::size_t least) {
        return std::max(least, static_cast<std::size_t>(static_cast<double>(full) * scale));
    };
    Universe full;
    Universe u;
    u.fileChunks = scaled(full.fileChunks, 2);
    u.protosAtStart = scaled(full.protosAtStart, 3);
    u.protosLater = scaled(full.protosLater, 1);
    u.cfuncs = scaled(full.cfuncs, 3);
    u.cLocations = scaled(full.cLocations, 2);
    u.tracesAtStart = scaled(full.tracesAtStart, 1);
    u.tracesLater = scaled(full.tracesLater, 1);
    u.tracesUndescribed = scaled(full.tracesUndescribed, 1);
    u.cRedumps = full.cRedumps;
    u.cRedumpSize = std::min(u.cfuncs, scaled(full.cRedumpSize, 2));
    return u;
}

// Chunks loaded from strings: their names contain newlines, so the
// reference names them function_alias_N (one starts with empty lines).
const char* const kStringChunks[] = {
    "local t = {}\nfor i = 1, 100 do\n  t[i] = tostring(i)\nend\nreturn t",
    "\n\nreturn function(x)\n  return { x = x, y = x * 2 }\nend",
    "return setmetatable({}, {\n  __index = function(t, k) return k end\n})",
};

const char* const kCNames[] = {
    "lj_tab_new",     "lj_tab_resize",     "lj_str_new", "lj_buf_grow",  "lj_func_newL_gc",    "lj_udata_new",
    "luaL_buffinit",  "lua_pushlstring",   "ffi_call",   "ffi_prep_cif", "malloc_consolidate", "yaml_parser_parse",
    "msgpack_unpack", "tnt_iproto_encode", "coio_wait",  "fiber_yield",  "box_tuple_new",      "mp_decode_array",
};

struct Prototype {
    std::uint64_t addr = 0;
    std::string chunkname;
    std::uint64_t linedefined = 0;
    std::uint64_t lineCount = 0;
};

struct CSymbol {
    std::uint64_t addr = 0;
    std::string name;
};

struct TraceRecord {
    std::uint64_t traceno = 0;
    std::uint64_t protoAddr = 0;
    std::uint64_t line = 0;
};

struct Block {
    std::uint64_t addr = 0;
    std::uint64_t size = 0;
    std::uint32_t location = 0; // into Generator::locations_
};

class Generator {
public:
    Generator(const SyntheticOptions& options, DumpWriter& out)
        : options_(options), out_(out), random_(options.seed), universe_(scaledUniverse(options.targetBytes))
    {}

    SyntheticSummary run()
    {
        makeUniverse();
        writeSymbolTable();
        out_.eventsPrologue(3);
        const std::uint64_t stopAt = options_.targetBytes > 0 ? options_.targetBytes - 1 : 0;
        while (out_.size() < stopAt) {
            symbolEventsDue();
            step();
        }
        if (options_.epilogue)
            out_.epilogue();
        out_.flush();
        summary_.bytes = out_.size();
        summary_.liveBlockCount = young_.size() + longLived_.size();
        summary_.liveBytes = liveBytes_;
        return summary_;
    }

private:
    // ---- the symbols and locations ----------------------------------------

    void makeUniverse()
    {
        std::vector<std::string> chunks;
        for (std::size_t i = 0; i < universe_.fileChunks; ++i) {
            char name[96];
            std::snprintf(name, sizeof name,
                          i % 3 == 0 ? "@/usr/share/tarantool/app/module_%02zu.lua" : "@app/handlers/handler_%02zu.lua",
                          i);
            chunks.emplace_back(name);
        }
        for (const char* text : kStringChunks)
            chunks.emplace_back(text);
        chunks.emplace_back("=stdin");

        std::uint64_t protoAddr = 0x7f3a40000000ull;
        const std::size_t protoCount = universe_.protosAtStart + universe_.protosLater;
        for (std::size_t i = 0; i < protoCount; ++i) {
            Prototype p;
            protoAddr += 0x100 + random_.below(0x40) * 8;
            p.addr = protoAddr;
            p.chunkname = chunks[i % chunks.size()];
            p.linedefined = i < chunks.size() ? 0 : 1 + random_.below(400); // one main chunk each
            p.lineCount = 2 + random_.below(5);
            protos_.push_back(std::move(p));
        }

        std::uint64_t cAddr = 0x7f3b20001000ull;
        for (std::size_t i = 0; i < universe_.cfuncs; ++i) {
            CSymbol s;
            s.addr = cAddr;
            cAddr += 0x40 + random_.below(0x200) * 16;
            const std::size_t named = sizeof kCNames / sizeof kCNames[0];
            s.name = i < named ? kCNames[i] : "fn_" + std::to_string(i) + "_impl";
            cfuncs_.push_back(std::move(s));
        }

        std::uint64_t traceno = 1;
        const std::size_t described = universe_.tracesAtStart + universe_.tracesLater;
        for (std::size_t i = 0; i < described + universe_.tracesUndescribed; ++i) {
            const Prototype& p = protos_[random_.below(universe_.protosAtStart)];
            traces_.push_back({traceno++, p.addr, p.linedefined + 1 + random_.below(p.lineCount)});
        }

        // Locations usable from the start.
        for (std::size_t i = 0; i < universe_.protosAtStart; ++i)
            addLuaLocations(protos_[i]);
        for (std::size_t i = 0; i < universe_.tracesAtStart; ++i)
            addLocation(traceAt(traces_[i].traceno), traceLocations_);
        for (std::size_t i = described; i < traces_.size(); ++i)
            addLocation(traceAt(traces_[i].traceno), traceLocations_);
        const std::size_t named = std::min(cfuncs_.size(), sizeof kCNames / sizeof kCNames[0]);
        for (std::size_t i = 0; i < universe_.cLocations; ++i) {
            const CSymbol& s = cfuncs_[i < named ? i : random_.below(cfuncs_.size())];
            addLocation(cAt(s.addr + random_.below(0x40) * 4), cLocations_);
        }
        // Below every symbol: the reference names these "CFUNC 0x...".
        addLocation(cAt(0x401000 + random_.below(0x1000) * 16), cLocations_);
        addLocation(internal(), internalLocations_);
        // Hot and cold locations are not in address order.
        shuffle(luaLocations_);
        shuffle(traceLocations_);
        shuffle(cLocations_);
    }

    void addLuaLocations(const Prototype& p)
    {
        for (std::uint64_t line = 0; line < p.lineCount; ++line)
            addLocation(luaAt(p.addr, p.linedefined + 1 + line), luaLocations_);
    }

    void addLocation(const Location& loc, std::vector<std::uint32_t>& pool)
    {
        pool.push_back(static_cast<std::uint32_t>(locations_.size()));
        locations_.push_back(loc);
    }

    void shuffle(std::vector<std::uint32_t>& v)
    {
        for (std::size_t i = v.size(); i > 1; --i)
            std::swap(v[i - 1], v[random_.below(i)]);
    }

    void writeSymbolTable()
    {
        out_.symtabPrologue(3);
        for (std::size_t i = 0; i < universe_.protosAtStart; ++i)
            out_.lfunc(protos_[i].addr, protos_[i].chunkname, protos_[i].linedefined);
        for (const CSymbol& s : cfuncs_)
            out_.cfunc(s.addr, s.name);
        for (std::size_t i = 0; i < universe_.tracesAtStart; ++i)
            out_.trace(traces_[i].traceno, traces_[i].protoAddr, traces_[i].line);
        out_.symtabEnd();
        summary_.initialSymbolCount = universe_.protosAtStart + cfuncs_.size() + universe_.tracesAtStart;
    }

    // Mid-stream symbols, spread over the dump by the bytes written so far:
    // modules required (10 batches), traces recorded, the C table re-sent.
    void symbolEventsDue()
    {
        const std::uint64_t written = out_.size();
        const std::uint64_t target = options_.targetBytes;
        auto due = [&](std::size_t k, std::size_t parts) { return written >= target / (parts + 1) * (k + 1); };

        constexpr std::size_t kBatches = 10;
        while (nextBatch_ < kBatches && due(nextBatch_, kBatches)) {
            const std::size_t first = universe_.protosAtStart + universe_.protosLater * nextBatch_ / kBatches;
            const std::size_t last = universe_.protosAtStart + universe_.protosLater * (nextBatch_ + 1) / kBatches;
            for (std::size_t i = first; i < last; ++i) {
                out_.lfuncEvent(protos_[i].addr, protos_[i].chunkname, protos_[i].linedefined);
                ++summary_.symbolEventCount;
                addLuaLocations(protos_[i]);
            }
            ++nextBatch_;
        }
        while (nextTrace_ < universe_.tracesLater && due(nextTrace_, universe_.tracesLater)) {
            const TraceRecord& t = traces_[universe_.tracesAtStart + nextTrace_];
            out_.traceEvent(t.traceno, t.protoAddr, t.line);
            ++summary_.symbolEventCount;
            addLocation(traceAt(t.traceno), traceLocations_);
            ++nextTrace_;
        }
        while (nextRedump_ < universe_.cRedumps && due(nextRedump_, universe_.cRedumps)) {
            const std::size_t first = random_.below(cfuncs_.size() - universe_.cRedumpSize + 1);
            for (std::size_t i = first; i < first + universe_.cRedumpSize; ++i) {
                CSymbol& s = cfuncs_[i];
                const bool rename = i == first && nextRedump_ == 1;
                if (rename)
                    s.name += "_v2"; // a symbol renamed at a known address: the last one wins
                if (i == first && options_.writerQuirk)
                    out_.cfuncQuirkEvent(s.addr, s.name);
                else
                    out_.cfuncEvent(s.addr, s.name);
                ++summary_.symbolEventCount;
                if (rename) // a location first met now gets the new name
                    addLocation(cAt(s.addr + 2), cLocations_);
            }
            ++nextRedump_;
        }
    }

    // ---- the heap -----------------------------------------------------------

    // Where an event happens. GC sweeps free mostly from the VM (INTERNAL).
    std::uint32_t pickLocation(bool sweeping)
    {
        const double p = random_.unit();
        if (sweeping && p < 0.6)
            return internalLocations_[0];
        const double source = random_.unit();
        if (source < 0.50)
            return luaLocations_[random_.skewed(luaLocations_.size())];
        if (source < 0.70)
            return traceLocations_[random_.skewed(traceLocations_.size())];
        if (source < 0.90)
            return internalLocations_[0];
        return cLocations_[random_.skewed(cLocations_.size())];
    }

    std::uint64_t pickSize()
    {
        const double p = random_.unit();
        if (p < 0.70)
            return 16 + random_.below(112);
        if (p < 0.96)
            return 128 + random_.below(1920);
        return 2048 + random_.below(30000);
    }

    // Size classes of a simple allocator: powers of two from 16 bytes.
    static std::size_t sizeClass(std::uint64_t size)
    {
        std::size_t c = 0;
        while ((std::uint64_t(16) << c) < size)
            ++c;
        return c;
    }

    std::uint64_t allocateAddress(std::uint64_t size)
    {
        const std::size_t c = sizeClass(size);
        if (c >= freeLists_.size())
            freeLists_.resize(c + 1);
        if (!freeLists_[c].empty()) {
            const std::uint64_t addr = freeLists_[c].back();
            freeLists_[c].pop_back();
            return addr;
        }
        const std::uint64_t addr = heapTop_;
        heapTop_ += std::uint64_t(16) << c;
        return addr;
    }

    void releaseAddress(std::uint64_t addr, std::uint64_t size) { freeLists_[sizeClass(size)].push_back(addr); }

    // A block allocated before profiling started: unknown to the decoder.
    Block olderBlock()
    {
        const std::uint64_t size = pickSize();
        const Block b{olderTop_, size, 0};
        olderTop_ += (size + 15) / 16 * 16;
        return b;
    }

    void afterEvent()
    {
        summary_.peakLiveBytes = std::max(summary_.peakLiveBytes, liveBytes_);
        summary_.peakLiveBlockCount =
            std::max<std::uint64_t>(summary_.peakLiveBlockCount, young_.size() + longLived_.size());
    }

    void allocate()
    {
        const std::uint32_t loc = pickLocation(false);
        const std::uint64_t size = pickSize();
        const Block b{allocateAddress(size), size, loc};
        out_.alloc(locations_[loc], b.addr, b.size);
        ++summary_.allocCount;
        summary_.allocatedBytes += size;
        liveBytes_ += size;
        (random_.chance(0.06) ? longLived_ : young_).push_back(b);
        afterEvent();
    }

    void freeFrom(std::vector<Block>& set, bool sweeping)
    {
        const std::size_t i = random_.below(set.size());
        const Block b = set[i];
        set[i] = set.back();
        set.pop_back();
        out_.free(locations_[pickLocation(sweeping)], b.addr, b.size);
        releaseAddress(b.addr, b.size);
        ++summary_.freeCount;
        summary_.freedBytes += b.size;
        liveBytes_ -= b.size;
        afterEvent();
    }

    void freeOlder()
    {
        const Block b = olderBlock();
        out_.free(locations_[pickLocation(true)], b.addr, b.size);
        ++summary_.freeCount;
        summary_.freedBytes += b.size;
        afterEvent();
    }

    // Tables grow (mostly doubling), a few shrink; a block stays in place
    // while its size class holds it.
    void reallocate()
    {
        const double p = random_.unit();
        std::vector<Block>* set = nullptr;
        std::size_t index = 0;
        Block old;
        bool tracked = true;
        if (p < 0.80 && !young_.empty()) {
            set = &young_;
        } else if (p < 0.95 && !longLived_.empty()) {
            set = &longLived_;
        } else {
            old = olderBlock();
            tracked = false;
        }
        if (set) {
            index = random_.below(set->size());
            old = (*set)[index];
        }
        const std::uint64_t newSize = random_.chance(0.1)   ? std::max<std::uint64_t>(16, old.size / 2)
                                      : random_.chance(0.7) ? old.size * 2
                                                            : old.size + 1 + random_.below(old.size);
        const std::uint32_t loc = tracked && random_.chance(0.7) ? old.location : pickLocation(false);
        std::uint64_t newAddr = old.addr;
        if (!tracked || sizeClass(newSize) != sizeClass(old.size)) {
            newAddr = allocateAddress(newSize);
            if (tracked)
                releaseAddress(old.addr, old.size);
        }
        out_.realloc(locations_[loc], old.addr, old.size, newAddr, newSize);
        ++summary_.reallocCount;
        summary_.allocatedBytes += newSize;
        summary_.freedBytes += old.size;
        if (tracked)
            liveBytes_ -= old.size;
        liveBytes_ += newSize;
        const Block moved{newAddr, newSize, loc};
        if (set)
            (*set)[index] = moved;
        else
            young_.push_back(moved);
        afterEvent();
    }

    // One event. The young blocks follow GC cycles: the mutator allocates
    // until a threshold, then a sweep frees most of them.
    void step()
    {
        if (!sweeping_ && young_.size() >= sweepAbove_) {
            sweeping_ = true;
            sweepBelow_ = 200 + random_.below(800);
        } else if (sweeping_ && young_.size() <= sweepBelow_) {
            sweeping_ = false;
            sweepAbove_ = 2000 + random_.below(18000);
        }
        const double p = random_.unit();
        if (p < 0.05)
            reallocate();
        else if (p < 0.06)
            freeOlder();
        else if (p < 0.066 && !longLived_.empty())
            freeFrom(longLived_, false);
        else if (sweeping_ ? random_.chance(0.1) : random_.chance(0.8))
            allocate();
        else if (!young_.empty())
            freeFrom(young_, sweeping_);
        else
            allocate();
    }

    const SyntheticOptions& options_;
    DumpWriter& out_;
    Random random_;
    Universe universe_;
    SyntheticSummary summary_;

    std::vector<Prototype> protos_;
    std::vector<CSymbol> cfuncs_;
    std::vector<TraceRecord> traces_;
    std::vector<Location> locations_;
    std::vector<std::uint32_t> luaLocations_, traceLocations_, cLocations_, internalLocations_;
    std::size_t nextBatch_ = 0, nextTrace_ = 0, nextRedump_ = 0;

    std::vector<Block> young_, longLived_;
    std::vector<std::vector<std::uint64_t>> freeLists_;
    std::uint64_t heapTop_ = 0x7f3a80000000ull;
    std::uint64_t olderTop_ = 0x7f3a10000000ull;
    std::uint64_t liveBytes_ = 0;
    bool sweeping_ = false;
    std::size_t sweepAbove_ = 4000;
    std::size_t sweepBelow_ = 500;
};

} // namespace

SyntheticSummary writeSyntheticDump(const SyntheticOptions& options, DumpWriter& out)
{
    return Generator(options, out).run();
}

std::vector<std::uint8_t> syntheticDump(const SyntheticOptions& options, SyntheticSummary* summary)
{
    DumpWriter out;
    const SyntheticSummary s = writeSyntheticDump(options, out);
    if (summary)
        *summary = s;
    return out.take();
}

bool writeSyntheticDumpFile(const std::string& path, const SyntheticOptions& options, SyntheticSummary* summary,
                            std::string* error)
{
    SyntheticSummary s;
    if (!writeDumpFile(
            path, [&](DumpWriter& out) { s = writeSyntheticDump(options, out); }, error))
        return false;
    if (summary)
        *summary = s;
    return true;
}

bool writeDumpFile(const std::string& path, const std::function<void(DumpWriter&)>& write, std::string* error)
{
    std::FILE* file = std::fopen(path.c_str(), "wb");
    if (!file) {
        if (error)
            *error = path + ": " + std::strerror(errno);
        return false;
    }
    bool ok = true;
    int writeErrno = 0;
    DumpWriter out([&](std::span<const std::uint8_t> chunk) {
        if (ok && std::fwrite(chunk.data(), 1, chunk.size(), file) != chunk.size()) {
            ok = false;
            writeErrno = errno;
        }
    });
    write(out);
    out.flush();
    if (std::fclose(file) != 0 && ok) {
        ok = false;
        writeErrno = errno;
    }
    if (!ok && error)
        *error = path + ": " + std::strerror(writeErrno);
    return ok;
}

std::vector<std::uint8_t> mangledSymbolDump()
{
    DumpWriter writer;
    writer.symtabPrologue().cfunc(0x1000, "_ZN3box5spaceEv").cfunc(0x2000, "lua_pcall").symtabEnd();
    writer.eventsPrologue().alloc(cAt(0x1000), 0x10000, 100).alloc(cAt(0x2000), 0x20000, 7).epilogue();
    return writer.take();
}

std::vector<std::uint8_t> overrideSumsDump()
{
    constexpr std::uint64_t kMax = ~std::uint64_t{0};
    constexpr std::uint64_t kHalf = std::uint64_t{1} << 63;
    DumpWriter writer;
    writer.symtabPrologue().lfunc(0x100, "@a.lua", 1).symtabEnd().eventsPrologue();
    writer.alloc(luaAt(0x100, 10), 0x1000, kMax).free(luaAt(0x100, 40), 0x1000, kMax);
    writer.alloc(luaAt(0x100, 20), 0x2000, 1).alloc(luaAt(0x100, 20), 0x3000, 1);
    writer.realloc(luaAt(0x100, 30), 0x2000, 1, 0x4000, kHalf).realloc(luaAt(0x100, 30), 0x3000, 1, 0x5000, kHalf);
    writer.epilogue();
    return writer.take();
}

} // namespace memprof::synth
