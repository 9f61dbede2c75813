// SPDX-License-Identifier: GPL-3.0-or-later
// How functions read in every pane kind of both profilers once their names
// are read (FunctionLabel.h): a memprof table's line inside a named
// function, the CPU functions table, the top-down and bottom-up trees,
// callers and callees, a trace, a C symbol without its address (the
// address in its tool tip). The names arrive after the rows are shown: the
// models change the rows in place (dataChanged), never reset them.
#include "model/itemmodels/CallTreeModel.h"
#include "model/itemmodels/FunctionCostModel.h"
#include "model/itemmodels/FunctionTreeModel.h"
#include "model/itemmodels/LocationTableModel.h"
#include "model/itemmodels/ModelRoles.h"
#include "model/memprofile/ProfileLoader.h"
#include "model/services/FunctionNames.h"
#include "model/sysprofile/SysprofLoader.h"
#include "tests/support/GuiTestData.h"
#include "tests/support/ShownAfterNames.h"
#include "tests/support/TestSuite.h"

#include <QAbstractItemModelTester>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTest>

using namespace memprof;
using namespace memprof::itemmodels;
using memprof::test::shownAfterNames;

namespace {

FunctionNames namesNextTo(const QString& dump, const std::vector<services::ChunkFunctions>& functions)
{
    return std::make_shared<const FunctionNameTable>(
        services::readFunctionNames(functions, QFileInfo(dump).absolutePath(), {}));
}

std::shared_ptr<const Profile> memprofFixture(const QString& name, FunctionNames& names)
{
    const QString path = test::fixture(name);
    auto profile = std::make_shared<const Profile>(loadProfile(QFile::encodeName(path).toStdString()));
    names = namesNextTo(path, services::luaFunctionsOf(*profile));
    return profile;
}

std::shared_ptr<const SysprofProfile> sysprofFixture(const QString& name, FunctionNames& names)
{
    const QString path = test::fixture(name);
    auto profile = std::make_shared<const SysprofProfile>(loadSysprof(QFile::encodeName(path).toStdString()));
    names = namesNextTo(path, services::luaFunctionsOf(*profile));
    return profile;
}

// The first row (depth first) whose raw name (SortRole) ends in `suffix`.
QModelIndex rowEndingIn(const QAbstractItemModel& model, const QString& suffix, const QModelIndex& parent = {})
{
    for (int row = 0; row < model.rowCount(parent); ++row) {
        const QModelIndex index = model.index(row, 0, parent);
        if (index.data(SortRole).toString().endsWith(suffix))
            return index;
        if (const QModelIndex below = rowEndingIn(model, suffix, index); below.isValid())
            return below;
    }
    return {};
}

FrameId frameEndingIn(const SysprofProfile& profile, const std::string& suffix)
{
    for (FrameId id = 0; id < profile.frames.size(); ++id) {
        const std::string& name = profile.frames[id].name;
        if (name.size() >= suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
            return id;
    }
    return FrameId(-1);
}

} // namespace

class TestFunctionLabels : public QObject {
    Q_OBJECT
private slots:
    void memprofTableLineReadsByItsFunction()
    {
        FunctionNames names;
        const auto profile = memprofFixture(QStringLiteral("v3/leak.bin"), names);
        LocationTableModel model(EventKind::Alloc);
        QAbstractItemModelTester tester(&model);
        model.setProfile(profile);
        const QPersistentModelIndex line = rowEndingIn(model, QStringLiteral("leak.lua:9"));
        QVERIFY(line.isValid());
        QCOMPARE(line.data().toString(), QStringLiteral("@leak.lua:9"));
        QVERIFY(!line.data(FunctionNameLengthRole).isValid());
        QCOMPARE(shownAfterNames(model, line, [&] { model.setFunctionNames(names); }),
                 QStringLiteral("remember  leak.lua:9"));
        // The name is painted apart from its dimmed location.
        QCOMPARE(line.data(FunctionNameLengthRole).toInt(), int(QStringLiteral("remember").size()));
        // Sorting keeps the reference's name.
        QCOMPARE(line.data(SortRole).toString(), QStringLiteral("@leak.lua:9"));
        // A new count of the same dump keeps the names.
        model.setProfile(profile);
        QCOMPARE(rowEndingIn(model, QStringLiteral("leak.lua:9")).data().toString(),
                 QStringLiteral("remember  leak.lua:9"));
    }

    void memprofTraceReadsByTheFunctionItStartedIn()
    {
        FunctionNames names;
        const auto profile = memprofFixture(QStringLiteral("v3/leak-jit.bin"), names);
        LocationTableModel model(EventKind::Alloc);
        model.setProfile(profile);
        model.setFunctionNames(names);
        const QModelIndex trace = rowEndingIn(model, QStringLiteral("started at @leak-jit.lua:15"));
        QVERIFY(trace.isValid());
        QVERIFY2(trace.data().toString().contains(QRegularExpression(
                     QStringLiteral(R"(^TRACE \d+ in scratch \(leak-jit\.lua:15\)$)"))),
                 qPrintable(trace.data().toString()));
        // A narrow cell keeps "TRACE n in scratch" and elides the end, not
        // the middle (where the function's name is).
        QCOMPARE(trace.data(FunctionNameLengthRole).toInt(), int(trace.data().toString().size()));
    }

    void functionTreeNamesFunctionsAndLines()
    {
        FunctionNames names;
        const auto profile = memprofFixture(QStringLiteral("v3/leak.bin"), names);
        FunctionTreeModel model;
        model.setProfile(profile);
        const QPersistentModelIndex line = rowEndingIn(model, QStringLiteral("leak.lua:9"));
        QVERIFY(line.isValid());
        QCOMPARE(line.parent().data().toString(), QStringLiteral("function at @leak.lua:7"));
        QCOMPARE(shownAfterNames(model, line, [&] { model.setFunctionNames(names); }),
                 QStringLiteral("remember  leak.lua:9"));
        QCOMPARE(line.parent().data().toString(), QStringLiteral("remember  leak.lua:7"));
    }

    void cpuFunctionsTableReadsByName()
    {
        FunctionNames names;
        const auto profile = sysprofFixture(QStringLiteral("sysprof/modules-L-jitoff.bin"), names);
        FunctionCostModel model;
        QAbstractItemModelTester tester(&model);
        model.setProfile(profile, StackView::Lua);
        const QPersistentModelIndex mix = rowEndingIn(model, QStringLiteral("modules_helper.lua:4"));
        QVERIFY(mix.isValid());
        QVERIFY(mix.data().toString().endsWith(QStringLiteral("modules_helper.lua:4")));
        QCOMPARE(shownAfterNames(model, mix, [&] { model.setFunctionNames(names); }),
                 QStringLiteral("mix  modules_helper.lua:4"));
        QCOMPARE(mix.data(FunctionNameLengthRole).toInt(), 3);
        QVERIFY(mix.data(Qt::ToolTipRole).toString().startsWith(QStringLiteral("mix  modules_helper.lua:4\n")));
        // The description names the file by its path, not the chunk's "@path".
        const QString tip = mix.data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QStringLiteral("modules_helper.lua (sysprof records")) && !tip.contains(u'@'),
                 qPrintable(tip));
    }

    void cpuTreesReadByName_data()
    {
        QTest::addColumn<bool>("topDown");
        QTest::newRow("top-down") << true;
        QTest::newRow("bottom-up") << false;
    }

    void cpuTreesReadByName()
    {
        QFETCH(bool, topDown);
        FunctionNames names;
        const auto profile = sysprofFixture(QStringLiteral("sysprof/modules-L-jitoff.bin"), names);
        CallTreeModel model(topDown ? CallTreeModel::Direction::TopDown : CallTreeModel::Direction::BottomUp);
        QAbstractItemModelTester tester(&model);
        model.setProfile(profile, StackView::Lua);
        const QPersistentModelIndex checksum = rowEndingIn(model, QStringLiteral("modules_helper.lua:6"));
        QVERIFY(checksum.isValid());
        QCOMPARE(shownAfterNames(model, checksum, [&] { model.setFunctionNames(names); }),
                 QStringLiteral("M.checksum  modules_helper.lua:6"));
        QCOMPARE(checksum.data(FunctionNameLengthRole).toInt(), int(QStringLiteral("M.checksum").size()));
    }

    void callersAndCalleesReadByName()
    {
        FunctionNames names;
        const auto profile = sysprofFixture(QStringLiteral("sysprof/modules-L-jitoff.bin"), names);
        const FrameId mix = frameEndingIn(*profile, "modules_helper.lua:4");
        const FrameId checksum = frameEndingIn(*profile, "modules_helper.lua:6");
        QVERIFY(mix != FrameId(-1) && checksum != FrameId(-1));
        CallEdgeModel callers(CallEdgeModel::Side::Callers);
        callers.setFunction(profile, StackView::Lua, mix);
        const QPersistentModelIndex caller = rowEndingIn(callers, QStringLiteral("modules_helper.lua:6"));
        QVERIFY(caller.isValid());
        QCOMPARE(shownAfterNames(callers, caller, [&] { callers.setFunctionNames(names); }),
                 QStringLiteral("M.checksum  modules_helper.lua:6"));
        CallEdgeModel callees(CallEdgeModel::Side::Callees);
        callees.setFunction(profile, StackView::Lua, checksum);
        const QPersistentModelIndex callee = rowEndingIn(callees, QStringLiteral("modules_helper.lua:4"));
        QVERIFY(callee.isValid());
        QCOMPARE(shownAfterNames(callees, callee, [&] { callees.setFunctionNames(names); }),
                 QStringLiteral("mix  modules_helper.lua:4"));
    }

    void cSymbolWithoutItsAddress()
    {
        FunctionNames names;
        const auto profile = sysprofFixture(QStringLiteral("sysprof/coroutines-C-jitoff.bin"), names);
        bool seen = false;
        for (FrameId id = 0; id < profile->frames.size(); ++id) {
            const CallFrame& frame = profile->frames[id];
            if (frame.kind != FrameKind::Host || frame.name.rfind("docall:0x", 0) != 0)
                continue;
            const FunctionLabel label = frameLabel(frame, names.get());
            QCOMPARE(label.text(), QStringLiteral("docall"));
            const QString tip = frameToolTip(frame, names.get());
            QVERIFY2(tip.startsWith(QStringLiteral("docall\n")) &&
                         tip.contains(QString::fromStdString(frame.name.substr(frame.name.find(':') + 1))),
                     qPrintable(tip));
            seen = true;
        }
        QVERIFY2(seen, "the fixture's host chain has docall");
    }

    void cpuTraceReadsByTheFunctionItStartedIn()
    {
        FunctionNames names;
        const auto profile = sysprofFixture(QStringLiteral("sysprof/jit-loops-L-jiton.bin"), names);
        int traces = 0;
        for (FrameId id = 0; id < profile->frames.size(); ++id) {
            const CallFrame& frame = profile->frames[id];
            if (frame.kind != FrameKind::Trace || frame.chunk.empty())
                continue;
            const QString text = frameLabel(frame, names.get()).text();
            // jit-loops.lua's loops are in sum_squares (line 3) and dot (line 9).
            QVERIFY2(text.contains(QRegularExpression(
                         QStringLiteral(R"(^TRACE \d+ in (sum_squares|dot|function at jit-loops\.lua:\d+) \(jit-loops\.lua:\d+\)$)"))),
                     qPrintable(text));
            ++traces;
        }
        QVERIFY(traces > 0);
    }
};

MEMPROF_TEST_MAIN(TestFunctionLabels)
#include "test_function_labels.moc"
