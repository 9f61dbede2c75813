// SPDX-License-Identifier: GPL-3.0-or-later
// Sysprof dumps: the decoder, the call trees and memprof-report's drop-in
// output, on the real recordings in tests/data/sysprof and on hand-made
// dumps. The call tree is checked against a replay written here that walks
// each sample's raw chains on its own.
#include "model/dump/DumpKind.h"
#include "model/memprofile/ProfileLoader.h"
#include "model/synth/DumpWriter.h"
#include "model/synth/SyntheticSysprofDump.h"
#include "model/sysdecoder/SysprofDecoder.h"
#include "model/sysprofile/FastFunctionNames.h"
#include "model/sysprofile/FunctionCosts.h"
#include "model/sysprofile/SysprofBuilder.h"
#include "model/sysprofile/SysprofLoader.h"
#include "tests/support/TestSuite.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>

#include <map>
#include <set>

using namespace memprof;

namespace {

QString dataDir()
{
    return QStringLiteral(MEMPROF_TEST_DATA "/sysprof");
}

QStringList readableDumps()
{
    QStringList dumps;
    for (const QString& name : QDir(dataDir()).entryList({"*.bin"}, QDir::Files, QDir::Name)) {
        if (!QFile::exists(dataDir() + "/" + QString(name).replace(".bin", ".exitcode")))
            dumps << name;
    }
    return dumps;
}

// A data row per readable dump, for the tests that hold on every one.
void addReadableDumpRows()
{
    QTest::addColumn<QString>("dump");
    for (const QString& dump : readableDumps())
        QTest::newRow(qPrintable(dump)) << dump;
}

// An independent reading of a sample's Lua chain: names from a symbol map
// kept here, the stack root first, as the Lua view defines it
// (docs/FORMAT.md#sysprof-views).
struct ChainReplay {
    std::map<std::uint64_t, std::string> lfuncChunk;
    std::map<std::uint64_t, std::string> cfuncName; // ordered: floor look-ups
    std::map<std::uint64_t, std::pair<std::uint64_t, std::uint64_t>> traceStart;
    std::map<std::string, int> aliasOf;
    std::uint64_t index = 0; // samples seen
    RunRange range;
    std::map<std::string, std::uint64_t> selfByName, totalByName;
    std::uint64_t counted = 0;

    void lfunc(const LfuncSymbol& s)
    {
        std::string chunk(s.chunkname);
        if (chunk.find('\n') != std::string::npos) {
            aliasOf.try_emplace(chunk, static_cast<int>(aliasOf.size()) + 1);
            chunk = "function_alias_" + std::to_string(aliasOf[chunk]);
        }
        lfuncChunk[s.addr] = chunk;
    }
    void cfunc(const CfuncSymbol& s) { cfuncName[s.addr] = std::string(s.name); }
    void trace(const TraceSymbol& s) { traceStart[s.traceno] = {s.addr, s.line}; }
    void symtabEnd() {}

    std::string code(std::uint64_t addr, std::uint64_t line) const
    {
        if (addr == 0)
            return "INTERNAL";
        if (auto it = lfuncChunk.find(addr); it != lfuncChunk.end())
            return it->second + ":" + std::to_string(line);
        auto it = cfuncName.upper_bound(addr);
        char hex[40];
        if (it == cfuncName.begin()) {
            std::snprintf(hex, sizeof hex, "CFUNC 0x%llx", static_cast<unsigned long long>(addr));
            return hex;
        }
        --it;
        std::snprintf(hex, sizeof hex, ":0x%llx", static_cast<unsigned long long>(it->first));
        return it->second + hex;
    }

    void sample(const Sample& s)
    {
        if (!range.contains(++index)) // the range numbers samples from 1
            return;
        ++counted;
        std::vector<std::string> stack;
        if (s.state == VmState::Trace) {
            stack.push_back(code(s.traceProto, s.traceProtoLine));
            std::string trace = "TRACE [" + std::to_string(s.traceno) + "]";
            if (auto it = traceStart.find(s.traceno); it != traceStart.end())
                trace += " started at " + code(it->second.first, it->second.second);
            stack.push_back(trace);
        } else if (s.luaChain.empty()) {
            stack.emplace_back(vmStateName(s.state));
        } else {
            for (auto frame = s.luaChain.rbegin(); frame != s.luaChain.rend(); ++frame)
                stack.push_back(frame->kind == LuaFrameKind::Ffunc ? fastFunctionName(frame->addr)
                                                                   : code(frame->addr, frame->line));
        }
        ++selfByName[stack.back()];
        for (const std::string& name : std::set<std::string>(stack.begin(), stack.end()))
            ++totalByName[name];
    }
};

ChainReplay replay(const QString& path, RunRange range = {})
{
    ChainReplay chains;
    chains.range = range;
    FileByteSource source(path.toStdString());
    decodeSysprof(source, chains);
    return chains;
}

void compareWithReplay(const SysprofProfile& profile, const ChainReplay& chains)
{
    QCOMPARE(profile.sampleCount, chains.counted);
    QCOMPARE(profile.tree(StackView::Lua).totalSamples(), chains.counted);
    std::map<std::string, std::uint64_t> self, total;
    for (const FunctionCost& cost : functionCosts(profile.tree(StackView::Lua))) {
        self[profile.frames[cost.frame].name] += cost.selfSamples;
        total[profile.frames[cost.frame].name] += cost.totalSamples;
    }
    std::erase_if(self, [](const auto& entry) { return entry.second == 0; });
    QCOMPARE(self, chains.selfByName);
    QCOMPARE(total, chains.totalByName);
}

QStringList sortedLines(const QByteArray& text)
{
    QStringList lines = QString::fromUtf8(text).split('\n', Qt::SkipEmptyParts);
    lines.sort();
    return lines;
}

SysprofProfile loadBytes(const std::vector<std::uint8_t>& bytes, RunRange range = {})
{
    return loadSysprof(std::span<const std::uint8_t>(bytes), {}, {range, false});
}

std::string luaLeafNames(const SysprofProfile& profile)
{
    std::string names;
    const CallTree& tree = profile.tree(StackView::Lua);
    for (std::size_t id = 1; id < tree.size(); ++id) {
        const CallNode& node = tree.node(static_cast<CallNodeId>(id));
        if (node.selfSamples == 0)
            continue;
        for (const FrameId frame : tree.pathTo(static_cast<CallNodeId>(id)))
            names += profile.frames[frame].name + ";";
        names += " " + std::to_string(node.selfSamples) + "\n";
    }
    return names;
}

} // namespace

class TestSysprof : public QObject {
    Q_OBJECT

private slots:
    void reportEqualsTheReferenceOnEveryFixture_data()
    {
        addReadableDumpRows();
        QVERIFY(readableDumps().size() >= 9);
    }

    void reportEqualsTheReferenceOnEveryFixture()
    {
        QFETCH(QString, dump);
        QFile expected(dataDir() + "/" + QString(dump).replace(".bin", ".folded.txt"));
        QVERIFY(expected.open(QIODevice::ReadOnly));
        QProcess report;
        report.start(MEMPROF_REPORT_EXE, {dataDir() + "/" + dump});
        QVERIFY(report.waitForFinished(60000));
        QCOMPARE(report.exitCode(), 0);
        QCOMPARE(report.readAllStandardError(), QByteArray());
        // The reference prints in hash order; ours is by count, then text.
        QCOMPARE(sortedLines(report.readAllStandardOutput()), sortedLines(expected.readAll()));
    }

    void luaViewEqualsAReplayOfTheRawChains_data() { addReadableDumpRows(); }

    void luaViewEqualsAReplayOfTheRawChains()
    {
        QFETCH(QString, dump);
        const QString path = dataDir() + "/" + dump;
        const SysprofProfile profile = loadSysprof(path.toStdString());
        QCOMPARE(profile.status.end, DecodeEnd::Complete);
        compareWithReplay(profile, replay(path));
    }

    // A load asked for one view builds that call tree alone, node for node
    // as a load of all three does (memprof-report reads one); the others
    // stay empty. Exports in sample order add the Lua view they replay.
    void aLoadBuildsOnlyTheViewsAskedFor_data() { addReadableDumpRows(); }

    void aLoadBuildsOnlyTheViewsAskedFor()
    {
        QFETCH(QString, dump);
        const std::string path = (dataDir() + "/" + dump).toStdString();
        const SysprofProfile all = loadSysprof(path);
        QCOMPARE(all.builtViews, allStackViews());
        for (const StackView view : {StackView::Lua, StackView::Host, StackView::Reference}) {
            SysprofLoadOptions options;
            options.views = onlyStackView(view);
            options.bottomUpTrees = true;
            const SysprofProfile one = loadSysprof(path, {}, options);
            QCOMPARE(one.builtViews, onlyStackView(view));
            QCOMPARE(one.sampleCount, all.sampleCount);
            QCOMPARE(one.distinctStacks, all.distinctStacks);
            const CallTree& built = one.tree(view);
            const CallTree& expected = all.tree(view);
            QCOMPARE(built.size(), expected.size());
            QVERIFY(built.totalSamples() == all.sampleCount);
            for (std::size_t id = 0; id < expected.size(); ++id) {
                const CallNode& a = built.node(static_cast<CallNodeId>(id));
                const CallNode& b = expected.node(static_cast<CallNodeId>(id));
                QCOMPARE(a.parent, b.parent);
                QCOMPARE(a.selfSamples, b.selfSamples);
                QCOMPARE(a.totalSamples, b.totalSamples);
                if (id != 0)
                    QCOMPARE(one.frames[a.frame].name, all.frames[b.frame].name);
            }
            for (std::size_t other = 0; other < kStackViewCount; ++other) {
                if (other == static_cast<std::size_t>(view))
                    continue;
                QCOMPARE(one.trees[other].totalSamples(), std::uint64_t(0));
                QVERIFY(one.trees[other].size() <= 1);
                QVERIFY(!one.bottomUpTrees[other]);
            }
            QVERIFY(one.bottomUpTrees[static_cast<std::size_t>(view)]);
        }
        SysprofLoadOptions inOrder;
        inOrder.views = onlyStackView(StackView::Host);
        inOrder.keepSampleOrder = true;
        const SysprofProfile ordered = loadSysprof(path, {}, inOrder);
        QVERIFY(ordered.builtViews.test(static_cast<std::size_t>(StackView::Lua)));
        QCOMPARE(ordered.luaNodeBySample.size(), all.sampleCount);
        QCOMPARE(ordered.tree(StackView::Lua).size(), all.tree(StackView::Lua).size());
    }

    // The load counts on a second thread, batch by batch, as the decoder
    // hands the samples over; the builder fed by the decoder directly (one
    // thread) gives the same profile. Synthetic dumps of many batches with
    // symbols mid-stream and prototypes renamed, modes C and L, the whole
    // run and a range.
    void countingOnASecondThreadChangesNothing_data()
    {
        QTest::addColumn<bool>("hostChains");
        QTest::addColumn<quint64>("first");
        QTest::addColumn<quint64>("last");
        QTest::newRow("mode C") << true << quint64(1) << ~quint64(0);
        QTest::newRow("mode L") << false << quint64(1) << ~quint64(0);
        QTest::newRow("mode L, a range") << false << quint64(5001) << quint64(30000);
    }

    void countingOnASecondThreadChangesNothing()
    {
        QFETCH(bool, hostChains);
        QFETCH(quint64, first);
        QFETCH(quint64, last);
        synth::DumpWriter dump;
        synth::SyntheticSysprofOptions shape;
        shape.targetBytes = std::uint64_t(3) << 20;
        shape.hostChains = hostChains;
        const synth::SyntheticSysprofSummary written = synth::writeSyntheticSysprofDump(shape, dump);
        QVERIFY(written.symbolEventCount > 0);
        const std::span<const std::uint8_t> bytes(dump.bytes());
        const RunRange range{first, last};

        SysprofLoadOptions options;
        options.range = range;
        options.keepSampleOrder = true;
        const SysprofProfile handedOver = loadSysprof(bytes, {}, options);
        QCOMPARE(handedOver.status.end, DecodeEnd::Complete);

        SysprofBuilder builder(range);
        std::vector<CallNodeId> order;
        builder.observeSamples([&order](std::uint64_t, const std::array<CallNodeId, kStackViewCount>& nodes) {
            order.push_back(nodes[static_cast<std::size_t>(StackView::Lua)]);
        });
        SpanByteSource source(bytes);
        const SysprofProfile direct = builder.finish(decodeSysprof(source, builder));

        QCOMPARE(handedOver.runSampleCount, written.sampleCount);
        QCOMPARE(handedOver.runSampleCount, direct.runSampleCount);
        QCOMPARE(handedOver.sampleCount, direct.sampleCount);
        QCOMPARE(handedOver.distinctStacks, direct.distinctStacks);
        QCOMPARE(handedOver.hostChainSamples, direct.hostChainSamples);
        QCOMPARE(handedOver.hasHostChains(), hostChains);
        QVERIFY(handedOver.samplesByState == direct.samplesByState);
        QCOMPARE(handedOver.frames.size(), direct.frames.size());
        for (std::size_t frame = 0; frame < direct.frames.size(); ++frame)
            QCOMPARE(handedOver.frames[frame].name, direct.frames[frame].name);
        for (std::size_t view = 0; view < kStackViewCount; ++view) {
            const CallTree& a = handedOver.trees[view];
            const CallTree& b = direct.trees[view];
            QCOMPARE(a.size(), b.size());
            for (std::size_t id = 0; id < b.size(); ++id) {
                QCOMPARE(a.node(static_cast<CallNodeId>(id)).parent, b.node(static_cast<CallNodeId>(id)).parent);
                QCOMPARE(a.node(static_cast<CallNodeId>(id)).frame, b.node(static_cast<CallNodeId>(id)).frame);
                QCOMPARE(a.node(static_cast<CallNodeId>(id)).selfSamples,
                         b.node(static_cast<CallNodeId>(id)).selfSamples);
            }
        }
        QVERIFY(handedOver.luaNodeBySample == order);
        QCOMPARE(handedOver.timeline.sampleCount(), direct.timeline.sampleCount());
    }

    void aSampleRangeCountsOnlyItsSamples()
    {
        const QString path = dataDir() + "/coroutines-C-jitoff.bin";
        const RunRange range{41, 200}; // samples 41..200 of the run's 282
        const SysprofProfile profile = loadSysprof(path.toStdString(), {}, {range, false});
        QCOMPARE(profile.runSampleCount, std::uint64_t(282));
        QCOMPARE(profile.sampleCount, std::uint64_t(160));
        compareWithReplay(profile, replay(path, range));
        // The timeline always covers the run.
        QCOMPARE(profile.timeline.sampleCount(), std::uint64_t(282));
    }

    void samplesPerVmStateEqualWhatTheRecordingPrinted()
    {
        QFile counts(dataDir() + "/counts.txt");
        QVERIFY(counts.open(QIODevice::ReadOnly | QIODevice::Text));
        int checked = 0;
        while (!counts.atEnd()) {
            const QString line = QString::fromUtf8(counts.readLine()).trimmed();
            if (line.isEmpty() || line.startsWith('#'))
                continue;
            const QStringList fields = line.split(' ', Qt::SkipEmptyParts);
            const SysprofProfile profile = loadSysprof((dataDir() + "/" + fields[0]).toStdString());
            QCOMPARE(profile.status.end, DecodeEnd::Complete);
            for (const QString& field : fields.mid(1)) {
                const QStringList pair = field.split('=');
                const std::uint64_t expected = pair[1].toULongLong();
                if (pair[0] == "samples") {
                    QCOMPARE(profile.sampleCount, expected);
                    continue;
                }
                const auto state = std::find(kVmStateNames.begin(), kVmStateNames.end(), pair[0].toStdString());
                QVERIFY2(state != kVmStateNames.end(), qPrintable(pair[0]));
                QCOMPARE(profile.samplesByState[static_cast<std::size_t>(state - kVmStateNames.begin())], expected);
            }
            ++checked;
        }
        QCOMPARE(checked, 9);
    }

    void modeCDumpsHaveHostChainsAndModeLDoNot()
    {
        QVERIFY(loadSysprof((dataDir() + "/recursion-C-jitoff.bin").toStdString()).hasHostChains());
        QVERIFY(!loadSysprof((dataDir() + "/recursion-L-jitoff.bin").toStdString()).hasHostChains());
    }

    void traceSamplesHangUnderTheFunctionTheyStartedIn()
    {
        const SysprofProfile profile = loadSysprof((dataDir() + "/jit-loops-L-jiton.bin").toStdString());
        const CallTree& tree = profile.tree(StackView::Lua);
        std::uint64_t underTraces = 0;
        for (std::size_t id = 1; id < tree.size(); ++id) {
            const CallNode& node = tree.node(static_cast<CallNodeId>(id));
            const CallFrame& frame = profile.frames[node.frame];
            if (frame.kind != FrameKind::Trace)
                continue;
            QVERIFY2(frame.name.find(" started at @jit-loops.lua:") != std::string::npos, frame.name.c_str());
            QCOMPARE(frame.chunk, std::string("@jit-loops.lua"));
            QCOMPARE(profile.frames[tree.node(node.parent).frame].kind, FrameKind::Lua);
            underTraces += node.totalSamples;
        }
        QCOMPARE(underTraces, profile.traceSamples());
        QCOMPARE(profile.traceSamples(), std::uint64_t(275));
    }

    void theKindOfADumpIsToldByItsContent()
    {
        QCOMPARE(dumpKindOf((dataDir() + "/recursion-L-jitoff.bin").toStdString()), DumpKind::Sysprof);
        QCOMPARE(dumpKindOf(std::string(MEMPROF_TEST_DATA "/v3/leak.bin")), DumpKind::Memprof);
        QCOMPARE(dumpKindOf((dataDir() + "/bad-magic.bin").toStdString()), DumpKind::Unknown);
        QCOMPARE(dumpKindOf(std::string(MEMPROF_TEST_DATA "/sysprof/recursion.lua")), DumpKind::Unknown);
    }

    void damagedAndCutDumpsSayWhereAndKeepWhatWasRead()
    {
        const SysprofProfile badVersion = loadSysprof((dataDir() + "/bad-version.bin").toStdString());
        QCOMPARE(badVersion.status.end, DecodeEnd::Failed);
        QCOMPARE(badVersion.status.error.kind, DecodeErrorKind::UnsupportedVersion);
        QVERIFY(badVersion.status.error.message.find("sample stream version 9") != std::string::npos);

        // The reference fails on both; we read what is there and warn.
        const SysprofProfile noEpilogue = loadSysprof((dataDir() + "/no-epilogue.bin").toStdString());
        QCOMPARE(noEpilogue.status.end, DecodeEnd::Truncated);
        QCOMPARE(noEpilogue.sampleCount, std::uint64_t(226)); // recursion-C-jitoff's, whole
        const SysprofProfile cut = loadSysprof((dataDir() + "/cut-mid-sample.bin").toStdString());
        QCOMPARE(cut.status.end, DecodeEnd::Truncated);
        QVERIFY(cut.sampleCount > 0 && cut.sampleCount < 226);
        QVERIFY(cut.status.truncatedEvent.find("sample") != std::string::npos);
    }

    void aHandMadeVersionOneDumpReads()
    {
        // Version 1: one kind of symbol event, a C symbol at 10.
        synth::DumpWriter dump;
        dump.symtabPrologue(2).lfunc(0x100, "@a.lua", 5).cfunc(0x7000, "print_helper").symtabEnd();
        dump.samplesPrologue(1);
        dump.guestSample(1, {{1, 0x100, 5}}, {});
        dump.u8(10).uleb(0x9000).string("late_symbol");
        dump.guestSample(3, {{2, 0x9010, 0}, {1, 0x100, 5}}, {});
        dump.guestSample(2, {{3, 1, 0}, {1, 0x100, 5}}, {});
        dump.hostSample(4, {});
        dump.epilogue();
        const SysprofProfile profile = loadBytes(dump.bytes());
        QCOMPARE(profile.status.end, DecodeEnd::Complete);
        QCOMPARE(profile.status.eventsVersion, std::uint8_t(1));
        QCOMPARE(luaLeafNames(profile), std::string("@a.lua:5; 1\n"
                                                    "@a.lua:5;late_symbol:0x9000; 1\n"
                                                    "@a.lua:5;C; 1\n"
                                                    "GC; 1\n"));
    }

    void symbolsMidStreamNameLaterSamplesOnly()
    {
        synth::DumpWriter dump;
        dump.symtabPrologue().lfunc(0x100, "@a.lua", 5).symtabEnd();
        dump.samplesPrologue();
        dump.guestSample(1, {{1, 0x100, 5}}, {});
        // The prototype's address is reused by a new function.
        dump.u8(10).uleb(0x100).string("@b.lua").uleb(7);
        dump.guestSample(1, {{1, 0x100, 7}}, {});
        dump.u8(12).uleb(4).uleb(0x100).uleb(9);
        dump.traceSample(4, 0x100, 7);
        dump.epilogue();
        const SysprofProfile profile = loadBytes(dump.bytes());
        QCOMPARE(profile.status.end, DecodeEnd::Complete);
        QCOMPARE(luaLeafNames(profile), std::string("@a.lua:5; 1\n"
                                                    "@b.lua:7; 1\n"
                                                    "@b.lua:7;TRACE [4] started at @b.lua:9; 1\n"));
    }

    void damageIsReportedAtItsByte()
    {
        synth::DumpWriter dump;
        dump.symtabPrologue().symtabEnd().samplesPrologue();
        const std::uint64_t sampleAt = dump.size();
        dump.u8(1).u8(7); // a Lua frame header no version defines
        dump.epilogue();
        SysprofProfile profile = loadBytes(dump.bytes());
        QCOMPARE(profile.status.end, DecodeEnd::Failed);
        QCOMPARE(profile.status.error.offset, sampleAt + 1);
        QVERIFY(profile.status.error.message.find("invalid Lua frame header 0x07") != std::string::npos);

        synth::DumpWriter badHeader;
        badHeader.symtabPrologue().symtabEnd().samplesPrologue();
        const std::uint64_t headerAt = badHeader.size();
        badHeader.u8(13).epilogue();
        profile = loadBytes(badHeader.bytes());
        QCOMPARE(profile.status.end, DecodeEnd::Failed);
        QCOMPARE(profile.status.error.offset, headerAt);
        QVERIFY(profile.status.error.message.find("invalid sample header 0x0d") != std::string::npos);
    }

    void aLongChainIsReadWhateverTheBlockSize()
    {
        // A chain longer than a read block must be refilled for, not cut.
        synth::DumpWriter dump;
        dump.symtabPrologue().lfunc(0x100, "@deep.lua", 1).symtabEnd().samplesPrologue();
        dump.u8(1);
        for (int i = 0; i < 5000; ++i)
            dump.u8(1).uleb(0x100).uleb(1);
        dump.u8(0x80).uleb(0);
        dump.epilogue();
        DecodeControl small;
        small.blockSize = 4096;
        const SysprofProfile profile = loadSysprof(std::span<const std::uint8_t>(dump.bytes()), small);
        QCOMPARE(profile.status.end, DecodeEnd::Complete);
        QCOMPARE(profile.tree(StackView::Lua).size(), std::size_t(5001));
        const std::vector<FunctionCost> costs = functionCosts(profile.tree(StackView::Lua));
        QCOMPARE(costs.size(), std::size_t(1));
        QCOMPARE(costs[0].totalSamples, std::uint64_t(1)); // recursion counts a sample once
    }

    void callersAndCalleesCountASampleOnce()
    {
        synth::DumpWriter dump;
        dump.symtabPrologue().lfunc(0x100, "@f.lua", 1).lfunc(0x200, "@g.lua", 1).symtabEnd().samplesPrologue();
        // f -> f -> g, f -> g, g
        dump.guestSample(1, {{1, 0x200, 1}, {1, 0x100, 1}, {1, 0x100, 1}}, {});
        dump.guestSample(1, {{1, 0x200, 1}, {1, 0x100, 1}}, {});
        dump.guestSample(1, {{1, 0x200, 1}}, {});
        dump.epilogue();
        const SysprofProfile profile = loadBytes(dump.bytes());
        const CallTree& tree = profile.tree(StackView::Lua);
        FrameId f = 0, g = 0;
        for (FrameId id = 0; id < profile.frames.size(); ++id) {
            if (profile.frames[id].name == "@f.lua:1")
                f = id;
            if (profile.frames[id].name == "@g.lua:1")
                g = id;
        }
        QVERIFY(f != g);
        const CallersAndCallees ofF = callersAndCallees(tree, f);
        QCOMPARE(ofF.function.totalSamples, std::uint64_t(2));
        QCOMPARE(ofF.samplesAsRoot, std::uint64_t(2));
        QCOMPARE(ofF.callers.size(), std::size_t(1)); // f itself, once
        QCOMPARE(ofF.callers[0].samples, std::uint64_t(1));
        QCOMPARE(ofF.callees.size(), std::size_t(2));
        const CallersAndCallees ofG = callersAndCallees(tree, g);
        QCOMPARE(ofG.function.totalSamples, std::uint64_t(3));
        QCOMPARE(ofG.function.selfSamples, std::uint64_t(3));
        QCOMPARE(ofG.callers.size(), std::size_t(1));
        QCOMPARE(ofG.callers[0].samples, std::uint64_t(2));
        QCOMPARE(ofG.samplesAsRoot, std::uint64_t(1));
    }

    void aShrunkTreeFindsItsPathsAgain()
    {
        CallTree tree;
        const std::vector<FrameId> deep{1, 2, 3, 4};
        const std::vector<FrameId> other{1, 2, 5};
        const CallNodeId deepNode = tree.pathNode(deep);
        const CallNodeId otherNode = tree.pathNode(other);
        tree.addSelfSamples(deepNode, 3);
        tree.sumTotals();
        tree.shrinkToFinished();
        const std::size_t nodes = tree.size();
        // The same paths are the same nodes: nothing is added twice.
        QCOMPARE(tree.pathNode(other), otherNode);
        QCOMPARE(tree.pathNode(deep), deepNode);
        QCOMPARE(tree.size(), nodes);
        QCOMPARE(tree.child(tree.node(deepNode).parent, 4), deepNode);
        QCOMPARE(tree.size(), nodes);
        QCOMPARE(tree.totalSamples(), std::uint64_t(3));
    }

    void theSummaryListsStatesAndTopFunctions()
    {
        QProcess report;
        report.start(MEMPROF_REPORT_EXE, {"--summary", dataDir() + "/recursion-L-jitoff.bin"});
        QVERIFY(report.waitForFinished(60000));
        QCOMPARE(report.exitCode(), 0);
        const QString text = QString::fromUtf8(report.readAllStandardOutput());
        QVERIFY2(text.contains("SAMPLES: 177 (mode L"), qPrintable(text));
        QVERIFY2(text.contains(QRegularExpression("\\nCFUNC +83 +46\\.9%\\n")), qPrintable(text));
        QVERIFY2(text.contains("TOP BY SELF SAMPLES"), qPrintable(text));

        // Samples all in JIT traces tell no mode (a trace has no host chain
        // in mode C either).
        QProcess traces;
        traces.start(MEMPROF_REPORT_EXE, {"--summary", dataDir() + "/jit-loops-C-jiton.bin"});
        QVERIFY(traces.waitForFinished(60000));
        QCOMPARE(traces.exitCode(), 0);
        const QString tracesText = QString::fromUtf8(traces.readAllStandardOutput());
        QVERIFY2(tracesText.contains(
                     QRegularExpression("^SAMPLES: \\d+ \\(no host call chains: every sample is in a JIT trace")),
                 qPrintable(tracesText));
        QVERIFY2(!tracesText.contains("mode L"), qPrintable(tracesText));
    }

    void memprofOptionsAreRefusedForASysprofDump()
    {
        QProcess report;
        report.start(MEMPROF_REPORT_EXE, {"--leak-only", dataDir() + "/recursion-L-jitoff.bin"});
        QVERIFY(report.waitForFinished(60000));
        QCOMPARE(report.exitCode(), 2);
        QVERIFY(report.readAllStandardError().contains("--leak-only is for memprof dumps"));
        report.start(MEMPROF_REPORT_EXE, {"--summary", QStringLiteral(MEMPROF_TEST_DATA "/v3/leak.bin")});
        QVERIFY(report.waitForFinished(60000));
        QCOMPARE(report.exitCode(), 2);
        QVERIFY(report.readAllStandardError().contains("--summary is for sysprof dumps"));
    }

    void foldedExportIsTheLuaViewInFlameGraphSyntax()
    {
        QProcess report;
        report.start(MEMPROF_REPORT_EXE, {"--export=folded", dataDir() + "/jit-loops-L-jiton.bin"});
        QVERIFY(report.waitForFinished(60000));
        QCOMPARE(report.exitCode(), 0);
        const QStringList lines = QString::fromUtf8(report.readAllStandardOutput()).split('\n', Qt::SkipEmptyParts);
        std::uint64_t total = 0;
        const QRegularExpression folded("^([^;]+)(;[^;]+)* ([0-9]+)$");
        for (const QString& line : lines) {
            const QRegularExpressionMatch match = folded.match(line);
            QVERIFY2(match.hasMatch(), qPrintable(line));
            total += match.captured(3).toULongLong();
        }
        QCOMPARE(total, std::uint64_t(275));
    }
};

MEMPROF_TEST_GUILESS_MAIN(TestSysprof)
#include "test_sysprof.moc"
