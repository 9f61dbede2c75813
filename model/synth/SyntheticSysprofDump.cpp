// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/synth/SyntheticSysprofDump.h"

#include "model/synth/SyntheticDump.h"
#include "model/synth/SyntheticRandom.h"
#include "model/sysdecoder/SysprofWire.h"

#include <string>
#include <vector>

namespace memprof::synth {

namespace {

constexpr std::uint64_t kTextBase = 0x55d0c0a00000; // a PIE's text, as glibc's backtrace() gives it
constexpr std::uint64_t kProtoBase = 0x40001000; // GC64 off: prototypes below 4 GiB
constexpr std::size_t kCSymbols = 5700;
constexpr std::size_t kProtosAtStart = 40;
// The fast function ids of string.format, table.insert, pairs, ipairs_aux,
// string.sub, tostring, select, string.byte, table.concat, math.floor.
constexpr std::uint64_t kFastFunctions[] = {89, 91, 5, 6, 78, 18, 16, 76, 92, 39};

class SysprofGenerator {
public:
    SysprofGenerator(const SyntheticSysprofOptions& options, DumpWriter& out)
        : options_(options), out_(out), random_(options.seed)
    {}

    SyntheticSysprofSummary run()
    {
        writeSymbolTable();
        out_.samplesPrologue(2);
        const std::uint64_t stopAt = options_.targetBytes > 0 ? options_.targetBytes - 1 : 0;
        while (out_.size() < stopAt) {
            symbolEventsDue();
            writeSample();
            out_.recordDone();
            ++summary_.sampleCount;
        }
        out_.epilogue();
        out_.flush();
        summary_.bytes = out_.size();
        return summary_;
    }

private:
    struct Proto {
        std::uint64_t addr;
        std::uint64_t firstLine;
        std::vector<std::size_t> callees; // other protos, later in the list
    };

    std::uint64_t cSymbolAddr(std::size_t index) const { return kTextBase + index * 0x180; }

    // What a process linked with LuaJIT dumps: every function symbol of
    // every object, in address order, and the Lua prototypes alive.
    void writeSymbolTable()
    {
        out_.symtabPrologue(3);
        for (std::size_t i = 0; i < kCSymbols; ++i)
            out_.cfunc(cSymbolAddr(i), cSymbolName(i));
        for (std::size_t i = 0; i < kProtosAtStart; ++i)
            addProto(/*inStream=*/false);
        out_.symtabEnd();
    }

    static std::string cSymbolName(std::size_t index)
    {
        static const char* const kKnown[] = {
            "_start",        "__libc_start_main", "__libc_init_first", "main",         "lua_cpcall", "pmain",
            "docall",        "lua_pcall",         "lj_BC_FUNCC",       "lj_vm_call",   "lj_gc_step", "lj_str_new",
            "lj_tab_newkey", "lj_meta_tget",      "lj_trace_exit",     "lj_record_ins"};
        if (index < std::size(kKnown))
            return kKnown[index];
        return (index % 3 == 0 ? "lbox_call_" : index % 3 == 1 ? "lj_helper_" : "tnt_func_") + std::to_string(index);
    }

    void addProto(bool inStream)
    {
        const std::size_t index = protos_.size();
        Proto proto{kProtoBase + index * 0x140, index == 0 ? 0 : 1 + random_.below(900), {}};
        const std::string chunk = index == 0 ? "@init.lua" : "@app/module" + std::to_string(index % 17) + ".lua";
        if (inStream) {
            out_.u8(syswire::kSymtabLfuncEvent).uleb(proto.addr).string(chunk).uleb(proto.firstLine);
            ++summary_.symbolEventCount;
        } else {
            out_.lfunc(proto.addr, chunk, proto.firstLine);
        }
        protos_.push_back(proto);
        // Callers pick their callees among protos defined later, so calls
        // go down the list and chains end.
        for (std::size_t caller = 0; caller < index; ++caller)
            if (protos_[caller].callees.size() < 6 && random_.chance(0.15))
                protos_[caller].callees.push_back(index);
    }

    void symbolEventsDue()
    {
        const std::uint64_t n = summary_.sampleCount;
        if (n % 40000 == 39999)
            addProto(/*inStream=*/true);
        if (n % 9000 == 8999 || traces_ == 0) {
            ++traces_;
            traceStarts_.push_back(random_.skewed(protos_.size()));
            const Proto& start = protos_[traceStarts_.back()];
            out_.u8(syswire::kSymtabTraceEvent)
                .uleb(traces_)
                .uleb(start.addr)
                .uleb(start.firstLine + random_.below(40));

            ++summary_.symbolEventCount;
        }
    }

    // The Lua chain, root first: a walk down the call graph from the main
    // chunk, now and then a deep self-recursion.
    void walkLuaChain()
    {
        chain_.clear();
        std::size_t at = 0;
        chain_.push_back({syswire::kFrameLfunc, protos_[at].addr, protos_[at].firstLine});
        // A service spends its time on a few hot paths: most calls go to a
        // function's first callee.
        const std::size_t depth = 3 + random_.skewed(16);
        while (chain_.size() < depth && !protos_[at].callees.empty()) {
            const std::vector<std::size_t>& callees = protos_[at].callees;
            at = random_.chance(0.75) ? callees.front() : callees[random_.skewed(callees.size())];
            chain_.push_back({syswire::kFrameLfunc, protos_[at].addr, protos_[at].firstLine});
            if (random_.chance(0.01)) {
                const std::size_t repeats = 5 + random_.below(30);
                for (std::size_t i = 0; i < repeats; ++i)
                    chain_.push_back(chain_.back());
            }
        }
    }

    // Leaf first: the VM's frames under the running code (a function of
    // what runs: the same code path gives the same return addresses), then
    // the way down from _start.
    void writeHostChain(std::uint64_t site)
    {
        if (!options_.hostChains) {
            out_.uleb(syswire::kHostLast);
            return;
        }
        const std::size_t vmFrames = 1 + site % 3;
        for (std::size_t i = 0; i < vmFrames; ++i) {
            const std::uint64_t pick = (site >> (4 * i)) * 0x9e3779b97f4a7c15ull;
            out_.uleb(cSymbolAddr(8 + (pick >> 61)) + 0x10 + 0x24 * ((pick >> 58) & 3));
        }
        static constexpr std::size_t kPrefixLeafFirst[] = {8, 6, 5, 8, 4, 3, 2, 1, 0};
        for (const std::size_t symbol : kPrefixLeafFirst)
            out_.uleb(cSymbolAddr(symbol) + 0x20 + symbol);
        out_.uleb(syswire::kHostLast);
    }

    void writeSample()
    {
        const std::uint64_t roll = random_.below(100);
        const std::uint8_t state = roll < 35   ? syswire::kStateLfunc
                                   : roll < 55 ? syswire::kStateCfunc
                                   : roll < 67 ? syswire::kStateFfunc
                                   : roll < 82 ? syswire::kStateTrace
                                   : roll < 90 ? 4 // GC
                                   : roll < 96 ? 0 // INTERP
                                   : roll < 97 ? 5 // EXIT
                                               : static_cast<std::uint8_t>(6 + random_.below(3)); // RECORD, OPT, ASM
        out_.u8(state);
        if (state == syswire::kStateTrace) {
            // A trace always runs code of the prototype it started in.
            const std::size_t trace = random_.skewed(traces_);
            const Proto& start = protos_[traceStarts_[trace]];
            out_.uleb(trace + 1).uleb(start.addr).uleb(start.firstLine);
            return;
        }
        if (state == syswire::kStateLfunc || state == syswire::kStateCfunc || state == syswire::kStateFfunc) {
            walkLuaChain();
            // Each function calls a few C and fast functions of its own.
            const std::uint64_t caller = chain_.back().addr;
            const std::uint64_t pick = caller / 0x140 + random_.below(3);
            if (state == syswire::kStateCfunc)
                chain_.push_back({syswire::kFrameCfunc, cSymbolAddr(16 + (pick * 37) % (kCSymbols - 16)), 0});
            if (state == syswire::kStateFfunc)
                chain_.push_back({syswire::kFrameFfunc, kFastFunctions[pick % std::size(kFastFunctions)], 0});
            for (auto frame = chain_.rbegin(); frame != chain_.rend(); ++frame) {
                out_.u8(frame->header).uleb(frame->addr);
                if (frame->header == syswire::kFrameLfunc)
                    out_.uleb(frame->line);
            }
            out_.u8(syswire::kFrameLuaLast);
        }
        writeHostChain(chain_.empty() || state < syswire::kStateLfunc || state > syswire::kStateCfunc
                           ? state * 7 + random_.below(2)
                           : chain_.back().addr + chain_.size() + state);
    }

    const SyntheticSysprofOptions& options_;
    DumpWriter& out_;
    Random random_;
    std::vector<Proto> protos_;
    std::vector<DumpWriter::LuaFrameOnWire> chain_;
    std::uint64_t traces_ = 0;
    std::vector<std::size_t> traceStarts_; // trace n's start, by n - 1
    SyntheticSysprofSummary summary_;
};

} // namespace

SyntheticSysprofSummary writeSyntheticSysprofDump(const SyntheticSysprofOptions& options, DumpWriter& out)
{
    return SysprofGenerator(options, out).run();
}

bool writeSyntheticSysprofDumpFile(const std::string& path, const SyntheticSysprofOptions& options,
                                   SyntheticSysprofSummary* summary, std::string* error)
{
    SyntheticSysprofSummary s;
    if (!writeDumpFile(
            path, [&](DumpWriter& out) { s = writeSyntheticSysprofDump(options, out); }, error))
        return false;
    if (summary)
        *summary = s;
    return true;
}

} // namespace memprof::synth
